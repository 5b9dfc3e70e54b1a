import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { CapacityViewSchema, FullSlotsSchema } from '@resto/contract/backoffice-capacity';
import { backOfficeShared } from '@resto/copy/staff/back-office';
import { capacityAnswers, capacityFields } from '@resto/copy/staff/capacity';
import { RestaurantFileSchema } from '@resto/domain/restaurant-file';
import { auditLog, orders, settings } from '../../db/schema.ts';
import { importRestaurant } from '../catalog/index.ts';
import { buildOrderPayload, errorOf, getJson, looksFrench, payloadOf, postOrder, type TestServer } from '../../test/harness.ts';
import { startBackOfficeServer, type TestStaff } from '../../test/staff.ts';
import { act } from '../board/test-helpers.ts';
import { capacityCall, clearCapacity, fullSlotsOf, placeOrder, setCapacity, slotOrder } from './test-helpers.ts';

/**
 * Capacity per 15-minute slot over real HTTP (docs/decisions/023-back-office.md):
 * the owner's settings (versioned, audited, refused with French messages on the field, owner
 * only), orders counted in their transaction (orders and dishes of chosen categories, ASAP in the
 * slot of its expected time), 50 concurrent checkouts for the last place, retries, and the
 * storefront's full slots. On PGlite, and on PostgreSQL in the PostgreSQL pass.
 * The clock: Tuesday 24 November 2026, 12:30 in Paris (the carte is open; pickup lead time 20 min).
 */

const now = new Date('2026-11-24T11:30:00Z');
const pizza = { itemId: 105, quantity: 1 }; // category 1, Pizzas
const water = { itemId: 126, quantity: 1 }; // category 6, Boissons

let server: TestServer;
let owner: TestStaff;
let member: TestStaff;

beforeAll(async () => {
  ({ server, owner, staff: member } = await startBackOfficeServer(now));
});
afterEach(async () => {
  await clearCapacity(server, owner.cookie);
});
afterAll(async () => server?.close());

async function slotOrders(slotKey: string, isPickup = true) {
  const rows = await server.db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.slotKey, slotKey), eq(orders.isPickup, isPickup)));
  return Number(rows[0]?.count ?? 0);
}

