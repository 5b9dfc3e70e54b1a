import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { groupChoices } from '@resto/domain/catalogue';
import type { OrderPayload } from '@resto/domain/checkout';
import { findZone, readDeliverySettings, zoneQuote } from '@resto/domain/delivery';
import { orderAnswers } from '@resto/copy/errors/orders';
import { offerAnswers } from '@resto/copy/storefront/cart';
import type { ErrorCode } from '@resto/contract/errors';
import type { OrderView } from '@resto/contract/orders';
import { centsToEuros } from '@resto/domain/money';
import type { Offer } from '@resto/domain/offers';
import { priceCart, type PricedCart } from '@resto/domain/pricing';
import { orderOffers, orders } from '../../db/schema.ts';
import {
  buildOrderPayload,
  countOrders,
  errorOf,
  fetchCatalogue,
  fetchCoupon,
  findItem,
  getJson,
  looksFrench,
  payloadOf,
  postOrder,
  startTestServer,
  type ErrorEnvelope,
  type JsonResponse,
  type LineChoice,
  type TestServer,
} from '../../test/harness.ts';

/**
 * Offers and coupons over real HTTP (spec sections 3, 4, 7 and 9; docs/decisions/016, section 6):
 * GET /v2/public/offers and /offers/{coupon}, orders with each demo coupon, each refusal, the
 * allow_repeat race, and the automatic offers as the server applies them.
 */

/** The repriced totals a prices_changed refusal carries. */
type FreshTotals = Pick<OrderView, 'subtotal' | 'discount' | 'coupon' | 'delivery' | 'tax' | 'total'>;

// Fixed clocks, Paris time (UTC+1 in November): 2025-11-28 is a Friday (no Monday-to-Thursday
// promotion), 2025-11-25 a Tuesday (the promotion applies). Menu 1 is open at noon on both days.
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

/** Runs `body` with the server's clock on a Tuesday, then back to Friday. */
async function onTuesday<T>(body: () => Promise<T>): Promise<T> {
  now = tuesdayNoonParis;
  try {
    return await body();
  } finally {
    now = fridayNoonParis;
  }
}

/** A fresh customer e-mail per test: allow_repeat is tracked by e-mail. */
const newEmail = (tag: string) => `${tag}.${randomBytes(5).toString('hex')}@example.fr`;
const customer = (email: string) => ({ first_name: 'Marie', last_name: 'Dupont', email, phone: '06 12 34 56 78' });

const lyonAddress = { address: '10 rue de la République', city: 'Lyon', postal_code: '69002', country: 'France' };

/** The reference price of a cart: the domain's priceCart at the server's clock (pickup or delivery to Lyon 2e). */
async function referencePrice(lines: readonly LineChoice[], options: { isPickup?: boolean; coupon?: Offer | null } = {}): Promise<PricedCart> {
  const catalogue = await fetchCatalogue(server.baseUrl);
  const isPickup = options.isPickup ?? true;
  const zone = findZone(readDeliverySettings(catalogue.settings).zones, lyonAddress);
  if (!zone) throw new Error('the demo restaurant no longer delivers to Lyon 69002');
  return priceCart({
    lines: lines.map((line) => ({ item: findItem(catalogue, line.itemId), choices: line.choices ?? [], quantity: line.quantity })),
    isPickup,
    settings: catalogue.settings,
    offers: catalogue.offers,
    coupon: options.coupon ?? null,
    now: server.now(),
    delivery: isPickup ? null : zoneQuote(zone),
  });
}

/** Totals of a priced cart as the payload carries them (euros). */
function payloadTotals(priced: PricedCart) {
  const t = priced.totals;
  return {
    subtotal: centsToEuros(t.subtotalCents),
    discount: centsToEuros(t.discountCents),
    delivery: centsToEuros(t.deliveryCents),
    tax: centsToEuros(t.taxCents),
    total: centsToEuros(t.totalCents),
  };
}

/**
 * A valid order for `lines`, pickup or delivery to Lyon 2e, with its totals priced by the domain
 * (coupon as GET /v2/public/offers/{coupon} serves it). Pickup goes through the harness factory.
 */
