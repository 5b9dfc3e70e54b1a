import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { apiRoot } from '../api-root.ts';
import { maintainPglite } from './pglite-maintenance.ts';
import * as schema from './schema.ts';
import { NamingPGlite } from './naming-pglite.ts';
import { isChangedResultType, StatementNames } from './statement-names.ts';

/** What a raw query (`execute`) answers on both drivers: PGlite's `Results` and pg's `QueryResult` both carry `rows`. */
interface QueryRows<Row> {
  rows: Row[];
}

/**
 * The result kind of the API's database: Drizzle's PostgreSQL kind, narrowed to what PGlite and pg
 * both answer (`{ rows }`), so `execute<Row>()` is typed without a cast.
 */
export interface RowsQueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<this['row']>;
}

/**
 * The API's database handle, and equally a transaction of it: PGlite's and pg's Drizzle databases
 * and their transactions (`db.transaction(async (tx) => …)`) all satisfy it, so a repository
 * function taking `Database` runs inside or outside a transaction, with no cast.
 */
export type Database = PgDatabase<RowsQueryResultHKT, typeof schema>;

/** A transaction of `Database`, as `db.transaction()` hands it (it is a `Database` too, with `rollback()`). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Listens to `channel` (PostgreSQL LISTEN/NOTIFY; PGlite's own `listen`): `onNotify` gets each
   * notification's payload. On PostgreSQL one dedicated connection per listener, reconnected with
   * back-off (0.25 s doubling to 5 s) when lost; `onReconnect` runs once it listens again, so the
   * caller can re-read what was notified meanwhile (docs/decisions/021). @returns the stop function.
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
 * instead of racing on CREATE TABLE (docs/decisions/010-crash-safety-and-shutdown.md).
 * Otherwise PGlite in `dataDir` (created if missing), or in memory for 'memory://'; there the
 * caller owns the data-directory lock (see lock.ts). @throws the migration's or setup's error
 * (the database is closed first).
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; setup?: (db: Database) => Promise<void> }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, Client: namingClient(new StatementNames()) });
    // An idle connection closed by the server (restart, dropped database) must not crash the process:
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`Connexion PostgreSQL perdue : ${error.message}`));
    const db: Database = drizzlePg({ client: pool, schema });
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
  if (!options.dataDir.startsWith('memory://')) {
    mkdirSync(options.dataDir, { recursive: true });
    if (!existsSync(join(options.dataDir, 'PG_VERSION'))) await initDataDir(options.dataDir);
  }
  const client = options.dataDir.startsWith('memory://')
    ? new NamingPGlite({ dataDir: options.dataDir, loadDataDir: await memoryTemplate(), startParams: pgliteStartParams })
    : new NamingPGlite(options.dataDir, { startParams: pgliteStartParams });
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder });
    await options.setup?.(db);
  } catch (error) {
    await client.close();
    throw error;
  }
  // No autovacuum in PGlite's single-user mode: without this, every deleted or updated row (sent
  // mails, rate-limit counters, sessions) kept its space for good (docs/decisions/026).
  // Only the tables that need it, as autovacuum would: a whole-database VACUUM stalled every
  // request for up to 2 s (docs/decisions/014).
  let maintaining: Promise<unknown> | undefined;
  const vacuum = options.dataDir.startsWith('memory://')
    ? undefined
    : setInterval(() => {
        maintaining ??= maintainPglite(client)
          .catch((error: unknown) => console.warn(`VACUUM impossible : ${String(error)}`))
          .finally(() => (maintaining = undefined));
      }, pgliteVacuumMs);
  vacuum?.unref();
  return {
    db,
    kind: 'pglite',
    // One connection in one process: a notification is never lost, there is nothing to reconnect.
    listen: (channel, onNotify) => client.listen(channel, onNotify).then((unlisten) => () => unlisten().catch(() => undefined)),
    close: async () => {
      clearInterval(vacuum);
      await maintaining;
      await client.close();
    },
  };
}

/**
 * PostgreSQL's settings in the embedded PGlite (docs/decisions/026-memory-and-storage.md): its
 * defaults are a server's (128 MB of shared buffers, 1 GB of WAL between checkpoints), and in
 * PGlite's single-user mode both live in this process (the WebAssembly memory never shrinks) and
 * no checkpointer runs: WAL only shrinks when its volume forces a checkpoint.
 */