describe('the owner sets the limits', () => {
  test('read by any member; every setting null or empty at first, with its version', async () => {
    const view = payloadOf(await capacityCall(server, member.cookie, 'GET'));
    expect(CapacityViewSchema.parse(view)).toEqual(view);
    expect(view.values).toEqual({
      'capacity.max_orders': null,
      'capacity.pickup_max_orders': null,
      'capacity.max_items': null,
      'capacity.pickup_max_items': null,
      'capacity.item_categories': [],
    });
    expect(view.categories.map((c) => c.category_name)).toContain('Pizzas');
    expect((await capacityCall(server, null, 'GET')).status).toBe(401);
  });

  test('a change is saved with a new version, and written to the audit log in French', async () => {
    await setCapacity(server, owner.cookie, { 'capacity.pickup_max_orders': 8 });
    const view = await setCapacity(server, owner.cookie, { 'capacity.pickup_max_orders': 6, 'capacity.pickup_max_items': 20, 'capacity.item_categories': [1, 2] });
    expect(view.values).toMatchObject({ 'capacity.pickup_max_orders': 6, 'capacity.pickup_max_items': 20, 'capacity.item_categories': [1, 2], 'capacity.max_orders': null });
    expect(view.versions['capacity.pickup_max_orders']).toBeGreaterThan(0);
    const entries = await server.db.select().from(auditLog).where(eq(auditLog.entity, 'settings')).orderBy(auditLog.id);
    const summaries = entries.map((e) => e.summary);
    expect(summaries).toContain('Capacité à emporter : sans limite → 8 commandes par créneau');
    expect(summaries).toContain('Capacité à emporter : 8 → 6 commandes par créneau');
    expect(summaries).toContain('Capacité à emporter : sans limite → 20 plats par créneau');
    expect(summaries).toContain('Plats comptés par créneau : toutes les catégories → Pizzas, Burgers');
    const last = entries.find((e) => e.summary === 'Capacité à emporter : 8 → 6 commandes par créneau');
    expect(last).toMatchObject({ staffName: 'Margot Lefèvre', entityId: 'capacity.pickup_max_orders', before: { 'capacity.pickup_max_orders': 8 }, after: { 'capacity.pickup_max_orders': 6 } });
    // The storefront's settings carry the new limit at once.
    const publicSettings = payloadOf(await getJson<{ name: string; value: unknown }[]>(server.baseUrl, '/v2/public/settings'));
    expect(publicSettings.find((s) => s.name === 'capacity.pickup_max_orders')?.value).toBe(6);
  });

  test('cleared to no limit: the setting stays (its version too) and reads null', async () => {
    await setCapacity(server, owner.cookie, { 'capacity.max_orders': 5 });
    const view = await setCapacity(server, owner.cookie, { 'capacity.max_orders': null });
    expect(view.values['capacity.max_orders']).toBeNull();
    const [row] = await server.db.select().from(settings).where(eq(settings.name, 'capacity.max_orders'));
    expect(row?.value).toBeNull();
    expect(row?.version).toBe(view.versions['capacity.max_orders']);
  });

  test.each([
    ['negative', -1, capacityFields.limitMin],
    ['zero', 0, capacityFields.limitMin],
    ['not an integer', 2.5, capacityFields.limitInteger],
    ['text', 'six', capacityFields.limitType],
    ['too big', 5000, capacityFields.limitMax],
  ])('a %s limit is refused on its field, nothing written', async (_label, value, message) => {
    const before = payloadOf(await capacityCall(server, owner.cookie, 'GET'));
    const refused = await capacityCall(server, owner.cookie, 'PUT', {
      values: { 'capacity.max_items': value, 'capacity.max_orders': 4 },
      expected_versions: { 'capacity.max_items': before.versions['capacity.max_items'], 'capacity.max_orders': before.versions['capacity.max_orders'] },
    });
    expect(refused.status).toBe(400);
    expect(errorOf(refused).code).toBe('invalid_request');
    expect(errorOf(refused).errors).toContainEqual({ path: 'values.capacity.max_items', message });
    expect(looksFrench(errorOf(refused).message)).toBe(true);
    expect(payloadOf(await capacityCall(server, owner.cookie, 'GET'))).toEqual(before);
  });

  test('an unknown category is refused on its field', async () => {
    const before = payloadOf(await capacityCall(server, owner.cookie, 'GET'));
    const refused = await capacityCall(server, owner.cookie, 'PUT', {
      values: { 'capacity.item_categories': [1, 999] },
      expected_versions: { 'capacity.item_categories': before.versions['capacity.item_categories'] },
    });
    expect(refused.status).toBe(400);
    expect(errorOf(refused).errors).toEqual([{ path: 'values.capacity.item_categories', message: capacityFields.unknownCategory(999) }]);
  });

  test('a change without the version it read is refused', async () => {
    const refused = await capacityCall(server, owner.cookie, 'PUT', { values: { 'capacity.max_orders': 4 }, expected_versions: {} });
    expect(refused.status).toBe(400);
    expect(errorOf(refused).errors[0]?.path).toBe('expected_versions.capacity.max_orders');
  });

  test('staff may read but not change the capacity (403)', async () => {
    const refused = await capacityCall(server, member.cookie, 'PUT', { values: { 'capacity.max_orders': 4 }, expected_versions: { 'capacity.max_orders': 0 } });
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe('staff_forbidden');
  });

  test('two owners: the second edit, based on a stale version, is refused with the current values (409), nothing written', async () => {
    const read = payloadOf(await capacityCall(server, owner.cookie, 'GET'));
    const first = await capacityCall(server, owner.cookie, 'PUT', {
      values: { 'capacity.pickup_max_orders': 7 },
      expected_versions: { 'capacity.pickup_max_orders': read.versions['capacity.pickup_max_orders'] },
    });
    expect(first.status).toBe(200);
    const second = await capacityCall(server, owner.cookie, 'PUT', {
      values: { 'capacity.pickup_max_orders': 3, 'capacity.max_orders': 9 },
      expected_versions: { 'capacity.pickup_max_orders': read.versions['capacity.pickup_max_orders'], 'capacity.max_orders': read.versions['capacity.max_orders'] },
    });
    expect(second.status).toBe(409);
    expect(errorOf(second).code).toBe('stale_edit');
    expect(errorOf(second).message).toBe(backOfficeShared.staleEdit);
    const current = CapacityViewSchema.parse((second.body as { payload: { current: unknown } }).payload.current);
    expect(current.values['capacity.pickup_max_orders']).toBe(7);
    const after = payloadOf(await capacityCall(server, owner.cookie, 'GET'));
    expect(after.values).toMatchObject({ 'capacity.pickup_max_orders': 7, 'capacity.max_orders': null });
    // Another setting, read at the same time and not changed since, is still accepted.
    const other = await capacityCall(server, owner.cookie, 'PUT', { values: { 'capacity.max_orders': 9 }, expected_versions: { 'capacity.max_orders': read.versions['capacity.max_orders'] } });
    expect(other.status).toBe(200);
  });
});

