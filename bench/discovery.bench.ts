/**
 * Discovery benchmark: 100,000 generated past orders (apps/api/src/seeding/demo-history.ts)
 * loaded into a fresh in-memory PGlite and, when one answers, a fresh PostgreSQL database; then
 * the time of the co-occurrence counts' first fold over that history (docs/decisions/004,
 * modules/discovery/co-orders.ts), the p50 and p99 latency of POST /v2/recommendations (random
 * carts of 1 to 4 dishes), of GET /v2/public/recommendations/popular?limit=12 and of GET
 * /v2/health (the floor: one request through the same app and one `select 1`) over real HTTP,
 * one request at a time; the fold's time per new order (1,000 more orders); the popularity
 * query uncached; the co-occurrence scan at query time that the counts replaced, on the same
 * carts (BENCH_BASELINE=0 skips it); and the time of one product search
 * (packages/domain/src/search.ts) over a 500-dish menu. Emits its row of the speed table
 * 'recommendations with 100,000 orders' (bench/lib/figures.ts).
 * Run: npm run bench:discovery (BENCH_ORDERS, BENCH_REQUESTS to change the sizes; BENCH_POSTGRES=0: PGlite only).
 */
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Menu, MenuItem } from '@resto/domain/catalogue';
import { buildSearchIndex, searchItems } from '@resto/domain/search';
import { createApp, createDeps } from '../apps/api/src/app.ts';
import { openDatabase, type DatabaseHandle } from '../apps/api/src/db/client.ts';
import { createLogger } from '../apps/api/src/logger.ts';
import { CatalogService } from '../apps/api/src/modules/catalog/service.ts';
import { demoInputFromMenus, mulberry32 } from '../apps/api/src/seeding/demo-carts.ts';
import { generateDemoHistory, insertDemoHistory, type DemoOrder } from '../apps/api/src/seeding/demo-history.ts';
import { seedDemoIfEmpty } from '../apps/api/src/seeding/demo-restaurant.ts';
import { findMostOrdered } from '../apps/api/src/modules/discovery/repository.ts';
import { queryRows } from '../apps/api/src/db/client.ts';
import { reportFigures } from './lib/figures.ts';

const orderCount = Number(process.env.BENCH_ORDERS ?? 100_000);
const requestCount = Number(process.env.BENCH_REQUESTS ?? 300);
const warmUp = 30;
const baselineRequests = process.env.BENCH_BASELINE === '0' ? 0 : 60;
/** New orders whose fold is timed after the history's. */
const newOrderCount = 1000;
const now = new Date();

/** Seeded pseudo-random numbers, so two runs send the same carts and queries. */
const seeded = mulberry32;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function listen(fetch: (request: Request) => Response | Promise<Response>): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve({ server, port: info.port }));
    server.once('error', reject);
  });
}

function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    (server as Server).closeAllConnections?.();
  });
}

function postgresAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(5432, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** A fresh `bench_<random>` database on the PostgreSQL of `adminUrl`, and its dropper. */
async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`).finally(() => admin.end());
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => client.end());
    },
  };
}

interface Timing {
  p50: number;
  p99: number;
  max: number;
}

/** Sends `requestCount` requests one after the other (after a warm-up) and times each, body read. */
async function time(make: (i: number) => [string, RequestInit?]): Promise<Timing> {
  const durations: number[] = [];
  for (let i = 0; i < warmUp + requestCount; i++) {
    const [url, init] = make(i);
    const started = performance.now();
    const response = await fetch(url, init);
    const body = (await response.json()) as { status: string };
    const elapsed = performance.now() - started;
    if (!response.ok || body.status !== 'success') throw new Error(`${url}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
    if (i >= warmUp) durations.push(elapsed);
  }
  durations.sort((a, b) => a - b);
  return { p50: percentile(durations, 50), p99: percentile(durations, 99), max: durations[durations.length - 1]! };
}

interface Result {
  database: string;
  insertSeconds: number;
  /** The first fold of the whole history: seconds, and events read. */
  foldSeconds: number;
  foldEvents: number;
  /** The fold of `newOrderCount` new orders, ms per order. */
  foldMsPerNewOrder: number;
  recommendations: Timing;
  popular: Timing;
  health: Timing;
  /** The popularity query (30 days) uncached, ms, median of 5. */
  popularQueryMs: number;
  /** The co-occurrence scan at query time (before the counts of docs/decisions/004) on the same carts, or null when skipped. */
  baseline: Timing | null;
}

