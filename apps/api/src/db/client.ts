import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** The PostgreSQL advisory lock key under which instances migrate and seed, one at a time. */
const setupLockKey = 'restaurant-ordering:migrate-and-seed';

/**
 * Opens the database, applies the committed migrations, then runs `setup` (the demo restaurant's
 * first load) if given. `databaseUrl` set: PostgreSQL through `pg`, where migrations and setup run
 * under a session advisory lock, so instances starting together on an empty database take turns
 * instead of racing on CREATE TABLE (issue 17, docs/decisions/010-crash-safety-and-shutdown.md).
 * Otherwise PGlite in `dataDir` (created if missing), or in memory for 'memory://'; there the
 * caller owns the data-directory lock (see lock.ts). @throws the migration's or setup's error
 * (the database is closed first).
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; setup?: (db: Database) => Promise<void> }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection closed by the server (restart, dropped database) must not crash the process:
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`Connexion PostgreSQL perdue : ${error.message}`));
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    try {
      // A session lock on one connection held through the migrations and the setup, which use others.
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock(hashtext($1))', [setupLockKey]);
        try {
          await migratePg(db as never, { migrationsFolder });
          await options.setup?.(db);
        } finally {
          await holder.query('select pg_advisory_unlock(hashtext($1))', [setupLockKey]);
        }
      } finally {
        holder.release();
      }
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite(options.dataDir);
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder });
    await options.setup?.(db as unknown as Database);
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}

/**
 * Runs raw SQL and returns its rows. PGlite and pg both answer `{ rows }`; Drizzle's shared type
 * for the two drivers cannot say so, hence the one cast here.
 */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
