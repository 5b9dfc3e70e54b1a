/**
 * Every past order (docs/decisions/034-order-history.md; GET /v2/restaurant/order-history): the
 * answer time of the history's searches over HISTORY_ORDERS orders (100,000) spread over 200 days
 * (6 May to 23 November 2026, none on Mondays), through real HTTP, signed in as a staff member;
 * p50 / p95 / max over HISTORY_ROUNDS rounds (20) after one warm-up. The server is the real app in
 * this process (apps/api/src/test/harness.ts), on PGlite under a temporary directory, then on
 * PostgreSQL when one answers (DATABASE_URL or 127.0.0.1:5432), in a fresh database.
 *
 * The fill: one cash order is placed through the real route; its `orders` row is copied in bulk
 * (INSERT … SELECT over generate_series, as bench/books-report.ts does) with its timestamps moved
 * to the copy's hour, one of 30,000 customers (first and last names with accents, an e-mail, a
 * mobile number in E.164), every 4th a delivery, statuses completed (every 50th cancelled), and its
 * receipt and payment written to the live journal by `appendEntries` (cash and the card terminal
 * in turn: bench/lib/books-fixtures.ts `counterSale`), an hour's orders in one transaction.
 * Then, with the indexes of migration 0020 and without them (dropped, the same searches again,
 * then created again): each search's p50 / p95, and the sales report's month and 90 days
 * (GET /v2/restaurant/books/report, as the owner), to see that the indexes do not slow it.
 * Run: npm run bench:orders-history   (HISTORY_ORDERS, HISTORY_ROUNDS, HISTORY_PLANS=1 prints the plans,
 * HISTORY_ENGINES=pglite|postgresql)
 *
 * Measured on 2026-12-03, 100,001 orders, 10 rounds, a 2-core machine shared with other work (load
 * average 11 to 16: every figure is inflated and noisy; the « without » column ran second, often
 * under less load), p50 / p95 in ms, with migration 0020 (the phone index):
 * - PGlite: first page 80 / 159, page 2 35 / 66, order number 30 / 236, receipt number 27 / 50,
 *   whole phone 35 / 97 (without the index 219 / 571), 6 digits of a phone 941 / 1,239, a last name
 *   (1 order in 30) 1,488 / 2,133, first and last name 511 / 760, one customer's e-mail (4 orders:
 *   reads every order) 3,225 / 3,931, no match 1,907 / 2,498, a week 34 / 88, a status 10 / 49,
 *   channel and means 11 / 31, a name in a month with a means 36 / 88.
 * - PostgreSQL: first page 4.5 / 7.3, page 2 6.6 / 41, order number 11 / 47, receipt number
 *   5.4 / 9.3, whole phone 6.5 / 12 (without the index 120 / 192), 6 digits of a phone 102 / 197, a
 *   last name 191 / 254, first and last name 110 / 156, one customer's e-mail 760 / 922, no match
 *   521 / 612, a week 16 / 29, a status 12 / 84, channel and means 21 / 31, a name in a month 28 / 46.
 * - An earlier run (load 2 to 8, 20 rounds) with the names matched by three translate() a row:
 *   PGlite's e-mail search 3,670 / 5,832 and no match 5,696 / 9,541 ms; translate() alone costs
 *   about 60 µs an order on PGlite, the regular expression a quarter of it.
 * - The sales report (month, 90 days) is measured beside: its customers' query reads
 *   lower(customer->>'email'), which the phone index cannot serve; the plans (HISTORY_PLANS=1) are
 *   the same with and without it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { OrderHistoryPage } from '../packages/contract/src/order-history.ts';
import { addDays } from '../packages/domain/src/clock.ts';
import { queryRows, type Database } from '../apps/api/src/db/client.ts';
import { placeCashOrder } from '../apps/api/src/modules/board/test-helpers.ts';
import { appendEntries, type NewEntry } from '../apps/api/src/modules/books/journal.ts';
import { payloadOf, startTestServer, type TestServer } from '../apps/api/src/test/harness.ts';
import { createTestStaff, staffRequest } from '../apps/api/src/test/staff.ts';
import { counterSale, parisAt as paris, serviceHours as hours } from './lib/books-fixtures.ts';
import { freshPostgresDatabase, percentile, postgresAdminUrl } from './lib/server-process.ts';

const totalOrders = Number(process.env.HISTORY_ORDERS ?? 100_000);
const rounds = Number(process.env.HISTORY_ROUNDS ?? 20);
const plans = process.env.HISTORY_PLANS === '1';
/** 'pglite', 'postgresql' or both (default). */
const engines = (process.env.HISTORY_ENGINES ?? 'pglite,postgresql').split(',');
const customers = 30_000;
const templateDay = '2026-05-05';
const firstDay = '2026-05-06';
const lastDay = '2026-11-23';
/** Searched on Tuesday 24 November 2026, 12:30 in Paris. */
const searchDay = '2026-11-24';
const weekday = [1.2, 0, 1, 1, 1.1, 1.5, 1.8];
const dayOfWeek = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

