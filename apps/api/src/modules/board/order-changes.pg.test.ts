import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { BoardOrder } from '@resto/contract/board';
import { orderChanges, orders, refunds } from '../../db/schema.ts';
import { buildOrderPayload, startTestServer, type OrderOverrides, type TestServer } from '../../test/harness.ts';
import { createTestStaff, staffRequest, type TestStaff } from '../../test/staff.ts';
import { verifyJournal } from '../books/index.ts';
import { placeCashOrder, placePaidCardOrder } from './test-helpers.ts';

/**
 * Changes of one order asked at once from two API instances on one PostgreSQL
 * (docs/decisions/039-changing-an-order.md): the order's lock and its revision let one through and
 * tell the other; the same change key from both is one change; a card order's difference is
 * refunded once; the journal verifies.
 */
const now = new Date('2026-11-24T11:30:00Z');
const pizza = 105;
const reine = 106;
let first: TestServer;
let second: TestServer;
let karim: TestStaff;
let sofia: TestStaff;

beforeAll(async () => {
  first = await startTestServer({ clock: () => now });
  second = await startTestServer({ seed: false, databaseUrl: first.databaseUrl, clock: () => now });
  karim = await createTestStaff(first.db, { now, name: 'Karim Benali' });
  sofia = await createTestStaff(first.db, { now, name: 'Sofia Haddad' });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

async function changeBody(revision: number, overrides: OrderOverrides, change_key: string) {
  const { items, free_items, is_pickup, delivery, tax, subtotal, discount, total, location } = await buildOrderPayload(first, overrides);
  return { change_key, revision, order: { items, free_items, is_pickup, delivery, tax, subtotal, discount, total, location } };
}
const change = (server: TestServer, staff: TestStaff, orderId: number, body: unknown) =>
  staffRequest<BoardOrder>(server, staff.cookie, 'POST', `/v2/restaurant/orders/${orderId}/changes`, body);

test('two screens on two instances change one order at once, 6 orders: one change each, the other told', async () => {
  expect(first.databaseUrl).toBeDefined();
  const placed = await Promise.all(Array.from({ length: 6 }, () => placeCashOrder(first)));
  const answers = await Promise.all(
    placed.map(async ({ orderId }) => [
      await change(
        first,
        karim,
        orderId,
        await changeBody(
          0,
          {
            lines: [
              { itemId: pizza, quantity: 2 },
              { itemId: reine, quantity: 1 },
            ],
          },
          `ecran-a-${orderId}`,
        ),
      ),
      await change(second, sofia, orderId, await changeBody(0, { lines: [{ itemId: pizza, quantity: 3 }] }, `ecran-b-${orderId}`)),
    ]),
  );
  // Sequential per order here; now the same at once:
  const racing = await Promise.all(Array.from({ length: 6 }, () => placeCashOrder(first)));
  const bodies = await Promise.all(
    racing.map(async ({ orderId }) => [
      await changeBody(
        0,
        {
          lines: [
            { itemId: pizza, quantity: 2 },
            { itemId: reine, quantity: 1 },
          ],
        },
        `ecran-c-${orderId}`,
      ),
      await changeBody(0, { lines: [{ itemId: pizza, quantity: 3 }] }, `ecran-d-${orderId}`),
    ]),
  );
  const raced = await Promise.all(
    racing.flatMap(({ orderId }, n) => [change(first, karim, orderId, bodies[n]![0]), change(second, sofia, orderId, bodies[n]![1])]),
  );
  for (const pair of answers) expect(pair.map((a) => a.status)).toEqual([200, 409]);
  for (let n = 0; n < racing.length; n += 1) expect([raced[2 * n]!.status, raced[2 * n + 1]!.status].sort()).toEqual([200, 409]);
  for (const { orderId } of [...placed, ...racing]) {
    const [row] = await first.db.select().from(orders).where(eq(orders.orderId, orderId));
    expect(row!.revision).toBe(1);
    expect(await first.db.select().from(orderChanges).where(eq(orderChanges.orderId, orderId))).toHaveLength(1);
  }
  expect(await verifyJournal(first.db)).toMatchObject({ ok: true });
});

test('one change sent from both instances at once (a retry): one change, its difference refunded once', async () => {
  const { orderId } = await placePaidCardOrder(first);
  const body = await changeBody(0, { lines: [{ itemId: pizza, quantity: 1 }], payment_method: 'card' }, `same-${orderId}`);
  const [a, b] = await Promise.all([change(first, karim, orderId, body), change(second, karim, orderId, body)]);
  expect([a.status, b.status]).toEqual([200, 200]);
  expect(await first.db.select().from(orderChanges).where(eq(orderChanges.orderId, orderId))).toHaveLength(1);
  const made = await first.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  expect(made.map((r) => [r.kind, r.status])).toEqual([['change', 'succeeded']]);
  expect(await verifyJournal(first.db)).toMatchObject({ ok: true });
});
