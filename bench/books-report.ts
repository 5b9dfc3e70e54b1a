/**
 * The owner's sales report (docs/decisions/031-the-books.md; GET /v2/restaurant/books/report,
 * apps/api/src/modules/books/reports.ts) with REPORT_ORDERS orders (100,000) over 202 days (6 May
 * to 23 November 2026; none on Mondays, the restaurant's day off; Saturdays busiest): its answer
 * time over real HTTP, signed in as the owner, for period=day (a Saturday), week, month, a range
 * of 90 days and the 202 days; p50 / p95 / max over REPORT_ROUNDS rounds (20) after one warm-up.
 * The server is the real app in this process (apps/api/src/test/harness.ts, as bench/board.bench.ts
 * runs it), on PGlite under a temporary directory as the server keeps it, then on PostgreSQL when
 * one answers (DATABASE_URL or 127.0.0.1:5432).
 *
 * The fill: the report reads the live chain's receipts and payments by business day, its head,
 * and the orders' customers (their e-mail, placed_at). One cash order is placed and paid at the
 * counter through the real routes; its `orders` row is then copied in bulk (INSERT … SELECT over
 * generate_series: its timestamps moved to the copy's hour, a new local id and secret, the next
 * receipt number, one of 30,000 customers' e-mails), and its journal entries (receipt, payment)
 * are written again for each copy by the journal's own `appendEntries` (signed, chained, an hour's
 * orders of a day in one transaction), with the copy's order id and receipt number; each day is
 * closed by `closeDaysThrough` as the closing job does, and the receipt counter set to the last
 * number. The orders' lines, events and payments rows are not copied: the report does not read
 * them. At the end `verifyJournal` checks the chain (REPORT_VERIFY=0 skips it).
 * Run: npm run bench:books-report   (REPORT_ORDERS, REPORT_ROUNDS, REPORT_VERIFY)
 *
 * Measured on 2026-12-03, two runs (2 cores shared with other work, load average 8 to 12), 100,001
 * orders, 200,212 live entries (fill 117–122 s on PGlite, 37–90 s on PostgreSQL; verifyJournal ok),
 * p50 / p95 over 20 rounds:
 * - PGlite: day (820 orders) 238–468 / 467–812 ms; week (3,464) 316–479 / 556–1,106 ms; month
 *   (15,861) 1,164–1,591 / 1,329–1,971 ms; 90 days (44,576) 2,795–2,869 / 4,024–4,789 ms.
 * - PostgreSQL: day 81–139 / 90–201 ms; week 189–303 / 200–598 ms; month 360–731 / 400–1,017 ms;
 *   90 days 930–1,896 / 1,171–3,188 ms.
 * - The 202 days (100,001 orders): 500 on both. reports.ts's customers' query binds one parameter
 *   per order sold (`order_id in ($1, …)`), and PostgreSQL's protocol carries at most 65,535:
 *   70,000 fails with « bind message has 4464 parameter formats but 0 parameters » on both
 *   databases. Any period with more than 65,535 orders sold fails (the contract allows 366 days).
 * - Where the time goes (the service, second run): the journal's rows (query and JSON.parse) about
 *   half, the customers' query (an `in` list of every order, and `lower(customer->>'email')` over
 *   all `orders` without an index) the other half, salesReportOf 1 to 3 %: on PostgreSQL, 90 days
 *   1,009 ms = 466 ms rows + 25 ms domain + 517 ms customers; on PGlite 2,397 = 1,144 + 31 + 1,222.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, between, eq, inArray, sql } from 'drizzle-orm';
import type { SalesReportAnswer } from '../packages/contract/src/books-reports.ts';
import type { BoardOrder } from '../packages/contract/src/board.ts';
import type { EntryBody } from '../packages/domain/src/books.ts';
import { reportPeriodOf, salesReportOf, type ReportEntry } from '../packages/domain/src/books-reports.ts';
import { addDays } from '../packages/domain/src/clock.ts';
import { journalEntries } from '../apps/api/src/db/schema.ts';
import { queryRows, type Database } from '../apps/api/src/db/client.ts';
import { board, placeCashOrder } from '../apps/api/src/modules/board/test-helpers.ts';
import { closeDaysThrough } from '../apps/api/src/modules/books/closures.ts';
import { readSalesReport } from '../apps/api/src/modules/books/reports.ts';
import { appendEntries, type NewEntry, type Operator } from '../apps/api/src/modules/books/journal.ts';
import type { BooksSigner } from '../apps/api/src/modules/books/signing.ts';
import { verifyJournal } from '../apps/api/src/modules/books/verify.ts';
import { payloadOf, startTestServer, type TestServer } from '../apps/api/src/test/harness.ts';
import { createTestStaff, staffRequest, type TestStaff } from '../apps/api/src/test/staff.ts';
import { parisAt as paris, serviceHours as hours } from './lib/books-fixtures.ts';
import { freshPostgresDatabase, percentile, postgresAdminUrl } from './lib/server-process.ts';

const totalOrders = Number(process.env.REPORT_ORDERS ?? 100_000);
const rounds = Number(process.env.REPORT_ROUNDS ?? 20);
const verify = process.env.REPORT_VERIFY !== '0';
const customers = 30_000;
const templateDay = '2026-05-05'; // a Tuesday
const firstDay = '2026-05-06';
const lastDay = '2026-11-23';
/** The report is read on Tuesday 24 November 2026, 12:30 in Paris. */
const reportDay = '2026-11-24';
/** A day's share of the week's orders, Sunday first (getUTCDay): none on Mondays, Saturdays busiest. */
const weekday = [1.2, 0, 1, 1, 1.1, 1.5, 1.8];
const dayOfWeek = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