/**
 * The co-occurrence query the counts replaced (modules/discovery/repository.ts before the counts of docs/decisions/004):
 * every order of each cart dish's 2,000 most recent orders scanned at query time. Kept here only
 * to measure the ratio in the same run.
 */
async function scanCoOrdered(db: DatabaseHandle['db'], cartItemIds: readonly number[], limit: number): Promise<number[]> {
  const ids = sql.join(
    cartItemIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{ item_id: number }>(
    db,
    sql`
    with cart_orders as (
      select distinct recent.order_id
      from unnest(array[${ids}]::int[]) as cart(item_id)
      cross join lateral (
        select l.order_id from order_lines l where l.item_id = cart.item_id order by l.item_id desc, l.order_id desc limit 2000
      ) recent
    )
    select other.item_id, count(distinct other.order_id)::int as orders
    from cart_orders c
    join orders o on o.order_id = c.order_id and o.status not in ('rejected', 'cancelled')
    join order_lines other on other.order_id = c.order_id and not other.is_free
    where other.item_id not in (${ids})
    group by other.item_id
    order by orders desc, other.item_id
    limit ${limit}`,
  );
  return rows.map((row) => Number(row.item_id));
}

/** Times `run` `count` times one after the other. */
async function timeCalls(count: number, run: (i: number) => Promise<unknown>): Promise<Timing> {
  const durations: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await run(i);
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  return { p50: percentile(durations, 50), p99: percentile(durations, 99), max: durations[durations.length - 1]! };
}

/** Loads the history into a database: the demo restaurant, then the orders. @returns seconds the orders took. */
async function load(label: string, handle: DatabaseHandle, rows: readonly DemoOrder[]): Promise<number> {
  await seedDemoIfEmpty(handle.db);
  process.stdout.write(`${label}: inserting ${rows.length.toLocaleString('en')} orders… `);
  const started = performance.now();
  const inserted = await insertDemoHistory(handle.db, rows);
  const insertSeconds = (performance.now() - started) / 1000;
  console.log(`${inserted.toLocaleString('en')} in ${insertSeconds.toFixed(1)} s`);
  // PostgreSQL's autovacuum analyses the new rows within a minute; PGlite has no autovacuum, so
  // it is measured as a server started on it would run: without statistics (BENCH_ANALYZE=1 adds them).
  if (handle.kind === 'postgres' || process.env.BENCH_ANALYZE === '1') await handle.db.execute(sql`analyze`);
  return insertSeconds;
}

async function measure(label: string, handle: DatabaseHandle, insertSeconds: number, newRows: readonly DemoOrder[]): Promise<Result> {
  const deps = createDeps(handle.db, createLogger('silent'), () => now);
  // The first fold of the history, as the server's timer runs it at start (batch after batch).
  process.stdout.write(`${label}: folding the co-occurrence counts… `);
  let started2 = performance.now();
  const [{ events: foldEvents } = { events: 0 }] = await queryRows<{ events: number }>(handle.db, sql`select count(*)::int as events from order_events`);
  await deps.discovery.counts.catchUp();
  const foldSeconds = (performance.now() - started2) / 1000;
  console.log(`${Number(foldEvents).toLocaleString('en')} events in ${foldSeconds.toFixed(1)} s`);
  const app = createApp(deps);
  const { server, port } = await listen(app.fetch);
  try {
    const base = `http://127.0.0.1:${port}`;
    const menus = ((await (await fetch(`${base}/v2/public/menus`)).json()) as { payload: Menu[] }).payload;
    const ids = menus.flatMap((m) => m.categories.flatMap((c) => c.items.filter((i) => i.item_is_available).map((i) => i.item_id)));
    const random = seeded(7);
    const cart = () => {
      const size = 1 + Math.floor(random() * 4);
      const chosen = new Set<number>();
      while (chosen.size < size) chosen.add(ids[Math.floor(random() * ids.length)]!);
      return [...chosen];
    };
    const carts = Array.from({ length: warmUp + requestCount }, cart);
    const recommendations = await time((i) => [
      `${base}/v2/recommendations`,
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ cartItems: carts[i] }) },
    ]);
    const popular = await time(() => [`${base}/v2/public/recommendations/popular?limit=12`]);
    const health = await time(() => [`${base}/v2/health`]);

    // New orders: inserted as history (their events after the others'), then folded.
    await insertDemoHistory(handle.db, newRows);
    started2 = performance.now();
    await deps.discovery.counts.catchUp();
    const foldMsPerNewOrder = (performance.now() - started2) / newRows.length;

    const since = new Date(now.getTime() - 30 * 86_400_000);
    const popularRuns = (await timeCalls(5, () => findMostOrdered(handle.db, since, 200))).p50;
    const baseline = baselineRequests ? await timeCalls(baselineRequests, (i) => scanCoOrdered(handle.db, carts[warmUp + i]!, 12 + ids.length)) : null;
    return {
      database: label,
      insertSeconds,
      foldSeconds,
      foldEvents: Number(foldEvents),
      foldMsPerNewOrder,
      recommendations,
      popular,
      health,
      popularQueryMs: popularRuns,
      baseline,
    };
  } finally {
    await closeServer(server);
  }
}

