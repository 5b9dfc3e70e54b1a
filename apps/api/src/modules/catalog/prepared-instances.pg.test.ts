import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DishView, MenuTree } from '@resto/contract/backoffice-menu';
import type { Menu } from '@resto/domain/catalogue';
import { payloadOf, requiredDatabaseUrl, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, staffRequest, type TestStaff } from '../../test/staff.ts';

/**
 * The prepared catalogue answers with two API instances on one PostgreSQL (docs/decisions/028-prepared-answers.md):
 * the same content gives the same ETag on both (a phone may revalidate on either), and a price
 * edited on A is served by B with a new ETag as soon as `catalog_changed` reaches it (its 1 s
 * version check otherwise). PostgreSQL only: a `.pg.test.ts` file.
 */

requiredDatabaseUrl();
const now = new Date('2026-11-24T12:30:00+01:00');
const margherita = 105;
let a: TestServer;
let b: TestServer;
let owner: TestStaff;

beforeAll(async () => {
  a = await startTestServer({ clock: () => now });
  b = await startTestServer({ clock: () => now, databaseUrl: a.databaseUrl, seed: false });
  owner = await createTestStaff(a.db, { now, role: 'owner' });
}, 60_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
});

async function menus(server: TestServer, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}/v2/public/menus`, { headers });
  const body = response.status === 200 ? ((await response.json()) as { payload: Menu[] }) : undefined;
  if (!body) await response.arrayBuffer();
  const price = body?.payload.flatMap((m) => m.categories.flatMap((c) => c.items)).find((i) => i.item_id === margherita)?.item_price.price_pickup;
  return { status: response.status, etag: response.headers.get('etag')!, price };
}

describe('two instances on one PostgreSQL', () => {
  test('the same ETag on both; a price edited on A: B serves the new price with a new ETag at once', async () => {
    const onA = await menus(a);
    const onB = await menus(b);
    expect(onB.etag).toBe(onA.etag);
    expect((await menus(a, { 'If-None-Match': onB.etag })).status).toBe(304);

    const tree = payloadOf(await staffRequest<MenuTree>(a, owner.cookie, 'GET', '/v2/restaurant/menu'));
    const dish = tree.menus.flatMap((m) => m.categories.flatMap((c) => c.items)).find((d) => d.item_id === margherita)!;
    const { item_id: _id, menu_id: _menu, position: _position, version, ordered: _ordered, sold_out_until: _sold, ...fields } = dish;
    const price = onB.price! + 1;
    payloadOf(
      await staffRequest<DishView>(a, owner.cookie, 'PUT', `/v2/restaurant/menu/items/${margherita}`, {
        ...fields,
        price_pickup: price,
        expected_version: version,
      }),
    );

    // B learns it by NOTIFY (milliseconds), its 1 s version check otherwise; until then it may still answer 304.
    const started = Date.now();
    let seen = await menus(b, { 'If-None-Match': onB.etag });
    while (seen.status === 304 && Date.now() - started < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      seen = await menus(b, { 'If-None-Match': onB.etag });
    }
    expect(seen.status).toBe(200);
    expect(seen.price).toBe(price);
    expect(seen.etag).not.toBe(onB.etag);
    expect((await menus(a)).etag).toBe(seen.etag);
  });
});
