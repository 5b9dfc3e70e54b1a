import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { paymentAnswers } from '@resto/copy/storefront/payment';
import type { User } from '@resto/domain/account';
import { authQuery, call, newEmail, newIp, strongPassword, type Session } from './test/accounts.ts';
import { buildOrderPayload, errorOf, payloadOf, request, sendJson, startTestServer, type TestServer } from './test/harness.ts';
import type { TestProcessor } from './modules/payments/providers/test-processor.ts';
import { orders, payments } from './db/schema.ts';

/**
 * Section 7 of the specification, row by row, as a client written against it alone would call
 * the API: the spec's methods, paths, field names and query parameters, nothing of ours (no
 * `secret`, no `order_id` on the payment intent). Over real HTTP on a real test server, on
 * PGlite and on PostgreSQL when DATABASE_URL is set. The card payment is paid with the built-in
 * test processor, which stands for the provider's script of section 7
 * (docs/decisions/015-payment-intent-without-order.md).
 */

// Friday 28 November 2025, 12:00 in Paris: the demo restaurant is open (it closes on Mondays).
const now = new Date('2025-11-28T11:00:00Z');
/** Minutes the app's clock moved on from `now` (a second code to one e-mail waits a minute). */
let minutesLater = 0;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock: () => new Date(now.getTime() + minutesLater * 60_000) });
});
afterAll(async () => server?.close());

/** An order's row as stored, to show a PUT wrote nothing. */
async function orderRow(orderId: number) {
  const [row] = await server.db.select().from(orders).where(eq(orders.orderId, orderId));
  return row;
}

/** The six-digit code of the newest e-mail to `email` whose subject matches `subject`. */
async function codeMailedTo(email: string, subject: RegExp, after: number): Promise<string> {
  const mail = await server.mail.waitFor((m) => m.to === email.toLowerCase() && subject.test(m.subject) && server.mail.received.indexOf(m) >= after);
  return /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? '';
}

/** The spec's sign-up (row POST auth/signup/) and its code (row GET auth/verify-otp/): a token and a user. */
async function signUp(email: string, ip: string): Promise<Session> {
  const before = server.mail.received.length;
  const signup = await call<{ token: string | null; user: Partial<User> }>(server, 'POST', '/v2/public/auth/signup/', {
    body: { first_name: 'Camille', last_name: 'Roux', phone: '06 98 76 54 32', email, password: strongPassword },
    ip,
  });
  expect(signup.status).toBe(200);
  expect(payloadOf(signup).user).toMatchObject({ email, first_name: 'Camille', last_name: 'Roux' });
  const otp = await codeMailedTo(email, /confirmation/, before);
  const verified = payloadOf(await call<Session>(server, 'GET', `/v2/public/auth/verify-otp/?otp=${otp}&email=${encodeURIComponent(email)}`, { ip }));
  expect(verified.token).toEqual(expect.any(String));
  expect(verified.user).toMatchObject({ id: expect.any(Number), email });
  return verified;
}

describe('section 7, the catalogue rows', () => {
  test('GET /v2/public/settings: payload is a list of name/value', async () => {
    const settings = payloadOf(await request<{ name: string; value: unknown }[]>(server.baseUrl, '/v2/public/settings'));
    expect(settings.length).toBeGreaterThan(0);
    for (const setting of settings) expect(Object.keys(setting).sort()).toEqual(['name', 'value']);
    expect(settings.map((s) => s.name)).toEqual(expect.arrayContaining(['payments.stripe.active', 'payments.cod.active', 'features.delivery.active']));
  });

  test('GET /v2/public/menus: payload is a list of menus with their categories and items', async () => {
    const menus = payloadOf(
      await request<{ menu_id: number; menu_is_open: boolean; categories: { items: { item_id: number }[] }[] }[]>(server.baseUrl, '/v2/public/menus'),
    );
    expect(menus.length).toBeGreaterThan(0);
    expect(menus[0]).toMatchObject({ menu_id: expect.any(Number), menu_is_open: true, categories: expect.any(Array) });
  });

  test('GET /v2/public/offers: payload is a list of offers, no sign-in', async () => {
    const offers = payloadOf(await request<{ is_active: boolean; type: string }[]>(server.baseUrl, '/v2/public/offers'));
    expect(offers.length).toBeGreaterThan(0);
    expect(offers[0]).toMatchObject({ is_active: expect.any(Boolean), type: expect.any(String) });
  });

  test('GET /v2/public/offers/{coupon}: status and a payload list with the id; anything else marks it invalid', async () => {
    const found = await request<{ id: number }[]>(server.baseUrl, '/v2/public/offers/BIENVENUE10');
    expect(found.body.status).toBe('success');
    expect(payloadOf(found)).toEqual([expect.objectContaining({ id: expect.any(Number) })]);
    const unknown = await request(server.baseUrl, '/v2/public/offers/PASUNCODE');
    expect(unknown.body.status).toBe('error');
  });

  test('GET /v2/public/products/{item_menu_id}: the menu items, the answer unused by the storefront', async () => {
    const menus = payloadOf(await request<{ menu_id: number }[]>(server.baseUrl, '/v2/public/menus'));
    const products = payloadOf(await request<{ item_id: number; item_menu_id: number }[]>(server.baseUrl, `/v2/public/products/${menus[0]!.menu_id}`));
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p) => p.item_menu_id === menus[0]!.menu_id)).toBe(true);
  });
});

