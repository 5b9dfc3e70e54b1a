/**
 * The customers (docs/decisions/037-customers.md; GET /v2/restaurant/customers and a customer's
 * page): the answer time over CUSTOMERS_ORDERS orders (100,000) of 30,000 customers spread over
 * 200 days, through real HTTP, signed in as a staff member; p50 / p95 / max over CUSTOMERS_ROUNDS
 * rounds (10) after one warm-up. The server is the real app in this process
 * (apps/api/src/test/harness.ts), on PGlite under a temporary directory, then on PostgreSQL when
 * one answers (DATABASE_URL or 127.0.0.1:5432), in a fresh database.
 *
 * The fill (the shape of bench/orders-history.ts, without the journal: the customers' figures come
 * from the orders): one cash order placed through the real route, its `orders` row copied in bulk
 * (INSERT … SELECT over generate_series) a day at a time, each copy one of 30,000 customers (names
 * with accents, an e-mail, a mobile number in E.164; every 10th customer also ordered from a second
 * e-mail with the same phone, a chain), every 50th cancelled, every 200th « Non récupérée » (its
 * order_events row with reason not_collected). Then 200 notes and flags written through the API.
 * Run: npm run bench:customers   (CUSTOMERS_ORDERS, CUSTOMERS_ROUNDS, CUSTOMERS_ENGINES=pglite|postgresql)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { CustomerList } from '../packages/contract/src/customers.ts';
import { addDays } from '../packages/domain/src/clock.ts';
import { queryRows } from '../apps/api/src/db/client.ts';
import { placeCashOrder } from '../apps/api/src/modules/board/test-helpers.ts';
import { payloadOf, startTestServer, type TestServer } from '../apps/api/src/test/harness.ts';
import { createTestStaff, staffRequest } from '../apps/api/src/test/staff.ts';
import { parisAt as paris } from './lib/books-fixtures.ts';
import { freshPostgresDatabase, percentile, postgresAdminUrl } from './lib/server-process.ts';

const totalOrders = Number(process.env.CUSTOMERS_ORDERS ?? 100_000);
const rounds = Number(process.env.CUSTOMERS_ROUNDS ?? 10);
const engines = (process.env.CUSTOMERS_ENGINES ?? 'pglite,postgresql').split(',');
const customers = 30_000;
const days = 200;
const templateDay = '2026-05-05';
const firstDay = '2026-05-06';
const searchDay = '2026-11-24';

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

const adminUrl = await postgresAdminUrl();
delete process.env.DATABASE_URL;

type SQL = ReturnType<typeof sql>;
/** The phone number of customer `index`. */
const phoneOf = (index: number) => `+336${String((index * 7919) % 100_000_000).padStart(8, '0')}`;

