import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/**
 * PGlite's first start, run alone in a short-lived child process by db/client.ts (`pgliteChild`):
 * initdb's WebAssembly instance and the buffers it leaves (about 450 MB), and a template's
 * unpacking (about 100 MB), go with the process instead of staying reachable from the server's
 * PGlite (docs/decisions/026-memory-and-storage.md).
 *
 * Its input is the environment:
 * - PGLITE_TEMPLATE: the template file, a tar archive of a new, migrated, empty database. Made
 *   first when missing: initdb in memory, the migrations of PGLITE_MIGRATIONS, written aside then
 *   renamed, so that no process reads half a file;
 * - PGLITE_INIT_DIR (optional): a data directory to create from the template;
 * - PGLITE_MIGRATIONS: the migrations folder (apps/api/drizzle);
 * - PGLITE_START_PARAMS: PGlite's start parameters as a JSON array of strings (the settings of
 *   client.ts `pgliteSettings`).
 *
 * A file of its own (linted, typed), run by path: src/db/pglite-start.ts through tsx from the
 * sources, build/pglite-start.js (an entry point of apps/api/scripts/build.mjs) from the compiled
 * server. It exits with an error, written on its error output, when a step fails.
 */

/** The environment variable `name`. @throws Error when it is not set. */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} manque`);
  return value;
}

/** PGLITE_START_PARAMS, checked to be a JSON array of strings. @throws Error otherwise. */
function startParams(): string[] {
  const parsed: unknown = JSON.parse(required('PGLITE_START_PARAMS'));
  if (!Array.isArray(parsed) || !parsed.every((param): param is string => typeof param === 'string'))
    throw new Error('PGLITE_START_PARAMS doit être un tableau JSON de chaînes');
  return parsed;
}

/** Writes the migrated template to `file` when it is missing: written aside, then renamed. */
async function makeTemplate(file: string, migrationsFolder: string, params: string[]): Promise<void> {
  if (existsSync(file)) return;
  const template = new PGlite('memory://', { startParams: params });
  await migrate(drizzle({ client: template }), { migrationsFolder });
  const files = await template.dumpDataDir('none');
  await template.close();
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(partial, Buffer.from(await files.arrayBuffer()));
  renameSync(partial, file);
}

/** Creates the data directory `dataDir` from the template `file`. */
async function unpackTemplate(file: string, dataDir: string, params: string[]): Promise<void> {
  const db = new PGlite(dataDir, { loadDataDir: new Blob([readFileSync(file)]), startParams: params });
  await db.waitReady;
  await db.close();
}

const file = required('PGLITE_TEMPLATE');
const params = startParams();
await makeTemplate(file, required('PGLITE_MIGRATIONS'), params);
const dataDir = process.env.PGLITE_INIT_DIR;
if (dataDir) await unpackTemplate(file, dataDir, params);