async function orderPayload(lines: LineChoice[], options: { coupon?: string; isPickup?: boolean; email?: string } = {}): Promise<OrderPayload> {
  const email = options.email ?? newEmail('client');
  const coupon = options.coupon;
  if (options.isPickup ?? true) return buildOrderPayload(server, { lines, coupon: coupon ?? null, customer: customer(email) });
  const couponOffer = coupon ? await fetchCoupon(server.baseUrl, coupon) : null;
  const priced = await referencePrice(lines, { isPickup: false, coupon: couponOffer });
  const catalogue = await fetchCatalogue(server.baseUrl);
  const base = await buildOrderPayload(server, { lines, coupon: coupon ?? null, customer: customer(email) });
  return {
    ...base,
    ...payloadTotals(priced),
    is_pickup: false,
    location: lyonAddress,
    items: lines.map((line) => {
      const item = findItem(catalogue, line.itemId);
      return { item_id: item.item_id, item_menu_id: item.item_menu_id, quantity: line.quantity, note: '', options: groupChoices(line.choices ?? []) };
    }),
  };
}

async function createOrder(payload: OrderPayload): Promise<number> {
  const response = await postOrder(server.baseUrl, payload);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return payloadOf(response).order_id;
}

async function readOrder(orderId: number, localId: string): Promise<OrderView> {
  return payloadOf(await getJson<OrderView>(server.baseUrl, `/v2/public/checkout/${orderId}?local_id=${encodeURIComponent(localId)}`));
}

/** Creates the order and reads it back. */
async function placeAndRead(payload: OrderPayload): Promise<OrderView> {
  return readOrder(await createOrder(payload), payload.local_id);
}

function expectFrenchError(response: JsonResponse<unknown>, status: number, path: string, message?: string, code?: ErrorCode): ErrorEnvelope {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  const error = errorOf(response);
  if (code !== undefined) expect(error.code).toBe(code);
  expect(looksFrench(error.message), error.message).toBe(true);
  for (const fieldError of error.errors) expect(looksFrench(fieldError.message), fieldError.message).toBe(true);
  expect(error.errors.map((e) => e.path)).toContain(path);
  if (message !== undefined) {
    expect(error.message).toBe(message);
    expect(error.errors.find((e) => e.path === path)?.message).toBe(message);
  }
  expect(JSON.stringify(error)).not.toMatch(/\.ts:\d+|at [\w.]+ \(/); // no stack trace
  return error;
}

/** POSTs the payload, expects the refusal, and checks that no order row was written. */
async function expectRefused(payload: OrderPayload, status: number, path: string, message?: string, code?: ErrorCode): Promise<ErrorEnvelope> {
  const before = await countOrders(server.db);
  const error = expectFrenchError(await postOrder(server.baseUrl, payload), status, path, message, code);
  expect(await countOrders(server.db)).toBe(before);
  return error;
}

const offerIds = (order: OrderView) => order.applied_offers.map((a) => a.offer_id).sort((a, b) => a - b);
const cents = (euros: number) => Math.round(euros * 100);

// -------------------------------------------------------------------------------------------

describe('GET /v2/public/offers/{coupon}', () => {
  test('an active coupon: success with a payload list of one offer, id 50', async () => {
    const response = await getJson<Offer[]>(server.baseUrl, '/v2/public/offers/BIENVENUE10');
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('success');
    const payload = payloadOf(response);
    expect(Array.isArray(payload)).toBe(true);
    expect(payload).toHaveLength(1);
    expect(payload[0]).toMatchObject({
      id: 50,
      code: 'BIENVENUE10',
      type: 'percentage',
      value: 10,
      minimum_amount: 20,
      allow_repeat: false,
      is_active: true,
      auto_apply: 'No',
    });
  });

  test('the code is matched case-insensitively (bienvenue10, Bienvenue10)', async () => {
    for (const code of ['bienvenue10', 'Bienvenue10']) {
      const response = await getJson<Offer[]>(server.baseUrl, `/v2/public/offers/${code}`);
      expect(response.status).toBe(200);
      expect(payloadOf(response).map((o) => o.id)).toEqual([50]);
    }
  });

  test('an unknown code answers 404 in French', async () => {
    const response = await getJson(server.baseUrl, '/v2/public/offers/NEXISTEPAS');
    expectFrenchError(response, 404, 'coupon', offerAnswers.unknownCoupon, 'coupon_not_found');
  });

  test('an inactive coupon (EXPIRE) answers 422 in French', async () => {
    const response = await getJson(server.baseUrl, '/v2/public/offers/EXPIRE');
    expectFrenchError(response, 422, 'coupon', offerAnswers.expiredCoupon, 'coupon_expired');
    expect(JSON.stringify(response.body)).not.toContain('"id":55');
  });

  test('GET /v2/public/offers lists the automatic offers and never a coupon code', async () => {
    const offers = payloadOf(await getJson<Offer[]>(server.baseUrl, '/v2/public/offers'));
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) expect(offer.code).toBeNull();
    expect(offers.map((o) => o.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 90]);
    const text = JSON.stringify(offers);
    for (const code of ['BIENVENUE10', 'MOINS5', 'LIVRAISONOFFERTE', 'DESSERTOFFERT', 'DUO', 'EXPIRE']) expect(text).not.toContain(`"${code}"`);
  });
});

