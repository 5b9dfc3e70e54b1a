import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderAnswers } from '@resto/copy/errors/orders';
import { paymentAnswers } from '@resto/copy/storefront/payment';
import { createLogger } from '../../logger.ts';
import { buildOrderPayload, countOrders, payloadOf, postOrder, request, startTestServer, type TestServer } from '../../test/harness.ts';
import { paymentWebhookEvents, payments } from '../../db/schema.ts';
import { TestProcessor } from './providers/test-processor.ts';
import { signWebhookPayload } from './providers/webhook-signature.ts';
import {
  authenticate,
  cards,
  confirmCard,
  countRows,
  createCardOrder,
  createCustomer,
  expectError,
  intentFor,
  orderState,
  putPaid,
  requestIntent,
  setSetting,
} from './test-helpers.ts';

/**
 * Card payments over real HTTP with the built-in test processor (docs/decisions/007),
 * on PGlite and on PostgreSQL when DATABASE_URL is set.
 */

// Friday 28 November 2025, 12:00 in Paris: the restaurant is open.
const now = new Date('2025-11-28T11:00:00Z');
const silent = createLogger('silent');

/** A server whose test processor keeps its webhook events instead of sending them. */
async function serverKeepingEvents() {
  const events: string[] = [];
  let processor: TestProcessor | undefined;
  const server = await startTestServer({
    clock: () => now,
    payments: (db) => {
      processor = new TestProcessor(db, silent, {
        deliver: async (body) => {
          events.push(body);
          return 200;
        },
      });
      return processor;
    },
  });
  return { server, events, processor: processor! };
}

/**
 * Posts a raw webhook body with a signature made now (or at `timestamp`, unix seconds) with
 * `secret` over `signed` (the body itself unless a test tampers with it).
 */
function postWebhook(server: TestServer, body: string, secret: string, timestamp?: number, signed = body) {
  return request(server.baseUrl, '/v2/public/checkout/stripe-webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signWebhookPayload(signed, secret, timestamp) },
    body,
  });
}

