import { resolve } from 'node:path';
import { backupDataDir, restoreDataDir } from '../db/backup.ts';
import { describeError } from '../db/errors.ts';
import { lockDataDir } from '../db/lock.ts';
import { readEnv } from '../env.ts';

const usage = 'Usage : npm run db:backup -- [fichier.tar.gz]   |   npm run db:restore -- fichier.tar.gz';

/**
 * npm run db:backup -- [file] : the PGlite data directory (DATA_DIR) into a .tar.gz (default
 * backups/resto-<date>.tar.gz), server stopped. npm run db:restore -- file : into DATA_DIR, which
 * must be empty or absent. With DATABASE_URL: the pg_dump recipe of the README (docs/decisions/010).
 */
async function main() {
  const [command, ...args] = process.argv.slice(2);
  const env = readEnv();
  if (env.DATABASE_URL)
    throw new Error('Avec DATABASE_URL (PostgreSQL), sauvegardez avec pg_dump et restaurez avec pg_restore : voir « Backups » dans le README.');
  const cwd = process.env.INIT_CWD ?? process.cwd();
  if (command === 'backup') {
    const file = resolve(cwd, args[0] ?? `backups/resto-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`);
    const release = await lockDataDir(env.dataDir);
    try {
      const bytes = await backupDataDir(env.dataDir, file);
      console.log(`Sauvegarde écrite : ${file} (${(bytes / 1e6).toFixed(1)} Mo).`);
    } finally {
      await release();
    }
  } else if (command === 'restore') {
    if (!args[0]) throw new Error(usage);
    const file = resolve(cwd, args[0]);
    const release = await lockDataDir(env.dataDir);
    try {
      await restoreDataDir(file, env.dataDir, { ignore: ['.server.lock', '.server.lock.pid'] });
      console.log(`Base restaurée dans ${env.dataDir} depuis ${file}.`);
    } finally {
      await release();
    }
  } else throw new Error(usage);
}

main().catch((error: unknown) => {
  console.error(describeError(error));
  process.exit(1);
});