// -------------------------------------------------------------------------------------------

describe('orders with a coupon (Friday, priced by the domain, accepted 201)', () => {
  test('BIENVENUE10: -10 % on 22 € is 2,20 €; the stored order carries the code, discount and coupon amount', async () => {
    const lines = [{ itemId: 105, quantity: 2 }]; // 2 × Margherita, 11 € pickup
    const payload = await orderPayload(lines, { coupon: 'BIENVENUE10' });
    expect({ subtotal: payload.subtotal, discount: payload.discount, total: payload.total }).toEqual({ subtotal: 22, discount: 2.2, total: 19.8 });

    const order = await placeAndRead(payload);
    expect(order.coupon_code).toBe('BIENVENUE10');
    expect({ subtotal: order.subtotal, discount: order.discount, coupon: order.coupon, delivery: order.delivery, tax: order.tax, total: order.total }).toEqual({
      subtotal: 22,
      discount: 2.2,
      coupon: 2.2,
      delivery: 0,
      tax: payload.tax,
      total: 19.8,
    });
    expect(order.applied_offers).toEqual([{ offer_id: 50, name: expect.any(String), type: 'percentage', amount: 2.2, is_coupon: true }]);
    expect(order.free_items).toEqual([]);
  });

  test('a code typed in lower case (bienvenue10) is stored as BIENVENUE10', async () => {
    const payload = await orderPayload([{ itemId: 106, quantity: 2 }], { coupon: 'bienvenue10' }); // 2 × 13 €
    const order = await placeAndRead(payload);
    expect(order.coupon_code).toBe('BIENVENUE10');
    expect(order.coupon).toBe(2.6);
    expect(order.discount).toBe(2.6);
  });

  test('MOINS5: 5 € off a 33 € order', async () => {
    const payload = await orderPayload([{ itemId: 105, quantity: 3 }], { coupon: 'MOINS5' });
    const order = await placeAndRead(payload);
    expect(order.coupon_code).toBe('MOINS5');
    expect({ subtotal: order.subtotal, discount: order.discount, coupon: order.coupon, total: order.total }).toEqual({
      subtotal: 33,
      discount: 5,
      coupon: 5,
      total: 28,
    });
    expect(order.applied_offers).toEqual([expect.objectContaining({ offer_id: 51, type: 'fixed_amount', amount: 5, is_coupon: true })]);
  });

  test('MOINS5 with a salad: only the largest fixed amount applies (the coupon’s 5 €, not offer 3’s 2 €)', async () => {
    const payload = await orderPayload(
      [
        { itemId: 105, quantity: 2 },
        { itemId: 118, quantity: 1 },
      ],
      { coupon: 'MOINS5' },
    ); // 22 + 12 = 34 €
    const order = await placeAndRead(payload);
    expect(order.discount).toBe(5);
    expect(order.coupon).toBe(5);
    expect(offerIds(order)).toEqual([51]);
  });

  test('LIVRAISONOFFERTE on a delivery order: delivery 0, not counted in the discount', async () => {
    const lines = [{ itemId: 105, quantity: 2 }]; // 2 × 12 € delivery price
    const without = await referencePrice(lines, { isPickup: false });
    expect(without.totals.deliveryCents).toBe(150); // zone fee of Lyon 2e, subtotal over 15 €

    const payload = await orderPayload(lines, { coupon: 'LIVRAISONOFFERTE', isPickup: false });
    expect(payload.delivery).toBe(0);
    const order = await placeAndRead(payload);
    expect(order.is_pickup).toBe(false);
    expect(order.coupon_code).toBe('LIVRAISONOFFERTE');
    expect({ subtotal: order.subtotal, delivery: order.delivery, discount: order.discount, coupon: order.coupon, total: order.total }).toEqual({
      subtotal: 24,
      delivery: 0,
      discount: 0,
      coupon: 0,
      total: 24,
    });
    expect(order.applied_offers).toEqual([expect.objectContaining({ offer_id: 52, type: 'free_delivery', amount: 0, is_coupon: true })]);
    // The customer's e-mail says the cash is paid at the door, not « sur place ».
    const mail = await server.mail.waitFor((m) => m.to === payload.customer.email);
    expect(mail.text).toContain('Paiement : À régler à la livraison');
    expect(mail.text).not.toContain('Sur place');
  });

  test('DESSERTOFFERT: item 121 in free_items at no charge, the total unchanged by the gift', async () => {
    const lines = [{ itemId: 105, quantity: 3 }]; // 33 €, over the 25 € minimum
    const plain = payloadTotals(await referencePrice(lines));
    const payload = await orderPayload(lines, { coupon: 'DESSERTOFFERT' });
    expect({ subtotal: payload.subtotal, discount: payload.discount, tax: payload.tax, total: payload.total }).toEqual({
      subtotal: plain.subtotal,
      discount: plain.discount,
      tax: plain.tax,
      total: plain.total,
    });

    const order = await placeAndRead(payload);
    expect(order.coupon_code).toBe('DESSERTOFFERT');
    expect(order.free_items).toEqual([{ item_id: 121, item_name: 'Tarte aux pralines roses', quantity: 1 }]);
    expect(order.items.map((i) => i.item_id)).toEqual([105]); // the gift is not a paid line
    expect({ subtotal: order.subtotal, discount: order.discount, coupon: order.coupon, total: order.total }).toEqual({
      subtotal: 33,
      discount: 0,
      coupon: 0,
      total: 33,
    });
    expect(order.applied_offers).toEqual([expect.objectContaining({ offer_id: 53, type: 'free_item', amount: 0, is_coupon: true })]);
  });

  test('DUO: of two pizzas the cheaper one is free', async () => {
    const payload = await orderPayload(
      [
        { itemId: 105, quantity: 1 },
        { itemId: 106, quantity: 1 },
      ],
      { coupon: 'DUO' },
    ); // 11 € + 13 €
    const order = await placeAndRead(payload);
    expect(order.coupon_code).toBe('DUO');
    expect({ subtotal: order.subtotal, discount: order.discount, coupon: order.coupon, total: order.total }).toEqual({
      subtotal: 24,
      discount: 11,
      coupon: 11,
      total: 13,
    });
    expect(order.applied_offers).toEqual([expect.objectContaining({ offer_id: 54, type: 'buy_one_get_one', amount: 11, is_coupon: true })]);
  });

  test('DUO with three pizzas: one pair, the odd last unit pays', async () => {
    const payload = await orderPayload(
      [
        { itemId: 107, quantity: 1 },
        { itemId: 105, quantity: 2 },
      ],
      { coupon: 'DUO' },
    ); // 14, 11, 11
    const order = await placeAndRead(payload);
    expect(order.discount).toBe(11);
    expect(order.total).toBe(25);
  });
});

