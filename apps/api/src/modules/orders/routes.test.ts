import type { OrderView } from '@resto/contract/orders';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { OrderPayload } from '@resto/domain/checkout';
import { maxCartLines, maxLineQuantity } from '@resto/domain/catalogue';
import type { ErrorCode } from '@resto/contract/errors';
import { orderAnswers } from '@resto/copy/errors/orders';
import { requestErrors } from '@resto/copy/errors/request';
import { centsToEuros } from '@resto/domain/money';
import { orderEvents, orderLines, orders } from '../../db/schema.ts';
import {
  buildOrderPayload,
  countOrders,
  errorOf,
  fetchCatalogue,
  findItem,
  getJson,
  looksFrench,
  looseCopy,
  payloadOf,
  postOrder,
  priceLines,
  request,
  sendJson,
  startTestServer,
  type ErrorEnvelope,
  type JsonResponse,
  type LineChoice,
  type TestServer,
} from '../../test/harness.ts';

/** POST, PUT and GET /v2/public/checkout/ over real HTTP (spec sections 3, 4, 5, 7; docs/decisions/016, section 3). */


interface FreshTotals {
  subtotal: number;
  discount: number;
  delivery: number;
  tax: number;
  total: number;
}

// A fixed clock: 2025-11-28 is a Friday, 12:00 in Paris (UTC+1). Menu 1 is open and the
// Monday-to-Thursday promotion does not apply; tests that need another instant set `now` and restore it.
const fridayNoonParis = new Date('2025-11-28T11:00:00Z');
const tuesdayNoonParis = new Date('2025-11-25T11:00:00Z');
let now = fridayNoonParis;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
});
afterAll(async () => {
  await server?.close();
});

async function createOrder(payload: OrderPayload): Promise<number> {
  const response = await postOrder(server.baseUrl, payload);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return payloadOf(response).order_id;
}

function readOrder(orderId: number | string, localId: string) {
  return getJson<OrderView>(server.baseUrl, `/v2/public/checkout/${orderId}?local_id=${encodeURIComponent(localId)}`);
}

async function rowsForLocalId(localId: string) {
  const [orderRows, lineRows, historyRows] = await Promise.all([
    server.db.select({ orderId: orders.orderId }).from(orders).where(eq(orders.localId, localId)),
    server.db.select({ n: count() }).from(orderLines).innerJoin(orders, eq(orders.orderId, orderLines.orderId)).where(eq(orders.localId, localId)),
    server.db
      .select({ n: count() })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.orderId, orderEvents.orderId))
      .where(eq(orders.localId, localId)),
  ]);
  return { orders: orderRows.length, lines: lineRows[0]?.n ?? 0, history: historyRows[0]?.n ?? 0 };
}

async function countAllRows() {
  const [lineRows, historyRows] = await Promise.all([
    server.db.select({ n: count() }).from(orderLines),
    server.db.select({ n: count() }).from(orderEvents),
  ]);
  return { orders: await countOrders(server.db), lines: lineRows[0]?.n ?? 0, history: historyRows[0]?.n ?? 0 };
}