const pgliteSettings: Record<string, string> = {
  // One restaurant's tables and indexes hot in the cache: orders of the day, the catalogue.
  shared_buffers: '16MB',
  // CREATE INDEX in migrations and VACUUM: 64 MB by default, each time grown into the WASM heap for good.
  maintenance_work_mem: '16MB',
  // A checkpoint every 64 MB of WAL (the default waits for 1 GB), recycled segments kept to 32 MB.
  max_wal_size: '64MB',
  min_wal_size: '32MB',
};

let memoryTemplateFiles: Promise<Blob> | undefined;

/**
 * The files of a new, migrated, empty PGlite database, as a tar archive (`templateFile()`): every
 * 'memory://' database (the tests' hundreds) starts from them instead of running initdb and every
 * migration again, 7 to 10 s on a busy machine against 1.5 s. Read once per process.
 */
function memoryTemplate(): Promise<Blob> {
  memoryTemplateFiles ??= templateFile().then((file) => new Blob([readFileSync(file)]));
  return memoryTemplateFiles;
}

let templateFileMade: Promise<string> | undefined;

/**
 * The migrated template's file, made first if missing (`pgliteChild`): in the system's temporary
 * folder, under the hash of PGlite's build (its version, its WebAssembly and data files' sizes) and
 * of every migration file, so that the test processes and the servers of every checkout with the
 * same PGlite and migrations share one, and a file written for another schema or another PGlite is
 * never read. Templates of other builds left for more than `staleTemplateDays` are removed (each
 * is about 40 MB; they used to pile up, one per checkout). @returns its path.
 */
function templateFile(): Promise<string> {
  templateFileMade ??= (async () => {
    const pgliteDist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const { version } = JSON.parse(readFileSync(join(pgliteDist, '..', 'package.json'), 'utf8')) as { version: string };
    const hash = createHash('sha256').update(`pglite:${version}`);
    for (const name of ['pglite.wasm', 'pglite.data']) hash.update(`${name}:${statSync(join(pgliteDist, name)).size}`);
    for (const name of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
      const path = join(migrationsFolder, name);
      if (statSync(path).isFile()) hash.update(name).update(readFileSync(path));
    }
    const name = `resto-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`;
    const file = join(tmpdir(), name);
    if (!existsSync(file)) await pgliteChild({ PGLITE_TEMPLATE: file });
    removeStaleTemplates(name);
    return file;
  })();
  return templateFileMade;
}

/** How long another build's template may stay unused in the temporary folder (its last change, in days). */
const staleTemplateDays = 7;

/** Removes the templates other than `current` not written for `staleTemplateDays`; one that another process removes first is no error. */
function removeStaleTemplates(current: string): void {
  const folder = tmpdir();
  const before = Date.now() - staleTemplateDays * 86_400_000;
  for (const name of readdirSync(folder)) {
    if (name === current || !/^resto-pglite-template-[0-9a-f]{16}\.tar$/.test(name)) continue;
    try {
      if (statSync(join(folder, name)).mtimeMs < before) rmSync(join(folder, name), { force: true });
    } catch {
      // removed meanwhile by another process
    }
  }
}

/**
 * How often PGlite's autovacuum-like pass runs (pglite-maintenance.ts): every 5 s, so that the mail
 * outbox, whose rows live seconds, reuses their space instead of growing while orders come
 * (docs/decisions/025, docs/decisions/026); a pass with nothing to do is two short statements.
 */
const pgliteVacuumMs = 5_000;

