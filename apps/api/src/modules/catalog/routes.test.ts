import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Menu } from '@resto/domain/catalogue';
import { requestErrors } from '@resto/copy/errors/request';
import type { Offer } from '@resto/domain/offers';
import { errorOf, getJson, looksFrench, payloadOf, request, startTestServer, type JsonResponse, type TestServer } from '../../test/harness.ts';

/** GET /v2/public/settings, /menus, /offers, /products/{item_menu_id} over real HTTP (spec section 7). */

// 2025-11-25 is a Tuesday; 12:00 in Paris (CET, UTC+1) is 11:00 UTC. 2025-11-24 is a Monday.
const tuesdayNoonParis = new Date('2025-11-25T11:00:00Z');
const mondayNoonParis = new Date('2025-11-24T11:00:00Z');

let now = tuesdayNoonParis;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
});
afterAll(async () => {
  await server?.close();
});

function expectSuccess<T>(response: JsonResponse<T>): T {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  expect(response.body.status).toBe('success');
  expect(response.body).toHaveProperty('payload');
  return payloadOf(response);
}

function expectNotFound(response: JsonResponse<unknown>) {
  expect(response.status).toBe(404);
  const error = errorOf(response);
  expect(error).toEqual({ status: 'error', code: 'not_found', message: expect.any(String), errors: expect.any(Array) });
  expect(error.message).toBe(requestErrors.notFound);
  expect(looksFrench(error.message)).toBe(true);
}

describe('GET /v2/public/settings', () => {
  test('a list of {name, value} with the contacts and payment settings', async () => {
    const settings = expectSuccess(await getJson<{ name: string; value: unknown }[]>(server.baseUrl, '/v2/public/settings'));
    expect(Array.isArray(settings)).toBe(true);
    expect(settings.length).toBeGreaterThan(10);
    for (const setting of settings) {
      expect(Object.keys(setting).sort()).toEqual(['name', 'value']);
      expect(typeof setting.name).toBe('string');
    }
    const byName = new Map(settings.map((s) => [s.name, s.value]));
    expect(byName.get('contacts.name')).toEqual(expect.stringContaining('Margot'));
    expect(byName.get('payments.cod.active')).toBe(true);
    expect(byName.has('payments.stripe.active')).toBe(true);
  });
});