describe('orders are counted in their transaction', () => {
  test('every order carries its slot: the chosen one, or ASAP’s expected time floored to the quarter', async () => {
    const scheduled = await placeOrder(server, await slotOrder(server, '2026-11-27', '19:15-19:30'));
    const asap = await placeOrder(server, await buildOrderPayload(server, { lines: [pizza] }));
    const rows = await server.db.select({ id: orders.orderId, slotKey: orders.slotKey }).from(orders);
    expect(rows.find((r) => r.id === scheduled)?.slotKey).toBe('2026-11-27 19:15');
    // 12:30 + 20 min pickup lead time = 12:50 → the 12:45 slot.
    expect(rows.find((r) => r.id === asap)?.slotKey).toBe('2026-11-24 12:45');
  });

  test('the orders limit: the slot full refuses the next order with 409 slot_full on the slot field', async () => {
    await setCapacity(server, owner.cookie, { 'capacity.pickup_max_orders': 2 });
    await placeOrder(server, await slotOrder(server, '2026-11-25', '19:00-19:15'));
    await placeOrder(server, await slotOrder(server, '2026-11-25', '19:00-19:15'));
    const refused = await postOrder(server.baseUrl, await slotOrder(server, '2026-11-25', '19:00-19:15'));
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'slot_full', message: capacityAnswers.slotFull, errors: [{ path: 'delivery_time_range', message: capacityAnswers.slotFull }] });
    // The next slot, and delivery in the same slot, are another count.
    await placeOrder(server, await slotOrder(server, '2026-11-25', '19:15-19:30'));
    expect(await slotOrders('2026-11-25 19:00')).toBe(2);
  });

  test('a refused order frees its place', async () => {
    await setCapacity(server, owner.cookie, { 'capacity.pickup_max_orders': 1 });
    const first = await placeOrder(server, await slotOrder(server, '2026-11-25', '20:00-20:15'));
    expect((await postOrder(server.baseUrl, await slotOrder(server, '2026-11-25', '20:00-20:15'))).status).toBe(409);
    const rejected = await act(server, member.cookie, first, { action: 'reject', expected_status: 'pending', reason: 'too_many_orders' });
    expect(rejected.status).toBe(200);
    await placeOrder(server, await slotOrder(server, '2026-11-25', '20:00-20:15'));
  });

  test('the dishes limit counts only the chosen categories', async () => {
    await setCapacity(server, owner.cookie, { 'capacity.pickup_max_items': 5, 'capacity.item_categories': [1] });
    await placeOrder(server, await slotOrder(server, '2026-11-25', '19:30-19:45', { lines: [{ ...pizza, quantity: 3 }, { ...water, quantity: 6 }] }));
    // 3 pizzas + 3 = 6 > 5: refused; 3 + 2 = 5: accepted.
    const refused = await postOrder(server.baseUrl, await slotOrder(server, '2026-11-25', '19:30-19:45', { lines: [{ ...pizza, quantity: 3 }] }));
    expect(refused.status).toBe(409);
    expect(errorOf(refused).code).toBe('slot_full');
    await placeOrder(server, await slotOrder(server, '2026-11-25', '19:30-19:45', { lines: [{ ...pizza, quantity: 2 }] }));
    // Full of pizzas, the slot still takes an order of drinks only.
    await placeOrder(server, await slotOrder(server, '2026-11-25', '19:30-19:45', { lines: [{ ...water, quantity: 4 }] }));
    expect((await postOrder(server.baseUrl, await slotOrder(server, '2026-11-25', '19:30-19:45', { lines: [pizza] }))).status).toBe(409);
    // Every category counted: the drinks count too (5 pizzas and 10 drinks so far, + 9 = 24, + 2 = 26 > 25).
    await setCapacity(server, owner.cookie, { 'capacity.pickup_max_items': 25, 'capacity.item_categories': [] });
    await placeOrder(server, await slotOrder(server, '2026-11-25', '19:30-19:45', { lines: [{ ...water, quantity: 9 }] }));
    expect((await postOrder(server.baseUrl, await slotOrder(server, '2026-11-25', '19:30-19:45', { lines: [{ ...water, quantity: 2 }] }))).status).toBe(409);
  });

  test('ASAP counts in the slot of its expected time, and is refused with its own sentence when full', async () => {
    const taken = await slotOrders('2026-11-24 12:45');
    await setCapacity(server, owner.cookie, { 'capacity.pickup_max_orders': taken + 1 });
    await placeOrder(server, await buildOrderPayload(server, { lines: [pizza] }));
    const refused = await postOrder(server.baseUrl, await buildOrderPayload(server, { lines: [pizza] }));
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'slot_full', message: capacityAnswers.asapFull, errors: [{ path: 'delivery_time_range', message: capacityAnswers.asapFull }] });
    // Delivery is counted apart.
    expect((await fullSlotsOf(server, '2026-11-24', true)).asap_full).toBe(true);
    expect((await fullSlotsOf(server, '2026-11-24', false)).asap_full).toBe(false);
  });

  test('a retry of a placed order is answered with it, never refused as full', async () => {
    await setCapacity(server, owner.cookie, { 'capacity.pickup_max_orders': 1 });
    const payload = await slotOrder(server, '2026-11-26', '12:00-12:15');
    const first = await placeOrder(server, payload);
    const retry = await postOrder(server.baseUrl, payload);
    expect(retry.status).toBe(200);
    expect(payloadOf(retry).order_id).toBe(first);
    expect((await postOrder(server.baseUrl, await slotOrder(server, '2026-11-26', '12:00-12:15'))).status).toBe(409);
  });

  test('50 concurrent checkouts for the last place: exactly one wins, 49 are told the slot is full', async () => {
    await setCapacity(server, owner.cookie, { 'capacity.pickup_max_orders': 3 });
    await placeOrder(server, await slotOrder(server, '2026-11-26', '19:45-20:00'));
    await placeOrder(server, await slotOrder(server, '2026-11-26', '19:45-20:00'));
    const payloads = await Promise.all(Array.from({ length: 50 }, () => slotOrder(server, '2026-11-26', '19:45-20:00')));
    const answers = await Promise.all(payloads.map((payload) => postOrder(server.baseUrl, payload)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(49);
    expect(new Set(refused.map((a) => errorOf(a).code))).toEqual(new Set(['slot_full']));
    expect(await slotOrders('2026-11-26 19:45')).toBe(3);
  }, 60_000);
});

