import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Closure } from '@resto/domain/books';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { closeDaysThrough } from './closures.ts';
import { appendEntry, openJournal, readEntries, readHead } from './journal.ts';
import { loadSigner } from './keys.ts';
import type { BooksSigner } from './signing.ts';
import { verifyJournal } from './verify.ts';

/**
 * Days' closures (docs/decisions/031-the-books.md, part 3) on the real database: each day closed
 * once, in order, an empty day with zeros, the perpetual total carried; an entry after a closure
 * counts in the next day; two closes at once write one closure; a closure's total changed behind
 * the triggers' back is found by the verification.
 */
const monday = new Date('2026-11-23T10:00:00Z');
const tuesday = new Date('2026-11-24T11:30:00Z');
const thursday = new Date('2026-11-26T11:30:00Z');
let server: TestServer;
let signer: BooksSigner;

const pay = (orderId: number, amount: number) => ({
  chain: 'live' as const,
  body: { kind: 'payment' as const, payment: { order_id: orderId, means: 'cash' as const, amount } },
  orderId,
});

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  signer = await loadSigner(server.db, undefined);
  await openJournal(server.db, signer, monday);
});
afterAll(() => server.close());

const closureOf = (content: string) => (JSON.parse(content) as { body: { closure: Closure } }).body.closure;

test('days closed once and in order: an empty day with zeros, the perpetual total carried, a late entry in the next day', async () => {
  await appendEntry(server.db, signer, pay(1, 1850), tuesday);
  await appendEntry(server.db, signer, pay(2, 1200), tuesday);
  // Two closes at once (two instances' jobs): the days are closed once.
  const [a, b] = await Promise.all([
    closeDaysThrough(server.db, signer, 'live', '2026-11-25', thursday),
    closeDaysThrough(server.db, signer, 'live', '2026-11-25', thursday),
  ]);
  const closures = [...a, ...b].map((written) => closureOf(written.day.content));
  expect(closures.map((c) => c.period.start).sort()).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
  const [mondayClosure, tuesdayClosure, wednesdayClosure] = closures.sort((x, y) => x.period.start.localeCompare(y.period.start));
  expect(mondayClosure).toMatchObject({ first_seq: 1, last_seq: 1, total_ttc: 0, perpetual_total_ttc: 0 });
  expect(tuesdayClosure).toMatchObject({ first_seq: 2, last_seq: 3, payments: { cash: 3050 }, counts: { payments: 2 } });
  expect(wednesdayClosure).toMatchObject({ first_seq: null, last_seq: null, total_ttc: 0, counts: { receipts: 0, payments: 0 } });
  expect((await readHead(server.db, 'live'))!.closedThrough).toBe('2026-11-25');
  expect(await closeDaysThrough(server.db, signer, 'live', '2026-11-25', thursday)).toEqual([]);

  // Written on Tuesday's clock after Wednesday's closure (a clock behind): it counts on Thursday.
  const late = await appendEntry(server.db, signer, pay(3, 500), tuesday);
  expect(late.businessDate).toBe('2026-11-26');
  const rows = await readEntries(server.db, 'live', 0, 100);
  expect(rows.filter((row) => row.kind === 'closure').map((row) => row.documentNumber)).toEqual(['J-2026-11-23', 'J-2026-11-24', 'J-2026-11-25']);
  expect(await verifyJournal(server.db, { trustedPublicKey: signer.publicKeyPem })).toMatchObject({ ok: true });
});

test('a closure’s total changed behind the triggers’ back is found', async () => {
  const closure = (await readEntries(server.db, 'live', 0, 100)).find((row) => row.documentNumber === 'J-2026-11-24')!;
  await server.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`update journal_entries set content = replace(content, '"cash":3050', '"cash":3000') where chain = 'live' and seq = ${closure.seq}`);
  });
  const report = await verifyJournal(server.db);
  expect(report.ok).toBe(false);
  expect(report.broken[0]).toMatchObject({ chain: 'live', seq: closure.seq, problem: 'hachage faux : le contenu a changé depuis son écriture' });
});

test('a closure signed with totals its day’s entries do not give (written with the key) is found by the recomputation', async () => {
  const other = await startTestServer({ seed: false });
  try {
    const key = await loadSigner(other.db, undefined);
    await openJournal(other.db, key, monday);
    await appendEntry(other.db, key, pay(1, 1850), monday);
    const [mondayRow] = await closeDaysThrough(other.db, key, 'live', '2026-11-23', monday);
    const honest = closureOf(mondayRow!.day.content);
    expect(honest.payments.cash).toBe(1850);
    expect(await verifyJournal(other.db)).toMatchObject({ ok: true });
    // Tuesday closed with Monday's figures and 10 € less cash, signed with the journal's key (a bug, or the key stolen):
    await appendEntry(
      other.db,
      key,
      {
        chain: 'live',
        body: {
          kind: 'closure',
          closure: { ...honest, period: { kind: 'day', start: '2026-11-24', end: '2026-11-24' }, payments: { ...honest.payments, cash: 850 } },
        },
      },
      tuesday,
    );
    const report = await verifyJournal(other.db);
    expect(report.broken[0]!.problem).toMatch(/^totaux de la clôture faux : /);
  } finally {
    await other.close();
  }
});
