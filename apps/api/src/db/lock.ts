import { mkdirSync } from 'node:fs';
import lockfile from 'proper-lockfile';

/**
 * Takes the data directory for this process. PGlite corrupts a directory that two processes
 * open, so a second server on the same DATA_DIR must stop at once (DESIGN.md, gotchas).
 * @returns a release function. @throws Error with a French explanation when the lock is held.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: `${dataDir}/.server.lock`,
      stale: 15_000,
      update: 5_000,
      retries: 0,
      onCompromised: (error) => {
        console.error(`Verrou du dossier de données perdu (${error.message}) : arrêt pour protéger la base.`);
        process.exit(1);
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new Error(
        `Le dossier de données ${dataDir} est déjà utilisé par un autre serveur. ` +
          'Arrêtez-le, ou lancez celui-ci avec un autre DATA_DIR (ou DATABASE_URL pour PostgreSQL).',
      );
    }
    throw error;
  }
}
