import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DeleteResult, DishCreateBody, DishView, MenuTree } from '@resto/contract/backoffice-menu';
import { auditLog, categories, itemOptions, items, menus, optionOptions } from '../../db/schema.ts';
import {
  buildOrderPayload,
  errorOf,
  fetchCatalogue,
  findItem,
  looksFrench,
  payloadOf,
  postOrder,
  type JsonResponse,
  type TestServer,
} from '../../test/harness.ts';
import { createTestStaff, staffRequest, startBackOfficeServer, type TestStaff } from '../../test/staff.ts';

/**
 * The menu editor's API over real HTTP (docs/decisions/023-back-office.md):
 * every edit and its refusals, roles, stale versions (two owners, the second loses nothing),
 * archived vs deleted, audit entries, positions, and the storefront's menu changed at once.
 */

// Tuesday 24 November 2026, 12:30 in Paris (the demo restaurant is open).
const now = new Date('2026-11-24T11:30:00Z');

let server: TestServer;
let margot: TestStaff;
let louis: TestStaff;
let karim: TestStaff;

beforeAll(async () => {
  ({ server, owner: margot, staff: karim } = await startBackOfficeServer(now));
  louis = await createTestStaff(server.db, { now, role: 'owner', name: 'Louis Lefèvre' });
});
afterAll(async () => server?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call<T>(who: TestStaff | null, method: Method, path: string, body?: unknown): Promise<JsonResponse<T>> {
  return staffRequest<T>(server, who?.cookie ?? null, method, `/v2/restaurant${path}`, body);
}

const tree = async () => payloadOf(await call<MenuTree>(margot, 'GET', '/menu'));
const firstCategoryId = async () => (await tree()).menus[0]!.categories[0]!.category_id;

function dishBody(categoryId: number, overrides: Partial<DishCreateBody> = {}): DishCreateBody {
  return {
    category_id: categoryId,
    name: 'Pizza du test',
    description: 'Tomate, mozzarella',
    image: '/images/items/pizza-margherita.svg',
    score: 0,
    price_pickup: 11.5,
    price_delivery: 12.5,
    tax_rate: null,
    available: true,
    allergens: ['gluten', 'milk'],
    diets: ['vegetarian'],
    alcoholic: false,
    options: [
      {
        name: 'Taille',
        selected: 1,
        required: true,
        values: [
          { name: 'Normale', price: 0, tax_rate: null, allergens: [] },
          { name: 'Grande', price: 3, tax_rate: null, allergens: [] },
        ],
      },
    ],
    ...overrides,
  };
}

async function createDish(overrides: Partial<DishCreateBody> = {}): Promise<DishView> {
  return payloadOf(await call<DishView>(margot, 'POST', '/menu/items', dishBody(overrides.category_id ?? (await firstCategoryId()), overrides)));
}

/** The dish as its form sends it back. */
function asBody(dish: DishView, changes: Partial<DishCreateBody> = {}) {
  const { item_id: _id, menu_id: _menu, position: _position, version, ordered: _ordered, sold_out_until: _sold, ...fields } = dish;
  return { ...fields, ...changes, expected_version: version };
}

async function lastAudit(entityId: number) {
  return server.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, String(entityId)))
    .orderBy(desc(auditLog.id));
}

