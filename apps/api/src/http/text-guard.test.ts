import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requestErrors } from '@resto/copy/errors/request';
import { buildOrderPayload, countOrders, errorOf, looksFrench, postOrder, request, sendJson, startTestServer, type TestServer } from '../test/harness.ts';
import { call, signupBody } from '../test/accounts.ts';

/**
 * docs/decisions/014: text PostgreSQL refuses (NUL) or no encoding can store (a lone surrogate)
 * answered 500 on PGlite and PostgreSQL. Now a French 400 naming the field, nothing written.
 */
// Friday 28 November 2025, 12:00 in Paris: the restaurant is open.
const now = new Date('2025-11-28T11:00:00Z');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
});
afterAll(async () => {
  await server?.close();
});

function expectRefused(response: Awaited<ReturnType<typeof request>>, field: string) {
  expect(response.status).toBe(400);
  const error = errorOf(response);
  expect(error.message).toBe(requestErrors.unsafeText(field));
  expect(looksFrench(error.message)).toBe(true);
  expect(error.errors).toEqual([{ path: field, message: requestErrors.unsafeText(field) }]);
}

describe('a JSON body with a NUL or a lone surrogate', () => {
  test.each([
    ['customer.first_name', '\u0000', (p: Record<string, unknown>) => ({ ...p, customer: { ...(p.customer as object), first_name: 'Ma\u0000rie' } })],
    ['customer.last_name', '\ud800', (p: Record<string, unknown>) => ({ ...p, customer: { ...(p.customer as object), last_name: 'Dupont\ud800' } })],
    ['items.0.note', '\u0000', (p: Record<string, unknown>) => ({ ...p, items: (p.items as object[]).map((i) => ({ ...i, note: 'sans\u0000oignons' })) })],
    ['transaction_id', '\u0000', (p: Record<string, unknown>) => ({ ...p, transaction_id: 'pi_\u0000' })],
  ])('POST /checkout/ with %s → 400 naming it, no order written', async (field, _char, tamper) => {
    const payload = (await buildOrderPayload(server)) as unknown as Record<string, unknown>;
    const before = await countOrders(server.db);
    expectRefused(await postOrder(server.baseUrl, tamper(payload)), field);
    expect(await countOrders(server.db)).toBe(before);
  });

  test('PUT /checkout/ with a NUL in transaction_id → 400', async () => {
    expectRefused(await sendJson(server.baseUrl, 'PUT', '/v2/public/checkout/', { order_id: 1, status: 'pending', transaction_id: 'a\u0000' }), 'transaction_id');
  });

  test('sign-up with a NUL in last_name, or a lone surrogate in first_name → 400', async () => {
    expectRefused(await call(server, 'POST', '/v2/public/auth/signup/', { body: { ...signupBody(), last_name: 'Mar\u0000tin' } }), 'last_name');
    expectRefused(await call(server, 'POST', '/v2/public/auth/signup/', { body: { ...signupBody(), first_name: '\udfffLucie' } }), 'first_name');
  });

  test('a refused key is named with its unprintable characters replaced', async () => {
    expectRefused(await sendJson(server.baseUrl, 'POST', '/v2/public/checkout/stripe-customer', { email: 'a@b.fr', name: 'A', 'x\u0000': 1 }), 'x?');
  });

  test('tabs and line breaks in a note are fine', async () => {
    const payload = await buildOrderPayload(server);
    payload.items[0]!.note = 'bien cuite\n\tsans olives';
    expect((await postOrder(server.baseUrl, payload)).status).toBe(201);
  });
});

describe('query strings, paths and bytes', () => {
  test('a NUL in a query parameter → 400 naming the parameter', async () => {
    expectRefused(await request(server.baseUrl, '/v2/public/locations/?query=Lyon%00'), 'query');
    expectRefused(await request(server.baseUrl, '/v2/public/auth/send-otp/?email=a%00@b.fr'), 'email');
  });

  test('a NUL in the path (a coupon code) → 400', async () => {
    const response = await request(server.baseUrl, '/v2/public/offers/BIEN%00VENUE');
    expect(response.status).toBe(400);
    expect(looksFrench(errorOf(response).message)).toBe(true);
  });

  test('a body that is not UTF-8 → 400', async () => {
    const response = await request(server.baseUrl, '/v2/public/checkout/stripe-customer', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    });
    expect(response.status).toBe(400);
    expect(errorOf(response).message).toBe(requestErrors.invalidEncoding);
  });
});
