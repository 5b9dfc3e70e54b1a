import Stripe from 'stripe';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { BoardOrder } from '@resto/contract/board';
import type { PaymentLinkAnswer, PaymentLinkView } from '@resto/contract/payment-links';
import { journalEntries, orderEvents, paymentLinks } from '../../db/schema.ts';
import { payloadOf, request, sendJson, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, staffRequest, type TestStaff } from '../../test/staff.ts';
import { verifyJournal } from '../books/index.ts';
import { startFakeStripeApi, StripeProvider, type FakeStripeApi } from '../payments/index.ts';
import { phoneOrderPayload, postPhoneOrder } from './test-helpers.ts';

/**
 * A payment link confirmed at once by its page and by Stripe's webhook on two API instances of one
 * PostgreSQL (docs/decisions/038-payment-links.md; PGlite serialises requests, PostgreSQL runs them
 * together): the order's lock and the link's « paid once » update record each payment once — one
 * `payment_taken` event, one « carte en ligne » entry — and the journal verifies.
 */
const now = new Date('2026-11-24T11:30:00Z');
const webhookSecret = 'whsec_test_local';
let api: FakeStripeApi;
let first: TestServer;
let second: TestServer;
let karim: TestStaff;

const stripe = () =>
  new StripeProvider({
    secretKey: 'sk_test_local',
    publishableKey: 'pk_test_local',
    webhookSecret,
    api: { host: '127.0.0.1', port: api.port, protocol: 'http' },
  });

beforeAll(async () => {
  api = await startFakeStripeApi();
  first = await startTestServer({ clock: () => now, payments: stripe });
  second = await startTestServer({ seed: false, databaseUrl: first.databaseUrl, clock: () => now, payments: stripe });
  karim = await createTestStaff(first.db, { now, name: 'Karim Benali' });
}, 60_000);
afterAll(async () => {
  await second?.close();
  await first?.close();
  await api?.close();
});

function webhook(server: TestServer, intentId: string, eventId: string) {
  const body = JSON.stringify({ id: eventId, object: 'event', type: 'payment_intent.succeeded', data: { object: api.intents.get(intentId) } });
  return request(server.baseUrl, '/v2/public/checkout/stripe-webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret }) },
    body,
  });
}
const confirm = (server: TestServer, token: string) => sendJson<PaymentLinkView>(server.baseUrl, 'POST', `/v2/public/payment-links/${token}/confirm`, {});

test('6 links, each confirmed by its page on both instances and by two webhooks at once: each payment recorded once', async () => {
  expect(first.databaseUrl).toBeDefined();
  const links = [];
  for (let n = 0; n < 6; n += 1) {
    const order = payloadOf(await postPhoneOrder(first, karim.cookie, await phoneOrderPayload(first)));
    // Two screens ask for the order's link at once, one on each instance: one link.
    const [a, b] = await Promise.all([
      staffRequest<PaymentLinkAnswer>(first, karim.cookie, 'POST', `/v2/restaurant/orders/${order.order_id}/payment-link`),
      staffRequest<PaymentLinkAnswer>(second, karim.cookie, 'POST', `/v2/restaurant/orders/${order.order_id}/payment-link`),
    ]);
    expect(payloadOf(a).token).toBe(payloadOf(b).token);
    const token = payloadOf(a).token;
    const [i1, i2] = await Promise.all([
      sendJson<{ id: string }>(first.baseUrl, 'POST', `/v2/public/payment-links/${token}/intent`, {}),
      sendJson<{ id: string }>(second.baseUrl, 'POST', `/v2/public/payment-links/${token}/intent`, {}),
    ]);
    expect(payloadOf(i1).id).toBe(payloadOf(i2).id);
    api.setIntentStatus(payloadOf(i1).id, 'succeeded');
    links.push({ order: order as BoardOrder, token, intentId: payloadOf(i1).id });
  }
  const answers = await Promise.all(
    links.flatMap(({ token, intentId }) => [
      confirm(first, token),
      confirm(second, token),
      webhook(first, intentId, `evt_a_${intentId}`),
      webhook(second, intentId, `evt_b_${intentId}`),
    ]),
  );
  expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
  for (const { order } of links) {
    const entries = await first.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.orderId, order.order_id), eq(journalEntries.kind, 'payment')));
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0]!.content)).toMatchObject({
      body: { kind: 'payment', payment: { means: 'online_card', amount: Math.round(order.total * 100) } },
    });
    const events = await first.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.order_id), eq(orderEvents.type, 'payment_taken')));
    expect(events).toHaveLength(1);
    const [link] = await first.db.select().from(paymentLinks).where(eq(paymentLinks.orderId, order.order_id));
    expect(link!.status).toBe('paid');
  }
  expect(await verifyJournal(first.db)).toMatchObject({ ok: true });
});