/** 500 dishes made from the demo's 31 by varying their names and descriptions. */
function searchMenu(items: readonly MenuItem[]): MenuItem[] {
  const twists = [
    'maison',
    'du chef',
    'à partager',
    'XL',
    'printanière',
    'aux truffes',
    'végétale',
    'épicée',
    'de Margot',
    'à l’ancienne',
    'gratinée',
    'du marché',
    'fumée',
    'au pistou',
    'façon bouchon',
    'light',
  ];
  const extras = [
    'Servi avec du pain de campagne.',
    'Recette de saison.',
    'Produits locaux de la Croix-Rousse.',
    'Sans lactose sur demande.',
    'Cuit au feu de bois.',
    '',
  ];
  const random = seeded(11);
  return Array.from({ length: 500 }, (_, i) => {
    const base = items[i % items.length]!;
    const twist = twists[Math.floor(i / items.length) % twists.length]!;
    return {
      ...base,
      item_id: 100_000 + i,
      item_name: i < items.length ? base.item_name : `${base.item_name} ${twist}`,
      item_description: `${base.item_description} ${extras[i % extras.length]}`.trim(),
      item_score: Math.floor(random() * 100),
    };
  });
}

function searchBench(items: readonly MenuItem[]) {
  const menu = searchMenu(items);
  let started = performance.now();
  const index = buildSearchIndex(menu);
  const buildMs = performance.now() - started;

  // What people type: the start of a word of the menu (2 to 8 characters, sometimes in capitals
  // or without accents, sometimes two words), and now and then letters that match nothing.
  const random = seeded(13);
  const words = [...new Set(menu.flatMap((i) => `${i.item_name} ${i.item_description}`.split(/[^\p{L}]+/u)).filter((w) => w.length >= 2))];
  const queries = Array.from({ length: 10_000 }, () => {
    const r = random();
    if (r < 0.1) return Array.from({ length: 2 + Math.floor(random() * 7) }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join('');
    const word = words[Math.floor(random() * words.length)]!;
    let query = word.slice(0, 2 + Math.floor(random() * 7));
    if (r < 0.2) query = query.toUpperCase();
    else if (r < 0.35) query = query.normalize('NFD').replace(/\p{Diacritic}/gu, '');
    else if (r < 0.45 && query.length <= 5) query = `${query} ${words[Math.floor(random() * words.length)]!.slice(0, 2)}`;
    return query.slice(0, 8);
  });
  for (const q of queries.slice(0, 500)) searchItems(index, q); // warm-up
  let hits = 0;
  started = performance.now();
  for (const q of queries) hits += searchItems(index, q).length;
  const totalMs = performance.now() - started;
  return { dishes: menu.length, buildMs, queries: queries.length, usPerQuery: (totalMs * 1000) / queries.length, meanHits: hits / queries.length };
}

const results: Result[] = [];

// The orders: generated once from the demo menu as the API serves it, loaded into each database
// first, then dropped before any request is timed. The generated history weighs ~400 MB of this
// process's heap: kept while the server answered, every scavenge copied through it and an
// incremental mark-compact slowed ~25 requests in a row by 10 to 40 ms, which was the p99 of
// whichever route it fell on (seen with --trace-gc). A server does not hold its history in its heap.
const pglite = await openDatabase({ dataDir: 'memory://' });
const adminUrl =
  process.env.BENCH_POSTGRES === '0'
    ? undefined
    : process.env.DATABASE_URL || ((await postgresAnswers()) ? 'postgres://root@127.0.0.1:5432/postgres' : undefined);
const postgresDatabase = adminUrl ? await createPostgresDatabase(adminUrl) : undefined;
let postgres: DatabaseHandle | undefined;
let demoItems: MenuItem[];
try {
  await seedDemoIfEmpty(pglite.db);
  const catalog = await new CatalogService(pglite.db).getCatalog();
  const input = demoInputFromMenus(catalog.menus);
  demoItems = input.items;
  const started = performance.now();
  let rows: DemoOrder[] | undefined = generateDemoHistory({ ...input, settings: catalog.settings, now, orders: orderCount, seed: 2024 });
  const newRows = generateDemoHistory({ ...input, settings: catalog.settings, now, orders: newOrderCount, seed: 2025 }).map((row) => ({
    ...row,
    order: { ...row.order, localId: `new-${row.order.localId}` },
  }));
  const lines = rows.reduce((n, r) => n + r.lines.length, 0);
  const steps = rows.reduce((n, r) => n + r.history.length, 0);
  console.log(
    `Generated ${rows.length.toLocaleString('en')} orders (${lines.toLocaleString('en')} lines, ${steps.toLocaleString('en')} status rows) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const pgliteInsertSeconds = await load('PGlite (memory)', pglite, rows);
  let postgresInsertSeconds = 0;
  if (postgresDatabase) {
    postgres = await openDatabase({ databaseUrl: postgresDatabase.url, dataDir: 'memory://' });
    postgresInsertSeconds = await load('PostgreSQL', postgres, rows);
  }
  rows = undefined;
  results.push(await measure('PGlite (memory)', pglite, pgliteInsertSeconds, newRows));
  if (postgres) results.push(await measure('PostgreSQL', postgres, postgresInsertSeconds, newRows));
  else console.log('PostgreSQL: BENCH_POSTGRES=0, or none answers on 127.0.0.1:5432 and DATABASE_URL is not set; skipped.');
} finally {
  await pglite.close();
  await postgres?.close();
  await postgresDatabase?.drop();
}

const search = searchBench(demoItems);

const ms = (v: number) => v.toFixed(1);
console.log(
  `\nDiscovery benchmark: ${orderCount.toLocaleString('en')} orders over 60 days, ${requestCount} sequential requests per route after ${warmUp} of warm-up, same machine\n`,
);
console.log(
  '| database | insert orders (s) | first fold (s) | fold per new order (ms) | POST /v2/recommendations p50 / p99 / max (ms) | GET popular?limit=12 p50 / p99 / max (ms) | GET /v2/health p50 / p99 (ms) | popularity query uncached (ms) | scan at query time, before the counts: p50 / p99 (ms) |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of results) {
  console.log(
    `| ${r.database} | ${r.insertSeconds.toFixed(1)} | ${r.foldSeconds.toFixed(1)} (${r.foldEvents.toLocaleString('en')} events) | ${r.foldMsPerNewOrder.toFixed(2)} | ${ms(r.recommendations.p50)} / ${ms(r.recommendations.p99)} / ${ms(r.recommendations.max)} | ${ms(r.popular.p50)} / ${ms(r.popular.p99)} / ${ms(r.popular.max)} | ${ms(r.health.p50)} / ${ms(r.health.p99)} | ${ms(r.popularQueryMs)} | ${r.baseline ? `${ms(r.baseline.p50)} / ${ms(r.baseline.p99)}` : '—'} |`,
  );
}
console.log(
  `\nSearch (packages/domain/src/search.ts): ${search.dishes} dishes, index built in ${search.buildMs.toFixed(1)} ms; ${search.queries.toLocaleString('en')} queries of 2–8 characters: ${search.usPerQuery.toFixed(1)} µs per query (${search.meanHits.toFixed(1)} results on average)`,
);

const orders = orderCount.toLocaleString('en');
reportFigures('discovery', [
  {
    row: `recommendations with ${orders} orders`,
    measured: results.map((r) => `p99 ${ms(r.recommendations.p99)} ms, p50 ${ms(r.recommendations.p50)} ms (${r.database})`).join('; '),
    limit: results.map((r) => `GET /v2/health p99 ${ms(r.health.p99)} ms (${r.database})`).join('; '),
    goal: 'p99 ≤ 20 ms',
    met: results.every((r) => r.recommendations.p99 <= 20),
  },
]);
