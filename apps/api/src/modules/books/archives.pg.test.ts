import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { archiveClosedPeriods, archiveMonth } from './archives.ts';
import { appendEntry, readEntries } from './journal.ts';
import { verifyJournal } from './verify.ts';

/**
 * Two API instances on one PostgreSQL, sharing the archives' folder (docs/decisions/031-the-books.md,
 * « archivage »): both close November and archive it at the same instant, and the owner asks for it
 * at once: one file a chain, one `archive` entry a chain, and the journal verifies.
 */
const paris = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);
const opened = paris('2026-11-23', '10:00');
const archivesDir = mkdtempSync(join(tmpdir(), 'resto-archives-pg-'));
let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  first = await startTestServer({ clock: () => opened, archivesDir });
  second = await startTestServer({ clock: () => opened, archivesDir, databaseUrl: first.databaseUrl });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  rmSync(archivesDir, { recursive: true, force: true });
});

test('both instances close and archive November at once: one archive and one entry a chain', async () => {
  const [signerA, signerB] = await Promise.all([first.deps.books.signer(), second.deps.books.signer()]);
  await appendEntry(
    first.db,
    signerA,
    { chain: 'live', body: { kind: 'payment', payment: { order_id: 1, means: 'cash', amount: 100 } }, orderId: 1 },
    paris('2026-11-24', '20:00'),
  );
  const at = paris('2026-12-01', '09:00');
  await Promise.all([
    first.deps.closing.runOnce(at),
    second.deps.closing.runOnce(at),
    archiveClosedPeriods(first.db, signerA, archivesDir, 'live', at),
    archiveMonth(second.db, signerB, archivesDir, 'live', '2026-11', at),
  ]);
  await Promise.all([first.deps.closing.runOnce(at), archiveClosedPeriods(second.db, signerB, archivesDir, 'live', at)]);
  expect(readdirSync(archivesDir).sort()).toEqual(['live-2026-11.tar', 'simulation-2026-11.tar']);
  for (const chain of ['live', 'simulation'] as const) {
    const entries = await readEntries(first.db, chain, 0, 1000);
    expect(entries.filter((row) => row.documentNumber === 'M-2026-11')).toHaveLength(1);
    expect(entries.filter((row) => row.content.includes('"event":"archive"'))).toHaveLength(1);
  }
  expect(await verifyJournal(second.db)).toMatchObject({ ok: true, broken: [] });
});
