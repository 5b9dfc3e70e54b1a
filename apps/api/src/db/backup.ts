import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Backups of the PGlite data directory (docs/decisions/010-crash-safety-and-shutdown.md).
 * PGlite 0.5 dumps its whole data directory as a tar archive (`dumpDataDir('gzip')`) and a new
 * instance starts from one (`new PGlite(dir, { loadDataDir })`). The caller holds the directory's
 * lock (lock.ts): a server running on it must be stopped first. PostgreSQL: pg_dump (README).
 */

/** Writes `dataDir`'s database to `file` (.tar.gz). @returns the archive's size in bytes. */
export async function backupDataDir(dataDir: string, file: string): Promise<number> {
  if (!existsSync(`${dataDir}/PG_VERSION`)) throw new Error(`Aucune base PGlite dans ${dataDir} : rien à sauvegarder.`);
  const client = new PGlite(dataDir);
  try {
    await client.waitReady;
    const archive = await client.dumpDataDir('gzip');
    const bytes = Buffer.from(await archive.arrayBuffer());
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, bytes);
    return bytes.length;
  } finally {
    await client.close();
  }
}

/**
 * Restores `file` (made by backupDataDir) into `dataDir`, which must be absent or empty: a restore
 * never overwrites a database. @throws Error in French for a non-empty directory or a missing file.
 */
export async function restoreDataDir(file: string, dataDir: string, options: { ignore?: string[] } = {}): Promise<void> {
  if (!existsSync(file)) throw new Error(`Sauvegarde introuvable : ${file}`);
  const ignored = new Set(options.ignore ?? []);
  if (existsSync(dataDir) && readdirSync(dataDir).some((name) => !ignored.has(name)))
    throw new Error(`Le dossier ${dataDir} n'est pas vide : restaurez dans un dossier neuf (DATA_DIR), ou videz-le d'abord.`);
  mkdirSync(dataDir, { recursive: true });
  const archive = new Blob([readFileSync(file)]);
  const client = new PGlite(dataDir, { loadDataDir: archive });
  try {
    await client.waitReady;
    await client.query('select 1');
  } finally {
    await client.close();
  }
}