// -------------------------------------------------------------------------------------------

describe('coupon refusals: 422, the reason, path coupon, nothing written', () => {
  test('an expired coupon (EXPIRE)', async () => {
    const payload = await orderPayload([{ itemId: 105, quantity: 2 }], { coupon: 'EXPIRE' });
    await expectRefused(payload, 422, 'coupon', offerAnswers.expiredCoupon, 'coupon_expired');
  });

  test('under its minimum (BIENVENUE10 on 11 €): the message names 20,00 €', async () => {
    const payload = await orderPayload([{ itemId: 105, quantity: 1 }], { coupon: 'BIENVENUE10' });
    const error = await expectRefused(payload, 422, 'coupon');
    expect(error.message).toContain('20,00');
    expect(error.message).toMatch(/^Cette offre s’applique dès 20,00\s€ d’achat\.$/u);
  });

  test('not for this order type (LIVRAISONOFFERTE on pickup)', async () => {
    const payload = await orderPayload([{ itemId: 105, quantity: 2 }], { coupon: 'LIVRAISONOFFERTE' });
    await expectRefused(payload, 422, 'coupon', offerAnswers.offerDeliveryOnly);
  });

  test('already used: BIENVENUE10 twice by the same e-mail, whatever its case; another customer still can', async () => {
    const email = newEmail('fidele');
    const lines = [{ itemId: 105, quantity: 2 }];
    const first = await placeAndRead(await orderPayload(lines, { coupon: 'BIENVENUE10', email }));
    expect(first.coupon_code).toBe('BIENVENUE10');

    await expectRefused(await orderPayload(lines, { coupon: 'BIENVENUE10', email }), 422, 'coupon', offerAnswers.couponAlreadyUsed, 'coupon_already_used');
    await expectRefused(await orderPayload(lines, { coupon: 'BIENVENUE10', email: email.toUpperCase() }), 422, 'coupon', offerAnswers.couponAlreadyUsed);
    await expectRefused(
      await orderPayload(lines, { coupon: 'bienvenue10', email: `  ${email.replace(/^./, (c) => c.toUpperCase())}` }),
      422,
      'coupon',
      offerAnswers.couponAlreadyUsed,
    );

    // The same customer without the coupon, and another customer with it: accepted.
    await createOrder(await orderPayload(lines, { email }));
    expect((await placeAndRead(await orderPayload(lines, { coupon: 'BIENVENUE10', email: newEmail('autre') }))).coupon_code).toBe('BIENVENUE10');
  });

  test('a repeatable coupon (MOINS5) can be used again by the same e-mail', async () => {
    const email = newEmail('habitue');
    for (let i = 0; i < 2; i++) expect((await placeAndRead(await orderPayload([{ itemId: 105, quantity: 3 }], { coupon: 'MOINS5', email }))).coupon).toBe(5);
  });

  test('no item in its scope (DUO with no pizza)', async () => {
    const payload = await orderPayload([{ itemId: 122, quantity: 2 }], { coupon: 'DUO' }); // two tiramisus
    await expectRefused(payload, 422, 'coupon', offerAnswers.offerNoItem, 'coupon_refused');
  });

  test('an unknown code', async () => {
    const payload = await orderPayload([{ itemId: 105, quantity: 2 }], { coupon: 'NEXISTEPAS' });
    await expectRefused(payload, 422, 'coupon', offerAnswers.unknownCoupon, 'coupon_unknown');
  });
});