function expectFrenchError(response: JsonResponse<unknown>, status: number, path?: string): ErrorEnvelope {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  const error = errorOf(response);
  expect(error.status).toBe('error');
  expect(typeof error.message).toBe('string');
  expect(looksFrench(error.message), error.message).toBe(true);
  expect(Array.isArray(error.errors)).toBe(true);
  for (const fieldError of error.errors) expect(looksFrench(fieldError.message), fieldError.message).toBe(true);
  if (path !== undefined) expect(error.errors.map((e) => e.path)).toContain(path);
  expect(JSON.stringify(error)).not.toMatch(/\.ts:\d+|at [\w.]+ \(/); // no stack trace
  return error;
}

describe('POST /v2/public/checkout/ creates an order', () => {
  test('201 with the order_id; the read-back copies names, quantities, unit prices and totals', async () => {
    const before = await countOrders(server.db);
    const catalogue = await fetchCatalogue(server.baseUrl);
    const payload = await buildOrderPayload(server, {
      lines: [
        { itemId: 105, quantity: 2, note: 'Bien cuite' },
        { itemId: 125, quantity: 1 },
      ],
    });

    const response = await postOrder(server.baseUrl, payload);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ status: 'success', payload: { order_id: expect.any(Number), secret: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    const orderId = payloadOf(response).order_id;
    // The same local_id again answers the same order and the same secret.
    const again = await postOrder(server.baseUrl, payload);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(response.body);
    expect(await countOrders(server.db)).toBe(before + 1);

    const order = payloadOf(await readOrder(orderId, payload.local_id));
    const pizza = findItem(catalogue, 105);
    const lemonade = findItem(catalogue, 125);
    expect(order).toMatchObject({ order_id: orderId, status: 'pending', is_pickup: true, payment_method: 'cash' });
    expect(order.items).toEqual([
      expect.objectContaining({
        item_id: 105,
        item_menu_id: 1,
        item_name: pizza.item_name,
        quantity: 2,
        note: 'Bien cuite',
        unit_price: pizza.item_price.price_pickup,
        amount: centsToEuros(Math.round(pizza.item_price.price_pickup * 100) * 2),
        options: [],
      }),
      expect.objectContaining({ item_id: 125, item_name: lemonade.item_name, quantity: 1, unit_price: lemonade.item_price.price_pickup }),
    ]);
    expect({ subtotal: order.subtotal, discount: order.discount, delivery: order.delivery, tax: order.tax, total: order.total }).toEqual({
      subtotal: payload.subtotal,
      discount: payload.discount,
      delivery: payload.delivery,
      tax: payload.tax,
      total: payload.total,
    });
    expect(order.tax_by_rate.reduce((sum, t) => sum + Math.round(t.tax * 100), 0)).toBe(Math.round(payload.tax * 100));
    expect(order.customer).toEqual({ first_name: 'Marie', last_name: 'Dupont', email: 'marie.dupont@example.fr', phone: '+33612345678' });
    expect(order.status_history).toHaveLength(1);
    expect(order.status_history[0]?.status).toBe('pending');
    expect(Number.isNaN(Date.parse(order.status_history[0]?.at ?? ''))).toBe(false);
    expect(Number.isNaN(Date.parse(order.created_at))).toBe(false);
  });

  test('the same local_id twice: one order, the same order_id, 201 then 200', async () => {
    const payload = await buildOrderPayload(server);
    const first = await postOrder(server.baseUrl, payload);
    const second = await postOrder(server.baseUrl, payload);
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(payloadOf(second).order_id).toBe(payloadOf(first).order_id);
    expect(await rowsForLocalId(payload.local_id)).toEqual({ orders: 1, lines: 1, history: 1 });
  });

  test('10 concurrent POSTs with the same local_id: one order', async () => {
    const payload = await buildOrderPayload(server);
    const before = await countOrders(server.db);
    const responses = await Promise.all(Array.from({ length: 10 }, () => postOrder(server.baseUrl, payload)));
    for (const response of responses) expect([200, 201], JSON.stringify(response.body)).toContain(response.status);
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(new Set(responses.map((r) => payloadOf(r).order_id)).size).toBe(1);
    expect(await rowsForLocalId(payload.local_id)).toEqual({ orders: 1, lines: 1, history: 1 });
    expect(await countOrders(server.db)).toBe(before + 1);
  });

  test('concurrent POSTs with different local_ids: one order each', async () => {
    const payloads = await Promise.all(Array.from({ length: 5 }, () => buildOrderPayload(server)));
    const ids = await Promise.all(payloads.map((p) => createOrder(p)));
    expect(new Set(ids).size).toBe(5);
  });

  test('chosen options are priced: unit price = base pickup price + each option value', async () => {
    const catalogue = await fetchCatalogue(server.baseUrl);
    const burger = findItem(catalogue, 110);
    const cooking = burger.options.find((o) => o.option_name === 'Cuisson');
    const side = burger.options.find((o) => o.option_name === 'Accompagnement');
    const pricedSide = side?.option_options.find((v) => v.price > 0);
    const medium = cooking?.option_options[1];
    if (!cooking || !side || !pricedSide || !medium) throw new Error('demo burger 110 lost its options');

    const lines: LineChoice[] = [
      {
        itemId: 110,
        quantity: 3,
        choices: [
          { option_id: cooking.option_id, option_option_id: medium.id, quantity: 1 },
          { option_id: side.option_id, option_option_id: pricedSide.id, quantity: 1 },
        ],
      },
    ];
    const payload = await buildOrderPayload(server, { lines });
    const orderId = await createOrder(payload);
    const order = payloadOf(await readOrder(orderId, payload.local_id));

    const unitCents = Math.round(burger.item_price.price_pickup * 100) + Math.round(pricedSide.price * 100) + Math.round(medium.price * 100);
    expect(pricedSide.price).toBeGreaterThan(0);
    expect(order.items[0]?.unit_price).toBe(centsToEuros(unitCents));
    expect(order.items[0]?.amount).toBe(centsToEuros(unitCents * 3));
    expect(order.subtotal).toBe(centsToEuros(unitCents * 3));
    expect(order.subtotal).toBe(centsToEuros(priceLines(catalogue, lines, server.now()).totals.subtotalCents));
    expect(order.items[0]?.options).toEqual([
      { option_id: cooking.option_id, option_name: 'Cuisson', id: medium.id, name: medium.name, price: medium.price, quantity: 1 },
      { option_id: side.option_id, option_name: 'Accompagnement', id: pricedSide.id, name: pricedSide.name, price: pricedSide.price, quantity: 1 },
    ]);
  });

  test('an option value taken several times is priced times its quantity', async () => {
    const catalogue = await fetchCatalogue(server.baseUrl);
    const pizza = findItem(catalogue, 105);
    const extras = pizza.options[0];
    const egg = extras?.option_options.find((v) => v.price > 0);
    if (!extras || !egg) throw new Error('demo pizza 105 lost its extras');
    const payload = await buildOrderPayload(server, {
      lines: [{ itemId: 105, quantity: 1, choices: [{ option_id: extras.option_id, option_option_id: egg.id, quantity: 2 }] }],
    });
    const order = payloadOf(await readOrder(await createOrder(payload), payload.local_id));
    expect(order.items[0]?.unit_price).toBe(centsToEuros(Math.round(pizza.item_price.price_pickup * 100) + 2 * Math.round(egg.price * 100)));
  });

  test('the factory and the server price offers alike: two pizzas on a Tuesday get the Monday-to-Thursday promotion', async () => {
    const lines: LineChoice[] = [
      { itemId: 105, quantity: 1 },
      { itemId: 106, quantity: 1 },
    ];
    const friday = await buildOrderPayload(server, { lines });
    expect(friday.discount).toBe(0);

    now = tuesdayNoonParis;
    try {
      const tuesday = await buildOrderPayload(server, { lines });
      const catalogue = await fetchCatalogue(server.baseUrl);
      const cheapestDelivery = Math.min(findItem(catalogue, 105).item_price.price_delivery, findItem(catalogue, 106).item_price.price_delivery);
      // Section 9: 50 % of the cheaper item's delivery price.
      expect(tuesday.discount).toBe(centsToEuros(Math.round((cheapestDelivery * 100) / 2)));
      expect(tuesday.total).toBe(Math.round((tuesday.subtotal - tuesday.discount) * 100) / 100);

      const order = payloadOf(await readOrder(await createOrder(tuesday), tuesday.local_id));
      expect({ discount: order.discount, tax: order.tax, total: order.total }).toEqual({ discount: tuesday.discount, tax: tuesday.tax, total: tuesday.total });

      // Friday's totals sent on a Tuesday: the server refuses them with its own (lower) total.
      const stale = await postOrder(server.baseUrl, { ...friday, local_id: `${friday.local_id}-x` });
      expect(stale.status).toBe(409);
      expect((errorOf(stale).payload as FreshTotals).total).toBe(tuesday.total);
    } finally {
      now = fridayNoonParis;
    }
  });

  test('items with their own tax rate are taxed at that rate (drinks at 20 %)', async () => {
    const payload = await buildOrderPayload(server, {
      lines: [
        { itemId: 105, quantity: 1 },
        { itemId: 128, quantity: 2 },
      ],
    });
    const order = payloadOf(await readOrder(await createOrder(payload), payload.local_id));
    expect(order.tax_by_rate.map((t) => t.rate)).toEqual([10, 20]);
    expect(order.items.map((i) => i.tax_rate)).toEqual([10, 20]);
    expect(order.tax).toBe(payload.tax);
  });
});

describe('PUT /v2/public/checkout/ finalises an order', () => {
  test('pending with no transaction: 200, status pending, no new history row', async () => {
    const payload = await buildOrderPayload(server);
    const orderId = await createOrder(payload);
    const response = await sendJson<{ order_id: number; status: string }>(server.baseUrl, 'PUT', '/v2/public/checkout/', {
      order_id: orderId,
      status: 'pending',
      transaction_id: null,
      local_id: payload.local_id, // the proof of the order (docs/decisions/014)
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'success', payload: { order_id: orderId, status: 'pending' } });
    const order = payloadOf(await readOrder(orderId, payload.local_id));
    expect(order.status).toBe('pending');
    expect(order.status_history.map((h) => h.status)).toEqual(['pending']);
  });

  test("'paid' on a cash order is refused with 422 and the order stays pending", async () => {
    const payload = await buildOrderPayload(server);
    const orderId = await createOrder(payload);
    const response = await sendJson(server.baseUrl, 'PUT', '/v2/public/checkout/', { order_id: orderId, status: 'paid', transaction_id: 'pi_fake', local_id: payload.local_id });
    const error = expectFrenchError(response, 422, 'status');
    expect(error.message).toBe(orderAnswers.orderStatusRefused);
    const order = payloadOf(await readOrder(orderId, payload.local_id));
    expect(order.status).toBe('pending');
    expect(order.status_history).toHaveLength(1);
  });

  test('an unknown order answers 404', async () => {
    const response = await sendJson(server.baseUrl, 'PUT', '/v2/public/checkout/', { order_id: 987_654, status: 'pending', transaction_id: null });
    const error = expectFrenchError(response, 404, 'order_id');
    expect(error.message).toBe(orderAnswers.unknownOrder);
  });

  test.each<[string, unknown, string]>([
    ['no order_id', { status: 'pending' }, 'order_id'],
    ['an unknown status', { order_id: 1001, status: 'completed' }, 'status'],
    ['a string order_id', { order_id: '1001', status: 'pending' }, 'order_id'],
  ])('a body with %s answers 400 naming the field', async (_label, body, path) => {
    expectFrenchError(await sendJson(server.baseUrl, 'PUT', '/v2/public/checkout/', body), 400, path);
  });
});

describe('GET /v2/public/checkout/{order_id} reads an order back', () => {
  test('a wrong, missing or empty local_id answers 404 and reveals nothing', async () => {
    const payload = await buildOrderPayload(server);
    const orderId = await createOrder(payload);
    for (const path of [
      `/v2/public/checkout/${orderId}?local_id=wrong-local-id`,
      `/v2/public/checkout/${orderId}`,
      `/v2/public/checkout/${orderId}?local_id=`,
      `/v2/public/checkout/abc?local_id=${payload.local_id}`,
      `/v2/public/checkout/987654?local_id=${payload.local_id}`,
      `/v2/public/checkout/99999999999?local_id=${payload.local_id}`, // beyond PostgreSQL's integer: 404, not 500
      `/v2/public/checkout/${orderId}.5?local_id=${payload.local_id}`,
    ]) {
      const response = await getJson(server.baseUrl, path);
      const error = expectFrenchError(response, 404);
      expect(error.message).toBe(orderAnswers.unknownOrder);
      expect(JSON.stringify(response.body)).not.toContain('Dupont');
    }
    // and the right one still works
    expect(payloadOf(await readOrder(orderId, payload.local_id)).order_id).toBe(orderId);
  });
});

/** A bad order: how to break a valid payload, and what the API must answer. */
interface BadCase {
  name: string;
  body: (valid: OrderPayload) => string | Promise<string>;
  status: number;
  /** The `errors[].path` naming the failing field; undefined when no field can be named (not JSON). */
  path?: string;
  message?: string | RegExp;
  /** The error's code; by default one of the codes a 400 on a body may carry. */
  code?: ErrorCode;
}

const json = (value: unknown) => JSON.stringify(value);
const mutate = (valid: OrderPayload, change: (body: Record<string, unknown>) => void) => {
  const body = looseCopy(valid);
  change(body);
  return json(body);
};
const withLine = (valid: OrderPayload, line: Record<string, unknown>) =>
  mutate(valid, (body) => (body.items = [{ item_id: 105, item_menu_id: 1, quantity: 1, options: [], ...line }]));
const withQuantity = (valid: OrderPayload, quantity: number) => mutate(valid, (body) => ((body.items as Record<string, unknown>[])[0]!.quantity = quantity));

const badCases: BadCase[] = [
  { name: 'malformed JSON', body: () => '{"local_id": "abcdefgh", "items": [', status: 400, message: requestErrors.invalidJson, code: 'invalid_json' },
  { name: 'an empty body', body: () => '', status: 400, message: requestErrors.invalidJson, code: 'invalid_json' },
  { name: 'a JSON array instead of an object', body: () => '[]', status: 400 },
  {
    name: 'missing customer.email',
    body: (v) => mutate(v, (b) => delete (b.customer as Record<string, unknown>).email),
    status: 400,
    path: 'customer.email',
    message: new RegExp(requestErrors.emailRequired.slice(0, 20)),
  },
  {
    name: 'an invalid customer.email',
    body: (v) => mutate(v, (b) => ((b.customer as Record<string, unknown>).email = 'marie@')),
    status: 400,
    path: 'customer.email',
  },
  { name: 'an invalid phone', body: (v) => mutate(v, (b) => ((b.customer as Record<string, unknown>).phone = '12 34')), status: 400, path: 'customer.phone' },
  {
    name: 'an empty first name',
    body: (v) => mutate(v, (b) => ((b.customer as Record<string, unknown>).first_name = '  ')),
    status: 400,
    path: 'customer.first_name',
  },
  { name: 'no local_id', body: (v) => mutate(v, (b) => delete b.local_id), status: 400, path: 'local_id' },
  { name: 'a local_id with forbidden characters', body: (v) => mutate(v, (b) => (b.local_id = "x'; drop table orders; --")), status: 400, path: 'local_id' },
  { name: 'an unknown item id', body: (v) => withLine(v, { item_id: 99_999 }), status: 400, path: 'items.0.item_id', message: orderAnswers.unknownItem(99_999) },
  {
    name: 'an item with the wrong item_menu_id',
    body: (v) => withLine(v, { item_menu_id: 2 }),
    status: 400,
    path: 'items.0.item_menu_id',
    message: orderAnswers.itemWrongMenu(105, 2),
  },
  {
    name: 'an unknown option id',
    body: (v) => withLine(v, { options: [{ option_id: 99_999, option_options: [{ id: 5001, quantity: 1 }] }] }),
    status: 400,
    path: 'items.0.options',
  },
  {
    name: 'an unknown option value id',
    body: (v) => withLine(v, { options: [{ option_id: 1001, option_options: [{ id: 99_999, quantity: 1 }] }] }),
    status: 400,
    path: 'items.0.options',
  },
  {
    name: "a value from another item's option",
    body: (v) => withLine(v, { options: [{ option_id: 1001, option_options: [{ id: 5006, quantity: 1 }] }] }),
    status: 400,
    path: 'items.0.options',
  },
  {
    name: "another item's option",
    body: (v) => withLine(v, { options: [{ option_id: 1002, option_options: [{ id: 5006, quantity: 1 }] }] }),
    status: 400,
    path: 'items.0.options',
  },
  {
    name: "more values than the option's selected count",
    body: (v) => withLine(v, { options: [{ option_id: 1001, option_options: [5001, 5002, 5003, 5004].map((id) => ({ id, quantity: 1 })) }] }),
    status: 400,
    path: 'items.0.options',
    message: /3 choix au maximum/,
  },
  {
    name: "one value taken more times than the option's selected count",
    body: (v) => withLine(v, { options: [{ option_id: 1001, option_options: [{ id: 5001, quantity: 4 }] }] }),
    status: 400,
    path: 'items.0.options',
    message: /3 choix au maximum/,
  },
  {
    name: 'the same option sent twice to get past its count',
    body: (v) =>
      withLine(v, {
        item_id: 110,
        options: [
          { option_id: 1006, option_options: [{ id: 5026, quantity: 1 }] },
          { option_id: 1006, option_options: [{ id: 5027, quantity: 1 }] },
          { option_id: 1007, option_options: [{ id: 5029, quantity: 1 }] },
        ],
      }),
    status: 400,
    path: 'items.0.options',
  },
  {
    name: 'a missing required option',
    body: (v) => withLine(v, { item_id: 110, options: [{ option_id: 1006, option_options: [{ id: 5027, quantity: 1 }] }] }),
    status: 400,
    path: 'items.0.options',
    message: orderAnswers.optionRequired('Accompagnement'),
  },
  {
    name: 'an option value quantity of 0',
    body: (v) => withLine(v, { options: [{ option_id: 1001, option_options: [{ id: 5001, quantity: 0 }] }] }),
    status: 400,
    path: 'items.0.options.0.option_options.0.quantity',
  },
  ...[0, -1, 1.5, maxLineQuantity + 1, 1e9].map((quantity): BadCase => ({
    name: `quantity ${quantity}`,
    body: (v) => withQuantity(v, quantity),
    status: 400,
    path: 'items.0.quantity',
    message: new RegExp(orderAnswers.quantityRange(maxLineQuantity).slice(0, 20)),
  })),
  { name: 'quantity as a string', body: (v) => withQuantity(v, '2' as unknown as number), status: 400, path: 'items.0.quantity' },
  { name: 'empty items', body: (v) => mutate(v, (b) => (b.items = [])), status: 400, path: 'items', message: new RegExp(orderAnswers.emptyCart) },
  {
    name: 'a total lowered by 0.01',
    body: (v) => json({ ...v, total: Math.round((v.total - 0.01) * 100) / 100 }),
    status: 409,
    path: 'total',
    message: /prix/,
    code: 'prices_changed',
  },
  {
    name: 'every total lowered consistently',
    body: (v) => json({ ...v, subtotal: 1, tax: 0.09, total: 1 }),
    status: 409,
    path: 'subtotal',
    message: /prix/,
    code: 'prices_changed',
  },
  { name: 'a negative total', body: (v) => json({ ...v, total: -1 }), status: 400, path: 'total' },
  {
    name: 'an unavailable item (Velouté de saison)',
    body: () => buildOrderPayload(server, { lines: [{ itemId: 103, quantity: 1 }] }).then(json),
    status: 422,
    path: 'items.0.item_id',
    message: /disponible/,
    code: 'item_unavailable',
  },
  { name: "payment_method 'bitcoin'", body: (v) => json({ ...v, payment_method: 'bitcoin' }), status: 400, path: 'payment_method' },
  { name: 'is_pickup false with no address', body: (v) => json({ ...v, is_pickup: false, location: null }), status: 400, path: 'location.address' },
  {
    name: 'is_pickup false to an address outside every delivery zone',
    body: (v) =>
      json({ ...v, is_pickup: false, location: { address: '1 place Lazare-Goujon', city: 'Villeurbanne', postal_code: '69100', country: 'France' } }),
    status: 422,
    path: 'location.postal_code',
    code: 'delivery_refused',
  },
  {
    name: 'is_pickup false to an address over max_distance (Paris, 390 km)',
    body: (v) => json({ ...v, is_pickup: false, location: { address: '1 place Bellecour', city: 'Paris', postal_code: '75001', country: 'France' } }),
    status: 422,
    path: 'location',
    message: 'trop éloignée',
    code: 'delivery_refused',
  },
  { name: "status 'paid' at creation", body: (v) => json({ ...v, status: 'paid' }), status: 400, path: 'status' },
  {
    name: 'a huge body (5,000 items)',
    body: (v) => json({ ...v, items: Array.from({ length: 5000 }, () => v.items[0]) }),
    status: 400,
    path: 'items',
  },
  {
    name: `${maxCartLines + 1} lines`,
    body: (v) => json({ ...v, items: Array.from({ length: maxCartLines + 1 }, () => v.items[0]) }),
    status: 400,
    path: 'items',
  },
  { name: 'a 2 MB note (over the 1 MB body limit)', body: (v) => withLine(v, { note: 'x'.repeat(2_000_000) }), status: 413, message: requestErrors.bodyTooLarge, code: 'body_too_large' },
];

describe('POST /v2/public/checkout/ refuses bad input, writes nothing and keeps serving', () => {
  test.each(badCases)('$name → $status', async ({ body, status, path, message, code }) => {
    const valid = await buildOrderPayload(server);
    const text = await body(valid);
    const before = await countAllRows();

    const response = await request(server.baseUrl, '/v2/public/checkout/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: text });
    const error = expectFrenchError(response, status, path);
    if (typeof message === 'string') expect(error.message).toContain(message);
    else if (message) expect(error.message).toMatch(message);
    if (path !== undefined) expect(error.errors.length).toBeGreaterThan(0);
    if (code) expect(error.code).toBe(code);
    else expect(['invalid_request', 'invalid_text', 'item_unknown', 'option_invalid', 'address_required']).toContain(error.code);

    expect(await countAllRows()).toEqual(before);
    const health = await getJson<{ database: string }>(server.baseUrl, '/v2/health');
    expect(health.status).toBe(200);
    expect(payloadOf(health)).toEqual({ database: 'ok' });
  });

  test('a tampered price answers 409 with the fresh totals, and the fresh totals are then accepted', async () => {
    const valid = await buildOrderPayload(server);
    const before = await countOrders(server.db);
    const response = await postOrder(server.baseUrl, { ...valid, total: Math.round((valid.total - 0.01) * 100) / 100 });
    const error = expectFrenchError(response, 409, 'total');
    expect(error.message).toBe(orderAnswers.pricesChanged);
    expect(error.code).toBe('prices_changed');
    expect(error.errors.map((e) => e.path)).toEqual(['total']);
    const fresh = error.payload as FreshTotals;
    expect(fresh).toMatchObject({ subtotal: valid.subtotal, tax: valid.tax, total: valid.total, discount: valid.discount, delivery: valid.delivery });
    expect(await countOrders(server.db)).toBe(before);

    // The storefront shows the fresh totals and sends them again: accepted.
    const retried = await postOrder(server.baseUrl, {
      ...valid,
      subtotal: fresh.subtotal,
      tax: fresh.tax,
      total: fresh.total,
      discount: fresh.discount,
      delivery: fresh.delivery,
    });
    expect(retried.status).toBe(201);
    expect(await countOrders(server.db)).toBe(before + 1);
  });

  test('totals sent with float noise (0.1 + 0.2 style) are still accepted', async () => {
    const valid = await buildOrderPayload(server);
    const response = await postOrder(server.baseUrl, { ...valid, total: valid.total + 1e-9 });
    expect(response.status).toBe(201);
  });

  test('a refused local_id is not burnt: the same local_id with a correct body then succeeds', async () => {
    const valid = await buildOrderPayload(server);
    const refused = await postOrder(server.baseUrl, { ...valid, total: valid.total + 1 });
    expect(refused.status).toBe(409);
    const accepted = await postOrder(server.baseUrl, valid);
    expect(accepted.status).toBe(201);
    expect(await rowsForLocalId(valid.local_id)).toEqual({ orders: 1, lines: 1, history: 1 });
  });
});