describe('section 7, the location rows', () => {
  test('GET /v2/public/locations/?query=: status and a payload list of suggestions', async () => {
    const response = await request<{ description: string; structured_formatting: { main_text: string; secondary_text: string } }[]>(
      server.baseUrl,
      `/v2/public/locations/?query=${encodeURIComponent('8 rue Mercière, 69002 Lyon')}`,
    );
    expect(response.body.status).toBe('success');
    expect(payloadOf(response)[0]).toMatchObject({ description: '8 rue Mercière, 69002 Lyon', structured_formatting: { main_text: '8 rue Mercière' } });
  });

  test('GET /v2/public/locations/distance?location=: status and the distance record of section 3', async () => {
    const response = await request<Record<string, unknown>>(
      server.baseUrl,
      `/v2/public/locations/distance?location=${encodeURIComponent('8 rue Mercière, 69002 Lyon')}`,
    );
    expect(response.body.status).toBe('success');
    const record = payloadOf(response);
    for (const field of [
      'distance',
      'duration',
      'unit',
      'delivery_cost',
      'formatted_address',
      'address',
      'address2',
      'city',
      'state',
      'postal_code',
      'country',
      'lat',
      'lng',
    ])
      expect(record).toHaveProperty(field);
  });
});

describe('section 7, the discovery rows', () => {
  test('POST /v2/recommendations {cartItems, maxRecommendations: 12}: recommendations with itemId', async () => {
    const menus = payloadOf(await request<{ categories: { items: { item_id: number }[] }[] }[]>(server.baseUrl, '/v2/public/menus'));
    const itemId = menus[0]!.categories[0]!.items[0]!.item_id;
    const answer = payloadOf(
      await sendJson<{ recommendations: { itemId: number }[] }>(server.baseUrl, 'POST', '/v2/recommendations', { cartItems: [itemId], maxRecommendations: 12 }),
    );
    expect(answer.recommendations.length).toBeLessThanOrEqual(12);
    for (const r of answer.recommendations) expect(r).toEqual({ itemId: expect.any(Number) });
  });

  test('GET /v2/public/recommendations/popular?limit=12: popular with itemId', async () => {
    const answer = payloadOf(await request<{ popular: { itemId: number }[] }>(server.baseUrl, '/v2/public/recommendations/popular?limit=12'));
    expect(answer.popular.length).toBeLessThanOrEqual(12);
    for (const p of answer.popular) expect(p).toEqual({ itemId: expect.any(Number) });
  });
});

