import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Menu } from '@resto/domain/catalogue';
import { catalogVersion } from '../../db/schema.ts';
import { demoRestaurantPath } from '../../seeding/demo-restaurant.ts';
import {
  buildOrderPayload,
  errorOf,
  fetchCatalogue,
  findItem,
  getJson,
  looksFrench,
  payloadOf,
  postOrder,
  startTestServer,
  type TestServer,
} from '../../test/harness.ts';
import { importRestaurant, parseRestaurantFile, RestaurantFileError } from './import.ts';

/** The restaurant file import (docs/decisions/016, section 5: one JSON file, validated with clear errors, imported by a command). */

/** Loose shape of the demo file: tests change and break fields freely. */
type Loose = Record<string, unknown>;
interface LooseItem extends Loose {
  item_id: number;
  price_pickup: number;
  price_delivery: number;
}
interface LooseFile extends Loose {
  menus: (Loose & { categories: (Loose & { items: LooseItem[] })[] })[];
}

/** A fresh deep copy of the demo restaurant file. */
/** The demo file, its orders handled by e-mail as the test harness seeds it (ASAP orders without a staff screen, docs/decisions/022). */
function demoFile(): LooseFile {
  const file = JSON.parse(readFileSync(demoRestaurantPath, 'utf8')) as LooseFile;
  return { ...file, settings: { ...(file.settings as Loose), 'orders.email_only': true } };
}

function itemOf(file: LooseFile, itemId: number): LooseItem {
  const item = file.menus.flatMap((m) => m.categories.flatMap((c) => c.items)).find((i) => i.item_id === itemId);
  if (!item) throw new Error(`item ${itemId} is not in the demo file`);
  return item;
}

async function readVersion(server: TestServer): Promise<number> {
  const rows = await server.db.select({ version: catalogVersion.version }).from(catalogVersion).where(eq(catalogVersion.id, 1));
  return rows[0]?.version ?? 0;
}

async function menuPrice(server: TestServer, itemId: number): Promise<{ price_pickup: number; price_delivery: number }> {
  const menus = payloadOf(await getJson<Menu[]>(server.baseUrl, '/v2/public/menus'));
  const item = menus.flatMap((m) => m.categories.flatMap((c) => c.items)).find((i) => i.item_id === itemId);
  if (!item) throw new Error(`item ${itemId} is not served`);
  return item.item_price;
}

const fridayNoonParis = new Date('2025-11-28T11:00:00Z');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ clock: () => fridayNoonParis });
});
afterAll(async () => {
  await server?.close();
});