describe('card payment with the test processor, webhooks delivered to our endpoint', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ clock: () => now });
  });
  afterAll(async () => server?.close());
  const processor = () => server.payments.provider as TestProcessor;

  test('payment-config names the test processor and exposes no key', async () => {
    const response = await request<{ provider: string; publishable_key: string | null }>(server.baseUrl, '/v2/public/checkout/payment-config');
    expect(payloadOf(response)).toEqual({ provider: 'test', publishable_key: null });
  });

  test('4242 4242 4242 4242 succeeds: PUT paid marks the order paid once, a second PUT answers paid again', async () => {
    const order = await createCardOrder(server);
    const intent = await intentFor(server, order);
    expect(intent.id).toMatch(/^pi_test_/);
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`));
    expect(intent.amount).toBe(order.total);
    const confirmed = payloadOf(await confirmCard(server, intent.client_secret, cards.success));
    expect(confirmed.status).toBe('succeeded');
    const put = await putPaid(server, order.orderId, intent.id);
    expect(payloadOf(put)).toEqual({ order_id: order.orderId, status: 'paid' });
    await processor().idle(); // the succeeded event reaches the webhook too: nothing more happens
    expect(payloadOf(await putPaid(server, order.orderId, intent.id)).status).toBe('paid');
    const state = await orderState(server.db, order.orderId);
    expect(state).toMatchObject({
      status: 'paid',
      transactionId: intent.id,
      history: ['pending', 'paid'],
      payment: { status: 'succeeded', intentId: intent.id },
    });
  });

  test('the webhook alone finalises an order whose tab closed after paying', async () => {
    const order = await createCardOrder(server);
    const intent = await intentFor(server, order);
    await confirmCard(server, intent.client_secret, cards.success);
    await processor().idle();
    expect(await orderState(server.db, order.orderId)).toMatchObject({ status: 'paid', history: ['pending', 'paid'] });
  });

  test('4000 0000 0000 0002 is declined: PUT paid refused, then a retry reuses the order and the intent and succeeds', async () => {
    const order = await createCardOrder(server);
    const customer = await createCustomer(server);
    const first = payloadOf(await requestIntent(server, { order_id: order.orderId, customer_id: customer, amount: order.total }));
    const declined = payloadOf(await confirmCard(server, first.client_secret, cards.declined));
    expect(declined).toMatchObject({ status: 'requires_payment_method', last_payment_error: paymentAnswers.cardDeclined });
    expectError(await putPaid(server, order.orderId, first.id), 422, paymentAnswers.paymentNotConfirmed, 'payment_not_confirmed');
    await processor().idle();
    expect(await orderState(server.db, order.orderId)).toMatchObject({ status: 'pending', payment: { status: 'requires_payment_method' } });

    // The retry: same local_id → same order; same order → same intent, same customer.
    const again = await postOrder(server.baseUrl, order.payload);
    expect(again.status).toBe(200);
    expect(payloadOf(again).order_id).toBe(order.orderId);
    expect(await createCustomer(server)).toBe(customer);
    const second = payloadOf(await requestIntent(server, { order_id: order.orderId, customer_id: customer, amount: order.total, payment_intent_id: first.id }));
    expect(second.id).toBe(first.id);
    expect(payloadOf(await confirmCard(server, second.client_secret, cards.success)).status).toBe('succeeded');
    expect(payloadOf(await putPaid(server, order.orderId, second.id)).status).toBe('paid');
    // A confirmation after success charges nothing more and does not go back.
    expect(payloadOf(await confirmCard(server, second.client_secret, cards.declined)).status).toBe('succeeded');
    await processor().idle();
    expect(await orderState(server.db, order.orderId)).toMatchObject({ status: 'paid', history: ['pending', 'paid'] });
    expect(await countRows(server.db, payments)).toBeGreaterThan(0);
  });

  test('4000 0027 6000 3184 asks for authentication: approved → paid, refused → failed and pending', async () => {
    const approved = await createCardOrder(server);
    const intentA = await intentFor(server, approved);
    const stepA = payloadOf(await confirmCard(server, intentA.client_secret, cards.authentication));
    expect(stepA).toMatchObject({ status: 'requires_action', next_action: 'authenticate' });
    expectError(await putPaid(server, approved.orderId, intentA.id), 422, paymentAnswers.paymentNotConfirmed, 'payment_not_confirmed');
    expect(payloadOf(await authenticate(server, intentA.client_secret, true)).status).toBe('succeeded');
    expect(payloadOf(await putPaid(server, approved.orderId, intentA.id)).status).toBe('paid');

    const refused = await createCardOrder(server);
    const intentB = await intentFor(server, refused);
    await confirmCard(server, intentB.client_secret, cards.authentication);
    const failed = payloadOf(await authenticate(server, intentB.client_secret, false));
    expect(failed.status).toBe('requires_payment_method');
    expectError(await putPaid(server, refused.orderId, intentB.id), 422, paymentAnswers.paymentNotConfirmed, 'payment_not_confirmed');
    await processor().idle();
    expect((await orderState(server.db, refused.orderId)).status).toBe('pending');
  });

  test('an amount other than the order total is refused with 409 and the right amount; no intent is made', async () => {
    const order = await createCardOrder(server);
    const customer = await createCustomer(server);
    const before = await countRows(server.db, payments);
    const response = await requestIntent(server, { order_id: order.orderId, customer_id: customer, amount: order.total - 1 });
    const error = expectError(response, 409, paymentAnswers.paymentAmountChanged, 'payment_amount_changed');
    expect(error.payload).toEqual({ amount: order.total });
    expectError(await requestIntent(server, { order_id: order.orderId, customer_id: customer, amount: order.total + 0.001 }), 409, undefined, 'payment_amount_changed');
    expect(await countRows(server.db, payments)).toBe(before);
  });

  test('PUT paid without a succeeded intent of that order is refused and the order stays pending', async () => {
    const order = await createCardOrder(server);
    // No intent at all.
    expectError(await putPaid(server, order.orderId, 'pi_invented'), 422, undefined, 'payment_not_confirmed');
    const intent = await intentFor(server, order);
    // An intent not confirmed.
    expectError(await putPaid(server, order.orderId, intent.id), 422, paymentAnswers.paymentNotConfirmed, 'payment_not_confirmed');
    // Another order's succeeded intent.
    const other = await createCardOrder(server);
    const otherIntent = await intentFor(server, other);
    await confirmCard(server, otherIntent.client_secret, cards.success);
    expectError(await putPaid(server, order.orderId, otherIntent.id), 422, paymentAnswers.paymentNotForOrder, 'payment_not_for_order');
    expect(await orderState(server.db, order.orderId)).toMatchObject({ status: 'pending', history: ['pending'] });
    // A cash order cannot be 'paid' by the browser, and a card order is not finalised as 'pending'.
    const pendingPut = await request(server.baseUrl, '/v2/public/checkout/', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ order_id: order.orderId, status: 'pending', transaction_id: null, secret: order.secret }),
    });
    expectError(pendingPut, 422, orderAnswers.orderStatusRefused, 'order_status_refused');
    await processor().idle();
  });

  test('the test card form is checked: number, expiry, CVC in French; an unknown client secret is 404', async () => {
    const order = await createCardOrder(server);
    const intent = await intentFor(server, order);
    const bad = await request(server.baseUrl, '/v2/public/checkout/test-processor/confirm', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_secret: intent.client_secret, number: '4242 4242 4242 4241', expiry: '01/20', cvc: '1' }),
    });
    const error = expectError(bad, 400, paymentAnswers.cardNumberInvalid, 'invalid_request');
    expect(error.errors.map((e) => e.path)).toEqual(['number', 'expiry', 'cvc']);
    expectError(await confirmCard(server, `${intent.id}_secret_wrong`, cards.success), 404, paymentAnswers.paymentIntentUnknown, 'payment_intent_unknown');
    expect((await orderState(server.db, order.orderId)).payment?.status).toBe('requires_payment_method');
  });

  test('an intent for a cash order or an unknown order is refused', async () => {
    const cash = payloadOf(await postOrder(server.baseUrl, await buildOrderPayload(server)));
    const customer = await createCustomer(server);
    expectError(await requestIntent(server, { order_id: cash.order_id, customer_id: customer, amount: 10, secret: cash.secret }), 422, paymentAnswers.paymentNotForOrder, 'payment_not_for_order');
    expectError(await requestIntent(server, { order_id: 999_999, customer_id: customer, amount: 10 }), 404, orderAnswers.unknownOrder, 'order_not_found');
  });
});

describe('webhooks: signed, deduplicated, order-independent', () => {
  let ctx: Awaited<ReturnType<typeof serverKeepingEvents>>;
  beforeAll(async () => {
    ctx = await serverKeepingEvents();
  });
  afterAll(async () => ctx?.server.close());
  const eventCount = async (intentIds: string[]) =>
    (await ctx.server.db.select({ intentId: paymentWebhookEvents.intentId }).from(paymentWebhookEvents)).filter((e) => intentIds.includes(e.intentId ?? ''))
      .length;

  /** Two new orders: A declined then paid, B refused at authentication; their ids and the events they sent. */
  async function scenario() {
    const from = ctx.events.length;
    const a = await createCardOrder(ctx.server);
    const intentA = await intentFor(ctx.server, a);
    await confirmCard(ctx.server, intentA.client_secret, cards.declined);
    await confirmCard(ctx.server, intentA.client_secret, cards.success);
    const b = await createCardOrder(ctx.server);
    const intentB = await intentFor(ctx.server, b);
    await confirmCard(ctx.server, intentB.client_secret, cards.authentication);
    await authenticate(ctx.server, intentB.client_secret, false);
    await ctx.processor.idle();
    return {
      server: ctx.server,
      events: ctx.events.slice(from),
      a: a.orderId,
      b: b.orderId,
      intents: [intentA.id, intentB.id],
      secret: await ctx.processor.webhookSecret(),
    };
  }

  test.each([
    ['in order', (events: string[]) => events],
    ['reversed', (events: string[]) => [...events].reverse()],
    ['shuffled and each sent twice', (events: string[]) => [events[2]!, events[0]!, events[1]!, events[0]!, events[2]!, events[1]!]],
  ])('the events %s end in the same state: A paid once, B pending', async (_name, arrange) => {
    const { server, events, a, b, intents, secret } = await scenario();
    expect(events.map((e) => (JSON.parse(e) as { type: string }).type)).toEqual([
      'payment_intent.payment_failed',
      'payment_intent.succeeded',
      'payment_intent.payment_failed',
    ]);
    for (const body of arrange(events)) expect((await postWebhook(server, body, secret)).status).toBe(200);
    expect(await orderState(server.db, a)).toMatchObject({ status: 'paid', history: ['pending', 'paid'], payment: { status: 'succeeded' } });
    expect(await orderState(server.db, b)).toMatchObject({ status: 'pending', history: ['pending'], payment: { status: 'requires_payment_method' } });
    expect(await eventCount(intents)).toBe(3);
    // A replay is acknowledged as a duplicate.
    const replay = await postWebhook(server, events[0]!, secret);
    expect(replay.body).toEqual({ status: 'success', payload: { received: true, duplicate: true } });
  });

  test('a bad signature, another secret, no signature or a stale timestamp are refused with 400 and change nothing', async () => {
    const { server, events, a, intents, secret } = await scenario();
    const succeeded = events[1]!;
    const tampered = succeeded.replace('"livemode":false', '"livemode":true');
    const stale = Math.floor(Date.now() / 1000) - 10 * 60;
    const attempts = [
      postWebhook(server, tampered, secret, undefined, succeeded),
      postWebhook(server, succeeded, 'whsec_another_secret'),
      postWebhook(server, succeeded, secret, stale),
      request(server.baseUrl, '/v2/public/checkout/stripe-webhook', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: succeeded }),
    ];
    for (const response of await Promise.all(attempts)) expectError(response, 400, paymentAnswers.paymentWebhookRefused, 'payment_webhook_refused');
    expect(await orderState(server.db, a)).toMatchObject({ status: 'pending', history: ['pending'] });
    expect(await eventCount(intents)).toBe(0);
  });

  test('reconciliation finalises a paid intent whose PUT and webhook were both lost', async () => {
    const { server, a, b } = await scenario();
    expect((await orderState(server.db, a)).status).toBe('pending');
    // A, and the paid order of the bad-signature scenario (its webhook was refused), are found paid.
    const pass = await server.payments.reconcile({ limit: 50 });
    expect(pass.paid).toBeGreaterThanOrEqual(1);
    expect(await orderState(server.db, a)).toMatchObject({ status: 'paid', history: ['pending', 'paid'] });
    expect((await orderState(server.db, b)).status).toBe('pending');
    // Checked less than a minute ago: the next pass leaves them alone.
    expect(await server.payments.reconcile({ limit: 50 })).toEqual({ checked: 0, paid: 0 });
  });
});

describe('settings decide the methods', () => {
  test('card is refused with 422 when payments.stripe.active is false; cash still works', async () => {
    const server = await startTestServer({ clock: () => now });
    try {
      await setSetting(server.db, 'payments.stripe.active', false);
      const card = await postOrder(server.baseUrl, await buildOrderPayload(server, { payment_method: 'card' }));
      const error = expectError(card, 422, paymentAnswers.paymentMethodDisabled, 'payment_method_disabled');
      expect(error.errors[0]?.path).toBe('payment_method');
      expect(await countOrders(server.db)).toBe(0);
      expect((await postOrder(server.baseUrl, await buildOrderPayload(server))).status).toBe(201);
    } finally {
      await server.close();
    }
  });
});