describe('GET /v2/public/slots: the storefront’s full slots', () => {
  test('lists the full slots of a day and type, for any order or for the visitor’s cart; never cached', async () => {
    await setCapacity(server, owner.cookie, { 'capacity.pickup_max_orders': 1, 'capacity.pickup_max_items': 4, 'capacity.item_categories': [1] });
    expect((await fullSlotsOf(server, '2026-11-28', true)).full).toEqual([]);
    await placeOrder(server, await slotOrder(server, '2026-11-28', '12:00-12:15'));
    expect(await fullSlotsOf(server, '2026-11-28', true)).toEqual({ date: '2026-11-28', is_pickup: true, full: ['12:00'], asap_full: false });
    expect((await fullSlotsOf(server, '2026-11-28', false)).full).toEqual([]);
    expect((await fullSlotsOf(server, '2026-11-29', true)).full).toEqual([]);

    await setCapacity(server, owner.cookie, { 'capacity.pickup_max_orders': 5 });
    await placeOrder(server, await slotOrder(server, '2026-11-28', '12:15-12:30', { lines: [{ ...pizza, quantity: 3 }] }));
    // 3 of 4 pizzas taken at 12:15: room for one more pizza, not for two.
    expect((await fullSlotsOf(server, '2026-11-28', true, 1)).full).toEqual([]);
    expect((await fullSlotsOf(server, '2026-11-28', true, 2)).full).toEqual(['12:15']);
    // A cart of more dishes than the limit fits nowhere: every slot of the day is full for it.
    expect((await fullSlotsOf(server, '2026-11-28', true, 5)).full).toHaveLength(96);

    const response = await fetch(`${server.baseUrl}/v2/public/slots?date=2026-11-28&is_pickup=true`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(FullSlotsSchema.parse(((await response.json()) as { payload: unknown }).payload).full).toEqual([]);
  });

  test('refuses an unreadable date or type in French', async () => {
    const answer = await fetch(`${server.baseUrl}/v2/public/slots?date=samedi&is_pickup=oui`);
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { code: string; message: string };
    expect(body.code).toBe('invalid_request');
    expect(looksFrench(body.message)).toBe(true);
  });

  test('no limit: nothing is full', async () => {
    expect(await fullSlotsOf(server, '2026-11-25', true)).toMatchObject({ full: [], asap_full: false });
  });
});

// A pending card order older than the payment hold frees its place (unit of the rule: capacity/repository.ts).
describe('card orders awaiting payment', () => {
  test('hold their place while recent, and free it once abandoned', async () => {
    await setCapacity(server, owner.cookie, { 'capacity.pickup_max_orders': 1 });
    const card = await placeOrder(server, await slotOrder(server, '2026-11-27', '12:00-12:15', { payment_method: 'card' }));
    expect((await fullSlotsOf(server, '2026-11-27', true)).full).toContain('12:00');
    // Abandoned: created more than 30 minutes ago, never paid.
    await server.db.update(orders).set({ createdAt: new Date(now.getTime() - 31 * 60_000) }).where(eq(orders.orderId, card));
    expect((await fullSlotsOf(server, '2026-11-27', true)).full).not.toContain('12:00');
    await placeOrder(server, await slotOrder(server, '2026-11-27', '12:00-12:15'));
  });
});

// Last: an import replaces the whole catalogue.
describe('the restaurant file carries the capacity', () => {
  test('imported with a limit and a null (no limit): read back by the page and applied', async () => {
    const raw = JSON.parse(readFileSync(new URL('../../../restaurant/demo-restaurant.json', import.meta.url), 'utf8')) as { settings: Record<string, unknown> };
    Object.assign(raw.settings, { 'orders.email_only': true, 'capacity.max_orders': null, 'capacity.pickup_max_orders': 4, 'capacity.item_categories': [1, 2] });
    await importRestaurant(server.db, RestaurantFileSchema.parse(raw));
    const view = payloadOf(await capacityCall(server, owner.cookie, 'GET'));
    expect(view.values).toMatchObject({ 'capacity.max_orders': null, 'capacity.pickup_max_orders': 4, 'capacity.item_categories': [1, 2] });
    expect(RestaurantFileSchema.safeParse({ ...raw, settings: { ...raw.settings, 'capacity.pickup_max_orders': -4 } }).success).toBe(false);
  });
});