const firstNames = [
  'Élodie',
  'Karim',
  'Chloé',
  'Jérôme',
  'Inès',
  'Léa',
  'Thomas',
  'Camille',
  'Hélène',
  'Nicolas',
  'Zoé',
  'Mathis',
  'Anaïs',
  'Loïc',
  'Amélie',
  'Hugo',
  'Maëlle',
  'Noé',
  'Agnès',
  'Rémi',
];
const lastNames = [
  'Lefèvre',
  'Benali',
  'Martin',
  'Dubois',
  'Moreau',
  'Girard',
  'Faure',
  'Mercier',
  'Bérard',
  'Roussel',
  'Chevalier',
  'Gauthier',
  'Perrin',
  'Lemaître',
  'Noël',
  'Brunet',
  'Séguin',
  'Durand',
  'Garnier',
  'Fontaine',
  'Rivière',
  'Lambert',
  'Bonnet',
  'François',
  'Château',
  'Clément',
  'Hébert',
  'Picard',
  'Masson',
  'Lefort',
];

// The harness opens PostgreSQL when DATABASE_URL is set: the PGlite run must not see it.
const adminUrl = await postgresAdminUrl();
delete process.env.DATABASE_URL;

/** The customer of the `index`-th copy (0 … customers − 1): names, e-mail and phone derived from it. */
function customerSql(index: SQL) {
  const first = sql`(array[${sql.join(
    firstNames.map((n) => sql`${n}`),
    sql`, `,
  )}])[1 + ${index} % ${firstNames.length}::int]`;
  const last = sql`(array[${sql.join(
    lastNames.map((n) => sql`${n}`),
    sql`, `,
  )}])[1 + (${index} / ${firstNames.length}::int) % ${lastNames.length}::int]`;
  return sql`jsonb_build_object('first_name', ${first}, 'last_name', ${last}, 'email', 'client-' || ${index} || '@example.fr', 'phone', '+336' || lpad((${index} * 7919 % 100000000)::text, 8, '0'))`;
}
type SQL = ReturnType<typeof sql>;

/** The phone number of the customer `index` (as customerSql writes it). */
const phoneOf = (index: number) => `+336${String((index * 7919) % 100_000_000).padStart(8, '0')}`;

function ordersByDay(): Map<string, number> {
  const days: string[] = [];
  for (let day = firstDay; day <= lastDay; day = addDays(day, 1)) days.push(day);
  const weights = days.map((day) => weekday[dayOfWeek(day)]!);
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = new Map<string, number>();
  let given = 0;
  let cumulated = 0;
  days.forEach((day, i) => {
    cumulated += weights[i]!;
    const count = Math.round((totalOrders * cumulated) / sum) - given;
    counts.set(day, count);
    given += count;
  });
  return counts;
}

