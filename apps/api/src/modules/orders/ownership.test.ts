import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderAnswers } from '@resto/copy/errors/orders';
import { orders, payments } from '../../db/schema.ts';
import { buildOrderPayload, errorOf, payloadOf, postOrder, sendJson, startTestServer, type TestServer } from '../../test/harness.ts';
import { call, createAccount } from '../../test/accounts.ts';
import { createCardOrder, createCustomer, requestIntent } from '../payments/test-helpers.ts';

/**
 * docs/decisions/014: PUT /checkout/ and stripe-payment-intent took any order number (they are
 * sequential) without a credential. Now the caller proves the order: its secret, its local_id or
 * the Bearer token of its account; otherwise 403 and nothing changes.
 */
const now = new Date('2025-11-28T11:00:00Z'); // Friday noon in Paris: open
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
});
afterAll(async () => {
  await server?.close();
});

async function cashOrder() {
  const payload = await buildOrderPayload(server);
  const { order_id, secret } = payloadOf(await postOrder(server.baseUrl, payload));
  return { orderId: order_id, secret, localId: payload.local_id };
}

const put = (body: Record<string, unknown>, token?: string) =>
  call<{ order_id: number; status: string }>(server, 'PUT', '/v2/public/checkout/', { body: { status: 'pending', ...body }, token });

async function transactionIdOf(orderId: number) {
  const [row] = await server.db.select({ transactionId: orders.transactionId }).from(orders).where(eq(orders.orderId, orderId));
  return row?.transactionId ?? null;
}

function expectProofRefused(response: Awaited<ReturnType<typeof put>>) {
  expect(response.status).toBe(403);
  const error = errorOf(response);
  expect(error.message).toBe(orderAnswers.orderProofRequired);
  expect(error.code).toBe('order_proof_required');
  expect(error.errors.map((e) => e.path)).toEqual(['secret']);
}

describe('PUT /v2/public/checkout/', () => {
  test("another order's number without its proof: 403, its transaction_id untouched", async () => {
    const victim = await cashOrder();
    const attacker = await cashOrder();
    expectProofRefused(await put({ order_id: victim.orderId, transaction_id: 'volé' }));
    expectProofRefused(await put({ order_id: victim.orderId, transaction_id: 'volé', secret: attacker.secret }));
    expectProofRefused(await put({ order_id: victim.orderId, transaction_id: 'volé', local_id: attacker.localId }));
    expectProofRefused(await put({ order_id: victim.orderId, transaction_id: 'volé', secret: '' }));
    expect(await transactionIdOf(victim.orderId)).toBeNull();
  });

  test('with its secret, or its local_id: 200', async () => {
    const order = await cashOrder();
    expect(payloadOf(await put({ order_id: order.orderId, transaction_id: 'caisse-1', secret: order.secret }))).toEqual({ order_id: order.orderId, status: 'pending' });
    expect(await transactionIdOf(order.orderId)).toBe('caisse-1');
    expect((await put({ order_id: order.orderId, transaction_id: 'caisse-2', local_id: order.localId })).status).toBe(200);
    expect(await transactionIdOf(order.orderId)).toBe('caisse-2');
  });

  test("an account's order with its token: 200; another account's token: 403", async () => {
    const owner = await createAccount(server);
    const stranger = await createAccount(server);
    const payload = await buildOrderPayload(server, { user_id: owner.user.id });
    const created = await call<{ order_id: number }>(server, 'POST', '/v2/public/checkout/', { body: payload, token: owner.token });
    const orderId = payloadOf(created).order_id;
    expectProofRefused(await put({ order_id: orderId, transaction_id: 'x' }, stranger.token));
    expect((await put({ order_id: orderId, transaction_id: 'compte' }, owner.token)).status).toBe(200);
    expect(await transactionIdOf(orderId)).toBe('compte');
  });

  test('an unknown order is still 404, whatever the proof', async () => {
    const response = await put({ order_id: 987_654, secret: 'x' });
    expect(response.status).toBe(404);
  });
});

describe('POST /v2/public/checkout/stripe-payment-intent', () => {
  test("another order's number without its proof: 403, no total, no client_secret, the intent keeps its customer", async () => {
    const order = await createCardOrder(server);
    const ownerCustomer = await createCustomer(server);
    const intent = payloadOf(await requestIntent(server, { order_id: order.orderId, customer_id: ownerCustomer, amount: order.total }));
    const other = await sendJson<{ customer: string }>(server.baseUrl, 'POST', '/v2/public/checkout/stripe-customer', { email: 'pirate@example.fr', name: 'Pirate', phone: '' });
    const pirateCustomer = payloadOf(other).customer;
    for (const proof of [{ secret: null }, { secret: 'deviné' }, { secret: null, local_id: 'deviné' }]) {
      const response = await requestIntent(server, { order_id: order.orderId, customer_id: pirateCustomer, amount: order.total, ...proof });
      expect(response.status).toBe(403);
      const text = JSON.stringify(response.body);
      expect(text).not.toContain(intent.client_secret);
      expect(text).not.toContain(String(order.total));
    }
    const [payment] = await server.db.select({ customerId: payments.customerId }).from(payments).where(eq(payments.orderId, order.orderId));
    expect(payment?.customerId).toBe(ownerCustomer);
    const again = payloadOf(await requestIntent(server, { order_id: order.orderId, customer_id: ownerCustomer, amount: order.total, secret: order.secret }));
    expect(again.client_secret).toBe(intent.client_secret);
  });
});
