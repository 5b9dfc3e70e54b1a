import type { Database } from '../db/client.ts';
import { openDatabase } from '../db/client.ts';
import { lockDataDir } from '../db/lock.ts';
import type { Env } from '../env.ts';

/**
 * Runs a command's work on the database of `env` and closes it. On PGlite it first takes the data
 * directory's lock, as the server does (the command refuses while a server runs: PGlite corrupts a
 * directory two processes open); on PostgreSQL (DATABASE_URL) it runs beside the servers.
 */
export async function withDatabase<T>(env: Env, work: (db: Database) => Promise<T>): Promise<T> {
  const release = env.DATABASE_URL ? async () => {} : await lockDataDir(env.dataDir);
  try {
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
    try {
      return await work(database.db);
    } finally {
      await database.close();
    }
  } finally {
    await release();
  }
}
