import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AvailabilityItem } from '@resto/contract/backoffice-images';
import type { Menu } from '@resto/domain/catalogue';
import { availability } from '@resto/copy/staff/availability';
import { backOfficeShared } from '@resto/copy/staff/back-office';
import { auditLog, items } from '../../db/schema.ts';
import { buildOrderPayload, errorOf, getJson, looksFrench, payloadOf, postOrder, request, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, type TestStaff } from '../../test/staff.ts';

/**
 * Dishes' availability (docs/decisions/023) over real HTTP on a fixed, movable clock: Tuesday
 * 24 November 2026 12:30 in Paris (the demo restaurant: closed on Mondays, 11:30–14:30 and 18:30–22:30).
 */

const margherita = 105;
const reine = 106;
let now = new Date('2026-11-24T12:30:00+01:00');
let server: TestServer;
let owner: TestStaff;
let staff: TestStaff;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  owner = await createTestStaff(server.db, { role: 'owner', now });
  staff = await createTestStaff(server.db, { role: 'staff', name: 'Karim Benali', now });
}, 60_000);
afterAll(() => server?.close());

function setState(cookie: string | null, itemId: number, body: unknown) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (cookie) headers.Cookie = cookie;
  return request<AvailabilityItem>(server.baseUrl, `/v2/restaurant/items/${itemId}/availability`, { method: 'PUT', headers, body: JSON.stringify(body) });
}

async function list(cookie: string) {
  return payloadOf(await request<AvailabilityItem[]>(server.baseUrl, '/v2/restaurant/availability', { headers: { Cookie: cookie } }));
}

async function row(itemId: number) {
  return (await list(owner.cookie)).find((item) => item.item_id === itemId)!;
}

async function publicItem(itemId: number) {
  const menus = payloadOf(await getJson<Menu[]>(server.baseUrl, '/v2/public/menus'));
  return menus.flatMap((m) => m.categories.flatMap((c) => c.items)).find((i) => i.item_id === itemId)!;
}

describe('GET /v2/restaurant/availability', () => {
  test('every dish in menu and category order with its state and version, for staff too; never cached', async () => {
    const answer = await request<AvailabilityItem[]>(server.baseUrl, '/v2/restaurant/availability', { headers: { Cookie: staff.cookie } });
    expect(answer.headers.get('cache-control')).toMatch(/no-store/);
    const dishes = payloadOf(answer);
    expect(dishes.length).toBeGreaterThan(20);
    expect(dishes.find((d) => d.item_id === margherita)).toMatchObject({
      item_name: 'Pizza Margherita',
      category_name: 'Pizzas',
      state: 'available',
      sold_out_until: null,
    });
    expect(dishes.find((d) => d.item_id === 103)).toMatchObject({ item_name: 'Velouté de saison', state: 'sold_out' });
    expect(dishes.map((d) => d.item_id).slice(0, 5)).toEqual([101, 102, 103, 104, 105]);
  });

  test('without a session: 401', async () => {
    const answer = await request(server.baseUrl, '/v2/restaurant/availability');
    expect(answer.status).toBe(401);
    expect(errorOf(answer).code).toBe('staff_login_required');
  });
});

