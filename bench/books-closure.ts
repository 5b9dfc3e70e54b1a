/**
 * The books' closures (docs/decisions/031-the-books.md, « Closures »): how long `closeDaysThrough`
 * takes to close a day of CLOSURE_ORDERS orders (500; a receipt and a payment entry each, so
 * 1,000 entries), and the month's last day of as many orders with the month's closure written in
 * the same transaction (from the month's 30 days' closures). November 2026 is filled: days 1 to
 * 28 with 20 orders each (closed before timing), the 29th and 30th with CLOSURE_ORDERS each. On
 * PGlite (a temporary directory, as the server runs it), then on PostgreSQL when one answers
 * (DATABASE_URL or 127.0.0.1:5432). Prints figures; asserts nothing.
 * Run: npm run bench:books-closure   (CLOSURE_ORDERS, CLOSURE_ROUNDS=3)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type DatabaseHandle } from '../apps/api/src/db/client.ts';
import { closeDaysThrough } from '../apps/api/src/modules/books/closures.ts';
import { appendEntry, openJournal } from '../apps/api/src/modules/books/journal.ts';
import { generatePrivateKey, signerFromPrivateKey, type BooksSigner } from '../apps/api/src/modules/books/signing.ts';
import { verifyJournal } from '../apps/api/src/modules/books/verify.ts';
import { freshPostgresDatabase, postgresAdminUrl } from './lib/server-process.ts';
import { counterSale } from './lib/books-fixtures.ts';

const orders = Number(process.env.CLOSURE_ORDERS ?? 500);
const rounds = Number(process.env.CLOSURE_ROUNDS ?? 3);
const paris = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);

interface Round {
  fill: number;
  day: number;
  monthEnd: number;
  verify: number;
  entries: number;
}

async function round(handle: DatabaseHandle): Promise<Round> {
  const db = handle.db;
  const signer: BooksSigner = signerFromPrivateKey(generatePrivateKey());
  await openJournal(db, signer, paris('2026-11-01', '09:00'));
  let orderId = 0;
  let entries = 1;
  const fillStarted = performance.now();
  const fillDay = async (day: string, count: number) => {
    for (let n = 0; n < count; n += 1) {
      orderId += 1;
      for (const body of counterSale(orderId)) await appendEntry(db, signer, { chain: 'live', body, orderId }, paris(day, '20:00'));
      entries += 2;
    }
  };
  for (let d = 1; d <= 28; d += 1) await fillDay(`2026-11-${String(d).padStart(2, '0')}`, 20);
  await closeDaysThrough(db, signer, 'live', '2026-11-28', paris('2026-11-28', '23:00'));
  await fillDay('2026-11-29', orders);
  const fill = performance.now() - fillStarted;

  let started = performance.now();
  const [day] = await closeDaysThrough(db, signer, 'live', '2026-11-29', paris('2026-11-29', '23:00'));
  const dayMs = performance.now() - started;
  if (!day || day.month) throw new Error('clôture du 29 attendue seule');

  await fillDay('2026-11-30', orders);
  started = performance.now();
  const [last] = await closeDaysThrough(db, signer, 'live', '2026-11-30', paris('2026-11-30', '23:00'));
  const monthEnd = performance.now() - started;
  if (!last?.month) throw new Error('clôture du mois attendue avec le 30');

  started = performance.now();
  const report = await verifyJournal(db);
  const verify = performance.now() - started;
  if (!report.ok) throw new Error(`journal cassé : ${JSON.stringify(report.broken)}`);
  return { fill, day: dayMs, monthEnd, verify, entries: entries + 30 + 1 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function measure(kind: string, open: () => Promise<{ handle: DatabaseHandle; dispose(): Promise<void> }>): Promise<void> {
  const results: Round[] = [];
  for (let r = 0; r < rounds; r += 1) {
    const { handle, dispose } = await open();
    try {
      results.push(await round(handle));
    } finally {
      await handle.close();
      await dispose();
    }
  }
  const day = median(results.map((r) => r.day));
  const monthEnd = median(results.map((r) => r.monthEnd));
  console.log(`\n${kind}: ${rounds} rounds, ${results[0]!.entries} entries each (November 2026, ${orders} orders on the 29th and 30th)`);
  console.log('| figure | median | each round |');
  console.log('| --- | --- | --- |');
  const row = (name: string, pick: (r: Round) => number) =>
    console.log(`| ${name} | ${ms(median(results.map(pick)))} | ${results.map((r) => ms(pick(r))).join(', ')} |`);
  row(`day closure, ${orders} orders (${orders * 2} entries)`, (r) => r.day);
  row(`month's last day, ${orders} orders, with the month's closure`, (r) => r.monthEnd);
  row('of which the month closure (difference)', (r) => r.monthEnd - r.day);
  row('books:verify of the whole journal', (r) => r.verify);
  row('writing the month (entries appended one by one)', (r) => r.fill);
  console.log(`per order closed: ${((day / orders) * 1000).toFixed(0)} µs; month's last day ${ms(monthEnd)}`);
}

await measure('PGlite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-books-closure-'));
  const handle = await openDatabase({ dataDir: dir });
  return { handle, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
});
const adminUrl = await postgresAdminUrl();
if (adminUrl) {
  await measure('PostgreSQL', async () => {
    const database = await freshPostgresDatabase(adminUrl);
    const handle = await openDatabase({ databaseUrl: database.url, dataDir: 'memory://' });
    return { handle, dispose: () => database.drop() };
  });
} else console.log('\nPostgreSQL: none answers (DATABASE_URL or 127.0.0.1:5432), skipped.');