describe('GET /v2/public/menus', () => {
  test('two menus with categories 1, 2 and 9, items priced in euros, options with option_options', async () => {
    now = tuesdayNoonParis;
    const menus = expectSuccess(await getJson<Menu[]>(server.baseUrl, '/v2/public/menus'));
    expect(menus).toHaveLength(2);
    expect(menus.map((m) => m.menu_id)).toEqual([1, 2]);

    const categoryIds = menus.flatMap((m) => m.categories.map((c) => c.category_id));
    expect(categoryIds).toEqual(expect.arrayContaining([1, 2, 9]));

    const items = menus.flatMap((m) => m.categories.flatMap((c) => c.items));
    expect(items.length).toBeGreaterThan(20);
    for (const item of items) {
      expect(item).toMatchObject({
        item_id: expect.any(Number),
        item_menu_id: expect.any(Number),
        item_name: expect.any(String),
        item_is_available: expect.any(Boolean),
      });
      const { price_pickup, price_delivery } = item.item_price;
      for (const price of [price_pickup, price_delivery]) {
        expect(typeof price).toBe('number');
        expect(price).toBeGreaterThan(0);
        // euros with at most 2 decimals, not cents
        expect(Math.abs(price * 100 - Math.round(price * 100))).toBeLessThan(1e-6);
        expect(price).toBeLessThan(100);
      }
    }

    const margherita = items.find((i) => i.item_id === 105);
    expect(margherita?.item_price).toEqual({ price_pickup: 11, price_delivery: 12, tax_rate: null });

    const burger = items.find((i) => i.item_id === 110);
    expect(burger?.options.map((o) => [o.option_name, o.selected, o.required])).toEqual([
      ['Cuisson', 1, true],
      ['Accompagnement', 1, true],
    ]);
    const side = burger?.options.find((o) => o.option_name === 'Accompagnement');
    expect(side?.option_options).toContainEqual({ id: 5031, name: 'Frites de patate douce', price: 1.5, tax_rate: null, allergens: [] });
    for (const option of items.flatMap((i) => i.options)) expect(option.option_options.length).toBeGreaterThan(0);
  });

  test('menu_is_open follows the clock in Europe/Paris: open on Tuesday at noon, closed on Monday', async () => {
    now = tuesdayNoonParis;
    const tuesday = expectSuccess(await getJson<Menu[]>(server.baseUrl, '/v2/public/menus'));
    expect(tuesday.find((m) => m.menu_id === 1)?.menu_is_open).toBe(true);
    expect(tuesday.find((m) => m.menu_id === 2)?.menu_is_open).toBe(false); // brunch: weekends only

    now = mondayNoonParis;
    const monday = expectSuccess(await getJson<Menu[]>(server.baseUrl, '/v2/public/menus'));
    expect(monday.find((m) => m.menu_id === 1)?.menu_is_open).toBe(false);
    expect(monday.find((m) => m.menu_id === 1)?.active_times.find((a) => a.day === 'mon')?.is_open).toBe(false);
    now = tuesdayNoonParis;
  });

  test('a gzip-accepting client gets the same document compressed', async () => {
    now = tuesdayNoonParis;
    const plain = await fetch(`${server.baseUrl}/v2/public/menus`, { headers: { 'Accept-Encoding': 'identity' } });
    const zipped = await fetch(`${server.baseUrl}/v2/public/menus`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    // fetch decompresses transparently: the two bodies are the same document.
    expect(await zipped.json()).toEqual(await plain.json());
  });
});

describe('GET /v2/public/offers', () => {
  test('the public and automatic offers, never a coupon', async () => {
    const offers = expectSuccess(await getJson<Offer[]>(server.baseUrl, '/v2/public/offers'));
    expect(offers.length).toBeGreaterThan(0);
    const ids = offers.map((o) => o.id);
    // Demo data: offers 1-4 are public; coupons (50-55) have codes and are served only to whoever types the code.
    expect(ids).toEqual(expect.arrayContaining([1, 2, 3, 4]));
    for (const couponId of [50, 51, 52, 53, 54, 55]) expect(ids).not.toContain(couponId);
    for (const offer of offers) {
      expect(offer).toMatchObject({
        is_active: expect.any(Boolean),
        type: expect.any(String),
        value: expect.any(Number),
        items: expect.any(Array),
        categories: expect.any(Array),
      });
      expect(offer.is_public || offer.auto_apply === 'Yes').toBe(true);
      expect(offer.code ?? null).toBeNull();
    }
    expect(offers.find((o) => o.id === 1)).toMatchObject({ type: 'percentage', value: 20, items: [108], is_public: true });
    expect(JSON.stringify(offers)).not.toMatch(/BIENVENUE10|MOINS5|DESSERTOFFERT/);
  });
});

describe('GET /v2/public/products/{item_menu_id}', () => {
  test('the items of menu 1 with their availability', async () => {
    const products = expectSuccess(
      await getJson<{ item_id: number; item_menu_id: number; item_is_available: boolean }[]>(server.baseUrl, '/v2/public/products/1'),
    );
    expect(products.length).toBeGreaterThan(10);
    for (const product of products) {
      expect(product.item_menu_id).toBe(1);
      expect(typeof product.item_is_available).toBe('boolean');
    }
    expect(products.find((p) => p.item_id === 105)?.item_is_available).toBe(true);
    expect(products.find((p) => p.item_id === 103)?.item_is_available).toBe(false); // Velouté: unavailable in the demo
    expect(products.some((p) => p.item_id === 130)).toBe(false); // brunch belongs to menu 2
  });

  test.each(['999', 'abc', '0', '-1', '1.5'])('/products/%s answers 404 with the French envelope', async (id) => {
    const response = await getJson(server.baseUrl, `/v2/public/products/${id}`);
    expectNotFound(response);
    expect(errorOf(response).errors[0]?.path).toBe('item_menu_id');
  });
});

describe('the rest of /v2', () => {
  test.each(['/v2/nope', '/v2/public/nope', '/v2/public/menus/extra/path'])('unknown %s answers 404 with the envelope', async (path) => {
    expectNotFound(await getJson(server.baseUrl, path));
  });

  test('an unknown method on a known path answers the 404 envelope, not an HTML page', async () => {
    const response = await request(server.baseUrl, '/v2/public/settings', { method: 'DELETE' });
    expectNotFound(response);
  });

  test('GET /v2/health reports the database', async () => {
    const health = expectSuccess(await getJson<{ database: string }>(server.baseUrl, '/v2/health'));
    expect(health).toEqual({ database: 'ok' });
  });

  test('trailing slashes are accepted (the spec writes some paths with one)', async () => {
    const settings = expectSuccess(await getJson<unknown[]>(server.baseUrl, '/v2/public/settings/'));
    expect(settings.length).toBeGreaterThan(0);
  });

  test('secure headers are set on API answers', async () => {
    const response = await fetch(`${server.baseUrl}/v2/health`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    await response.body?.cancel();
  });
});
