import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { apiRoot } from '../api-root.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Listens to `channel` (PostgreSQL LISTEN/NOTIFY; PGlite's own `listen`): `onNotify` gets each
   * notification's payload. On PostgreSQL one dedicated connection per listener, reconnected with
   * back-off (0.25 s doubling to 5 s) when lost; `onReconnect` runs once it listens again, so the
   * caller can re-read what was notified meanwhile (issue 13, part 5). @returns the stop function.
   */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = join(apiRoot, 'drizzle');

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
    const listeners = new Set<() => Promise<void>>();
    return {
      db,
      kind: 'postgres',
      async listen(channel, onNotify, onReconnect) {
        const stop = await listenPostgres(options.databaseUrl!, channel, onNotify, onReconnect);
        const remove = async () => {
          listeners.delete(remove);
          await stop();
        };
        listeners.add(remove);
        return remove;
      },
      async close() {
        await Promise.all([...listeners].map((stop) => stop()));
        await pool.end();
      },
    };
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
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    // One connection in one process: a notification is never lost, there is nothing to reconnect.
    listen: (channel, onNotify) => client.listen(channel, onNotify).then((unlisten) => () => unlisten().catch(() => undefined)),
    close: () => client.close(),
  };
}

/**
 * LISTEN on a dedicated `pg` client, reconnected with back-off whenever the connection is lost
 * (server restart, pg_terminate_backend, network); `onReconnect` runs after each reconnection.
 * @returns a function that stops listening and closes the connection.
 */
async function listenPostgres(url: string, channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let delayMs = 250;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      next.end().catch(() => undefined);
      schedule();
    };
    next.on('error', (error) => {
      console.warn(`Écoute PostgreSQL (${channel}) perdue : ${error.message}`);
      lost();
    });
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
    delayMs = 250;
  };
  const schedule = () => {
    if (stopped) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => onReconnect?.(),
        () => {
          delayMs = Math.min(delayMs * 2, 5000);
          schedule();
        },
      );
    }, delayMs);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const current = client;
    client = undefined;
    await current?.end().catch(() => undefined);
  };
}

/**
 * Runs raw SQL and returns its rows. PGlite and pg both answer `{ rows }`; Drizzle's shared type
 * for the two drivers cannot say so, hence the one cast here.
 */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
