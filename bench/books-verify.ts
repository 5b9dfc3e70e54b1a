/**
 * The verification of the books (docs/decisions/031-the-books.md, `npm run books:verify`, the
 * owner's « Vérifier l'intégrité »): how long `verifyJournal` takes over a live chain of
 * VERIFY_ENTRIES entries (100,000): a receipt and a payment per order, VERIFY_ORDERS_PER_DAY
 * orders a day (500) from 1 March 2026, each day closed by `closeDaysThrough` (with its month's
 * closure at the month's end), as the closing job does. Total time, entries per second, and the
 * verifying process's peak resident memory and V8 heap growth over what it held before (sampled
 * every 5 ms); then one changed amount (a payment's, behind the triggers' back as a superuser
 * can: `session_replication_role = replica`) and the time to find it. On PGlite (a temporary
 * directory, as the server runs it), then on PostgreSQL when one answers (DATABASE_URL or
 * 127.0.0.1:5432). Prints figures; asserts nothing.
 *
 * The fill: entries are real signed chained entries written by the journal's own code. One
 * `appendEntry` per entry (its own transaction, the head locked and moved each time: VERIFY_FILL=single)
 * is the order path's cost; by default (VERIFY_FILL=batch) an hour's orders of a day are written by
 * `appendEntries` in one transaction (`writeAllAfter`, as a sale writes its receipt and payment
 * together), with that hour's time: same rows, same chain, fewer round trips.
 * Run: npm run bench:books-verify   (VERIFY_ENTRIES, VERIFY_ORDERS_PER_DAY, VERIFY_FILL=single|batch)
 *
 * Measured on 2026-12-03, two runs (2 cores shared with other work, load average 4 to 12), 100,104
 * live entries over 100 days:
 * - PGlite: fill 28–46 s (2,200–3,500 entries/s); verifyJournal 43.5–48.6 s (2,060–2,300
 *   entries/s), ok: true; peak RSS 306–319 MB (0–38 MB over the fill's), V8 heap +19–25 MB; the
 *   changed payment (n° 50,054) found in 23–27 s (the chain read up to it).
 * - PostgreSQL: fill 38–44 s (2,300–2,600 entries/s); verifyJournal 40.6–46.8 s (2,140–2,460
 *   entries/s), ok: true; peak RSS 248–308 MB (13–65 MB over), V8 heap +32–82 MB; the changed
 *   payment found in 17–23 s.
 * - VERIFY_FILL=single at 5,006 entries: 436 entries/s on PGlite, 610 on PostgreSQL (batched, same
 *   size: 2,800 and 4,700): 100,000 one by one would take 3 to 4 minutes.
 * - Where the time goes: one Ed25519 signature check (node:crypto `verify`) costs about 460 µs on
 *   this loaded machine, the SHA-256 of an entry 9 µs: the signatures are nearly all of the 45 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { addDays } from '@resto/domain/clock';
import { openDatabase, queryRows, type DatabaseHandle } from '../apps/api/src/db/client.ts';
import { closeDaysThrough } from '../apps/api/src/modules/books/closures.ts';
import { appendEntries, appendEntry, openJournal, type NewEntry } from '../apps/api/src/modules/books/journal.ts';
import { generatePrivateKey, signerFromPrivateKey, type BooksSigner } from '../apps/api/src/modules/books/signing.ts';
import { verifyJournal } from '../apps/api/src/modules/books/verify.ts';
import { freshPostgresDatabase, postgresAdminUrl } from './lib/server-process.ts';
import { counterSale, parisAt as paris, serviceHours as hours } from './lib/books-fixtures.ts';

const target = Number(process.env.VERIFY_ENTRIES ?? 100_000);
const perDay = Number(process.env.VERIFY_ORDERS_PER_DAY ?? 500);
const fillMode = process.env.VERIFY_FILL === 'single' ? 'single' : 'batch';
const firstDay = '2026-03-01';
interface Filled {
  entries: number;
  days: number;
  fillMs: number;
  signer: BooksSigner;
}

/** Fills the live chain with about `target` entries, day by day, each day closed. */
async function fill(handle: DatabaseHandle): Promise<Filled> {
  const db = handle.db;
  const signer = signerFromPrivateKey(generatePrivateKey());
  await openJournal(db, signer, paris(firstDay, 9));
  const started = performance.now();
  const weight = hours.reduce((sum, [, w]) => sum + w, 0);
  let orderId = 0;
  let entries = 1;
  let day = firstDay;
  let days = 0;
  let lastReport = performance.now();
  while (entries < target) {
    let placed = 0;
    for (const [index, [hour, w]] of hours.entries()) {
      const count = index === hours.length - 1 ? perDay - placed : Math.round((perDay * w) / weight);
      placed += count;
      const batch: NewEntry[] = [];
      for (let n = 0; n < count; n += 1) {
        orderId += 1;
        for (const body of counterSale(orderId)) batch.push({ chain: 'live', body, orderId });
      }
      if (fillMode === 'single') for (const entry of batch) await appendEntry(db, signer, entry, paris(day, hour, 30));
      else await db.transaction((tx) => appendEntries(tx, signer, batch, paris(day, hour, 30)));
      entries += batch.length;
    }
    const closed = await closeDaysThrough(db, signer, 'live', day, paris(day, 23, 30));
    entries += closed.reduce((sum, c) => sum + 1 + (c.month ? 1 : 0) + (c.year ? 1 : 0), 0);
    days += 1;
    day = addDays(day, 1);
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      console.log(`  … ${entries} entries (${days} days), ${((entries / (performance.now() - started)) * 1000).toFixed(0)} entries/s`);
    }
  }
  return { entries, days, fillMs: performance.now() - started, signer };
}

