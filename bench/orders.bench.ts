/**
 * Order creation (docs/decisions/025-order-creation-cost.md): POST /v2/public/checkout/
 * on the real server (a child process), on PGlite and then on PostgreSQL (a fresh database; skipped
 * with a printed line when none answers), `BENCH_CONNECTIONS` (10) keep-alive connections for
 * `BENCH_SECONDS` (8 s). The server's clock is fixed on an open Tuesday (openNow, CLOCK_NOW) and
 * the order is « dès que possible »: it works any day at any hour. Every answer must be a 201; the
 * first other answer's body is printed. Beside it, in the same run, the limit: the database's own
 * rate for a transaction writing the same rows (rate limits, order, lines, offer use, counters,
 * event, two e-mails) with prepared statements, through `pg` with as many clients on PostgreSQL and
 * through PGlite directly on PGlite; on PostgreSQL also through pgbench when installed (PostgreSQL's
 * own client, no Node.js: the database's own rate). And the SQL statements one order costs (the
 * request and the sending of its e-mails), counted in-process through the same code.
 * Run: npm run bench:orders   (ports BENCH_PORT, default 7400 and 7401; about 1 minute)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { NamingPGlite } from '../apps/api/src/db/naming-pglite.ts';
import { buildOrderPayload, postOrder, startTestServer } from '../apps/api/src/test/harness.ts';
import { reportFigures, type BenchFigure } from './lib/figures.ts';
import { freshPostgresDatabase, kill, openNow, postgresAdminUrl, startServer, type ServerProcess } from './lib/server-process.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const basePort = Number(process.env.BENCH_PORT ?? 7400);
const adminUrl = await postgresAdminUrl();
delete process.env.DATABASE_URL; // the in-process harness picks its database from it: set only where meant

interface Load {
  rps: number;
  p50: number;
  p99: number;
  orders: number;
  errors: number;
  firstError?: string;
}

/** Places orders for `seconds` on `server`: each a fresh local_id and customer e-mail, the same priced cart. */
async function placeOrders(server: ServerProcess): Promise<Load> {
  const template = await buildOrderPayload({ baseUrl: server.baseUrl, now: () => openNow });
  let sequence = 0;
  let firstError: string | undefined;
  const result = await autocannon({
    url: `${server.baseUrl}/v2/public/checkout/`,
    duration: seconds,
    connections,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => {
          sequence += 1;
          const body = { ...template, local_id: `bench-${process.pid}-${sequence}`, customer: { ...template.customer, email: `client${sequence}@example.fr` } };
          return { ...req, body: JSON.stringify(body) };
        },
        onResponse: (status, body) => {
          if (status !== 201 && firstError === undefined) firstError = `${status} ${body}`;
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    orders: result['2xx'],
    errors: result.errors + result.non2xx + result.timeouts,
    firstError,
  };
}

/** The rows of one order as our transaction writes them, with prepared statements: the limit's transaction. */
const rawStatements = [
  `insert into rate_limits (key, window_start, count) values ($1, now(), 1), ($2, now(), 1)
     on conflict (key) do update set count = rate_limits.count + 1`,
  `insert into orders (local_id, status, is_pickup, payment_method, customer, subtotal_cents, discount_cents, delivery_cents, tax_cents, total_cents, tax_by_rate, slot_key)
     values ($1, 'pending', true, 'cash', $2::jsonb, 2400, 0, 0, 218, 2400, '[]', '2026-11-24 13:00') returning order_id, secret`,
  `insert into order_lines (order_id, position, item_id, item_menu_id, item_category_id, item_name, quantity, note, unit_price_cents, amount_cents, tax_rate_bp, is_free, discount_cents, options)
     values ($1, 0, 1, 1, 1, 'Margherita', 2, '', 1200, 2400, 1000, false, 0, '[]')`,
  `insert into order_offers (order_id, offer_id, customer_key, allow_repeat) values ($1, 1, $2, true)`,
  `insert into document_counters (name, last) values ('order_event', 1) on conflict (name) do update set last = document_counters.last + 1 returning last`,
  `insert into order_events (id, order_id, type, to_status, actor, at) values ($1, $2, 'placed', 'pending', 'customer', now())`,
  `insert into document_counters (name, last) values ('receipt', 1) on conflict (name) do update set last = document_counters.last + 1 returning last`,
  `update orders set receipt_number = $1, placed_at = now() where order_id = $2`,
  `insert into mail_outbox (kind, order_id, recipient, subject, text, html, next_attempt_at)
     values ('order-confirmation', $1, $2, 'Commande', $3, $3, now()), ('order-restaurant', $1, 'resto@example.fr', 'Commande', $3, $3, now())`,
];

/** The e-mails' text of the raw transactions: about the size of an order's. */
const mailText = 'Bonjour, votre commande est bien reçue. '.repeat(40);

/** One order's rows through `query` (a `pg` client or PGlite), in one transaction. */
async function rawOrder(query: (name: string, text: string, values: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>, n: number): Promise<void> {
  const email = `client${n}@example.fr`;
  const [s0, s1, s2, s3, s4, s5, s6, s7, s8] = rawStatements as [string, string, string, string, string, string, string, string, string];
  await query('', 'begin', []);
  await query('raw0', s0, [`order-ip:127.0.0.1`, `order-email:${email}`]);
  const order = await query('raw1', s1, [`raw-${process.pid}-${n}`, JSON.stringify({ first_name: 'Bench', last_name: 'Mark', email, phone: '0612345678' })]);
  const orderId = order.rows[0]!.order_id;
  await query('raw2', s2, [orderId]);
  await query('raw3', s3, [orderId, `email:${email}`]);
  const event = await query('raw4', s4, []);
  await query('raw5', s5, [event.rows[0]!.last, orderId]);
  const receipt = await query('raw6', s6, []);
  await query('raw7', s7, [receipt.rows[0]!.last, orderId]);
  await query('raw8', s8, [orderId, email, mailText]);
  await query('', 'commit', []);
}

/** Runs `rawOrder` on `clients` clients for `seconds`: transactions per second and p99 in ms. */
async function rawLoad(
  clients: ((name: string, text: string, values: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>)[],
): Promise<{ rps: number; p99: number }> {
  let n = 0;
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    clients.map(async (query) => {
      while (performance.now() < until) {
        const t = performance.now();
        await rawOrder(query, ++n);
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / ((performance.now() - started) / 1000), p99: latencies[Math.floor(latencies.length * 0.99)] ?? NaN };
}

/** PostgreSQL's own rate: `connections` `pg` clients on a migrated fresh database, named (prepared) statements. */
async function rawPostgres(url: string) {
  const clients = await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  try {
    return await rawLoad(clients.map((client) => (name, text, values) => client.query(name ? { name, text, values } : text)));
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

/**
 * The same transaction as `rawOrder` for pgbench (PostgreSQL's own client, in C: no Node.js, no
 * driver of ours), its parameters computed by the script: `:n` a random number per transaction,
 * the rows' ids and numbers read back with `\gset`; `text`, the e-mails' text as `rawOrder` sends it.
 */
const pgbenchScript = (text: string) => {
  const email = `('client' || (:n)::text || '@example.fr')`;
  const [s0, s1, s2, s3, s4, s5, s6, s7, s8] = rawStatements as [string, string, string, string, string, string, string, string, string];
  const bind = (statement: string, ...values: string[]) =>
    values.reduceRight((text, value, index) => text.replaceAll(`$${index + 1}`, value), statement).replace(/\s+/g, ' ');
  return [
    '\\set n random(1, 9000000000000000000)',
    'begin;',
    bind(s0, `'order-ip:127.0.0.1'`, `'order-email:' || ${email}`) + ';',
    bind(s1, `'pgbench-' || (:n)::text`, `json_build_object('first_name', 'Bench', 'last_name', 'Mark', 'email', ${email}, 'phone', '0612345678')::text`) +
      ' \\gset',
    bind(s2, ':order_id') + ';',
    bind(s3, ':order_id', `'email:' || ${email}`) + ';',
    bind(s4) + ' \\gset event_',
    bind(s5, ':event_last', ':order_id') + ';',
    bind(s6) + ' \\gset receipt_',
    bind(s7, ':receipt_last', ':order_id') + ';',
    bind(s8, ':order_id', email, `'${text.replaceAll("'", "''")}'`) + ';',
    'commit;',
  ].join('\n');
};

/**
 * PostgreSQL's own insert rate (docs/decisions/025: « PostgreSQL's own pgbench-style insert rate »): pgbench,
 * when installed, running `pgbenchScript` on `url` with `connections` clients, prepared statements,
 * for `seconds`. Transactions per second and p99 (from pgbench's per-transaction log), or undefined
 * without pgbench.
 */
function pgbenchRate(url: string): { rps: number; p99: number } | undefined {
  let pgbench: string;
  try {
    pgbench = execFileSync('which', ['pgbench'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), 'resto-bench-pgbench-'));
  try {
    writeFileSync(join(dir, 'order.sql'), pgbenchScript(mailText));
    const output = execFileSync(
      pgbench,
      [
        '-n',
        '-M',
        'prepared',
        '-c',
        String(connections),
        '-j',
        '2',
        '-T',
        String(seconds),
        '-l',
        `--log-prefix=${join(dir, 'log')}`,
        '-f',
        join(dir, 'order.sql'),
        url,
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1]);
    // Log lines: client, transaction, latency in µs, … (one file per thread).
    const latencies = readdirSync(dir)
      .filter((name) => name.startsWith('log'))
      .flatMap((name) => readFileSync(join(dir, name), 'utf8').trim().split('\n'))
      .map((line) => Number(line.split(' ')[2]) / 1000)
      .sort((a, b) => a - b);
    return { rps: tps, p99: latencies[Math.floor(latencies.length * 0.99)] ?? NaN };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** PGlite's own rate: the same transaction on a migrated PGlite in a fresh directory, one connection. */
async function rawPglite() {
  const dir = mkdtempSync(join(tmpdir(), 'resto-bench-raw-'));
  const handle = await openDatabase({ dataDir: dir });
  await handle.close();
  const client = new PGlite(dir);
  try {
    // One session, one query at a time: ten clients would only take turns on it.
    const query = (_name: string, text: string, values: unknown[]) => client.query(text, values) as Promise<{ rows: Record<string, unknown>[] }>;
    return await rawLoad([query]);
  } finally {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The SQL statements (round trips) of `orders` orders placed one after the other on an in-process
 * server of the same code (the test harness), their e-mails sent, divided by `orders`; BEGIN and
 * COMMIT included. On PostgreSQL every `pg` query counts; on PGlite every query of the client (named
 * statements included, db/naming-pglite.ts) and of its transactions.
 */
async function statementsPerOrder(kind: 'pglite' | 'postgres', orders = 20, journal = true): Promise<{ statements: number; ms: number }> {
  let counting = false;
  let statements = 0;
  const restore: (() => void)[] = [];
  const wrap = <T extends object>(target: T, key: keyof T) => {
    const original = target[key] as unknown as (...args: unknown[]) => unknown;
    (target as Record<keyof T, unknown>)[key] = function (this: unknown, ...args: unknown[]) {
      if (counting) statements += 1;
      return original.apply(this, args);
    };
    restore.push(() => ((target as Record<keyof T, unknown>)[key] = original));
  };
  if (kind === 'postgres') wrap(pg.Client.prototype, 'query');
  else {
    // The server's PGlite: its `query` runs named statements itself and PGlite's for the others.
    wrap(NamingPGlite.prototype, 'query');
    const transaction = PGlite.prototype.transaction;
    PGlite.prototype.transaction = function <T>(this: PGlite, callback: (tx: Transaction) => Promise<T>) {
      if (counting) statements += 2; // BEGIN and COMMIT
      return transaction.call(this, (tx: Transaction) => {
        wrap(tx, 'query');
        return callback(tx);
      }) as Promise<T>;
    };
    restore.push(() => (PGlite.prototype.transaction = transaction));
  }
  if (kind === 'postgres') process.env.DATABASE_URL = adminUrl;
  const server = await startTestServer({ clock: () => openNow });
  delete process.env.DATABASE_URL;
  // Without the journal (docs/decisions/031): the same order service without its books, to show
  // what the cash order's receipt entry costs, beside. Only here: the product always journals.
  if (!journal) Reflect.set(server.deps.orders, 'books', undefined);
  let elapsed = 0;
  try {
    const template = await buildOrderPayload(server);
    await postOrder(server.baseUrl, template); // the catalogue and the counters' rows are there
    await server.deps.mail.idle();
    counting = true;
    const started = performance.now();
    for (let i = 0; i < orders; i++) {
      const answer = await postOrder(server.baseUrl, {
        ...template,
        local_id: `count-order-${i}`,
        customer: { ...template.customer, email: `compte${i}@example.fr` },
      });
      if (answer.status !== 201) throw new Error(`commande refusée : ${answer.status} ${JSON.stringify(answer.body)}`);
      await server.deps.mail.idle();
    }
    elapsed = performance.now() - started;
    counting = false;
  } finally {
    await server.close();
    restore.forEach((undo) => undo());
  }
  return { statements: statements / orders, ms: elapsed / orders };
}

/** The journal's cost per order: statements and time, one after the other in-process, with and without it (same run). */
async function journalCost(kind: 'pglite' | 'postgres'): Promise<number> {
  const withJournal = await statementsPerOrder(kind, 40);
  const without = await statementsPerOrder(kind, 40, false);
  const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  console.log(
    `${label} : ${withJournal.statements.toFixed(1)} requêtes SQL par commande (requête HTTP et envoi de ses e-mails), ${withJournal.ms.toFixed(1)} ms une à une`,
  );
  console.log(
    `${label} sans le journal des ventes : ${without.statements.toFixed(1)} requêtes, ${without.ms.toFixed(1)} ms une à une — le journal ajoute ${(withJournal.statements - without.statements).toFixed(1)} requêtes et ${(withJournal.ms - without.ms).toFixed(1)} ms (×${(withJournal.ms / without.ms).toFixed(2)})`,
  );
  return withJournal.statements;
}

async function benchServer(label: string, port: number, databaseUrl: string | undefined): Promise<Load> {
  const dataDir = mkdtempSync(join(tmpdir(), 'resto-bench-orders-'));
  // Thousands of orders from one address in seconds: the per-address limit of docs/decisions/014, multiplied.
  const server = await startServer({ port, dataDir, databaseUrl, env: { RATE_LIMIT_FACTOR: '1000000' } });
  try {
    // A first order makes the lazy parts (catalogue, counters' rows, prepared statements) warm.
    await placeOrdersWarmUp(server);
    const load = await placeOrders(server);
    console.log(
      `${label} : ${load.rps.toFixed(0)} commandes/s, p50 ${load.p50} ms, p99 ${load.p99} ms, ${load.orders} créées, ${load.errors} erreurs` +
        (load.firstError ? `\n  première erreur : ${load.firstError.slice(0, 500)}` : ''),
    );
    return load;
  } finally {
    await kill(server, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function placeOrdersWarmUp(server: ServerProcess) {
  const payload = await buildOrderPayload({ baseUrl: server.baseUrl, now: () => openNow });
  for (let i = 0; i < 20; i++) await postOrder(server.baseUrl, { ...payload, local_id: `warm-${process.pid}-${i}` });
}

const figure = (row: string, load: Load, limit: { rps: number; p99: number }, minRps: number, pgbench?: { rps: number; p99: number }): BenchFigure => ({
  row,
  measured: `${load.rps.toFixed(0)}/s, p99 ${load.p99} ms, ${load.errors} errors`,
  limit:
    `raw transaction ${limit.rps.toFixed(0)}/s (p99 ${limit.p99.toFixed(0)} ms)` +
    (pgbench ? `; pgbench, same transaction: ${pgbench.rps.toFixed(0)}/s (p99 ${pgbench.p99.toFixed(0)} ms)` : ''),
  goal: `≥ ${minRps}/s, p99 ≤ 100 ms`,
  met: load.rps >= minRps && load.p99 <= 100 && load.errors === 0,
});

console.log(`Création de commandes : ${connections} connexions, ${seconds} s par mesure, horloge fixée au ${openNow.toISOString()}`);
const figures: BenchFigure[] = [];

// BENCH_DATABASES: 'pglite', 'postgres' or both (default), to measure one alone.
const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
if (databases.includes('pglite')) {
  const pgliteLoad = await benchServer('PGlite', basePort, undefined);
  const pgliteRaw = await rawPglite();
  console.log(`PGlite brut (même transaction, PGlite direct) : ${pgliteRaw.rps.toFixed(0)}/s, p99 ${pgliteRaw.p99.toFixed(1)} ms`);
  await journalCost('pglite');
  figures.push(figure('order creation, PGlite', pgliteLoad, pgliteRaw, 300));
}

if (!databases.includes('postgres')) console.log('PostgreSQL non mesuré (BENCH_DATABASES).');
else if (!adminUrl) console.log('PostgreSQL absent (ni DATABASE_URL ni 127.0.0.1:5432) : mesure PostgreSQL non faite.');
else {
  const database = await freshPostgresDatabase(adminUrl);
  try {
    const postgresLoad = await benchServer('PostgreSQL', basePort + 1, database.url);
    const postgresRaw = await rawPostgres(database.url);
    const pgbench = pgbenchRate(database.url);
    console.log(
      `PostgreSQL brut (même transaction, pg, ${connections} clients, requêtes préparées) : ${postgresRaw.rps.toFixed(0)}/s, p99 ${postgresRaw.p99.toFixed(1)} ms`,
    );
    console.log(
      pgbench
        ? `PostgreSQL seul (pgbench, même transaction, ${connections} clients, requêtes préparées) : ${pgbench.rps.toFixed(0)}/s, p99 ${pgbench.p99.toFixed(1)} ms`
        : 'pgbench absent : débit propre de PostgreSQL non mesuré.',
    );
    await journalCost('postgres');
    figures.push(figure('order creation, PostgreSQL', postgresLoad, postgresRaw, 800, pgbench));
  } finally {
    await database.drop();
  }
}
reportFigures('orders', figures);
