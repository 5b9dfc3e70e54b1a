import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BoardOrder } from '@resto/contract/board';
import { refunds } from '../../db/schema.ts';
import { errorOf, payloadOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, staffRequest, type TestStaff } from '../../test/staff.ts';
import { startFakeStripeApi, type FakeStripeApi } from '../payments/index.ts';
import { StripeProvider } from '../payments/index.ts';
import { createCardOrder, createCustomer, putPaid, requestIntent } from '../payments/test-helpers.ts';
import { act, inMinutes } from './test-helpers.ts';

/**
 * Refunds through Stripe (docs/decisions/019): the real `stripe` SDK's `refunds.create`, its HTTP
 * calls answered by a local server in Stripe's documented formats (fake-stripe-api.ts), with the
 * idempotency key `refund-<order_id>`, Stripe's error envelope for a refused refund, and a retry.
 */

const now = new Date('2026-11-24T11:30:00Z');
let api: FakeStripeApi;
let server: TestServer;
let staff: TestStaff;

beforeAll(async () => {
  api = await startFakeStripeApi();
  server = await startTestServer({
    clock: () => now,
    payments: () =>
      new StripeProvider({
        secretKey: 'sk_test_local',
        publishableKey: 'pk_test_local',
        webhookSecret: 'whsec_test_local',
        api: { host: '127.0.0.1', port: api.port, protocol: 'http' },
      }),
  });
  staff = await createTestStaff(server.db, { now });
});
afterAll(async () => {
  await server?.close();
  await api?.close();
});

/** A card order paid through the fake Stripe (the browser's confirmation, then PUT paid). */
async function paidOrder() {
  const order = await createCardOrder(server);
  const customer = await createCustomer(server);
  const intent = payloadOf(await requestIntent(server, { order_id: order.orderId, customer_id: customer, amount: order.total }));
  api.setIntentStatus(intent.id, 'succeeded');
  payloadOf(await putPaid(server, order.orderId, intent.id));
  return { ...order, intentId: intent.id };
}

describe('refunds through Stripe', () => {
  test('a refused paid order: POST /v1/refunds with payment_intent, amount and Idempotency-Key refund-<order_id>; once', async () => {
    const order = await paidOrder();
    const rejected = payloadOf(await act(server, staff.cookie, order.orderId, { action: 'reject', expected_status: 'paid', reason: 'too_many_orders' }));
    expect(rejected.refund).toEqual({ status: 'succeeded', amount: order.total, last_error: null });
    const calls = api.calls.filter((call) => call.path === '/v1/refunds');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      authorization: 'Bearer sk_test_local',
      idempotencyKey: `refund-${order.orderId}`,
      form: { payment_intent: order.intentId, amount: String(Math.round(order.total * 100)) },
    });
    const [row] = await server.db.select().from(refunds).where(eq(refunds.orderId, order.orderId));
    expect(row!.providerRefundId).toMatch(/^re_/);
    expect(api.refunds.get(row!.providerRefundId!)).toMatchObject({ object: 'refund', payment_intent: order.intentId, status: 'succeeded' });
    // A retry of a refund made asks nothing more.
    payloadOf(await staffRequest<BoardOrder>(server, staff.cookie, 'POST', `/v2/restaurant/orders/${order.orderId}/refund`));
    expect(api.calls.filter((call) => call.path === '/v1/refunds')).toHaveLength(1);
  });

  test('Stripe refuses (its error envelope): the order stays cancelled with the message; the retry, once accepted, refunds once', async () => {
    const order = await paidOrder();
    api.refuseRefunds(order.intentId);
    payloadOf(await act(server, staff.cookie, order.orderId, { action: 'accept', expected_status: 'paid', ready_at: inMinutes(server, 20) }));
    const cancelled = payloadOf(await act(server, staff.cookie, order.orderId, { action: 'cancel', expected_status: 'accepted', reason: 'exceptional_closure' }));
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.refund).toEqual({ status: 'failed', amount: order.total, last_error: 'This charge is disputed and cannot be refunded.' });
    expect(cancelled.events.at(-1)).toMatchObject({ type: 'refund_failed', actor: 'payment', reason_text: 'This charge is disputed and cannot be refunded.' });

    const refused = await staffRequest(server, staff.cookie, 'POST', `/v2/restaurant/orders/${order.orderId}/refund`);
    expect(refused.status).toBe(502);
    expect(errorOf(refused).code).toBe('refund_failed');

    api.acceptRefunds(order.intentId);
    const retries = await Promise.all([
      staffRequest<BoardOrder>(server, staff.cookie, 'POST', `/v2/restaurant/orders/${order.orderId}/refund`),
      staffRequest<BoardOrder>(server, staff.cookie, 'POST', `/v2/restaurant/orders/${order.orderId}/refund`),
    ]);
    expect(retries.map((r) => r.status)).toEqual([200, 200]);
    expect([...api.refunds.values()].filter((r) => r.payment_intent === order.intentId)).toHaveLength(1);
    const keys = api.calls.filter((call) => call.path === '/v1/refunds' && call.form.payment_intent === order.intentId).map((call) => call.idempotencyKey);
    // First ask, first retry (refused again), then the accepted retry: asked once or twice (the two
    // calls racing), always with one key, so Stripe makes one refund.
    expect(keys.slice(0, 2)).toEqual([`refund-${order.orderId}`, `refund-${order.orderId}-retry-1`]);
    expect(new Set(keys.slice(2))).toEqual(new Set([`refund-${order.orderId}-retry-2`]));
    const final = payloadOf(await staffRequest<BoardOrder>(server, staff.cookie, 'POST', `/v2/restaurant/orders/${order.orderId}/refund`));
    expect(final).toMatchObject({ status: 'cancelled', refund: { status: 'succeeded', last_error: null } });
    expect(final.events.filter((e) => e.type === 'refunded')).toHaveLength(1);
  });
});
