/**
 * The data directory (docs/decisions/026-memory-and-storage.md): what N orders
 * placed through the API (STORAGE_ORDERS, 6,000; pickup, cash, 10 at a time, clock fixed on an
 * open Tuesday) add to it on PGlite: per table its heap, indexes and TOAST (pg_relation_size,
 * pg_indexes_size), the WAL (pg_wal), the outbox folder and uploads; KB per order for the tables
 * and for the whole directory; the indexes no query used meanwhile. Then the same tables on
 * PostgreSQL (pg_total_relation_size) when one answers (DATABASE_URL or 127.0.0.1:5432).
 * Sent mails are deleted and their space reused after a VACUUM: the bench waits STORAGE_SETTLE_SECONDS
 * (65) for the server's own (PGlite), and runs one on PostgreSQL (what autovacuum does within a minute).
 * Run: npm run bench:storage   (STORAGE_ORDERS, BENCH_PORT=7620; about 9 min for 6,000 orders at 30/s)
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildOrderPayload, newLocalId } from '../apps/api/src/test/harness.ts';
import { reportFigures } from './lib/figures.ts';
import { freshPostgresDatabase, kill, openNow, postgresAdminUrl, send, startServer, type ServerProcess } from './lib/server-process.ts';

const orderCount = Number(process.env.STORAGE_ORDERS ?? 6000);
const port = Number(process.env.BENCH_PORT ?? 7620);
const goalKbPerOrder = 3;
// Sent mails are deleted; their space is reused after a VACUUM (PGlite: every minute, db/client.ts).
const settleSeconds = Number(process.env.STORAGE_SETTLE_SECONDS ?? 65);

interface TableSize {
  name: string;
  heap: number;
  indexes: number;
  toast: number;
}

const tableSizesSql = `select c.relname as name, pg_relation_size(c.oid)::float8 as heap, pg_indexes_size(c.oid)::float8 as indexes,
  coalesce(pg_total_relation_size(nullif(c.reltoastrelid, 0)), 0)::float8 as toast
  from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r'`;
const unusedIndexesSql = `select indexrelname as name, relname as "table", pg_relation_size(indexrelid)::float8 as size
  from pg_stat_user_indexes where idx_scan = 0 order by size desc`;

/** Bytes under `path`, recursively (0 when absent). */
function duBytes(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + duBytes(join(path, name)), 0);
}

/** What the (stopped) server's PGlite directory holds: tables, WAL, outbox, uploads, whole. */
async function pgliteContents(dataDir: string) {
  const disk = {
    total: duBytes(dataDir),
    wal: duBytes(join(dataDir, 'pg_wal')),
    outbox: duBytes(join(dataDir, 'outbox')),
    uploads: duBytes(join(dataDir, 'uploads')),
  };
  const db = new PGlite(dataDir);
  try {
    const tables = (await db.query<TableSize>(tableSizesSql)).rows;
    const unused = (await db.query<{ name: string; table: string; size: number }>(unusedIndexesSql)).rows;
    const queuedMails = (await db.query<{ n: number }>('select count(*)::int as n from mail_outbox')).rows[0]!.n;
    return { disk, tables, unused, queuedMails };
  } finally {
    await db.close();
  }
}

/** Places `count` orders, 10 at a time, each a new customer. @throws on the first refusal. */
async function placeOrders(server: ServerProcess, count: number): Promise<number> {
  const template = await buildOrderPayload({ baseUrl: server.baseUrl, now: () => openNow });
  const agent = new Agent({ keepAlive: true, maxSockets: 10 });
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const body = { ...template, local_id: newLocalId(), customer: { ...template.customer, email: `stockage-${i}@example.fr` } };
      const outcome = await send(agent, server.baseUrl, 'POST', '/v2/public/checkout/', body);
      if (outcome.status !== 201) throw new Error(`commande refusée : ${outcome.status ?? outcome.error} ${outcome.body ?? ''}`);
      if (i % 1000 === 999) console.log(`  ${i + 1} commandes`);
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  agent.destroy();
  return count / ((performance.now() - started) / 1000);
}

const kb = (bytes: number) => bytes / 1024;
const perOrder = (bytes: number) => (kb(bytes) / orderCount).toFixed(2);
const sum = (tables: TableSize[], pick: (t: TableSize) => number) => tables.reduce((total, t) => total + pick(t), 0);

/** Per-table growth (after − before), largest first, and the totals. */
function growth(before: TableSize[], after: TableSize[]) {
  const old = new Map(before.map((t) => [t.name, t]));
  const rows = after
    .map((t) => ({
      name: t.name,
      heap: t.heap - (old.get(t.name)?.heap ?? 0),
      indexes: t.indexes - (old.get(t.name)?.indexes ?? 0),
      toast: t.toast - (old.get(t.name)?.toast ?? 0),
    }))
    .filter((t) => t.heap + t.indexes + t.toast > 0)
    .sort((a, b) => b.heap + b.indexes + b.toast - (a.heap + a.indexes + a.toast));
  return { rows, heap: sum(rows, (t) => t.heap), indexes: sum(rows, (t) => t.indexes), toast: sum(rows, (t) => t.toast) };
}

