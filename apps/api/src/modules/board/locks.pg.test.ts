import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { appendOrderEvent } from '../orders/index.ts';
import * as repository from './repository.ts';
import { placeCashOrder } from './test-helpers.ts';

/**
 * The order's lock and its refund's, taken in opposite orders by two transactions (PostgreSQL
 * only: PGlite runs one transaction at a time). A retried refund (board/service.ts retryRefund)
 * locks the order, then its refund; the provider's answer is recorded by moving the refund, then
 * appending an event, whose foreign key takes a share lock on the order's row. With the order
 * locked FOR UPDATE this was a deadlock: PostgreSQL aborted one of them after a second (a 500 to
 * one of two staff retrying a refund at once, seen once in a full test run). The order is locked
 * FOR NO KEY UPDATE now, which its events' foreign-key checks do not wait for.
 */

const tuesdayNoonParis = new Date('2026-11-24T11:30:00Z');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ clock: () => tuesdayNoonParis });
});
afterAll(async () => {
  await server?.close();
});

/** A promise and the function that settles it: one transaction waits for the other's step. */
function latch(): { reached: Promise<void>; reach: () => void } {
  let reach!: () => void;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  return { reached, reach };
}

test('the order locked by a refund’s retry, its refund moved by the provider’s answer: both transactions commit', async () => {
  const { orderId } = await placeCashOrder(server);
  await server.db.transaction(async (tx) => repository.insertPendingRefund(tx, { orderId, provider: 'test', amountCents: 1450 }));
  const refundId = (await repository.findRefundByKey(server.db, `refund-${orderId}`))!.id;
  const orderLocked = latch();
  const refundMoved = latch();

  const retry = server.db.transaction(async (tx) => {
    await repository.lockOrder(tx, orderId);
    orderLocked.reach();
    await refundMoved.reached;
    // Waits for the other transaction's refund row, which waits for nothing of ours.
    return (await repository.lockRefunds(tx, orderId))[0]?.status;
  });
  const answer = server.db.transaction(async (tx) => {
    await orderLocked.reached;
    const moved = await repository.moveRefund(tx, refundId, 'pending', { status: 'succeeded', providerRefundId: 're_1', lastError: null });
    refundMoved.reach();
    await appendOrderEvent(tx, { orderId, type: 'refunded', actor: 'payment', at: tuesdayNoonParis });
    return moved;
  });

  const [retried, answered] = await Promise.allSettled([retry, answer]);
  expect(answered).toEqual({ status: 'fulfilled', value: true });
  expect(retried).toEqual({ status: 'fulfilled', value: 'succeeded' });
});
