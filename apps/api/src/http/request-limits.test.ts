import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderAnswers } from '@resto/copy/errors/orders';
import { requestErrors } from '@resto/copy/errors/request';
import { requestLimits } from '@resto/domain/request-limits';
import { forwardedClient } from '../modules/auth/credentials.ts';
import { buildOrderPayload, countOrders, errorOf, looksFrench, payloadOf, startTestServer, type TestServer } from '../test/harness.ts';
import { call, newEmail, newIp } from '../test/accounts.ts';
import { createCardOrder, createCustomer } from '../modules/payments/test-helpers.ts';

/**
 * docs/decisions/014: 200 guest orders in 5.4 s were all accepted (each e-mails a stranger
 * and the restaurant), and TRUST_PROXY took the leftmost X-Forwarded-For entry, which the client
 * writes. Now orders, stripe-customer, stripe-payment-intent and address search are limited per
 * client address (the one the proxy appended) and per e-mail, in the database, with French 429s.
 */
const now = new Date('2025-11-28T11:00:00Z'); // Friday noon in Paris: open
let server: TestServer;
beforeAll(async () => {
  // The real limits (the harness multiplies them by 1000 for the other test files).
  server = await startTestServer({ clock: () => now, rateLimitFactor: 1 });
});
afterAll(async () => {
  await server?.close();
});

function expect429(response: Awaited<ReturnType<typeof call>>, message: (minutes: number) => string) {
  expect(response.status).toBe(429);
  const error = errorOf(response);
  expect(error.code).toBe('rate_limited');
  expect(looksFrench(error.message)).toBe(true);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);
  expect(error.message).toBe(message(Math.ceil(retryAfter / 60)));
}

async function order(ip: string, email = newEmail(), forwardedFor?: string) {
  const payload = await buildOrderPayload(server, { customer: { first_name: 'Marie', last_name: 'Dupont', email, phone: '06 12 34 56 78' } });
  return { payload, response: await call<{ order_id: number }>(server, 'POST', '/v2/public/checkout/', { body: payload, ip: forwardedFor ?? ip }) };
}

describe('orders', () => {
  test(`${requestLimits.orderPerIp.max} new orders an hour from one address, then 429; a retry of a placed order is still answered`, async () => {
    const ip = newIp();
    const first = await order(ip);
    expect(first.response.status).toBe(201);
    for (let i = 1; i < requestLimits.orderPerIp.max; i += 1) expect((await order(ip)).response.status).toBe(201);
    const before = await countOrders(server.db);
    expect429((await order(ip)).response, orderAnswers.tooManyOrders);
    expect(await countOrders(server.db)).toBe(before);
    // The same local_id again (a lost answer, a double tap): the same order, not a refusal.
    const retry = await call<{ order_id: number }>(server, 'POST', '/v2/public/checkout/', { body: first.payload, ip });
    expect(retry.status).toBe(200);
    expect(payloadOf(retry).order_id).toBe(payloadOf(first.response).order_id);
    // Another address is not affected.
    expect((await order(newIp())).response.status).toBe(201);
  }, 120_000);

  test(`${requestLimits.orderPerEmail.max} orders an hour for one e-mail, from any addresses, then 429`, async () => {
    const email = newEmail('famille');
    for (let i = 0; i < requestLimits.orderPerEmail.max; i += 1) expect((await order(newIp(), email)).response.status).toBe(201);
    expect429((await order(newIp(), email.toUpperCase())).response, orderAnswers.tooManyOrders);
  }, 60_000);

  test('orders refused by the address limit count nothing against their e-mail (the limits in one statement)', async () => {
    const ip = newIp();
    for (let i = 0; i < requestLimits.orderPerIp.max; i += 1) expect((await order(ip)).response.status).toBe(201);
    const email = newEmail('famille');
    for (let i = 0; i < requestLimits.orderPerEmail.max; i += 1) expect429((await order(ip, email)).response, orderAnswers.tooManyOrders);
    expect((await order(newIp(), email)).response.status).toBe(201);
  }, 120_000);

  test('a family ordering twice from one address is fine', async () => {
    const ip = newIp();
    const email = newEmail('famille');
    expect((await order(ip, email)).response.status).toBe(201);
    expect((await order(ip, email)).response.status).toBe(201);
  });

  test('rotating the client-written X-Forwarded-For entries does not reset the count (finding 4)', async () => {
    const proxyAppended = newIp();
    for (let i = 0; i < requestLimits.orderPerIp.max; i += 1)
      expect((await order(proxyAppended, newEmail(), `${newIp()}, ${proxyAppended}`)).response.status).toBe(201);
    expect429((await order(proxyAppended, newEmail(), `${newIp()}, ${newIp()}, ${proxyAppended}`)).response, orderAnswers.tooManyOrders);
  }, 120_000);
});

describe('payment calls and address search', () => {
  test(`stripe-customer: ${requestLimits.customerPerEmail.max} an hour for one e-mail, ${requestLimits.customerPerIp.max} from one address`, async () => {
    const email = newEmail('carte');
    const customer = (ip: string, address = email) =>
      call(server, 'POST', '/v2/public/checkout/stripe-customer', { body: { email: address, name: 'Marie Dupont', phone: '' }, ip });
    for (let i = 0; i < requestLimits.customerPerEmail.max; i += 1) expect((await customer(newIp())).status).toBe(200);
    expect429(await customer(newIp()), requestErrors.tooManyRequests);
    const ip = newIp();
    for (let i = 0; i < requestLimits.customerPerIp.max; i += 1) expect((await customer(ip, newEmail())).status).toBe(200);
    expect429(await customer(ip, newEmail()), requestErrors.tooManyRequests);
  }, 60_000);

  test(`stripe-payment-intent: ${requestLimits.intentPerIp.max} an hour from one address`, async () => {
    const order = await createCardOrder(server);
    const customer = await createCustomer(server);
    const ip = newIp();
    const intent = () =>
      call(server, 'POST', '/v2/public/checkout/stripe-payment-intent', {
        body: { order_id: order.orderId, customer_id: customer, amount: order.total, secret: order.secret },
        ip,
      });
    for (let i = 0; i < requestLimits.intentPerIp.max; i += 1) expect((await intent()).status).toBe(200);
    expect429(await intent(), requestErrors.tooManyRequests);
  }, 60_000);

  test(`address search: ${requestLimits.locationsPerIp.max} per 10 minutes from one address`, async () => {
    const ip = newIp();
    for (let i = 0; i < requestLimits.locationsPerIp.max; i += 1)
      expect((await call(server, 'GET', `/v2/public/locations/?query=${encodeURIComponent(`Lyon ${i % 9}`)}`, { ip })).status).toBe(200);
    expect429(await call(server, 'GET', '/v2/public/locations/distance?location=Lyon', { ip }), requestErrors.tooManyRequests);
  }, 120_000);
});

describe('forwardedClient', () => {
  test('the entry the nearest trusted proxy appended, never what the client wrote', () => {
    expect(forwardedClient('198.51.100.1', 1)).toBe('198.51.100.1');
    expect(forwardedClient('6.6.6.6, 198.51.100.1', 1)).toBe('198.51.100.1');
    expect(forwardedClient('6.6.6.6, 203.0.113.9, 198.51.100.1', 2)).toBe('203.0.113.9');
    expect(forwardedClient('203.0.113.9', 2)).toBe('203.0.113.9');
    expect(forwardedClient(' , 198.51.100.1 ', 1)).toBe('198.51.100.1');
    expect(forwardedClient(undefined, 1)).toBeUndefined();
    expect(forwardedClient('198.51.100.1', 0)).toBeUndefined();
  });
});