describe('tampered totals with a coupon', () => {
  test('the client omits the discount: 409 with fresh totals including it, then the fresh totals are accepted', async () => {
    const lines = [{ itemId: 105, quantity: 2 }];
    const email = newEmail('malin');
    const undiscounted = await orderPayload(lines, { email }); // priced without the coupon
    const payload = { ...undiscounted, coupon: 'BIENVENUE10' };
    expect(payload.discount).toBe(0);

    const error = await expectRefused(payload, 409, 'discount', orderAnswers.pricesChanged, 'prices_changed');
    expect(error.errors.map((e) => e.path)).toEqual(expect.arrayContaining(['discount', 'total']));
    expect(error.errors.map((e) => e.path)).not.toContain('subtotal');
    const fresh = error.payload as FreshTotals;
    const coupon = await fetchCoupon(server.baseUrl, 'BIENVENUE10');
    const expected = payloadTotals(await referencePrice(lines, { coupon }));
    expect(fresh).toMatchObject({ ...expected, coupon: 2.2 });
    expect(fresh.discount).toBe(2.2);
    expect(fresh.total).toBe(19.8);

    // The refusal did not spend the coupon: the fresh totals are accepted.
    const retried = await postOrder(server.baseUrl, {
      ...payload,
      subtotal: fresh.subtotal,
      discount: fresh.discount,
      delivery: fresh.delivery,
      tax: fresh.tax,
      total: fresh.total,
    });
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    expect((await readOrder(payloadOf(retried).order_id, payload.local_id)).coupon_code).toBe('BIENVENUE10');
  });
});