interface Sampled<T> {
  value: T;
  ms: number;
  peakRssMb: number;
  rssBeforeMb: number;
  peakHeapDeltaMb: number;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

/** Runs `work`, sampling the process's memory every 5 ms (and once at the end). */
async function sampled<T>(work: () => Promise<T>): Promise<Sampled<T>> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  };
  const timer = setInterval(sample, 5);
  const started = performance.now();
  const value = await work();
  const ms = performance.now() - started;
  clearInterval(timer);
  sample();
  return { value, ms, peakRssMb: mb(peakRss), rssBeforeMb: mb(before.rss), peakHeapDeltaMb: mb(peakHeap - before.heapUsed) };
}

async function measure(kind: string, open: () => Promise<{ handle: DatabaseHandle; dispose(): Promise<void> }>): Promise<void> {
  const { handle, dispose } = await open();
  try {
    console.log(`\n${kind}: filling (${fillMode === 'single' ? 'appendEntry one by one' : 'appendEntries, one transaction an hour of a day'}) …`);
    const filled = await fill(handle);
    const verified = await sampled(() => verifyJournal(handle.db));
    const live = verified.value.chains.find((c) => c.chain === 'live')!;

    // One payment's amount changed behind the triggers' back, in the middle of the chain.
    const seq = Math.floor(live.entries / 2);
    const [row] = await queryRows<{ seq: number }>(
      handle.db,
      sql`select seq from journal_entries where chain = 'live' and kind = 'payment' and seq >= ${seq} order by seq limit 1`,
    );
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update journal_entries set content = replace(content, '"amount":1800', '"amount":1700') where chain = 'live' and seq = ${row!.seq}`);
    });
    const tampered = await sampled(() => verifyJournal(handle.db));
    const broken = tampered.value.broken[0];

    console.log(`\n${kind}: ${filled.entries} live entries over ${filled.days} days (${perDay} orders a day: receipt + payment; day and month closures)`);
    console.log('| figure | measured |');
    console.log('| --- | --- |');
    console.log(`| fill (${fillMode}) | ${(filled.fillMs / 1000).toFixed(1)} s, ${((filled.entries / filled.fillMs) * 1000).toFixed(0)} entries/s |`);
    console.log(
      `| verifyJournal, whole journal | ${verified.ms.toFixed(0)} ms, ${((live.entries / verified.ms) * 1000).toFixed(0)} entries/s; ok: ${verified.value.ok} (${live.entries} live entries) |`,
    );
    console.log(
      `| memory while verifying | peak RSS ${verified.peakRssMb.toFixed(0)} MB (${(verified.peakRssMb - verified.rssBeforeMb).toFixed(0)} MB over the ${verified.rssBeforeMb.toFixed(0)} MB before), peak V8 heap +${verified.peakHeapDeltaMb.toFixed(0)} MB |`,
    );
    console.log(
      `| one payment's amount changed (seq ${row!.seq}) | found in ${tampered.ms.toFixed(0)} ms: ok ${tampered.value.ok}, broken at ${broken?.chain} n° ${broken?.seq} (« ${broken?.problem} ») |`,
    );
  } finally {
    await handle.close();
    await dispose();
  }
}

console.log(`Machine load at the start (loadavg 1 min): ${loadavg()[0]!.toFixed(1)} for ${availableParallelism()} cores`);
await measure('PGlite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-books-verify-'));
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
