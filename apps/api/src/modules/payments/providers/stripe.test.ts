import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { paymentAnswers } from '@resto/copy/storefront/payment';
import { payloadOf, request, startTestServer, type TestServer } from '../../../test/harness.ts';
import { createCardOrder, createCustomer, orderState, putPaid, requestIntent, expectError } from '../test-helpers.ts';
import { startFakeStripeApi, type FakeStripeApi } from './fake-stripe-api.ts';
import { StripeProvider } from './stripe.ts';
import { WebhookSignatureError } from './types.ts';

/**
 * The Stripe provider with the real `stripe` SDK (23.1), its HTTP calls answered by a local server
 * in Stripe's documented formats, and webhooks signed with `stripe.webhooks.generateTestHeaderString`.
 */

const webhookSecret = 'whsec_test_local_secret';
let api: FakeStripeApi;
const provider = () =>
  new StripeProvider({
    secretKey: 'sk_test_local',
    publishableKey: 'pk_test_local',
    webhookSecret,
    api: { host: '127.0.0.1', port: api.port, protocol: 'http' },
  });

beforeAll(async () => {
  api = await startFakeStripeApi();
});
afterAll(async () => api?.close());

describe('StripeProvider through the SDK', () => {
  test('creates a customer and an intent with idempotency keys; the same key gives the same intent', async () => {
    const stripe = provider();
    const customer = await stripe.createCustomer({ email: 'a@example.fr', name: 'A B', phone: '+33612345678' }, 'customer-key-1');
    expect(customer.id).toMatch(/^cus_/);
    const call = api.calls.at(-1)!;
    expect(call).toMatchObject({ method: 'POST', path: '/v1/customers', authorization: 'Bearer sk_test_local', idempotencyKey: 'customer-key-1' });
    expect(call.form).toEqual({ email: 'a@example.fr', name: 'A B', phone: '+33612345678' });

    const input = { amountCents: 2590, currency: 'eur' as const, customerId: customer.id, metadata: { order_id: '1001' } };
    const intent = await stripe.createIntent(input, 'order-1001-intent');
    expect(api.calls.at(-1)!.form).toMatchObject({
      amount: '2590',
      currency: 'eur',
      customer: customer.id,
      'metadata[order_id]': '1001',
      'automatic_payment_methods[enabled]': 'true',
    });
    expect(intent).toMatchObject({
      amountCents: 2590,
      currency: 'eur',
      status: 'requires_payment_method',
      customerId: customer.id,
      metadata: { order_id: '1001' },
    });
    expect(intent.clientSecret).toMatch(/_secret_/);
    expect((await stripe.createIntent(input, 'order-1001-intent')).id).toBe(intent.id);

    api.setIntentStatus(intent.id, 'succeeded');
    expect((await stripe.retrieveIntent(intent.id)).status).toBe('succeeded');
    const updated = await stripe.updateIntent(intent.id, { amountCents: 2600 }, 'order-1001-update');
    expect(api.calls.at(-1)).toMatchObject({ method: 'POST', path: `/v1/payment_intents/${intent.id}`, idempotencyKey: 'order-1001-update' });
    expect(updated.amountCents).toBe(2600);
    await expect(stripe.retrieveIntent('pi_missing')).rejects.toThrow(/No such payment_intent/);
  });

  test('webhooks: generateTestHeaderString verifies; another secret, a changed body or a stale timestamp do not', async () => {
    const stripe = provider();
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_1', object: 'payment_intent' } },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    expect(await stripe.verifyWebhook(payload, header)).toEqual({ id: 'evt_1', type: 'payment_intent.succeeded', intentId: 'pi_1' });
    const wrong = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    await expect(stripe.verifyWebhook(payload, wrong)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(stripe.verifyWebhook(payload.replace('pi_1', 'pi_2'), header)).rejects.toBeInstanceOf(WebhookSignatureError);
    const stale = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp: Math.floor(Date.now() / 1000) - 301 });
    await expect(stripe.verifyWebhook(payload, stale)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(stripe.verifyWebhook(payload, undefined)).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});

describe('the checkout API on the Stripe provider', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ clock: () => new Date('2025-11-28T11:00:00Z'), payments: () => provider() });
  });
  afterAll(async () => server?.close());

  test('payment-config exposes the publishable key only', async () => {
    const config = payloadOf(await request(server.baseUrl, '/v2/public/checkout/payment-config'));
    expect(config).toEqual({ provider: 'stripe', publishable_key: 'pk_test_local' });
    expect(JSON.stringify(config)).not.toContain('sk_test');
  });

  test('order, customer, intent for the order total, confirmation by Stripe.js, PUT paid checked with Stripe, then the webhook is a no-op', async () => {
    const order = await createCardOrder(server);
    const customer = await createCustomer(server);
    const intent = payloadOf(await requestIntent(server, { order_id: order.orderId, customer_id: customer, amount: order.total }));
    const sent = api.calls.filter((c) => c.path === '/v1/payment_intents' && c.form['metadata[order_id]'] === String(order.orderId)).at(-1)!;
    expect(sent.idempotencyKey).toBe(`intent-${order.localId}`);
    expect(Number(sent.form.amount)).toBe(Math.round(order.total * 100));
    // The same order asks again (retry): same intent.
    expect(payloadOf(await requestIntent(server, { order_id: order.orderId, customer_id: customer, amount: order.total })).id).toBe(intent.id);

    expectError(await putPaid(server, order.orderId, intent.id), 422, paymentAnswers.paymentNotConfirmed);
    api.setIntentStatus(intent.id, 'succeeded');
    expect(payloadOf(await putPaid(server, order.orderId, intent.id))).toEqual({ order_id: order.orderId, status: 'paid' });

    const event = JSON.stringify({ id: 'evt_stripe_1', object: 'event', type: 'payment_intent.succeeded', data: { object: api.intents.get(intent.id) } });
    const headers = {
      'Content-Type': 'application/json',
      'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload: event, secret: webhookSecret }),
    };
    const first = await request(server.baseUrl, '/v2/public/checkout/stripe-webhook', { method: 'POST', headers, body: event });
    expect(payloadOf(first)).toEqual({ received: true, duplicate: false });
    const again = await request(server.baseUrl, '/v2/public/checkout/stripe-webhook', { method: 'POST', headers, body: event });
    expect(payloadOf(again)).toEqual({ received: true, duplicate: true });
    expect(await orderState(server.db, order.orderId)).toMatchObject({ status: 'paid', history: ['pending', 'paid'] });
  });

  test('an intent Stripe reports for another amount does not pay the order', async () => {
    const order = await createCardOrder(server);
    const customer = await createCustomer(server);
    const intent = payloadOf(await requestIntent(server, { order_id: order.orderId, customer_id: customer, amount: order.total }));
    const stored = api.intents.get(intent.id)!;
    stored.amount = 100;
    api.setIntentStatus(intent.id, 'succeeded');
    expectError(await putPaid(server, order.orderId, intent.id), 422, paymentAnswers.paymentNotConfirmed);
    expect((await orderState(server.db, order.orderId)).status).toBe('pending');
  });
});