describe('section 7, the account rows', () => {
  test('sign-up, verify-otp, login, profile, update-profile, orders, send-otp, reset-password, logout, delete-profile', async () => {
    const email = newEmail('section7');
    const ip = newIp();
    const session = await signUp(email, ip);

    // POST /v2/public/auth/login/ {email, password}: token and user.
    const loggedIn = payloadOf(await call<Session>(server, 'POST', '/v2/public/auth/login/', { body: { email, password: strongPassword }, ip }));
    expect(loggedIn).toMatchObject({ token: expect.any(String), user: { id: session.user.id, email } });

    // GET /v2/public/auth/profile?token=&user_id=: the user.
    const profile = payloadOf(await call<User>(server, 'GET', `/v2/public/auth/profile${authQuery(loggedIn)}`, { ip }));
    expect(profile).toEqual({ id: session.user.id, email, first_name: 'Camille', last_name: 'Roux', phone: expect.any(String), address: null });

    // PATCH /v2/public/auth/update-profile?token=&user_id= with the user object as body.
    const updated = await call(server, 'PATCH', `/v2/public/auth/update-profile${authQuery(loggedIn)}`, {
      body: { ...profile, first_name: 'Camilla', address: '8 rue Mercière, 69002 Lyon' },
      ip,
    });
    expect(updated.body.status).toBe('success');
    expect(payloadOf(await call<User>(server, 'GET', `/v2/public/auth/profile${authQuery(loggedIn)}`, { ip }))).toMatchObject({
      first_name: 'Camilla',
      address: '8 rue Mercière, 69002 Lyon',
    });

    // GET /v2/public/auth/orders?token=&user_id=&page=&limit= (default page 1, limit 20).
    const none = payloadOf(
      await call<{ orders: unknown[]; page: number; limit: number }>(server, 'GET', `/v2/public/auth/orders${authQuery(loggedIn)}`, { ip }),
    );
    expect(none).toMatchObject({ orders: [], page: 1, limit: 20 });
    expect(
      payloadOf(await call<{ page: number; limit: number }>(server, 'GET', `/v2/public/auth/orders${authQuery(loggedIn, '&page=2&limit=5')}`, { ip })),
    ).toMatchObject({
      page: 2,
      limit: 5,
    });

    // GET /v2/public/auth/send-otp/?email= then POST /v2/public/auth/reset-password/ {email, otp, password}.
    minutesLater += 2; // the sign-up's code was sent a moment ago: one code a minute per e-mail
    const before = server.mail.received.length;
    const sent = await call(server, 'GET', `/v2/public/auth/send-otp/?email=${encodeURIComponent(email)}`, { ip });
    expect(sent.body, JSON.stringify(sent.body)).toMatchObject({ status: 'success' });
    const otp = await codeMailedTo(email, /changer de mot de passe/, before);
    const newPassword = 'Tarte-aux-pralines-2026';
    expect((await call(server, 'POST', '/v2/public/auth/reset-password/', { body: { email, otp, password: newPassword }, ip })).body.status).toBe('success');
    const again = payloadOf(await call<Session>(server, 'POST', '/v2/public/auth/login/', { body: { email, password: newPassword }, ip }));

    // POST /v2/public/auth/logout/ with the bearer token and the user-id header.
    const logout = await call(server, 'POST', '/v2/public/auth/logout/', { token: again.token, headers: { 'user-id': String(again.user.id) }, ip });
    expect(logout.body.status).toBe('success');
    const afterLogout = await call(server, 'GET', `/v2/public/auth/profile${authQuery(again)}`, { ip });
    expect(afterLogout.status).toBe(401);

    // DELETE /v2/public/auth/delete-profile/ {token, user_id, password} with the bearer header.
    const last = payloadOf(await call<Session>(server, 'POST', '/v2/public/auth/login/', { body: { email, password: newPassword }, ip }));
    const deleted = await call(server, 'DELETE', '/v2/public/auth/delete-profile/', {
      body: { token: last.token, user_id: last.user.id, password: newPassword },
      token: last.token,
      ip,
    });
    expect(deleted.body.status).toBe('success');
    expect((await call(server, 'POST', '/v2/public/auth/login/', { body: { email, password: newPassword }, ip })).status).toBe(401);
  });
});