describe('PUT /v2/restaurant/items/{item_id}/availability', () => {
  test('staff marks a dish « épuisé aujourd’hui »: unavailable on the public menu until Wednesday 11:30, an order naming it is refused, then it comes back by itself', async () => {
    const before = await row(margherita);
    const answer = await setState(staff.cookie, margherita, { state: 'sold_out_today', expected_version: before.version });
    const after = payloadOf(answer);
    expect(after).toMatchObject({ item_id: margherita, state: 'sold_out_today', sold_out_until: '2026-11-25T10:30:00.000Z' });
    expect(after.version).toBeGreaterThan(before.version);

    // The audit log names the dish and the staff member.
    const [entry] = await server.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      staffName: 'Karim Benali',
      entity: 'item',
      entityId: String(margherita),
      action: 'sold_out_today',
      summary: 'Pizza Margherita : épuisé aujourd’hui',
      before: { state: 'available', sold_out_until: null },
      after: { state: 'sold_out_today', sold_out_until: '2026-11-25T10:30:00.000Z' },
    });

    // The public menu shows it unavailable at once (the menus cache keys on it), and /products too.
    expect((await publicItem(margherita)).item_is_available).toBe(false);
    expect((await publicItem(reine)).item_is_available).toBe(true);
    const products = payloadOf(await getJson<{ item_id: number; item_is_available: boolean }[]>(server.baseUrl, '/v2/public/products/1'));
    expect(products.find((p) => p.item_id === margherita)?.item_is_available).toBe(false);

    // An order holding it is refused, naming the dish, on its line.
    const payload = await buildOrderPayload(server, {
      lines: [
        { itemId: reine, quantity: 1 },
        { itemId: margherita, quantity: 2 },
      ],
    });
    const refused = await postOrder(server.baseUrl, payload);
    expect(refused.status).toBe(409);
    const message = availability.soldOutToday('Pizza Margherita');
    expect(errorOf(refused)).toMatchObject({ code: 'item_sold_out', message, errors: [{ path: 'items.1.item_id', message }] });
    expect(message).toContain('Pizza Margherita');
    expect(looksFrench(message)).toBe(true);

    // One minute before Wednesday 11:30 it is still sold out; at 11:30 it is back, without anyone acting.
    now = new Date('2026-11-25T11:29:00+01:00');
    expect((await publicItem(margherita)).item_is_available).toBe(false);
    expect((await row(margherita)).state).toBe('sold_out_today');
    now = new Date('2026-11-25T11:30:00+01:00');
    expect((await publicItem(margherita)).item_is_available).toBe(true);
    expect(await row(margherita)).toMatchObject({ state: 'available', sold_out_until: null });
    const placed = await postOrder(server.baseUrl, await buildOrderPayload(server, { lines: [{ itemId: margherita, quantity: 1 }] }));
    expect(placed.status).toBe(201);
    // Back on Tuesday (the clock is the test's), the stored instant makes it sold out again: put it back on sale.
    now = new Date('2026-11-24T12:30:00+01:00');
    expect((await row(margherita)).state).toBe('sold_out_today');
    payloadOf(await setState(staff.cookie, margherita, { state: 'available', expected_version: (await row(margherita)).version }));
    expect((await publicItem(margherita)).item_is_available).toBe(true);
  });

  test('« jusqu’à nouvel ordre »: off until someone puts it back (not by time), refused at order time naming the dish', async () => {
    const current = await row(reine);
    payloadOf(await setState(owner.cookie, reine, { state: 'sold_out', expected_version: current.version }));
    const [stored] = await server.db.select().from(items).where(eq(items.itemId, reine));
    expect(stored).toMatchObject({ isAvailable: false, soldOutUntil: null });
    now = new Date('2026-12-02T12:30:00+01:00');
    expect((await publicItem(reine)).item_is_available).toBe(false);
    const refused = await postOrder(server.baseUrl, await buildOrderPayload(server, { lines: [{ itemId: reine, quantity: 1 }] }));
    expect(errorOf(refused).message).toContain('Pizza Reine');
    now = new Date('2026-11-24T12:30:00+01:00');

    const back = payloadOf(await setState(staff.cookie, reine, { state: 'available', expected_version: (await row(reine)).version }));
    expect(back).toMatchObject({ state: 'available', sold_out_until: null });
    expect((await publicItem(reine)).item_is_available).toBe(true);
    const [entry] = await server.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry?.summary).toBe('Pizza Reine : disponible');
  });

  test('a stale version: 409 stale_edit with the dish as it is now, nothing written', async () => {
    const current = await row(107);
    payloadOf(await setState(owner.cookie, 107, { state: 'sold_out', expected_version: current.version }));
    const stale = await setState(staff.cookie, 107, { state: 'available', expected_version: current.version });
    expect(stale.status).toBe(409);
    expect(errorOf(stale)).toMatchObject({
      code: 'stale_edit',
      message: backOfficeShared.staleEdit,
      payload: { current: { item_id: 107, state: 'sold_out' } },
    });
    expect((await row(107)).state).toBe('sold_out');
    payloadOf(await setState(owner.cookie, 107, { state: 'available', expected_version: (await row(107)).version }));
  });

  test('refusals: an unknown dish (404), a state that does not exist (400 on the field), no session (401), another site (403)', async () => {
    const unknown = await setState(owner.cookie, 99999, { state: 'sold_out', expected_version: 0 });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown)).toMatchObject({ code: 'not_found', message: availability.unknownItem });
    const bad = await setState(owner.cookie, margherita, { state: 'epuise', expected_version: 0 });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).errors.map((e) => e.path)).toContain('state');
    expect(looksFrench(errorOf(bad).message)).toBe(true);
    expect((await setState(null, margherita, { state: 'sold_out', expected_version: 0 })).status).toBe(401);
    const foreign = await request(server.baseUrl, `/v2/restaurant/items/${margherita}/availability`, {
      method: 'PUT',
      headers: { Cookie: staff.cookie, 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: JSON.stringify({ state: 'sold_out', expected_version: 0 }),
    });
    expect(foreign.status).toBe(403);
    expect((await row(margherita)).state).toBe('available');
  });
});