// -------------------------------------------------------------------------------------------

describe('the once-only coupon under concurrency', () => {
  test('8 concurrent orders, different local_ids, same e-mail, BIENVENUE10: exactly one 201, one order, one use', async () => {
    const email = newEmail('course');
    const payloads = await Promise.all(Array.from({ length: 8 }, () => orderPayload([{ itemId: 105, quantity: 2 }], { coupon: 'BIENVENUE10', email })));
    expect(new Set(payloads.map((p) => p.local_id)).size).toBe(8);
    const before = await countOrders(server.db);

    const responses = await Promise.all(payloads.map((p) => postOrder(server.baseUrl, p)));
    const statuses = responses.map((r) => r.status);
    expect(
      statuses.filter((s) => s === 201),
      JSON.stringify(statuses),
    ).toHaveLength(1);
    expect(
      statuses.filter((s) => s === 422),
      JSON.stringify(statuses),
    ).toHaveLength(7);
    for (const response of responses.filter((r) => r.status === 422))
      expectFrenchError(response, 422, 'coupon', offerAnswers.couponAlreadyUsed, 'coupon_already_used');

    expect(await countOrders(server.db)).toBe(before + 1);
    const rows = await server.db.select({ orderId: orders.orderId, customer: orders.customer }).from(orders).where(eq(orders.couponCode, 'BIENVENUE10'));
    const mine = rows.filter((row) => row.customer.email.toLowerCase() === email);
    expect(mine).toHaveLength(1);
    const winner = responses.find((r) => r.status === 201)!;
    expect(mine[0]?.orderId).toBe(payloadOf(winner).order_id);
    const uses = await server.db
      .select({ n: count() })
      .from(orderOffers)
      .where(and(eq(orderOffers.offerId, 50), eq(orderOffers.customerKey, `email:${email}`)));
    expect(uses[0]?.n).toBe(1);
  });

  test('8 concurrent orders with the same local_id and BIENVENUE10: one order, the same order_id for all', async () => {
    const email = newEmail('double-clic');
    const payload = await orderPayload([{ itemId: 105, quantity: 2 }], { coupon: 'BIENVENUE10', email });
    const before = await countOrders(server.db);

    const responses = await Promise.all(Array.from({ length: 8 }, () => postOrder(server.baseUrl, payload)));
    for (const response of responses) expect([200, 201], JSON.stringify(response.body)).toContain(response.status);
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(new Set(responses.map((r) => payloadOf(r).order_id)).size).toBe(1);

    expect(await countOrders(server.db)).toBe(before + 1);
    const rows = await server.db.select({ n: count() }).from(orders).where(eq(orders.localId, payload.local_id));
    expect(rows[0]?.n).toBe(1);
    const uses = await server.db
      .select({ n: count() })
      .from(orderOffers)
      .where(and(eq(orderOffers.offerId, 50), eq(orderOffers.customerKey, `email:${email}`)));
    expect(uses[0]?.n).toBe(1);
  });
});

// -------------------------------------------------------------------------------------------