// The harness opens PostgreSQL when DATABASE_URL is set: the PGlite run must not see it.
const adminUrl = await postgresAdminUrl();
delete process.env.DATABASE_URL;

/** Each day's order count: `totalOrders` shared by weekday weight. */
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

/** A JSON value with every `order_id` equal to `from` set to `to`, and a document's number set to `number`. */
function retarget(body: EntryBody, from: number, to: number, number: string): EntryBody {
  const copy = JSON.parse(JSON.stringify(body), (key, value: unknown) => (key === 'order_id' && value === from ? to : value)) as EntryBody;
  if (copy.kind === 'document') copy.document.number = number;
  return copy;
}

interface Template {
  orderId: number;
  receiptNumber: number;
  /** The receipt's document number's digits ('R-000001': 6). */
  digits: number;
  entries: { body: EntryBody; operator: Operator | null }[];
  columns: { name: string; type: string }[];
}

/** One real cash order, placed and paid at the counter on `templateDay`: the row and the entries to copy. */
async function placeTemplate(server: TestServer, staff: TestStaff): Promise<Template> {
  const { orderId } = await placeCashOrder(server);
  const total = payloadOf(await board(server, staff.cookie)).orders.find((o) => o.order_id === orderId)!.total;
  payloadOf(
    await staffRequest<{ order: BoardOrder }>(server, staff.cookie, 'POST', `/v2/restaurant/orders/${orderId}/payments`, {
      tenders: [{ means: 'cash', amount: total }],
      expected_paid: 0,
    }),
  );
  const rows = await queryRows<{ content: string }>(server.db, sql`select content from journal_entries where order_id = ${orderId} order by chain, seq`);
  const entries = rows.map((row) => JSON.parse(row.content) as { chain: string; body: EntryBody; operator: Operator | null });
  if (entries.some((e) => e.chain !== 'live')) throw new Error('commande modèle hors du journal réel');
  const [order] = await queryRows<{ receipt_number: number }>(server.db, sql`select receipt_number from orders where order_id = ${orderId}`);
  const columns = await queryRows<{ name: string; type: string }>(
    server.db,
    sql`select column_name as name, data_type as type from information_schema.columns where table_name = 'orders' and table_schema = current_schema() and column_name <> 'order_id' order by ordinal_position`,
  );
  const receipt = entries.find((e) => e.body.kind === 'document')!.body;
  const digits = receipt.kind === 'document' ? (/(\d+)$/.exec(receipt.document.number)?.[1]?.length ?? 6) : 6;
  return { orderId, receiptNumber: order!.receipt_number, digits, entries: entries.map(({ body, operator }) => ({ body, operator })), columns };
}

/**
 * Copies the template's row `count` times at `at` (receipt numbers from `firstNumber`, customers
 * from the `firstIndex`-th): one INSERT … SELECT. @returns the new order ids, in receipt order.
 */