describe('importRestaurant', () => {
  test('replaces the catalogue and bumps its version: GET /v2/public/menus shows the new price without a restart', async () => {
    await importRestaurant(server.db, parseRestaurantFile(demoFile()));
    const before = await menuPrice(server, 105);
    const versionBefore = await readVersion(server);

    const file = demoFile();
    const margherita = itemOf(file, 105);
    margherita.price_pickup = Math.round((before.price_pickup + 1.3) * 100) / 100;
    margherita.price_delivery = Math.round((before.price_delivery + 1.3) * 100) / 100;
    margherita.name = 'Pizza Margherita (nouvelle recette)';
    const counts = await importRestaurant(server.db, parseRestaurantFile(file));
    expect(counts.menus).toBe(2);
    expect(counts.items).toBeGreaterThan(20);

    expect(await readVersion(server)).toBe(versionBefore + 1);
    expect(await menuPrice(server, 105)).toEqual({ price_pickup: margherita.price_pickup, price_delivery: margherita.price_delivery, tax_rate: null });
    const catalogue = await fetchCatalogue(server.baseUrl);
    expect(findItem(catalogue, 105).item_name).toBe('Pizza Margherita (nouvelle recette)');
    // /products answers from the same catalogue
    const products = payloadOf(await getJson<{ item_id: number; item_price: { price_pickup: number } }[]>(server.baseUrl, '/v2/public/products/1'));
    expect(products.find((p) => p.item_id === 105)?.item_price.price_pickup).toBe(margherita.price_pickup);
  });

  test('what the new file drops disappears: items, settings, offers', async () => {
    const file = demoFile();
    file.menus = file.menus.filter((m) => m.menu_id === 1);
    const settings = file.settings as Loose;
    delete settings['site.tagline'];
    file.offers = [];
    await importRestaurant(server.db, parseRestaurantFile(file));

    const catalogue = await fetchCatalogue(server.baseUrl);
    expect(catalogue.menus.map((m) => m.menu_id)).toEqual([1]);
    expect(catalogue.settings.some((s) => s.name === 'site.tagline')).toBe(false);
    expect(catalogue.offers).toEqual([]);
    const gone = await getJson(server.baseUrl, '/v2/public/products/2');
    expect(gone.status).toBe(404);
    expect(errorOf(gone).status).toBe('error');

    await importRestaurant(server.db, parseRestaurantFile(demoFile()));
    expect((await fetchCatalogue(server.baseUrl)).menus.map((m) => m.menu_id)).toEqual([1, 2]);
  });

  test('an invalid file is refused with French problems naming their path, and nothing changes', async () => {
    await importRestaurant(server.db, parseRestaurantFile(demoFile()));
    const versionBefore = await readVersion(server);
    const priceBefore = await menuPrice(server, 105);

    const file = demoFile();
    const firstMenu = file.menus[0]!;
    const pizza = firstMenu.categories[1]!.items[0]!;
    pizza.price_pickup = -3;
    (pizza as Loose).image = 'https://example.com/pizza.jpg';
    firstMenu.categories[0]!.items[1]!.item_id = firstMenu.categories[0]!.items[0]!.item_id; // duplicate id
    (file.offers as Loose[])[0]!.items = [99_999]; // unknown reference

    let caught: unknown;
    try {
      parseRestaurantFile(file);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RestaurantFileError);
    const error = caught as RestaurantFileError;
    expect(error.message).toMatch(/^Fichier du restaurant invalide/);
    const paths = error.problems.map((p) => p.split(' : ')[0]);
    expect(paths).toEqual(
      expect.arrayContaining([
        'menus.0.categories.1.items.0.price_pickup',
        'menus.0.categories.1.items.0.image',
        'menus.0.categories.0.items.1.item_id',
        'offers.0.items.0',
      ]),
    );
    for (const problem of error.problems) {
      const [path, message] = problem.split(' : ');
      expect(path, problem).toMatch(/^[\w.]+$/);
      expect(message && looksFrench(message), problem).toBe(true);
    }

    expect(await readVersion(server)).toBe(versionBefore);
    expect(await menuPrice(server, 105)).toEqual(priceBefore);
  });

  test.each<[string, unknown, string]>([
    ['not an object', 42, '(racine)'],
    ['no menus', { settings: {}, menus: [] }, 'menus'],
    ['a bad setting name', { ...demoFile(), settings: { 'Contacts Name': 'x' } }, 'settings.Contacts Name'],
  ])('a file with %s is refused naming %s', (_label, json, path) => {
    expect(() => parseRestaurantFile(json)).toThrow(RestaurantFileError);
    try {
      parseRestaurantFile(json);
    } catch (error) {
      expect(
        (error as RestaurantFileError).problems.some((p) => p.startsWith(`${path} : `)),
        (error as RestaurantFileError).problems.join('\n'),
      ).toBe(true);
    }
  });

  test('past orders keep their copied prices after a re-import with a new price; new orders use the new one', async () => {
    await importRestaurant(server.db, parseRestaurantFile(demoFile()));
    const oldPayload = await buildOrderPayload(server, { lines: [{ itemId: 105, quantity: 2 }] });
    const created = await postOrder(server.baseUrl, oldPayload);
    expect(created.status).toBe(201);
    const orderId = payloadOf(created).order_id;
    const readBack = async () =>
      payloadOf(
        await getJson<{ subtotal: number; total: number; items: { item_name: string; unit_price: number }[] }>(
          server.baseUrl,
          `/v2/public/checkout/${orderId}?local_id=${oldPayload.local_id}`,
        ),
      );
    const before = await readBack();

    const file = demoFile();
    const margherita = itemOf(file, 105);
    const oldPrice = margherita.price_pickup;
    margherita.price_pickup = oldPrice + 2;
    margherita.price_delivery += 2;
    margherita.name = 'Margherita renommée';
    await importRestaurant(server.db, parseRestaurantFile(file));

    const after = await readBack();
    expect(after).toEqual(before);
    expect(after.items[0]).toMatchObject({ item_name: 'Pizza Margherita', unit_price: oldPrice });

    // A client still holding the old prices is refused with the fresh totals, not charged silently.
    const stale = await postOrder(server.baseUrl, { ...oldPayload, local_id: `${oldPayload.local_id}-2` });
    expect(stale.status).toBe(409);
    expect((errorOf(stale).payload as { subtotal: number }).subtotal).toBe(oldPayload.subtotal + 4);

    const fresh = await buildOrderPayload(server, { lines: [{ itemId: 105, quantity: 2 }] });
    expect(fresh.subtotal).toBe(oldPayload.subtotal + 4);
    const newOrder = await postOrder(server.baseUrl, fresh);
    expect(newOrder.status).toBe(201);
    const newRead = payloadOf(
      await getJson<{ items: { item_name: string; unit_price: number }[] }>(
        server.baseUrl,
        `/v2/public/checkout/${payloadOf(newOrder).order_id}?local_id=${fresh.local_id}`,
      ),
    );
    expect(newRead.items[0]).toMatchObject({ item_name: 'Margherita renommée', unit_price: oldPrice + 2 });

    // Even when the item leaves the menu, the past order still reads back whole.
    const without = demoFile();
    for (const menu of without.menus) for (const category of menu.categories) category.items = category.items.filter((i) => i.item_id !== 105);
    await importRestaurant(server.db, parseRestaurantFile(without));
    expect(await readBack()).toEqual(before);
    await importRestaurant(server.db, parseRestaurantFile(demoFile()));
  });
});