function printGrowth(rows: ReturnType<typeof growth>['rows']) {
  console.log('  | table | heap KB/order | indexes KB/order | TOAST KB/order |');
  console.log('  | --- | --- | --- | --- |');
  for (const t of rows) console.log(`  | ${t.name} | ${perOrder(t.heap)} | ${perOrder(t.indexes)} | ${perOrder(t.toast)} |`);
}

// PGlite: the directory of a first start (demo restaurant without its history), then N orders.
const dataDir = mkdtempSync(join(tmpdir(), 'resto-storage-'));
const figures = [];
try {
  const env = { DEMO_HISTORY: '0', OUTBOX_MAX_FILES: '1000' };
  await kill(await startServer({ port, dataDir, env }), 'SIGTERM');
  const before = await pgliteContents(dataDir);
  const server = await startServer({ port, dataDir, env });
  const rate = await placeOrders(server, orderCount).catch(async (error: unknown) => {
    console.error(
      server
        .output()
        .split('\n')
        .filter((line) => !line.includes('"level":30'))
        .slice(-30)
        .join('\n'),
    );
    await kill(server, 'SIGTERM');
    throw error;
  });
  const walRunning = duBytes(join(dataDir, 'pg_wal'));
  await new Promise((r) => setTimeout(r, settleSeconds * 1000));
  await kill(server, 'SIGTERM');
  const after = await pgliteContents(dataDir);
  const tables = growth(before.tables, after.tables);
  const tablesKb = kb(tables.heap + tables.toast) / orderCount;
  const walRecycled = after.disk.wal <= Math.max(before.disk.wal, 96 * 1024 * 1024);

  console.log(`\nDossier de données PGlite : ${orderCount} commandes par l'API (${rate.toFixed(0)}/s)\n`);
  console.log(
    `  dossier entier   ${(before.disk.total / 1048576).toFixed(1)} → ${(after.disk.total / 1048576).toFixed(1)} Mo (${perOrder(after.disk.total - before.disk.total)} Ko par commande)`,
  );
  console.log(
    `  WAL (pg_wal)     ${(before.disk.wal / 1048576).toFixed(1)} → ${(walRunning / 1048576).toFixed(1)} Mo en marche, ${(after.disk.wal / 1048576).toFixed(1)} Mo après l'arrêt`,
  );
  console.log(
    `  outbox           ${(after.disk.outbox / 1048576).toFixed(1)} Mo (${readdirSync(join(dataDir, 'outbox')).length} fichiers .eml, borne OUTBOX_MAX_FILES)`,
  );
  console.log(`  uploads          ${(after.disk.uploads / 1048576).toFixed(1)} Mo`);
  console.log(`  mail_outbox      ${after.queuedMails} e-mails pas encore envoyés à l'arrêt (${orderCount * 2} écrits)`);
  console.log(
    `  tables           ${perOrder(tables.heap)} Ko de lignes + ${perOrder(tables.toast)} Ko TOAST + ${perOrder(tables.indexes)} Ko d'index par commande\n`,
  );
  printGrowth(tables.rows);
  if (after.unused.length) {
    console.log(`\n  index jamais lus pendant la charge (idx_scan = 0 ; d'autres écrans peuvent s'en servir) :`);
    for (const index of after.unused.slice(0, 15)) console.log(`    ${index.name} (${index.table}) ${kb(index.size).toFixed(0)} Ko`);
  }
  figures.push({
    row: 'data directory growth',
    measured: `${perOrder(after.disk.total - before.disk.total)} KB per order: tables ${tablesKb.toFixed(2)}, indexes ${perOrder(tables.indexes)}, WAL ${(walRunning / 1048576).toFixed(0)} MB whatever the count (PGlite, ${orderCount} orders)`,
    goal: `tables ≤ ${goalKbPerOrder} KB per order, WAL recycled`,
    met: tablesKb <= goalKbPerOrder && walRecycled,
  });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

// PostgreSQL: the same orders, the tables measured on the running database.
const adminUrl = await postgresAdminUrl();
if (adminUrl) {
  const database = await freshPostgresDatabase(adminUrl);
  const pgDir = mkdtempSync(join(tmpdir(), 'resto-storage-pg-'));
  try {
    const server = await startServer({ port, dataDir: pgDir, databaseUrl: database.url, env: { DEMO_HISTORY: '0' } });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const before = (await client.query<TableSize>(tableSizesSql)).rows;
      const rate = await placeOrders(server, orderCount).finally(() => kill(server, 'SIGTERM'));
      await client.query('VACUUM'); // what autovacuum does within a minute
      const tables = growth(before, (await client.query<TableSize>(tableSizesSql)).rows);
      const tablesKb = kb(tables.heap + tables.toast) / orderCount;
      console.log(
        `\nPostgreSQL : ${orderCount} commandes (${rate.toFixed(0)}/s), tables ${tablesKb.toFixed(2)} Ko + index ${perOrder(tables.indexes)} Ko par commande\n`,
      );
      printGrowth(tables.rows);
      figures.push({
        row: 'data directory growth, PostgreSQL tables',
        measured: `tables ${tablesKb.toFixed(2)}, indexes ${perOrder(tables.indexes)} KB per order (${orderCount} orders)`,
        goal: `tables ≤ ${goalKbPerOrder} KB per order`,
        met: tablesKb <= goalKbPerOrder,
      });
    } finally {
      await client.end();
    }
  } finally {
    await database.drop();
    rmSync(pgDir, { recursive: true, force: true });
  }
}
reportFigures('storage', figures);
