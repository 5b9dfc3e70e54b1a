import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { BoardOrder } from '@resto/contract/board';
import { refunds, testProcessorRefunds } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, staffRequest, type TestStaff } from '../../test/staff.ts';
import { verifyJournal } from '../books/index.ts';
import { placePaidCardOrder } from './test-helpers.ts';

/**
 * Partial refunds asked at once from two API instances on one PostgreSQL (docs/decisions/035):
 * the order's lock serialises them, so together they never refund more than is left, and a key
 * sent from both screens is one refund, asked of the provider once.
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
  margot = await createTestStaff(first.db, { now, name: 'Margot Lefèvre', role: 'owner' });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const refund = (server: TestServer, staff: TestStaff, orderId: number, body: Record<string, unknown>) =>
  staffRequest<BoardOrder>(server, staff.cookie, 'POST', `/v2/restaurant/orders/${orderId}/refunds`, { reason: 'goodwill', ...body });
const cents = (euros: number) => Math.round(euros * 100);

test('two screens on two instances refund 60 % of one order at once, 8 orders: one refund each, never more than paid', async () => {
  expect(first.databaseUrl).toBeDefined();
  const placed = await Promise.all(Array.from({ length: 8 }, () => placePaidCardOrder(first)));
  const answers = await Promise.all(
    placed.flatMap(({ orderId, total }) => {
      const amount = Math.round(total * 60) / 100;
      return [
        refund(first, karim, orderId, { refund_key: `premier-ecran-${orderId}`, amount }),
        refund(second, margot, orderId, { refund_key: `second-ecran-${orderId}`, amount }),
      ];
    }),
  );
  for (let n = 0; n < placed.length; n += 1) expect([answers[2 * n]!.status, answers[2 * n + 1]!.status].sort()).toEqual([200, 400]);
  for (const { orderId, total } of placed) {
    const rows = await first.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('succeeded');
    expect(rows[0]!.amountCents).toBeLessThanOrEqual(cents(total));
  }
  expect(await verifyJournal(first.db)).toMatchObject({ ok: true });
});

test('two screens refund 40 % each at once: both made, what is left is the rest', async () => {
  const { orderId, total } = await placePaidCardOrder(first);
  const amount = Math.round(total * 40) / 100;
  const [a, b] = await Promise.all([
    refund(first, karim, orderId, { refund_key: `quarante-a-${orderId}`, amount }),
    refund(second, margot, orderId, { refund_key: `quarante-b-${orderId}`, amount }),
  ]);
  expect([a.status, b.status]).toEqual([200, 200]);
  const rows = await first.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  expect(rows.map((row) => row.status)).toEqual(['succeeded', 'succeeded']);
  const after = (
    await staffRequest<BoardOrder>(first, karim.cookie, 'POST', `/v2/restaurant/orders/${orderId}/refunds`, {
      refund_key: `quarante-a-${orderId}`,
      reason: 'goodwill',
      amount,
    })
  ).body;
  if (after.status !== 'success') throw new Error('expected the known refund');
  expect(cents(after.payload.refund_left)).toBe(cents(total) - 2 * cents(amount));
});

test('one key sent from both instances at once, 6 times: one refund, asked of the provider once', async () => {
  const { orderId, intentId } = await placePaidCardOrder(first);
  const body = { refund_key: `double-clic-${orderId}`, amount: 1.2 };
  const answers = await Promise.all(Array.from({ length: 6 }, (_, n) => refund(n % 2 === 0 ? first : second, n % 2 === 0 ? karim : margot, orderId, body)));
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
  const rows = await first.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ status: 'succeeded', amountCents: 120 });
  expect(await first.db.select().from(testProcessorRefunds).where(eq(testProcessorRefunds.intentId, intentId))).toHaveLength(1);
});
