import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderPayloadTotals } from '@resto/domain/checkout';
import { priceCart } from '@resto/domain/pricing';
import { quoteAddressFromSettings } from '@resto/domain/location';
import { scheduleMessages } from '@resto/domain/scheduling';
import {
  buildOrderPayload,
  countOrders,
  errorOf,
  fetchCatalogue,
  findItem,
  getJson,
  payloadOf,
  postOrder,
  startTestServer,
  type TestServer,
} from '../../test/harness.ts';

/**
 * docs/decisions/005, on the server: the slot and the address of an order are checked again when it is
 * placed (past, closed, not served: 422 in French), and a delivery is priced from the address.
 * The clock: Tuesday 24 November 2026, 12:00 in Paris (the carte is open, the brunch is not).
 */

const now = new Date('2026-11-24T12:00:00+01:00');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
});
afterAll(() => server.close());

const pizza = { itemId: 105, quantity: 2 };
const brunch = { itemId: 130, quantity: 1 };

describe('scheduled pickup orders', () => {
  test('tomorrow 12:30–12:45: created, and the slot is stored', async () => {
    const payload = await buildOrderPayload(server, { lines: [pizza], is_scheduled: true, delivery_date: '2026-11-25', delivery_time_range: '12:30-12:45' });
    const created = await postOrder(server.baseUrl, payload);
    expect(created.status).toBe(201);
    const order = payloadOf(
      await getJson<{ delivery_date: string; delivery_time_range: string }>(
        server.baseUrl,
        `/v2/public/checkout/${payloadOf(created).order_id}?local_id=${payload.local_id}`,
      ),
    );
    expect(order).toMatchObject({ delivery_date: '2026-11-25', delivery_time_range: '12:30-12:45' });
  });

  test.each([
    ['a slot already past today', { delivery_date: '2026-11-24', delivery_time_range: '11:45-12:00' }, 'delivery_time_range', scheduleMessages.slotUnavailable],
    [
      'a slot inside the 20 min pickup lead time',
      { delivery_date: '2026-11-24', delivery_time_range: '12:15-12:30' },
      'delivery_time_range',
      scheduleMessages.slotUnavailable,
    ],
    ['yesterday', { delivery_date: '2026-11-23', delivery_time_range: '12:30-12:45' }, 'delivery_date', scheduleMessages.datePast],
    [
      'Monday, when the restaurant is closed',
      { delivery_date: '2026-11-30', delivery_time_range: '12:30-12:45' },
      'delivery_time_range',
      scheduleMessages.slotUnavailable,
    ],
    [
      'a time outside every range (16:00)',
      { delivery_date: '2026-11-25', delivery_time_range: '16:00-16:15' },
      'delivery_time_range',
      scheduleMessages.slotUnavailable,
    ],
    ['no slot at all', { delivery_date: '2026-11-25', delivery_time_range: null }, 'delivery_time_range', scheduleMessages.slotRequired],
  ])('%s: 422 with the French reason, nothing written', async (_name, schedule, path, message) => {
    const before = await countOrders(server.db);
    const response = await postOrder(server.baseUrl, await buildOrderPayload(server, { lines: [pizza], is_scheduled: true, ...schedule }));
    expect(response.status).toBe(422);
    expect(errorOf(response)).toMatchObject({ code: 'slot_unavailable', message, errors: [{ path, message }] });
    expect(await countOrders(server.db)).toBe(before);
  });

  test("a brunch dish on a weekday slot: the spec's alert naming it", async () => {
    const response = await postOrder(
      server.baseUrl,
      await buildOrderPayload(server, { lines: [pizza, brunch], is_scheduled: true, delivery_date: '2026-11-25', delivery_time_range: '12:30-12:45' }),
    );
    expect(response.status).toBe(422);
    expect(errorOf(response).message).toBe(scheduleMessages.itemsNotAvailable(['Brunch Margot']));
  });

  test('as soon as possible with the brunch closed now: refused, naming it', async () => {
    const response = await postOrder(server.baseUrl, await buildOrderPayload(server, { lines: [pizza, brunch] }));
    expect(response.status).toBe(422);
    expect(errorOf(response).message).toBe(scheduleMessages.notServedNow(['Brunch Margot']));
  });
});

describe('as soon as possible while the restaurant is closed', () => {
  test('Monday 10:00 (closed all day): refused, a scheduled order for Tuesday is taken', async () => {
    const monday = new Date('2026-11-23T10:00:00+01:00');
    const closed = await startTestServer({ clock: () => monday });
    try {
      const asap = await postOrder(closed.baseUrl, await buildOrderPayload(closed, { lines: [pizza] }));
      expect(asap.status).toBe(422);
      expect(errorOf(asap).message).toBe(scheduleMessages.closedNow);
      const later = await postOrder(
        closed.baseUrl,
        await buildOrderPayload(closed, { lines: [pizza], is_scheduled: true, delivery_date: '2026-11-24', delivery_time_range: '19:00-19:15' }),
      );
      expect(later.status).toBe(201);
    } finally {
      await closed.close();
    }
  });
});

describe('delivery orders priced from the address', () => {
  async function deliveryOrder(location: Record<string, unknown>) {
    const catalogue = await fetchCatalogue(server.baseUrl);
    const item = findItem(catalogue, pizza.itemId);
    const quoted = quoteAddressFromSettings(catalogue.settings, { postal_code: String(location.postal_code), city: String(location.city), distance: 1 });
    const { totals } = priceCart({
      lines: [{ item, choices: [], quantity: 1 }],
      isPickup: false,
      settings: catalogue.settings,
      offers: catalogue.offers,
      coupon: null,
      now,
      delivery: quoted.ok ? quoted.quote : null,
    });
    return buildOrderPayload(server, {
      lines: [{ itemId: pizza.itemId, quantity: 1 }],
      is_pickup: false,
      location,
      ...orderPayloadTotals(totals),
    });
  }

  test('8 rue Mercière 69002 with its position: the zone fee plus the flat charge under 15 €', async () => {
    const payload = await deliveryOrder({ address: '8 rue Mercière', postal_code: '69002', city: 'Lyon', country: 'France', lat: 45.7625, lng: 4.8315 });
    expect(payload.delivery).toBe(3.5);
    const response = await postOrder(server.baseUrl, payload);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  });

  test('an address without position is located from its text (offline provider) and accepted', async () => {
    const response = await postOrder(
      server.baseUrl,
      await deliveryOrder({ address: '10 cours Gambetta', postal_code: '69007', city: 'Lyon', country: 'France' }),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  });

  test('a position 20 km away with a Lyon 2e postal code: too far (the server measures, not the browser)', async () => {
    const response = await postOrder(
      server.baseUrl,
      await deliveryOrder({ address: '8 rue Mercière', postal_code: '69002', city: 'Lyon', country: 'France', lat: 45.9, lng: 4.9 }),
    );
    expect(response.status).toBe(422);
    expect(errorOf(response).message).toContain('trop éloignée');
  });
});
