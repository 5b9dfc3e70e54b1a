import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { BoardOrder } from '@resto/contract/board';
import { journalEntries } from '../../db/schema.ts';
import { payloadOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, staffRequest, type TestStaff } from '../../test/staff.ts';
import { board, placeCashOrder } from '../board/test-helpers.ts';
import { readEntries } from './journal.ts';
import { verifyJournal } from './verify.ts';

/**
 * Two API instances on one PostgreSQL take 50 counter payments at once (docs/decisions/031): 25
 * orders, each paid from both instances by two staff members at the same moment. One payment wins
 * per order, the other is told (409); the journal holds 25 payments, one gapless chain, verified.
 */
const now = new Date('2026-11-24T11:30:00Z');
let first: TestServer;
let second: TestServer;
let karim: TestStaff;
let margot: TestStaff;

beforeAll(async () => {
  first = await startTestServer({ clock: () => now });
  second = await startTestServer({ seed: false, databaseUrl: first.databaseUrl, clock: () => now });
  karim = await createTestStaff(first.db, { now, name: 'Karim Benali' });
  margot = await createTestStaff(first.db, { now, name: 'Margot Lefèvre' });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

test('50 payments at once from two instances: one per order wins, 25 entries, the chain verified', async () => {
  expect(first.databaseUrl).toBeDefined();
  const placed = await Promise.all(Array.from({ length: 25 }, (_, n) => placeCashOrder(n % 2 === 0 ? first : second)));
  const totals = new Map(payloadOf(await board(first, karim.cookie)).orders.map((order) => [order.order_id, order.total]));
  const answers = await Promise.all(
    placed.flatMap(({ orderId }) => [
      staffRequest<{ order: BoardOrder }>(first, karim.cookie, 'POST', `/v2/restaurant/orders/${orderId}/payments`, {
        tenders: [{ means: 'cash', amount: totals.get(orderId)! + 5 }],
        expected_paid: 0,
      }),
      staffRequest<{ order: BoardOrder }>(second, margot.cookie, 'POST', `/v2/restaurant/orders/${orderId}/payments`, {
        tenders: [{ means: 'card_terminal', amount: totals.get(orderId)! }],
        expected_paid: 0,
      }),
    ]),
  );
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.filter((status) => status === 200)).toHaveLength(25);
  expect(statuses.filter((status) => status === 409)).toHaveLength(25);
  for (let n = 0; n < 25; n += 1) expect([answers[2 * n]!.status, answers[2 * n + 1]!.status].sort()).toEqual([200, 409]);

  const payments = await first.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.chain, 'live'), eq(journalEntries.kind, 'payment')));
  expect(payments).toHaveLength(25);
  expect(new Set(payments.map((row) => row.orderId)).size).toBe(25);
  const rows = await readEntries(second.db, 'live', 0, 1000);
  expect(rows.map((row) => row.seq)).toEqual(rows.map((_, n) => n + 1));
  expect(await verifyJournal(second.db)).toMatchObject({ ok: true, broken: [] });
});