/** Copies the template `count` times at `at`, receipts from `firstNumber`, customers from the `firstIndex`-th copy. */
async function copyOrders(
  db: Database,
  templateId: number,
  columns: { name: string; type: string }[],
  count: number,
  at: Date,
  firstNumber: number,
  firstIndex: number,
): Promise<{ order_id: number; receipt_number: number }[]> {
  const n = sql`(${firstIndex}::int + g)`;
  const value = (name: string, type: string) => {
    if (name === 'local_id') return sql`gen_random_uuid()::text`;
    if (name === 'secret') return sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`;
    if (name === 'receipt_number') return sql`${firstNumber}::int + g`;
    if (name === 'customer') return customerSql(sql`(${n} * 7 % ${customers}::int)`);
    if (name === 'is_pickup') return sql`(${n} % 4 <> 0)`;
    if (name === 'status') return sql`case when ${n} % 50 = 0 then 'cancelled' else 'completed' end`;
    if (name === 'slot_key' || name === 'delivery_date') return sql`null`;
    if (type === 'timestamp with time zone')
      return sql`t.${sql.identifier(name)} + (${at.toISOString()}::timestamptz - t.created_at) + make_interval(secs => g)`;
    return sql`t.${sql.identifier(name)}`;
  };
  return queryRows(
    db,
    sql`insert into orders (${sql.join(
      columns.map((c) => sql.identifier(c.name)),
      sql`, `,
    )}) select ${sql.join(
      columns.map((c) => value(c.name, c.type)),
      sql`, `,
    )} from orders t, generate_series(0, ${count - 1}::int) g where t.order_id = ${templateId} order by g returning order_id, receipt_number`,
  );
}

async function fill(server: TestServer, clock: { now: Date }): Promise<{ orders: number; fillMs: number }> {
  const db = server.db;
  const started = performance.now();
  clock.now = paris(templateDay, 12, 30);
  const { orderId: templateId } = await placeCashOrder(server);
  const columns = await queryRows<{ name: string; type: string }>(
    db,
    sql`select column_name as name, data_type as type from information_schema.columns where table_name = 'orders' and table_schema = current_schema() and column_name <> 'order_id' order by ordinal_position`,
  );
  const [row] = await queryRows<{ receipt_number: number }>(db, sql`select receipt_number from orders where order_id = ${templateId}`);
  let number = row!.receipt_number;
  let index = 0;
  let lastReport = performance.now();
  const signer = await server.deps.books.signer();
  const weight = hours.reduce((sum, [, w]) => sum + w, 0);
  for (const [day, count] of ordersByDay()) {
    let placed = 0;
    let cumulated = 0;
    for (const [hour, w] of hours) {
      cumulated += w;
      const n = Math.round((count * cumulated) / weight) - placed;
      placed += n;
      if (n <= 0) continue;
      const at = paris(day, hour, 0);
      clock.now = at;
      await db.transaction(async (tx) => {
        const rows = await copyOrders(tx, templateId, columns, n, at, number + 1, index);
        const batch: NewEntry[] = rows.flatMap((r) =>
          counterSale(r.order_id, r.receipt_number).map((body) => ({ chain: 'live' as const, orderId: r.order_id, operator: null, body })),
        );
        await appendEntries(tx, signer, batch, at);
      });
      number += n;
      index += n;
    }
    if (performance.now() - lastReport > 15_000) {
      lastReport = performance.now();
      console.log(`  … ${index} orders to ${day}, ${((index / (performance.now() - started)) * 1000).toFixed(0)} orders/s`);
    }
  }
  await db.execute(sql`update document_counters set last = ${number} where name = 'receipt'`);
  await db.execute(sql`analyze`);
  return { orders: index, fillMs: performance.now() - started };
}

/** The index of migration 0020 (docs/decisions/034): dropped and created again to compare. */
const historyIndexes = [{ name: 'orders_phone_idx', create: sql`create index orders_phone_idx on orders ((customer->>'phone'))` }];

async function run(server: TestServer, cookie: string, path: string): Promise<{ times: number[]; count: number; status: number }> {
  const first = await staffRequest<OrderHistoryPage>(server, cookie, 'GET', path);
  if (first.status !== 200) return { times: [], count: 0, status: first.status };
  const times: number[] = [];
  for (let r = 0; r < rounds; r += 1) {
    const started = performance.now();
    await staffRequest(server, cookie, 'GET', path);
    times.push(performance.now() - started);
  }
  return { times, count: payloadOf(first).orders.length, status: 200 };
}

async function measure(kind: string, start: (clock: () => Date) => Promise<{ server: TestServer; dispose(): Promise<void> }>): Promise<void> {
  const clock = { now: paris(templateDay, 12, 30) };
  const { server, dispose } = await start(() => clock.now);
  try {
    console.log(`\n${kind}: filling ${totalOrders} orders …`);
    const filled = await fill(server, clock);
    clock.now = paris(searchDay, 12, 30);
    const staff = await createTestStaff(server.db, { now: clock.now });
    const owner = await createTestStaff(server.db, { now: clock.now, role: 'owner' });
    const [newest] = await queryRows<{ order_id: number; receipt_number: number }>(
      server.db,
      sql`select order_id, receipt_number from orders order by order_id desc limit 1`,
    );
    const middle = Math.floor(filled.orders / 2);
    const [mid] = await queryRows<{ order_id: number; receipt_number: number }>(
      server.db,
      sql`select order_id, receipt_number from orders order by order_id limit 1 offset ${middle}`,
    );
    const lastWeekCustomer = ((filled.orders - 900) * 7) % customers;
    const firstPage = payloadOf(await staffRequest<OrderHistoryPage>(server, staff.cookie, 'GET', '/v2/restaurant/order-history'));
    const searches: [string, string][] = [
      ['newest first, no filter', ''],
      ['page 2 (cursor)', `?cursor=${firstPage.next_cursor}`],
      ['order number (middle of the history)', `?q=${mid!.order_id}`],
      ['receipt number R-…', `?q=R-${String(mid!.receipt_number).padStart(6, '0')}`],
      [
        'whole phone, national form (last week’s customer)',
        `?q=${encodeURIComponent(
          phoneOf(lastWeekCustomer)
            .replace('+33', '0')
            .replace(/(\d{2})(?=\d)/g, '$1 '),
        )}`,
      ],
      ['part of a phone (6 digits)', `?q=${phoneOf(lastWeekCustomer).slice(-6)}`],
      ['a last name, no accent (1 in 30)', '?q=lefevre'],
      ['first and last name', '?q=helene%20girard'],
      ['an e-mail (one customer)', `?q=client-${lastWeekCustomer}@example.fr`],
      ['no match', '?q=personne'],
      ['one week in October', '?from=2026-10-06&to=2026-10-12'],
      ['status cancelled', '?status=cancelled'],
      ['delivery, card terminal', '?channel=delivery&means=card_terminal'],
      ['a name in a month, cash', '?q=martin&from=2026-09-01&to=2026-09-30&means=cash'],
    ];
    const report = (q: string) => `/v2/restaurant/books/report?${q}`;
    const reports: [string, string][] = [
      ['sales report: month (October)', report('period=month&from=2026-10-01')],
      ['sales report: 90 days', report(`period=range&from=${addDays(lastDay, -89)}&to=${lastDay}`)],
    ];
    console.log(
      `${kind}: ${filled.orders + 1} orders written in ${(filled.fillMs / 1000).toFixed(1)} s (newest ${newest!.order_id}); ${rounds} rounds a search after one warm-up`,
    );
    const results = new Map<string, string[]>();
    for (const variant of ['with 0020', 'without 0020'] as const) {
      if (variant === 'without 0020') {
        for (const index of historyIndexes) await server.db.execute(sql.raw(`drop index ${index.name}`));
        await server.db.execute(sql`analyze orders`);
      }
      for (const [name, query] of searches) {
        const path = `/v2/restaurant/order-history${query}`;
        const { times, count, status } = await run(server, staff.cookie, path);
        const cell = status === 200 ? `${count} rows · ${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)} ms` : `${status}`;
        results.set(name, [...(results.get(name) ?? []), cell]);
      }
      for (const [name, path] of reports) {
        const { times, status } = await run(server, owner.cookie, path);
        results.set(name, [
          ...(results.get(name) ?? []),
          status === 200 ? `${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)} ms` : `${status}`,
        ]);
      }
      if (plans) await printPlans(server.db, phoneOf(lastWeekCustomer), variant);
    }
    for (const index of historyIndexes) await server.db.execute(index.create);
    console.log(`| ${kind}: GET …/order-history | with 0020: rows · p50 / p95 | without: rows · p50 / p95 |`);
    console.log('| --- | --- | --- |');
    for (const [name, cells] of results) console.log(`| ${name} | ${cells.join(' | ')} |`);
  } finally {
    await server.close();
    await dispose();
  }
}

/**
 * The plans (HISTORY_PLANS=1) of the whole-phone search, of the first page, and of the sales
 * report's customers' query for October (apps/api/src/modules/books/reports.ts `customersOf`), to
 * see that the index leaves the report's plan alone.
 */
async function printPlans(db: Database, phone: string, variant: string) {
  const october = await queryRows<{ order_id: number }>(
    db,
    sql`select order_id from orders where created_at >= '2026-10-01T00:00:00+02:00' and created_at < '2026-11-01T00:00:00+01:00'`,
  );
  const ids = october.map((r) => r.order_id);
  const queries = [
    [
      'whole phone',
      sql`explain analyze select o.order_id from orders o where o.placed_at is not null and (o.customer->>'phone') = ${phone} order by o.created_at desc, o.order_id desc limit 31`,
    ],
    ['first page', sql`explain analyze select o.order_id from orders o where o.placed_at is not null order by o.created_at desc, o.order_id desc limit 31`],
    [
      'sales report customers, October',
      sql`explain analyze with period as (select distinct lower(customer->>'email') as email from orders where order_id = any(${sql.param(ids)}::int[])),
      earlier as (select distinct lower(o.customer->>'email') as email from orders o join period p on lower(o.customer->>'email') = p.email
        where o.books_chain = 'live' and o.placed_at is not null and (o.placed_at at time zone 'Europe/Paris')::date < '2026-10-01'::date)
      select (select count(*)::int from period where email not in (select email from earlier)) as new, (select count(*)::int from earlier) as returning`,
    ],
  ] as const;
  for (const [name, query] of queries) {
    const rows = await queryRows<{ 'QUERY PLAN': string }>(db, query);
    console.log(`plan ${variant} (${name}):\n${rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
  }
}

console.log(`Machine load at the start (loadavg 1 min): ${loadavg()[0]!.toFixed(1)} for ${availableParallelism()} cores`);
if (engines.includes('pglite'))
  await measure('PGlite', async (clock) => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-orders-history-'));
    const server = await startTestServer({ clock, dataDir: dir });
    return { server, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
  });
if (!engines.includes('postgresql')) console.log('\nPostgreSQL: not asked (HISTORY_ENGINES).');
else if (adminUrl) {
  await measure('PostgreSQL', async (clock) => {
    const database = await freshPostgresDatabase(adminUrl);
    const server = await startTestServer({ clock, databaseUrl: database.url });
    return { server, dispose: () => database.drop() };
  });
} else console.log('\nPostgreSQL: none answers (DATABASE_URL or 127.0.0.1:5432), skipped.');