describe('section 7, the checkout rows: a card payment as the specification describes it', () => {
  test('order, stripe-customer, stripe-payment-intent with amount "23.50"-style, test card, PUT paid, the order read back', async () => {
    const ip = newIp();
    const email = newEmail('carte');
    const session = await signUp(email, ip);

    // POST /v2/public/checkout/ with the order payload of section 3 (user_id and the bearer token).
    const payload = await buildOrderPayload(server, {
      payment_method: 'card',
      user_id: session.user.id,
      customer: { first_name: 'Camille', last_name: 'Roux', email, phone: '06 98 76 54 32' },
    });
    expect(Object.keys(payload).sort()).toEqual(
      [
        'local_id',
        'items',
        'free_items',
        'is_pickup',
        'delivery',
        'tax',
        'subtotal',
        'discount',
        'total',
        'payment_method',
        'transaction_id',
        'user_id',
        'status',
        'customer',
        'location',
        'date',
      ].sort(),
    );
    const placed = await call<{ order_id: number }>(server, 'POST', '/v2/public/checkout/', { body: payload, token: session.token, ip });
    expect(placed.status).toBe(201);
    const orderId = payloadOf(placed).order_id;
    expect(orderId).toEqual(expect.any(Number));

    // POST /v2/public/checkout/stripe-customer {email, name, phone}: payload.customer.
    const customer = payloadOf(
      await call<{ customer: string }>(server, 'POST', '/v2/public/checkout/stripe-customer', {
        body: { email, name: 'Camille Roux', phone: '+33698765432' },
        ip,
      }),
    ).customer;
    expect(customer).toEqual(expect.any(String));

    // POST /v2/public/checkout/stripe-payment-intent {customer_id, amount (2 decimals, a string here)}: client_secret and id.
    const amount = payload.total.toFixed(2);
    expect(amount).toMatch(/^\d+\.\d{2}$/);
    const intent = payloadOf(
      await call<{ id: string; client_secret: string }>(server, 'POST', '/v2/public/checkout/stripe-payment-intent', {
        body: { customer_id: customer, amount },
        ip,
      }),
    );
    expect(intent.id).toEqual(expect.any(String));
    expect(intent.client_secret).toEqual(expect.any(String));

    // The optional payment_intent_id: the same intent again, still open.
    const retried = payloadOf(
      await call<{ id: string; client_secret: string }>(server, 'POST', '/v2/public/checkout/stripe-payment-intent', {
        body: { customer_id: customer, amount: payload.total, payment_intent_id: intent.id },
        ip,
      }),
    );
    expect(retried).toMatchObject({ id: intent.id, client_secret: intent.client_secret });

    // The provider's script confirms the card: here the built-in test processor, with 4242….
    const confirmed = await sendJson<{ status: string }>(server.baseUrl, 'POST', '/v2/public/checkout/test-processor/confirm', {
      client_secret: intent.client_secret,
      number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(payloadOf(confirmed).status).toBe('succeeded');
    await (server.payments.provider as TestProcessor).idle(); // its webhook finds no order yet: nothing happens

    // PUT /v2/public/checkout/ {order_id, transaction_id, status: 'paid'}, the bearer token proving the order.
    const put = await call<{ order_id: number; status: string }>(server, 'PUT', '/v2/public/checkout/', {
      body: { order_id: orderId, transaction_id: intent.id, status: 'paid' },
      token: session.token,
      ip,
    });
    expect(payloadOf(put)).toEqual({ order_id: orderId, status: 'paid' });

    // The order read back through GET /v2/public/auth/orders?token=&user_id=.
    const { orders } = payloadOf(
      await call<{ orders: { order_id: number; status: string; total: number; payment_method: string }[] }>(
        server,
        'GET',
        `/v2/public/auth/orders${authQuery(session)}`,
        { ip },
      ),
    );
    expect(orders).toEqual([expect.objectContaining({ order_id: orderId, status: 'paid', total: payload.total, payment_method: 'card' })]);
  });

  test('a cash order: POST then PUT {order_id, transaction_id: null, status: pending}', async () => {
    const ip = newIp();
    const session = await signUp(newEmail('especes'), ip);
    const payload = await buildOrderPayload(server, {
      user_id: session.user.id,
      customer: { first_name: 'Camille', last_name: 'Roux', email: session.user.email, phone: '06 98 76 54 32' },
    });
    const orderId = payloadOf(await call<{ order_id: number }>(server, 'POST', '/v2/public/checkout/', { body: payload, token: session.token, ip })).order_id;
    const put = await call(server, 'PUT', '/v2/public/checkout/', {
      body: { order_id: orderId, transaction_id: null, status: 'pending' },
      token: session.token,
      ip,
    });
    expect(payloadOf(put)).toEqual({ order_id: orderId, status: 'pending' });
  });
  test('a guest cash order: PUT {order_id, transaction_id: null, status: pending} without any token answers pending and writes nothing', async () => {
    const payload = await buildOrderPayload(server);
    const placed = await sendJson<{ order_id: number }>(server.baseUrl, 'POST', '/v2/public/checkout/', payload);
    expect(placed.status).toBe(201);
    const orderId = payloadOf(placed).order_id;
    const before = await orderRow(orderId);
    const put = await sendJson(server.baseUrl, 'PUT', '/v2/public/checkout/', { order_id: orderId, transaction_id: null, status: 'pending' });
    expect(put.status).toBe(200);
    expect(payloadOf(put)).toEqual({ order_id: orderId, status: 'pending' });
    expect(await orderRow(orderId)).toEqual(before);
    // Anything that would change the order still needs its proof (docs/decisions/014).
    const write = await sendJson(server.baseUrl, 'PUT', '/v2/public/checkout/', { order_id: orderId, transaction_id: 'caisse-1', status: 'pending' });
    expect(write.status).toBe(403);
    expect(errorOf(write).code).toBe('order_proof_required');
    const paid = await sendJson(server.baseUrl, 'PUT', '/v2/public/checkout/', { order_id: orderId, transaction_id: null, status: 'paid' });
    expect(paid.status).toBe(403);
    expect(await orderRow(orderId)).toEqual(before);
  });
});

describe('an intent without order_id leaks nothing of an order, and binds only to the order it paid exactly', () => {
  /** A pending card order placed as a guest, its total in euros, and the local_id that proves it (section 3). */
  async function guestCardOrder() {
    const payload = await buildOrderPayload(server, { payment_method: 'card' });
    const orderId = payloadOf(await sendJson<{ order_id: number }>(server.baseUrl, 'POST', '/v2/public/checkout/', payload)).order_id;
    return { orderId, total: payload.total, localId: payload.local_id };
  }
  async function customerId() {
    return payloadOf(
      await sendJson<{ customer: string }>(server.baseUrl, 'POST', '/v2/public/checkout/stripe-customer', {
        email: 'marie.dupont@example.fr',
        name: 'Marie Dupont',
        phone: '',
      }),
    ).customer;
  }
  async function paidIntent(customer: string, amount: number | string) {
    const intent = payloadOf(
      await sendJson<{ id: string; client_secret: string; amount: number; status: string }>(
        server.baseUrl,
        'POST',
        '/v2/public/checkout/stripe-payment-intent',
        {
          customer_id: customer,
          amount,
        },
      ),
    );
    await sendJson(server.baseUrl, 'POST', '/v2/public/checkout/test-processor/confirm', {
      client_secret: intent.client_secret,
      number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    return intent;
  }
  const putPaid = (orderId: number, transactionId: string, proof: Record<string, string> = {}) =>
    sendJson<{ status: string }>(server.baseUrl, 'PUT', '/v2/public/checkout/', { order_id: orderId, transaction_id: transactionId, status: 'paid', ...proof });

  test('the answer is the intent of the amount sent: id, client_secret, status, amount — no order, no other total', async () => {
    const customer = await customerId();
    const answer = payloadOf(
      await sendJson<Record<string, unknown>>(server.baseUrl, 'POST', '/v2/public/checkout/stripe-payment-intent', { customer_id: customer, amount: '12.30' }),
    );
    expect(Object.keys(answer).sort()).toEqual(['amount', 'client_secret', 'id', 'status']);
    expect(answer).toMatchObject({ amount: 12.3, status: 'requires_payment_method' });
  });

  test('an amount with 3 decimals is refused (400 invalid_request); an unknown customer 422 payment_customer_unknown', async () => {
    const threeDecimals = await sendJson(server.baseUrl, 'POST', '/v2/public/checkout/stripe-payment-intent', {
      customer_id: await customerId(),
      amount: 12.345,
    });
    expect(threeDecimals.status).toBe(400);
    expect(errorOf(threeDecimals)).toMatchObject({ code: 'invalid_request', errors: [{ path: 'amount' }] });
    const unknown = await sendJson(server.baseUrl, 'POST', '/v2/public/checkout/stripe-payment-intent', { customer_id: 'cus_nobody', amount: 10 });
    expect(unknown.status).toBe(422);
    expect(errorOf(unknown)).toMatchObject({ code: 'payment_customer_unknown', message: paymentAnswers.paymentCustomerUnknown });
  });

  test('payment_intent_id of an order bound intent is never answered: a new intent is made instead', async () => {
    const order = await guestCardOrder();
    const customer = await customerId();
    const bound = await paidIntent(customer, order.total);
    expect(payloadOf(await putPaid(order.orderId, bound.id, { local_id: order.localId })).status).toBe('paid');
    const hinted = payloadOf(
      await sendJson<{ id: string; client_secret: string }>(server.baseUrl, 'POST', '/v2/public/checkout/stripe-payment-intent', {
        customer_id: customer,
        amount: order.total,
        payment_intent_id: bound.id,
      }),
    );
    expect(hinted.id).not.toBe(bound.id);
    expect(hinted.client_secret).not.toBe(bound.client_secret);
  });

  test('PUT paid still needs the order proved: without it 403 order_proof_required, nothing bound', async () => {
    const order = await guestCardOrder();
    const intent = await paidIntent(await customerId(), order.total);
    const refused = await putPaid(order.orderId, intent.id);
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe('order_proof_required');
    // The owner (its local_id, section 3) then binds it.
    expect(payloadOf(await putPaid(order.orderId, intent.id, { local_id: order.localId })).status).toBe('paid');
  });

  test('an intent for another amount is not this order’s: 422 payment_not_for_order, the order stays pending and can still be paid', async () => {
    const order = await guestCardOrder();
    const customer = await customerId();
    const wrong = await paidIntent(customer, (order.total + 0.01).toFixed(2));
    const refused = await putPaid(order.orderId, wrong.id, { local_id: order.localId });
    expect(refused.status).toBe(422);
    expect(errorOf(refused)).toMatchObject({ code: 'payment_not_for_order', message: paymentAnswers.paymentNotForOrder });
    const right = await paidIntent(customer, order.total);
    expect(payloadOf(await putPaid(order.orderId, right.id, { local_id: order.localId })).status).toBe('paid');
  });

  test('an intent bound to one order cannot pay another of the same total', async () => {
    const first = await guestCardOrder();
    const second = await guestCardOrder();
    expect(second.total).toBe(first.total);
    const intent = await paidIntent(await customerId(), first.total);
    expect(payloadOf(await putPaid(first.orderId, intent.id, { local_id: first.localId })).status).toBe('paid');
    const refused = await putPaid(second.orderId, intent.id, { local_id: second.localId });
    expect(refused.status).toBe(422);
    expect(errorOf(refused).code).toBe('payment_not_for_order');
  });

  test('an intent of an order (the order_id path) cannot be bound to another order', async () => {
    const owner = await guestCardOrder();
    const other = await guestCardOrder();
    const customer = await customerId();
    const ordersIntent = payloadOf(
      await sendJson<{ id: string; client_secret: string }>(server.baseUrl, 'POST', '/v2/public/checkout/stripe-payment-intent', {
        order_id: owner.orderId,
        local_id: owner.localId,
        customer_id: customer,
        amount: owner.total,
      }),
    );
    await sendJson(server.baseUrl, 'POST', '/v2/public/checkout/test-processor/confirm', {
      client_secret: ordersIntent.client_secret,
      number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    const refused = await putPaid(other.orderId, ordersIntent.id, { local_id: other.localId });
    expect(refused.status).toBe(422);
    expect(errorOf(refused).code).toBe('payment_not_for_order');
  });

  test('an intent not paid yet is not bound: 422 payment_not_confirmed, and the paid retry binds', async () => {
    const order = await guestCardOrder();
    const customer = await customerId();
    const open = payloadOf(
      await sendJson<{ id: string; client_secret: string }>(server.baseUrl, 'POST', '/v2/public/checkout/stripe-payment-intent', {
        customer_id: customer,
        amount: order.total,
      }),
    );
    const early = await putPaid(order.orderId, open.id, { local_id: order.localId });
    expect(early.status).toBe(422);
    expect(errorOf(early).code).toBe('payment_not_confirmed');
    await sendJson(server.baseUrl, 'POST', '/v2/public/checkout/test-processor/confirm', {
      client_secret: open.client_secret,
      number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(payloadOf(await putPaid(order.orderId, open.id, { local_id: order.localId })).status).toBe('paid');
  });

  test('an order created carrying the intent id (section 3, transaction_id) is paid by the PUT that names it', async () => {
    const customer = await customerId();
    const payload = await buildOrderPayload(server, { payment_method: 'card' });
    const intent = await paidIntent(customer, payload.total);
    const orderId = payloadOf(
      await sendJson<{ order_id: number }>(server.baseUrl, 'POST', '/v2/public/checkout/', { ...payload, transaction_id: intent.id }),
    ).order_id;
    const other = await paidIntent(customer, payload.total);
    const refused = await putPaid(orderId, other.id, { local_id: payload.local_id });
    expect(errorOf(refused).code).toBe('payment_not_for_order');
    expect(payloadOf(await putPaid(orderId, intent.id, { local_id: payload.local_id })).status).toBe('paid');
  });

  /** A guest card order created carrying `intentId` as its transaction_id (section 3), without its local_id kept. */
  async function guestCardOrderCarrying(intentId: string, total?: number) {
    const payload = await buildOrderPayload(server, { payment_method: 'card' });
    if (total !== undefined) expect(payload.total).toBe(total);
    const orderId = payloadOf(await sendJson<{ order_id: number }>(server.baseUrl, 'POST', '/v2/public/checkout/', { ...payload, transaction_id: intentId })).order_id;
    return { orderId, total: payload.total, localId: payload.local_id };
  }
  const expectProofRefused = (response: { status: number }) => {
    expect(response.status).toBe(403);
    expect(errorOf(response as Parameters<typeof errorOf>[0]).code).toBe('order_proof_required');
  };
  const boundOrderOf = async (intentId: string) =>
    (await server.db.select({ orderId: payments.orderId }).from(payments).where(eq(payments.intentId, intentId)))[0]?.orderId ?? null;

  test('a guest PUT paid with no token nor secret: the intent the order was created with, succeeded for its exact total, is the proof', async () => {
    const customer = await customerId();
    const total = (await buildOrderPayload(server, { payment_method: 'card' })).total;
    const intent = await paidIntent(customer, total);
    const order = await guestCardOrderCarrying(intent.id, total);
    const put = await putPaid(order.orderId, intent.id);
    expect(put.status).toBe(200);
    expect(payloadOf(put)).toEqual({ order_id: order.orderId, status: 'paid' });
    expect(await boundOrderOf(intent.id)).toBe(order.orderId);
    // The same PUT again: still paid.
    expect(payloadOf(await putPaid(order.orderId, intent.id))).toEqual({ order_id: order.orderId, status: 'paid' });
  });

  test('without other proof, an intent not of this order, not succeeded, of another amount or carried by two orders is refused 403', async () => {
    const customer = await customerId();
    const total = (await buildOrderPayload(server, { payment_method: 'card' })).total;
    // Another paid intent of the same total than the one the order carries.
    const carried = await paidIntent(customer, total);
    const order = await guestCardOrderCarrying(carried.id, total);
    const stranger = await paidIntent(customer, total);
    expectProofRefused(await putPaid(order.orderId, stranger.id));
    expect(await boundOrderOf(stranger.id)).toBeNull();
    // Another order's intent, named on an order that carries none.
    const other = await guestCardOrder();
    expectProofRefused(await putPaid(other.orderId, carried.id));
    // Not paid yet: refused; paid, it proves its order.
    const open = payloadOf(
      await sendJson<{ id: string; client_secret: string }>(server.baseUrl, 'POST', '/v2/public/checkout/stripe-payment-intent', { customer_id: customer, amount: total }),
    );
    const waiting = await guestCardOrderCarrying(open.id, total);
    expectProofRefused(await putPaid(waiting.orderId, open.id));
    await sendJson(server.baseUrl, 'POST', '/v2/public/checkout/test-processor/confirm', {
      client_secret: open.client_secret,
      number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(payloadOf(await putPaid(waiting.orderId, open.id)).status).toBe('paid');
    // An intent of another amount than the order's total.
    const cheaper = await paidIntent(customer, (total - 0.01).toFixed(2));
    const overpriced = await guestCardOrderCarrying(cheaper.id, total);
    expectProofRefused(await putPaid(overpriced.orderId, cheaper.id));
    // Two orders carrying one intent: it proves neither; the one that proves itself binds it.
    const twice = await paidIntent(customer, total);
    const first = await guestCardOrderCarrying(twice.id, total);
    const second = await guestCardOrderCarrying(twice.id, total);
    expectProofRefused(await putPaid(first.orderId, twice.id));
    expectProofRefused(await putPaid(second.orderId, twice.id));
    expect(await boundOrderOf(twice.id)).toBeNull();
    expect(payloadOf(await putPaid(first.orderId, twice.id, { local_id: first.localId })).status).toBe('paid');
    // The stranger's intent bound nothing: the order's own intent still pays it, with no proof.
    expect(payloadOf(await putPaid(order.orderId, carried.id)).status).toBe('paid');
  });
});