describe('roles', () => {
  test('without a session: 401; a staff member (not owner): 403 on the tree and on a price change, nothing written', async () => {
    expect(errorOf(await call(null, 'GET', '/menu')).code).toBe('staff_login_required');
    expect(errorOf(await call(karim, 'GET', '/menu')).code).toBe('staff_forbidden');
    const dish = await createDish();
    const refused = await call(karim, 'PUT', `/menu/items/${dish.item_id}`, asBody(dish, { price_pickup: 1 }));
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe('staff_forbidden');
    expect(looksFrench(errorOf(refused).message)).toBe(true);
    for (const [method, path, body] of [
      ['POST', '/menu/items', dishBody(dish.category_id)],
      ['DELETE', `/menu/items/${dish.item_id}?expected_version=${dish.version}`, undefined],
      ['POST', `/menu/items/${dish.item_id}/move`, { direction: 'up' }],
      ['POST', '/menu/menus', { name: 'Brunch', description: '', available: true }],
      ['POST', '/menu/categories', { menu_id: dish.menu_id, name: 'Desserts', description: '' }],
    ] as const)
      expect((await call(karim, method, path, body)).status, `${method} ${path}`).toBe(403);
    const [row] = await server.db.select().from(items).where(eq(items.itemId, dish.item_id));
    expect(row?.pricePickupCents).toBe(1150);
    expect(row?.version).toBe(dish.version);
  });

  test('answers are never cached', async () => {
    const answer = await call(margot, 'GET', '/menu');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});

describe('dishes', () => {
  test('the tree lists menus, categories and dishes in order, with versions, options and flags', async () => {
    const menuTree = await tree();
    expect(menuTree.menus.length).toBeGreaterThan(0);
    const dishes = menuTree.menus.flatMap((m) => m.categories.flatMap((c) => c.items));
    expect(dishes.length).toBeGreaterThan(20);
    for (const category of menuTree.menus[0]!.categories) {
      const positions = category.items.map((i) => i.position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
    expect(dishes.some((d) => d.options.length > 0)).toBe(true);
    expect(dishes.every((d) => Number.isInteger(d.version) && typeof d.ordered === 'boolean')).toBe(true);
  });

  test('create: a new id, last in its category, options and values with new ids, an audit entry « Plat créé »; on the storefront at once', async () => {
    const categoryId = await firstCategoryId();
    const dish = await createDish({ name: 'Pizza créée' });
    expect(dish.category_id).toBe(categoryId);
    expect(dish.options[0]?.values.map((v) => v.name)).toEqual(['Normale', 'Grande']);
    expect(dish.options[0]?.values.every((v) => v.id > 0)).toBe(true);
    const category = (await tree()).menus.flatMap((m) => m.categories).find((c) => c.category_id === categoryId)!;
    expect(category.items.at(-1)?.item_id).toBe(dish.item_id);
    const [entry] = await lastAudit(dish.item_id);
    expect(entry).toMatchObject({ entity: 'item', action: 'create', summary: 'Plat créé : Pizza créée', staffName: 'Margot Lefèvre', before: null });
    expect((entry?.after as DishView).price_pickup).toBe(11.5);
    const storefront = findItem(await fetchCatalogue(server.baseUrl), dish.item_id);
    expect(storefront.item_name).toBe('Pizza créée');
  });

  test('a price change: written, audited « Prix à emporter de … : 11,50 € → 12,00 € », the storefront shows it at once', async () => {
    const dish = await createDish({ name: 'Pizza Margherita du test' });
    const saved = payloadOf(await call<DishView>(margot, 'PUT', `/menu/items/${dish.item_id}`, asBody(dish, { price_pickup: 12 })));
    expect(saved.price_pickup).toBe(12);
    expect(saved.version).toBeGreaterThan(dish.version);
    const [entry] = await lastAudit(dish.item_id);
    expect(entry?.summary.replaceAll(/\s/gu, ' ')).toBe('Prix à emporter de Pizza Margherita du test : 11,50 € → 12,00 €');
    expect(entry).toMatchObject({ action: 'update', staffName: 'Margot Lefèvre' });
    expect((entry?.before as DishView).price_pickup).toBe(11.5);
    expect((entry?.after as DishView).price_pickup).toBe(12);
    // No wait: the same request's process rebuilt its catalogue after the commit.
    expect(findItem(await fetchCatalogue(server.baseUrl), dish.item_id).item_price.price_pickup).toBe(12);
  });

  test('options replaced with the dish: the ids of values that stay are kept, removed ones gone, new ones get new ids', async () => {
    const dish = await createDish();
    const [size] = dish.options;
    const [normal, large] = size!.values;
    const body = asBody(dish, {
      options: [
        {
          ...size!,
          values: [
            { ...normal!, price: 0.5 },
            { name: 'Familiale', price: 6, tax_rate: null, allergens: [] },
          ],
        },
        {
          name: 'Sauces',
          selected: 2,
          required: false,
          values: [
            { name: 'Piquante', price: 0, tax_rate: 5.5, allergens: ['mustard'] },
            { name: 'Ail', price: 0, tax_rate: null, allergens: [] },
          ],
        },
      ],
    });
    const saved = payloadOf(await call<DishView>(margot, 'PUT', `/menu/items/${dish.item_id}`, body));
    expect(saved.options.map((o) => o.name)).toEqual(['Taille', 'Sauces']);
    expect(saved.options[0]?.option_id).toBe(size!.option_id);
    expect(saved.options[0]?.values[0]).toMatchObject({ id: normal!.id, name: 'Normale', price: 0.5 });
    expect(saved.options[0]?.values[1]?.id).not.toBe(large!.id);
    expect(saved.options[1]?.values[0]).toMatchObject({ tax_rate: 5.5, allergens: ['mustard'] });
    const gone = await server.db.select().from(optionOptions).where(eq(optionOptions.id, large!.id));
    expect(gone).toEqual([]);
    const [entry] = await lastAudit(dish.item_id);
    expect(entry?.summary).toBe('Options de Pizza du test modifiée');
  });

  test.each([
    ['a negative price', { price_pickup: -1 }, 'price_pickup', /négatif/u],
    ['an empty name', { name: '  ' }, 'name', /nom est obligatoire/u],
    ['a price with 3 decimals', { price_delivery: 12.345 }, 'price_delivery', /2 décimales/u],
    ['an external image', { image: 'https://example.com/a.png' }, 'image', /Image attendue/u],
    [
      'an option asking for more values than it has',
      { options: [{ name: 'Sauces', selected: 3, required: false, values: [{ name: 'Ketchup', price: 0, tax_rate: null, allergens: [] }] }] },
      'options.0.selected',
      /demande 3 choix mais n’a que 1 valeur/u,
    ],
    ['an option without values', { options: [{ name: 'Sauces', selected: 1, required: false, values: [] }] }, 'options.0.values', /au moins une valeur/u],
    ['an unknown allergen', { allergens: ['arsenic'] }, 'allergens.0', /./u],
  ] as [string, Record<string, unknown>, string, RegExp][])('%s is refused on its field in French, nothing written', async (_, change, path, message) => {
    const dish = await createDish();
    const before = await lastAudit(dish.item_id);
    const answer = await call(margot, 'PUT', `/menu/items/${dish.item_id}`, { ...asBody(dish), ...change });
    expect(answer.status).toBe(400);
    const error = errorOf(answer);
    expect(error.code).toBe('invalid_request');
    const field = error.errors.find((e) => e.path === path);
    expect(field?.message, JSON.stringify(error.errors)).toMatch(message);
    expect(looksFrench(field!.message)).toBe(true);
    const [row] = await server.db.select().from(items).where(eq(items.itemId, dish.item_id));
    expect(row?.version).toBe(dish.version);
    expect(await lastAudit(dish.item_id)).toHaveLength(before.length);
    // Creating with the same body is refused the same way.
    expect((await call(margot, 'POST', '/menu/items', { ...dishBody(dish.category_id), ...change })).status).toBe(400);
  });

  test('a dish in an unknown category is refused on category_id', async () => {
    const answer = await call(margot, 'POST', '/menu/items', dishBody(999_999));
    expect(errorOf(answer).errors.map((e) => e.path)).toEqual(['category_id']);
  });

  test('moving a dish to another category puts it last there', async () => {
    const [first, second] = (await tree()).menus[0]!.categories;
    const dish = await createDish({ category_id: first!.category_id });
    const saved = payloadOf(await call<DishView>(margot, 'PUT', `/menu/items/${dish.item_id}`, asBody(dish, { category_id: second!.category_id })));
    expect(saved.category_id).toBe(second!.category_id);
    const after = (await tree()).menus[0]!.categories.find((c) => c.category_id === second!.category_id)!;
    expect(after.items.at(-1)?.item_id).toBe(dish.item_id);
    expect((await lastAudit(dish.item_id))[0]?.summary).toBe(`Catégorie de Pizza du test : ${first!.name} → ${second!.name}`);
  });
});

describe('stale versions: two owners editing the same dish lose nothing', () => {
  test('the second save, based on the old version, gets 409 stale_edit with the current values; saving on top then works', async () => {
    const dish = await createDish({ name: 'Pizza disputée' });
    // Both owners opened the form on the same version.
    const margotSave = await call<DishView>(margot, 'PUT', `/menu/items/${dish.item_id}`, asBody(dish, { price_pickup: 13 }));
    expect(margotSave.status).toBe(200);
    const louisTyped = asBody(dish, { price_delivery: 15, description: 'Nouvelle description de Louis' });
    const stale = await call(louis, 'PUT', `/menu/items/${dish.item_id}`, louisTyped);
    expect(stale.status).toBe(409);
    const error = errorOf(stale);
    expect(error.code).toBe('stale_edit');
    expect(looksFrench(error.message)).toBe(true);
    const current = (error.payload as { current: DishView }).current;
    expect(current).toMatchObject({ item_id: dish.item_id, price_pickup: 13, price_delivery: 12.5, version: payloadOf(margotSave).version });
    // Nothing of Louis's was written.
    const [row] = await server.db.select().from(items).where(eq(items.itemId, dish.item_id));
    expect(row).toMatchObject({ pricePickupCents: 1300, priceDeliveryCents: 1250, description: 'Tomate, mozzarella' });
    // Louis keeps what he typed, takes Margot's price, and saves on top of the current version.
    const again = payloadOf(
      await call<DishView>(louis, 'PUT', `/menu/items/${dish.item_id}`, {
        ...louisTyped,
        price_pickup: current.price_pickup,
        expected_version: current.version,
      }),
    );
    expect(again).toMatchObject({ price_pickup: 13, price_delivery: 15, description: 'Nouvelle description de Louis' });
    const entries = await lastAudit(dish.item_id);
    expect(entries.slice(0, 2).map((e) => e.staffName)).toEqual(['Louis Lefèvre', 'Margot Lefèvre']);
  });

  test('a dish deleted meanwhile: 409 stale_edit with current null', async () => {
    const dish = await createDish();
    payloadOf(await call(margot, 'DELETE', `/menu/items/${dish.item_id}?expected_version=${dish.version}`));
    const answer = await call(louis, 'PUT', `/menu/items/${dish.item_id}`, asBody(dish, { price_pickup: 2 }));
    expect(errorOf(answer).code).toBe('stale_edit');
    expect(errorOf(answer).payload).toEqual({ current: null });
  });

  test('a delete based on an old version is refused too', async () => {
    const dish = await createDish();
    payloadOf(await call(margot, 'PUT', `/menu/items/${dish.item_id}`, asBody(dish, { price_pickup: 9 })));
    expect(errorOf(await call(louis, 'DELETE', `/menu/items/${dish.item_id}?expected_version=${dish.version}`)).code).toBe('stale_edit');
    expect((await server.db.select().from(items).where(eq(items.itemId, dish.item_id))).length).toBe(1);
  });
});

describe('deleting: archived when past orders name it, deleted otherwise', () => {
  test('a dish nobody ordered is deleted (with its options); « Plat supprimé »; gone from the storefront', async () => {
    const dish = await createDish({ name: 'Pizza éphémère' });
    const result = payloadOf(await call<DeleteResult>(margot, 'DELETE', `/menu/items/${dish.item_id}?expected_version=${dish.version}`));
    expect(result).toMatchObject({ outcome: 'deleted', deleted_items: 1, archived_items: 0 });
    expect(await server.db.select().from(items).where(eq(items.itemId, dish.item_id))).toEqual([]);
    expect(await server.db.select().from(itemOptions).where(eq(itemOptions.itemId, dish.item_id))).toEqual([]);
    expect((await lastAudit(dish.item_id))[0]).toMatchObject({ action: 'delete', summary: 'Plat supprimé : Pizza éphémère', after: null });
    expect(() => findItem({ menus: [], settings: [], offers: [] }, dish.item_id)).toThrow();
    const storefront = await fetchCatalogue(server.baseUrl);
    expect(storefront.menus.flatMap((m) => m.categories.flatMap((c) => c.items)).some((i) => i.item_id === dish.item_id)).toBe(false);
  });

  test('an ordered dish is archived: kept in the database, out of the tree and of the storefront; « Plat archivé »', async () => {
    const dish = await createDish({ name: 'Pizza commandée', options: [] });
    payloadOf(await postOrder(server.baseUrl, await buildOrderPayload(server, { lines: [{ itemId: dish.item_id, quantity: 1 }] })));
    const listed = (await tree()).menus.flatMap((m) => m.categories.flatMap((c) => c.items)).find((i) => i.item_id === dish.item_id);
    expect(listed?.ordered).toBe(true);
    const result = payloadOf(await call<DeleteResult>(margot, 'DELETE', `/menu/items/${dish.item_id}?expected_version=${listed!.version}`));
    expect(result).toMatchObject({ outcome: 'archived', archived_items: 1, deleted_items: 0 });
    const [row] = await server.db.select().from(items).where(eq(items.itemId, dish.item_id));
    expect(row?.archivedAt).toBeInstanceOf(Date);
    expect((await tree()).menus.flatMap((m) => m.categories.flatMap((c) => c.items)).some((i) => i.item_id === dish.item_id)).toBe(false);
    expect((await lastAudit(dish.item_id))[0]).toMatchObject({ action: 'archive', summary: 'Plat archivé : Pizza commandée' });
  });

  test('a category: archived with its ordered dishes archived and the others deleted', async () => {
    const menuId = (await tree()).menus[0]!.menu_id;
    const category = payloadOf(
      await call<{ category_id: number; version: number }>(margot, 'POST', '/menu/categories', { menu_id: menuId, name: 'Éphémères', description: '' }),
    );
    const ordered = await createDish({ category_id: category.category_id, name: 'Plat commandé', options: [] });
    const never = await createDish({ category_id: category.category_id, name: 'Plat jamais commandé' });
    payloadOf(await postOrder(server.baseUrl, await buildOrderPayload(server, { lines: [{ itemId: ordered.item_id, quantity: 1 }] })));
    // The confirmation dialog says it before: the category and one dish are named by past orders.
    const listed = (await tree()).menus.flatMap((m) => m.categories).find((c) => c.category_id === category.category_id)!;
    expect(listed.ordered).toBe(true);
    expect(listed.items.map((i) => [i.name, i.ordered])).toEqual([
      ['Plat commandé', true],
      ['Plat jamais commandé', false],
    ]);
    const result = payloadOf(await call<DeleteResult>(margot, 'DELETE', `/menu/categories/${category.category_id}?expected_version=${category.version}`));
    expect(result).toMatchObject({ outcome: 'archived', archived_items: 1, deleted_items: 1 });
    const rows = await server.db
      .select()
      .from(items)
      .where(inArray(items.itemId, [ordered.item_id, never.item_id]));
    expect(rows.map((r) => [r.itemId, r.archivedAt !== null])).toEqual([[ordered.item_id, true]]);
    const [categoryRow] = await server.db.select().from(categories).where(eq(categories.categoryId, category.category_id));
    expect(categoryRow?.archivedAt).toBeInstanceOf(Date);
    expect((await lastAudit(category.category_id))[0]).toMatchObject({ entity: 'category', action: 'archive', summary: 'Catégorie archivée : Éphémères' });
  });

  test('a category nobody ordered from is deleted with its dishes', async () => {
    const menuId = (await tree()).menus[0]!.menu_id;
    const category = payloadOf(
      await call<{ category_id: number; version: number }>(margot, 'POST', '/menu/categories', { menu_id: menuId, name: 'Vide bientôt', description: '' }),
    );
    await createDish({ category_id: category.category_id });
    const result = payloadOf(await call<DeleteResult>(margot, 'DELETE', `/menu/categories/${category.category_id}?expected_version=${category.version}`));
    expect(result).toMatchObject({ outcome: 'deleted', deleted_items: 1, archived_items: 0 });
    expect(await server.db.select().from(categories).where(eq(categories.categoryId, category.category_id))).toEqual([]);
  });

  test('menus: created with the first menu’s hours, renamed, hidden; deleted; the last menu never (still_in_use)', async () => {
    const [first] = (await tree()).menus;
    const brunch = payloadOf(
      await call<{ menu_id: number; version: number; position: number }>(margot, 'POST', '/menu/menus', {
        name: 'Brunch',
        description: 'Le dimanche',
        available: true,
      }),
    );
    const [row] = await server.db.select().from(menus).where(eq(menus.menuId, brunch.menu_id));
    const [firstRow] = await server.db.select().from(menus).where(eq(menus.menuId, first!.menu_id));
    expect(row?.activeTimes).toEqual(firstRow?.activeTimes);
    const hidden = payloadOf(
      await call<{ version: number; available: boolean }>(margot, 'PUT', `/menu/menus/${brunch.menu_id}`, {
        name: 'Brunch du dimanche',
        description: '',
        available: false,
        expected_version: brunch.version,
      }),
    );
    expect(hidden.available).toBe(false);
    expect((await lastAudit(brunch.menu_id))[0]?.summary).toBe(
      'Menu renommé : Brunch → Brunch du dimanche ; Disponibilité de Brunch du dimanche : visible → masqué ; Description de Brunch du dimanche modifiée',
    );
    const storefront = await fetchCatalogue(server.baseUrl);
    expect(storefront.menus.find((m) => m.menu_id === brunch.menu_id)?.menu_is_available).toBe(false);
    const removed = payloadOf(await call<DeleteResult>(margot, 'DELETE', `/menu/menus/${brunch.menu_id}?expected_version=${hidden.version}`));
    expect(removed.outcome).toBe('deleted');
    // Every other menu removed: the last one stays.
    const live = (await tree()).menus;
    for (const menu of live.slice(1)) payloadOf(await call(margot, 'DELETE', `/menu/menus/${menu.menu_id}?expected_version=${menu.version}`));
    const last = (await tree()).menus;
    expect(last).toHaveLength(1);
    const refused = await call(margot, 'DELETE', `/menu/menus/${last[0]!.menu_id}?expected_version=${last[0]!.version}`);
    expect(refused.status).toBe(409);
    expect(errorOf(refused).code).toBe('still_in_use');
    expect(looksFrench(errorOf(refused).message)).toBe(true);
  });
});

describe('positions', () => {
  test('up/down swap a dish with its neighbour, without changing versions; at the edge nothing moves', async () => {
    const menuId = (await tree()).menus[0]!.menu_id;
    const category = payloadOf(await call<{ category_id: number }>(margot, 'POST', '/menu/categories', { menu_id: menuId, name: 'Ordre', description: '' }));
    const a = await createDish({ category_id: category.category_id, name: 'A' });
    const b = await createDish({ category_id: category.category_id, name: 'B' });
    const c = await createDish({ category_id: category.category_id, name: 'C' });
    const order = async () =>
      (await tree()).menus
        .flatMap((m) => m.categories)
        .find((x) => x.category_id === category.category_id)!
        .items.map((i) => i.name);
    expect(await order()).toEqual(['A', 'B', 'C']);
    payloadOf(await call(margot, 'POST', `/menu/items/${c.item_id}/move`, { direction: 'up' }));
    expect(await order()).toEqual(['A', 'C', 'B']);
    payloadOf(await call(margot, 'POST', `/menu/items/${a.item_id}/move`, { direction: 'down' }));
    expect(await order()).toEqual(['C', 'A', 'B']);
    payloadOf(await call(margot, 'POST', `/menu/items/${c.item_id}/move`, { direction: 'up' }));
    expect(await order()).toEqual(['C', 'A', 'B']);
    expect((await lastAudit(a.item_id))[0]?.summary).toBe('Plat déplacé vers le bas : A');
    // An open form on B is not made stale by the moves.
    expect((await call(margot, 'PUT', `/menu/items/${b.item_id}`, asBody(b, { price_pickup: 4 }))).status).toBe(200);
    expect(errorOf(await call(margot, 'POST', `/menu/items/${a.item_id}/move`, { direction: 'sideways' })).code).toBe('invalid_request');
  });

  test('categories move within their menu, and the storefront follows the order', async () => {
    const [menu] = (await tree()).menus;
    const [first, second] = menu!.categories;
    payloadOf(await call(margot, 'POST', `/menu/categories/${second!.category_id}/move`, { direction: 'up' }));
    const after = (await tree()).menus[0]!.categories.map((c) => c.category_id);
    expect(after.slice(0, 2)).toEqual([second!.category_id, first!.category_id]);
    const storefront = (await fetchCatalogue(server.baseUrl)).menus.find((m) => m.menu_id === menu!.menu_id)!;
    expect(storefront.categories.map((c) => c.category_id).slice(0, 2)).toEqual([second!.category_id, first!.category_id]);
    payloadOf(await call(margot, 'POST', `/menu/categories/${second!.category_id}/move`, { direction: 'down' }));
  });

  test('a category rename is audited; a stale one is refused with the current values', async () => {
    const menuId = (await tree()).menus[0]!.menu_id;
    const category = payloadOf(
      await call<{ category_id: number; version: number }>(margot, 'POST', '/menu/categories', { menu_id: menuId, name: 'Salades', description: '' }),
    );
    payloadOf(
      await call(margot, 'PUT', `/menu/categories/${category.category_id}`, { name: 'Salades composées', description: '', expected_version: category.version }),
    );
    expect((await lastAudit(category.category_id))[0]?.summary).toBe('Catégorie renommée : Salades → Salades composées');
    const stale = await call(louis, 'PUT', `/menu/categories/${category.category_id}`, { name: 'Bowls', description: '', expected_version: category.version });
    expect(errorOf(stale).code).toBe('stale_edit');
    expect((errorOf(stale).payload as { current: { name: string } }).current.name).toBe('Salades composées');
    const [row] = await server.db
      .select()
      .from(categories)
      .where(and(eq(categories.categoryId, category.category_id)));
    expect(row?.name).toBe('Salades composées');
  });
});