const pgliteStartParams = [...PGlite.defaultStartParams, ...Object.entries(pgliteSettings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];

/**
 * Creates the PostgreSQL cluster of a new data directory as a copy of the migrated template
 * (`templateFile()`), unpacked in a short-lived child process (`pgliteChild`). Unpacking takes
 * about 1 s where initdb and the migrations on disk took 7 s on a loaded machine: every new server
 * starts sooner (`npm start`'s first, each end-to-end test's).
 */
async function initDataDir(dataDir: string): Promise<void> {
  await pgliteChild({ PGLITE_TEMPLATE: await templateFile(), PGLITE_INIT_DIR: dataDir });
}

/** Whether this module runs bundled into the compiled server (apps/api/build), beside pglite-start.js. */
const compiledServer = !import.meta.url.endsWith('.ts');

/**
 * The child's arguments: PGlite's first-start module (db/pglite-start.ts) by path, its build
 * beside the compiled server's chunks (apps/api/scripts/build.mjs), its source through tsx.
 */
const pgliteStartArgs = compiledServer
  ? [fileURLToPath(new URL('./pglite-start.js', import.meta.url))]
  : ['--import', 'tsx', fileURLToPath(new URL('./pglite-start.ts', import.meta.url))];

/**
 * Runs PGlite's first start (db/pglite-start.ts) in a short-lived child process: in this one,
 * initdb's own WebAssembly instance and the buffers it leaves (about 450 MB) would stay reachable
 * from the PGlite that follows for as long as the server runs, and so would about 100 MB of a template's unpacking
 * (docs/decisions/026). The child makes the template file PGLITE_TEMPLATE if it is missing (initdb
 * in memory, the migrations, written aside then renamed: no process reads half a file), then
 * unpacks it into PGLITE_INIT_DIR when given. @throws the child's error output when it fails.
 */
async function pgliteChild(env: { PGLITE_TEMPLATE: string; PGLITE_INIT_DIR?: string }): Promise<void> {
  try {
    await promisify(execFile)(process.execPath, pgliteStartArgs, {
      cwd: apiRoot, // where `--import tsx` resolves (from the sources); the module's own imports resolve from its file
      env: { ...process.env, NODE_OPTIONS: '', PGLITE_MIGRATIONS: migrationsFolder, PGLITE_START_PARAMS: JSON.stringify(pgliteStartParams), ...env },
    });
  } catch (error) {
    throw new Error(env.PGLITE_INIT_DIR ? `Création de la base dans ${env.PGLITE_INIT_DIR} impossible` : `Création du modèle de base ${env.PGLITE_TEMPLATE} impossible`, {
      cause: error,
    });
  }
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
 * pg's Client running its frequent parameterised statements as named statements (`names`,
 * statement-names.ts): each is parsed and planned once per connection. A statement PostgreSQL
 * refuses under its name because a migration changed its result's columns since (another
 * instance's, during a deploy) loses its name and, when it ran outside a transaction, runs again
 * unnamed: the caller sees no error. Inside a transaction the error aborted it; the caller sees it.
 */
export function namingClient(names: StatementNames): typeof pg.Client {
  const query = pg.Client.prototype.query as (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) => unknown;
  class NamingClient extends pg.Client {}
  (NamingClient.prototype as { query: typeof query }).query = function (this: pg.Client, config, values, callback) {
    // A text, or a query's config without a name (Drizzle's); not a Submittable (a cursor, a stream).
    const text =
      typeof config === 'string'
        ? config
        : typeof config === 'object' && config !== null && !('submit' in config) && !(config as pg.QueryConfig).name
          ? (config as pg.QueryConfig).text
          : undefined;
    const name = text !== undefined && Array.isArray(values) && values.length > 0 ? names.nameOf(text) : undefined;
    if (name === undefined) return query.call(this, config, values, callback);
    // The status before this statement: idle means it ran alone and may run again.
    const alone = this.getTransactionStatus() === 'I';
    const again = (error: unknown): boolean => {
      if (!isChangedResultType(error)) return false;
      names.forget(text!);
      return alone;
    };
    const named = typeof config === 'string' ? { text, name } : { ...(config as pg.QueryConfig), name };
    if (typeof callback !== 'function') {
      return (query.call(this, named, values) as Promise<unknown>).catch((error: unknown) => {
        if (again(error)) return query.call(this, config, values);
        throw error;
      });
    }
    return query.call(this, named, values, (error: unknown, result: unknown) => {
      if (error && again(error)) query.call(this, config, values, callback);
      else (callback as (error: unknown, result: unknown) => void)(error, result);
    });
  };
  return NamingClient;
}

/** Runs raw SQL and returns its rows (PGlite and pg both answer `{ rows }`: see `RowsQueryResultHKT`). */
export async function queryRows<T extends Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  return (await db.execute<T>(query)).rows;
}