describe('automatic offers applied by the server', () => {
  test('offer 1: -20 % on the Pizza Lyonnaise (108)', async () => {
    const payload = await orderPayload([
      { itemId: 108, quantity: 1 },
      { itemId: 105, quantity: 1 },
    ]); // 15 € + 11 €
    expect(payload.discount).toBe(3);
    const order = await placeAndRead(payload);
    expect({ subtotal: order.subtotal, discount: order.discount, coupon: order.coupon, total: order.total }).toEqual({
      subtotal: 26,
      discount: 3,
      coupon: 0,
      total: 23,
    });
    expect(order.coupon_code).toBeNull();
    expect(order.applied_offers).toEqual([expect.objectContaining({ offer_id: 1, type: 'percentage', amount: 3, is_coupon: false })]);
  });

  test('offer 2: of two chocolate mousses (123) the second is free', async () => {
    const payload = await orderPayload([{ itemId: 123, quantity: 2 }]); // 2 × 5,50 €
    const order = await placeAndRead(payload);
    expect({ subtotal: order.subtotal, discount: order.discount, total: order.total }).toEqual({ subtotal: 11, discount: 5.5, total: 5.5 });
    expect(order.applied_offers).toEqual([expect.objectContaining({ offer_id: 2, type: 'buy_one_get_one', amount: 5.5, is_coupon: false })]);
  });

  test('offer 2: a single mousse pays full price', async () => {
    const order = await placeAndRead(await orderPayload([{ itemId: 123, quantity: 1 }]));
    expect(order.discount).toBe(0);
    expect(order.applied_offers).toEqual([]);
  });

  test('offer 3: 2 € off an order with a salad', async () => {
    const payload = await orderPayload([
      { itemId: 118, quantity: 1 },
      { itemId: 126, quantity: 1 },
    ]); // 12 € + 2,50 €
    const order = await placeAndRead(payload);
    expect({ subtotal: order.subtotal, discount: order.discount, total: order.total }).toEqual({ subtotal: 14.5, discount: 2, total: 12.5 });
    expect(order.applied_offers).toEqual([expect.objectContaining({ offer_id: 3, type: 'fixed_amount', amount: 2, is_coupon: false })]);
  });

  const pizzaAndBurger: LineChoice[] = [
    { itemId: 105, quantity: 1 }, // Margherita: 11 € pickup, 12 € delivery
    { itemId: 112, quantity: 1, choices: [{ option_id: 1010, option_option_id: 5038, quantity: 1 }] }, // Burger poulet: 14 € pickup, 15 € delivery
  ];

  test('Tuesday: pizza + burger on pickup get 50 % of the cheaper price_delivery (6 €, not 5,50 €)', async () => {
    await onTuesday(async () => {
      const payload = await orderPayload(pizzaAndBurger);
      expect(payload.discount).toBe(6);
      const order = await placeAndRead(payload);
      expect({ subtotal: order.subtotal, discount: order.discount, coupon: order.coupon, total: order.total }).toEqual({
        subtotal: 25,
        discount: 6,
        coupon: 0,
        total: 19,
      });
      expect(order.applied_offers).toEqual([expect.objectContaining({ offer_id: 90, type: 'cheapest_item', amount: 6, is_coupon: false })]);
    });
  });

  test('Tuesday: the same promotion on a delivery order', async () => {
    await onTuesday(async () => {
      const payload = await orderPayload(pizzaAndBurger, { isPickup: false });
      const order = await placeAndRead(payload);
      expect({ subtotal: order.subtotal, discount: order.discount, delivery: order.delivery, total: order.total }).toEqual({
        subtotal: 27,
        discount: 6,
        delivery: 1.5,
        total: 22.5,
      });
      expect(offerIds(order)).toEqual([90]);
    });
  });

  test('Tuesday: the promotion adds up with a coupon (BIENVENUE10), each on undiscounted amounts', async () => {
    await onTuesday(async () => {
      const payload = await orderPayload(pizzaAndBurger, { coupon: 'BIENVENUE10' });
      const order = await placeAndRead(payload);
      // 10 % of 25 € = 2,50 € from the coupon, + 6 € from the promotion.
      expect({ discount: order.discount, coupon: order.coupon, total: order.total }).toEqual({ discount: 8.5, coupon: 2.5, total: 16.5 });
      expect(offerIds(order)).toEqual([50, 90]);
    });
  });

  test('Friday: nothing from offer 90 on the same cart', async () => {
    const payload = await orderPayload(pizzaAndBurger);
    expect(payload.discount).toBe(0);
    const order = await placeAndRead(payload);
    expect({ subtotal: order.subtotal, discount: order.discount, total: order.total }).toEqual({ subtotal: 25, discount: 0, total: 25 });
    expect(order.applied_offers).toEqual([]);
  });

  test('Friday totals priced as Tuesday are refused with 409 (the server prices at its own clock)', async () => {
    const tuesday = await onTuesday(() => orderPayload(pizzaAndBurger));
    const error = await expectRefused(tuesday, 409, 'discount', orderAnswers.pricesChanged, 'prices_changed');
    expect((error.payload as FreshTotals).discount).toBe(0);
  });

  test('offer 5: free delivery from 40 € on a delivery order, not below, never on pickup', async () => {
    // 4 × Margherita at 12 € delivery price = 48 €.
    const big = await placeAndRead(await orderPayload([{ itemId: 105, quantity: 4 }], { isPickup: false }));
    expect({ subtotal: big.subtotal, delivery: big.delivery, discount: big.discount, total: big.total }).toEqual({
      subtotal: 48,
      delivery: 0,
      discount: 0,
      total: 48,
    });
    expect(big.applied_offers).toEqual([expect.objectContaining({ offer_id: 5, type: 'free_delivery', amount: 0, is_coupon: false })]);

    // 2 × 12 € = 24 €: the zone fee.
    const medium = await placeAndRead(await orderPayload([{ itemId: 105, quantity: 2 }], { isPickup: false }));
    expect({ subtotal: medium.subtotal, delivery: medium.delivery, total: medium.total }).toEqual({ subtotal: 24, delivery: 1.5, total: 25.5 });
    expect(medium.applied_offers).toEqual([]);

    // 1 × 12 €, under the 15 € minimum: the zone fee plus the 2 € flat charge.
    const small = await placeAndRead(await orderPayload([{ itemId: 105, quantity: 1 }], { isPickup: false }));
    expect({ subtotal: small.subtotal, delivery: small.delivery, total: small.total }).toEqual({ subtotal: 12, delivery: 3.5, total: 15.5 });

    // A client that still charges the fee on a 48 € delivery order is told the fresh totals.
    const stale = await orderPayload([{ itemId: 105, quantity: 4 }], { isPickup: false });
    const error = await expectRefused({ ...stale, delivery: 1.5, total: 49.5 }, 409, 'delivery', orderAnswers.pricesChanged);
    expect(error.payload).toMatchObject({ delivery: 0, total: 48 });
  });

  test('each reference price matches what the server stored, to the cent (tax included)', async () => {
    const lines: LineChoice[] = [
      { itemId: 108, quantity: 1 },
      { itemId: 123, quantity: 2 },
      { itemId: 118, quantity: 1 },
      { itemId: 128, quantity: 1 },
    ];
    const priced = await referencePrice(lines);
    const order = await placeAndRead(await orderPayload(lines));
    // 3 € (offer 1) + 5,50 € (offer 2) + 2 € (offer 3)
    expect(cents(order.discount)).toBe(1050);
    expect(payloadTotals(priced)).toEqual({ subtotal: order.subtotal, discount: order.discount, delivery: order.delivery, tax: order.tax, total: order.total });
    expect(offerIds(order)).toEqual([1, 2, 3]);
  });
});

// -------------------------------------------------------------------------------------------

describe('orders in an account’s name', () => {
  test('user_id set: 401 in French, path user_id, nothing written', async () => {
    const payload = await orderPayload([{ itemId: 105, quantity: 2 }]);
    await expectRefused({ ...payload, user_id: 7 }, 401, 'user_id', orderAnswers.orderNeedsLogin);
  });

  test('user_id set with a once-only coupon: 401, and the coupon is not spent', async () => {
    const email = newEmail('compte');
    const payload = await orderPayload([{ itemId: 105, quantity: 2 }], { coupon: 'BIENVENUE10', email });
    await expectRefused({ ...payload, user_id: 7 }, 401, 'user_id', orderAnswers.orderNeedsLogin);
    expect((await placeAndRead(payload)).coupon_code).toBe('BIENVENUE10');
  });
});