async function copyOrders(db: Database, template: Template, count: number, at: Date, day: string, firstNumber: number, firstIndex: number): Promise<number[]> {
  const value = (name: string, type: string) => {
    if (name === 'local_id') return sql`gen_random_uuid()::text`;
    if (name === 'secret') return sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`;
    if (name === 'receipt_number') return sql`${firstNumber}::int + g`;
    if (name === 'customer')
      return sql`jsonb_set(t.customer, '{email}', to_jsonb('client-' || ((${firstIndex}::int + g) * 7919 % ${customers}::int) || '@example.fr'))`;
    if (name === 'delivery_date') return sql`case when t.delivery_date is null then null else ${day} end`;
    if (name === 'slot_key')
      return sql`case when t.slot_key is null then null else to_char(${at.toISOString()}::timestamptz at time zone 'Europe/Paris', 'YYYY-MM-DD HH24:MI') end`;
    if (type === 'timestamp with time zone') return sql`t.${sql.identifier(name)} + (${at.toISOString()}::timestamptz - t.placed_at)`;
    return sql`t.${sql.identifier(name)}`;
  };
  const rows = await queryRows<{ order_id: number }>(
    db,
    sql`insert into orders (${sql.join(
      template.columns.map((c) => sql.identifier(c.name)),
      sql`, `,
    )}) select ${sql.join(
      template.columns.map((c) => value(c.name, c.type)),
      sql`, `,
    )} from orders t, generate_series(0, ${count - 1}::int) g where t.order_id = ${template.orderId} order by g returning order_id`,
  );
  return rows.map((row) => row.order_id);
}

interface Filled {
  orders: number;
  entries: number;
  fillMs: number;
  busiest: { day: string; orders: number };
}

async function fill(server: TestServer, clock: { now: Date }, signer: BooksSigner, template: Template): Promise<Filled> {
  const db = server.db;
  const started = performance.now();
  const weight = hours.reduce((sum, [, w]) => sum + w, 0);
  let number = template.receiptNumber;
  let index = 0;
  let entries = 0;
  let lastReport = performance.now();
  let busiest = { day: firstDay, orders: 0 };
  await closeDaysThrough(db, signer, 'live', templateDay, paris(templateDay, 23, 30));
  for (const [day, count] of ordersByDay()) {
    if (count >= busiest.orders) busiest = { day, orders: count };
    let placed = 0;
    let cumulated = 0;
    for (const [hour, w] of hours) {
      cumulated += w;
      const n = Math.round((count * cumulated) / weight) - placed;
      placed += n;
      if (n <= 0) continue;
      const at = paris(day, hour, 30);
      clock.now = at;
      await db.transaction(async (tx) => {
        const ids = await copyOrders(tx, template, n, at, day, number + 1, index);
        const batch: NewEntry[] = ids.flatMap((orderId, i) => {
          const receipt = `R-${String(number + 1 + i).padStart(template.digits, '0')}`;
          return template.entries.map((e) => ({
            chain: 'live' as const,
            orderId,
            operator: e.operator,
            body: retarget(e.body, template.orderId, orderId, receipt),
          }));
        });
        await appendEntries(tx, signer, batch, at);
        entries += batch.length;
      });
      number += n;
      index += n;
    }
    clock.now = paris(day, 23, 30);
    entries += (await closeDaysThrough(db, signer, 'live', day, clock.now)).reduce((sum, c) => sum + 1 + (c.month ? 1 : 0) + (c.year ? 1 : 0), 0);
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      console.log(`  … ${index} orders to ${day}, ${((index / (performance.now() - started)) * 1000).toFixed(0)} orders/s`);
    }
  }
  await db.execute(sql`update document_counters set last = ${number} where name = 'receipt'`);
  return { orders: index, entries, fillMs: performance.now() - started, busiest };
}

const median = (values: number[]) => percentile(values, 50);

/**
 * Where a report's time goes, in the service (median of 5 calls each): readSalesReport whole; the
 * journal's rows it reads (the same query as reports.ts, JSON.parse'd); the domain's
 * salesReportOf over them; the rest is mostly the customers' query (new or returning) on `orders`.
 */
async function breakdown(db: Database, now: Date, query: { period: 'day' | 'week' | 'month' | 'range'; from: string; to?: string }) {
  const asked = reportPeriodOf(query.period, query.from, query.to);
  if ('error' in asked) throw new Error(asked.error);
  const { period } = asked;
  const service: number[] = [];
  const journal: number[] = [];
  const domain: number[] = [];
  for (let r = 0; r < 5; r += 1) {
    let started = performance.now();
    await readSalesReport(db, now, query);
    service.push(performance.now() - started);
    started = performance.now();
    const rows = await db
      .select({ recordedAt: journalEntries.recordedAt, content: journalEntries.content })
      .from(journalEntries)
      .where(
        and(
          eq(journalEntries.chain, 'live'),
          between(journalEntries.businessDate, period.from, period.to),
          inArray(journalEntries.kind, ['document', 'payment', 'refund']),
        ),
      );
    const entries: ReportEntry[] = rows.map((row) => ({ recorded_at: row.recordedAt, body: (JSON.parse(row.content) as { body: EntryBody }).body }));
    journal.push(performance.now() - started);
    started = performance.now();
    salesReportOf(period, entries, { new: 0, returning: 0 });
    domain.push(performance.now() - started);
  }
  const [s, j, d] = [median(service), median(journal), median(domain)];
  return `${s.toFixed(0)} ms = journal rows ${j.toFixed(0)} ms + salesReportOf ${d.toFixed(0)} ms + customers' query and the rest ${(s - j - d).toFixed(0)} ms`;
}

async function measure(kind: string, start: (clock: () => Date) => Promise<{ server: TestServer; dispose(): Promise<void> }>): Promise<void> {
  const clock = { now: paris(templateDay, 12, 30) };
  const { server, dispose } = await start(() => clock.now);
  try {
    const karim = await createTestStaff(server.db, { now: clock.now, name: 'Karim Benali' });
    const template = await placeTemplate(server, karim);
    const signer = await server.deps.books.signer();
    console.log(`\n${kind}: filling ${totalOrders} orders …`);
    const filled = await fill(server, clock, signer, template);
    clock.now = paris(reportDay, 12, 30);
    const owner = await createTestStaff(server.db, { now: clock.now, role: 'owner', name: 'Margot Lefèvre' });

    const queries: [string, { period: 'day' | 'week' | 'month' | 'range'; from: string; to?: string }][] = [
      [`day (Saturday ${filled.busiest.day}, ${filled.busiest.orders} orders)`, { period: 'day', from: filled.busiest.day }],
      ['week (its Monday to Sunday)', { period: 'week', from: filled.busiest.day }],
      ['month (October 2026)', { period: 'month', from: '2026-10-01' }],
      ['range of 90 days', { period: 'range', from: addDays(lastDay, -89), to: lastDay }],
      [`range of the 202 days`, { period: 'range', from: firstDay, to: lastDay }],
    ];
    const pathOf = (q: (typeof queries)[number][1]) => `/v2/restaurant/books/report?period=${q.period}&from=${q.from}${q.to ? `&to=${q.to}` : ''}`;
    const breakdowns: string[] = [];
    console.log(
      `\n${kind}: ${filled.orders + 1} orders, ${filled.entries + 2} journal entries written in ${(filled.fillMs / 1000).toFixed(1)} s; ${rounds} rounds a period (after one warm-up)`,
    );
    console.log('| GET /v2/restaurant/books/report | orders in it | answer | p50 | p95 | max |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const [name, query] of queries) {
      const first = await staffRequest<SalesReportAnswer>(server, owner.cookie, 'GET', pathOf(query));
      const times: number[] = [];
      let status = first.status;
      for (let r = 0; r < rounds && first.status === 200; r += 1) {
        const started = performance.now();
        const answer = await staffRequest<SalesReportAnswer>(server, owner.cookie, 'GET', pathOf(query));
        times.push(performance.now() - started);
        status = answer.status;
      }
      const body = first.status === 200 ? payloadOf(first) : undefined;
      const size = `${(JSON.stringify(first.body).length / 1024).toFixed(1)} KB`;
      if (body) breakdowns.push(`${name}: ${await breakdown(server.db, clock.now, query)}`);
      if (!body) console.log(`| ${name} | — | ${first.status}: ${JSON.stringify(first.body).slice(0, 120)} | — | — | — |`);
      else
        console.log(
          `| ${name} | ${body.orders} (${body.total_ttc.toFixed(2)} €, live ${body.live}) | ${status}, ${size} | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 95).toFixed(1)} ms | ${Math.max(...times).toFixed(1)} ms |`,
        );
    }
    console.log(`where the time goes, in the service (median of 5):\n${breakdowns.map((b) => `  ${b}`).join('\n')}`);
    if (verify) {
      const started = performance.now();
      const report = await verifyJournal(server.db);
      const live = report.chains.find((c) => c.chain === 'live')!;
      console.log(
        `verifyJournal: ok ${report.ok}, ${live.entries} live entries in ${((performance.now() - started) / 1000).toFixed(1)} s${report.ok ? '' : ` ${JSON.stringify(report.broken)}`}`,
      );
    }
  } finally {
    await server.close();
    await dispose();
  }
}

console.log(`Machine load at the start (loadavg 1 min): ${loadavg()[0]!.toFixed(1)} for ${availableParallelism()} cores`);
await measure('PGlite', async (clock) => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-books-report-'));
  const server = await startTestServer({ clock, dataDir: dir });
  return { server, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
});
if (adminUrl) {
  await measure('PostgreSQL', async (clock) => {
    const database = await freshPostgresDatabase(adminUrl);
    const server = await startTestServer({ clock, databaseUrl: database.url });
    return { server, dispose: () => database.drop() };
  });
} else console.log('\nPostgreSQL: none answers (DATABASE_URL or 127.0.0.1:5432), skipped.');