/** The customer of copy `n`: customer index n*7 % customers; every 10th customer's odd orders from a second e-mail. */
function customerSql(n: SQL) {
  const index = sql`(${n} * 7 % ${customers}::int)`;
  const list = (names: string[]) =>
    sql`array[${sql.join(
      names.map((name) => sql`${name}`),
      sql`, `,
    )}]`;
  const first = sql`(${list(firstNames)})[1 + ${index} % ${firstNames.length}::int]`;
  const last = sql`(${list(lastNames)})[1 + (${index} / ${firstNames.length}::int) % ${lastNames.length}::int]`;
  const email = sql`case when ${index} % 10 = 0 and ${n} % 2 = 1 then 'autre-' || ${index} || '@travail.fr' else 'client-' || ${index} || '@example.fr' end`;
  return sql`jsonb_build_object('first_name', ${first}, 'last_name', ${last}, 'email', ${email}, 'phone', '+336' || lpad((${index} * 7919 % 100000000)::text, 8, '0'))`;
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
  const perDay = Math.ceil(totalOrders / days);
  let index = 0;
  for (let d = 0; index < totalOrders; d++) {
    const day = addDays(firstDay, d);
    const count = Math.min(perDay, totalOrders - index);
    const at = paris(day, 12, 0);
    const n = sql`(${index}::int + g)`;
    const value = (name: string, type: string) => {
      if (name === 'local_id') return sql`gen_random_uuid()::text`;
      if (name === 'secret') return sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`;
      if (name === 'receipt_number' || name === 'invoice_number' || name === 'slot_key' || name === 'delivery_date') return sql`null`;
      if (name === 'customer') return customerSql(n);
      if (name === 'customer_id') return sql`null::int`;
      if (name === 'status') return sql`case when ${n} % 50 = 0 or ${n} % 200 = 7 then 'cancelled' else 'completed' end`;
      if (type === 'timestamp with time zone')
        return sql`t.${sql.identifier(name)} + (${at.toISOString()}::timestamptz - t.created_at) + make_interval(secs => g * 20)`;
      return sql`t.${sql.identifier(name)}`;
    };
    await db.transaction(async (tx) => {
      const rows = await queryRows<{ order_id: number; n: number }>(
        tx,
        sql`insert into orders (${sql.join(
          columns.map((c) => sql.identifier(c.name)),
          sql`, `,
        )}) select ${sql.join(
          columns.map((c) => value(c.name, c.type)),
          sql`, `,
        )} from orders t, generate_series(0, ${count - 1}::int) g where t.order_id = ${templateId} order by g returning order_id`,
      );
      const noShows = rows.filter((_, i) => (index + i) % 200 === 7).map((r) => r.order_id);
      if (noShows.length)
        await tx.execute(
          sql`insert into order_events (id, order_id, type, from_status, to_status, actor, reason, at)
              select 100000000 + o, o, 'status', 'accepted', 'cancelled', 'staff', 'not_collected', ${at.toISOString()}::timestamptz
              from unnest(${sql.param(noShows)}::int[]) o`,
        );
    });
    index += count;
  }
  // Their customers (docs/decisions/037), as the migration gave the orders already there.
  const [assign] = await queryRows<{ present: boolean }>(db, sql`select to_regproc('customers_assign_orders') is not null as present`);
  if (assign?.present) await db.execute(sql`select customers_assign_orders()`);
  await db.execute(sql`analyze`);
  return { orders: index, fillMs: performance.now() - started };
}

async function run(
  server: TestServer,
  cookie: string,
  path: string,
  /** Runs before each round, not timed (an order placed: the read then refreshes that customer's figures). */
  before?: (round: number) => Promise<unknown>,
): Promise<{ times: number[]; count: number; status: number }> {
  const first = await staffRequest<CustomerList>(server, cookie, 'GET', path);
  if (first.status !== 200) return { times: [], count: 0, status: first.status };
  const times: number[] = [];
  for (let r = 0; r < rounds; r += 1) {
    await before?.(r);
    const started = performance.now();
    await staffRequest(server, cookie, 'GET', path);
    times.push(performance.now() - started);
  }
  const payload = payloadOf(first) as CustomerList | { orders: unknown[] };
  return { times, count: 'total' in payload ? payload.total : payload.orders.length, status: 200 };
}

async function measure(kind: string, start: (clock: () => Date) => Promise<{ server: TestServer; dispose(): Promise<void> }>): Promise<void> {
  const clock = { now: paris(templateDay, 12, 30) };
  const { server, dispose } = await start(() => clock.now);
  try {
    console.log(`\n${kind}: filling ${totalOrders} orders …`);
    const filled = await fill(server, clock);
    clock.now = paris(searchDay, 12, 30);
    const staff = await createTestStaff(server.db, { now: clock.now });
    // The first read computes every customer's stored figures (the fill's triggers named them all stale).
    const refreshStarted = performance.now();
    payloadOf(await staffRequest<CustomerList>(server, staff.cookie, 'GET', '/v2/restaurant/customers'));
    console.log(`${kind}: the first read after the fill (every customer's figures computed): ${(performance.now() - refreshStarted).toFixed(0)} ms`);
    const writeStarted = performance.now();
    const writes: number[] = [];
    for (let i = 0; i < 200; i++) {
      const key = encodeURIComponent(`phone:${phoneOf(i * 149)}`);
      const started = performance.now();
      await staffRequest(
        server,
        staff.cookie,
        'PUT',
        `/v2/restaurant/customers/${key}/${i % 2 ? 'note' : 'mark'}`,
        i % 2 ? { note: 'allergique aux noix' } : { mark: 'flagged', reason: 'essai' },
      );
      writes.push(performance.now() - started);
    }
    const writeMs = (performance.now() - writeStarted) / 200;
    console.log(
      `${kind}: ${filled.orders + 1} orders written in ${(filled.fillMs / 1000).toFixed(1)} s; 200 notes and flags, ${writeMs.toFixed(0)} ms each; ${rounds} rounds after one warm-up`,
    );
    const chained = 10 * 7; // a customer with two e-mails
    const searches: [string, string][] = [
      ['first page (last order first)', '/v2/restaurant/customers'],
      ['sorted by total spent, page 3', '/v2/restaurant/customers?sort=spent&page=3'],
      ['a last name, no accent', '/v2/restaurant/customers?q=lefevre'],
      ['a whole phone, national form', `/v2/restaurant/customers?q=${encodeURIComponent(phoneOf(chained).replace('+33', '0'))}`],
      ['an e-mail', `/v2/restaurant/customers?q=client-${chained}@example.fr`],
      ['no match', '/v2/restaurant/customers?q=personne'],
      ['a customer’s page (two e-mails)', `/v2/restaurant/customers/${encodeURIComponent(`phone:${phoneOf(chained)}`)}`],
    ];
    console.log(`| ${kind} | customers (or rows) | p50 / p95 / max ms |`);
    console.log('| --- | --- | --- |');
    const afterOrder = (round: number) =>
      placeCashOrder(server, { customer: { first_name: 'Noé', last_name: 'Bench', email: `client-${round * 37}@example.fr`, phone: phoneOf(round * 37) } });
    const runs: [string, string, ((round: number) => Promise<unknown>)?][] = [
      ...searches.map(([name, path]): [string, string] => [name, path]),
      ['first page, right after a new order of a known customer', '/v2/restaurant/customers', afterOrder],
    ];
    for (const [name, path, before] of runs) {
      const { times, count, status } = await run(server, staff.cookie, path, before);
      console.log(
        status === 200
          ? `| ${name} | ${count} | ${percentile(times, 50).toFixed(0)} / ${percentile(times, 95).toFixed(0)} / ${Math.max(...times).toFixed(0)} |`
          : `| ${name} | ${status} | |`,
      );
    }
    console.log(
      `| a note or a flag written (200, each answering the customer's page) | 1 | ${percentile(writes, 50).toFixed(0)} / ${percentile(writes, 95).toFixed(0)} / ${Math.max(...writes).toFixed(0)} |`,
    );
  } finally {
    await server.close();
    await dispose();
  }
}

console.log(`Machine load at the start (loadavg 1 min): ${loadavg()[0]!.toFixed(1)} for ${availableParallelism()} cores`);
if (engines.includes('pglite'))
  await measure('PGlite', async (clock) => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-customers-'));
    const server = await startTestServer({ clock, dataDir: dir });
    return { server, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
  });
if (!engines.includes('postgresql')) console.log('\nPostgreSQL: not asked (CUSTOMERS_ENGINES).');
else if (adminUrl) {
  await measure('PostgreSQL', async (clock) => {
    const database = await freshPostgresDatabase(adminUrl);
    const server = await startTestServer({ clock, databaseUrl: database.url });
    return { server, dispose: () => database.drop() };
  });
} else console.log('\nPostgreSQL: none answers (DATABASE_URL or 127.0.0.1:5432), skipped.');
