import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DishView, MenuTree } from '@resto/contract/backoffice-menu';
import type { Menu } from '@resto/domain/catalogue';
import { payloadOf, rawRequest, startTestServer, type RawAnswer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, staffRequest, type TestStaff } from '../../test/staff.ts';

/**
 * GET /v2/public/menus, /settings and /offers as prepared answers
 * (docs/decisions/028-prepared-answers.md), over real HTTP on a movable clock: strong ETags,
 * 304 on If-None-Match, gzip and brotli of the same document, and a new ETag with the new content
 * as soon as the restaurant changes it or the clock does (a menu opening, a sold-out dish coming
 * back, a pause ending). Tuesday 24 November 2026 in Paris: the demo's « La carte » is open
 * 11:30–14:30 and 18:30–22:30.
 */

const margherita = 105;
const tuesdayLunch = new Date('2026-11-24T12:30:00+01:00');
let now = tuesdayLunch;
let server: TestServer;
let owner: TestStaff;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  owner = await createTestStaff(server.db, { role: 'owner', now });
}, 60_000);
afterAll(() => server?.close());

/** A GET with Node's http client: the answer's bytes as they came, not decoded. */
const get = (path: string, headers: Record<string, string> = {}) => rawRequest(`${server.baseUrl}${path}`, headers);

const json = (answer: RawAnswer) => JSON.parse(answer.body.toString('utf8')) as { status: string; payload: unknown };
const menusOf = async (headers: Record<string, string> = {}) => {
  const answer = await get('/v2/public/menus', headers);
  return { answer, menus: json(answer).payload as Menu[] };
};
const itemOf = (menus: Menu[], itemId: number) => menus.flatMap((m) => m.categories.flatMap((c) => c.items)).find((i) => i.item_id === itemId)!;
/** A dish's row in the back office's availability list (its version, for the next change). */
const availabilityOf = async (itemId: number) =>
  payloadOf(await staffRequest<{ item_id: number; version: number }[]>(server, owner.cookie, 'GET', '/v2/restaurant/availability')).find(
    (d) => d.item_id === itemId,
  )!;
const settingOf = (answer: RawAnswer, name: string) => (json(answer).payload as { name: string; value: unknown }[]).find((s) => s.name === name)?.value;

describe.each(['/v2/public/menus', '/v2/public/settings', '/v2/public/offers'])('GET %s', (path) => {
  test('a strong ETag, the same for the same content; Cache-Control: no-cache; Vary: Accept-Encoding', async () => {
    const first = await get(path);
    const second = await get(path);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.body.equals(first.body)).toBe(true);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toBe('Accept-Encoding');
    // The security headers of every API answer are still there (http/security-headers.ts).
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['x-frame-options']).toBe('DENY');
    expect(first.headers['cross-origin-resource-policy']).toBe('same-site');
  });

  test('If-None-Match with its ETag: 304 without a body, the same ETag; another ETag: 200', async () => {
    const first = await get(path);
    const revalidated = await get(path, { 'If-None-Match': first.headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toHaveLength(0);
    expect(revalidated.headers.etag).toBe(first.headers.etag);
    expect(revalidated.headers['cache-control']).toBe('no-cache');
    expect(revalidated.headers.vary).toBe('Accept-Encoding');
    // RFC 9110 (15.4.5): a 304 carries what updates the cache's copy, which keeps its own security headers.
    expect(revalidated.headers['x-content-type-options']).toBeUndefined();
    expect(revalidated.headers['content-security-policy']).toBeUndefined();
    expect((await get(path, { 'If-None-Match': `W/${first.headers.etag}, "other"` })).status).toBe(304);
    expect((await get(path, { 'If-None-Match': '"not-this-one"' })).status).toBe(200);
  });

  test('gzip and brotli: the same JSON compressed, each with its own strong ETag; identity without Accept-Encoding', async () => {
    const plain = await get(path);
    const zipped = await get(path, { 'Accept-Encoding': 'gzip' });
    const brotli = await get(path, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    expect(new Set([plain.headers.etag, zipped.headers.etag, brotli.headers.etag]).size).toBe(3);
    // br refused by q=0: gzip; nothing we have: identity.
    expect((await get(path, { 'Accept-Encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await get(path, { 'Accept-Encoding': 'deflate' })).headers['content-encoding']).toBeUndefined();
    // A phone that held the gzip copy and now asks in brotli holds the same document: 304, the br tag.
    const moved = await get(path, { 'Accept-Encoding': 'br', 'If-None-Match': zipped.headers.etag! });
    expect(moved.status).toBe(304);
    expect(moved.headers.etag).toBe(brotli.headers.etag);
  });
});

describe('a new ETag and the new content as soon as it changes', () => {
  test('a price edited in the back office: the next GET has the new price and a new ETag; the old ETag gets 200', async () => {
    now = tuesdayLunch;
    const before = await menusOf();
    const tree = payloadOf(await staffRequest<MenuTree>(server, owner.cookie, 'GET', '/v2/restaurant/menu'));
    const dish = tree.menus.flatMap((m) => m.categories.flatMap((c) => c.items)).find((d) => d.item_id === margherita)!;
    const { item_id: _id, menu_id: _menu, position: _position, version, ordered: _ordered, sold_out_until: _sold, ...fields } = dish;
    const price = itemOf(before.menus, margherita).item_price.price_pickup + 0.5;
    payloadOf(
      await staffRequest<DishView>(server, owner.cookie, 'PUT', `/v2/restaurant/menu/items/${margherita}`, {
        ...fields,
        price_pickup: price,
        expected_version: version,
      }),
    );

    const after = await menusOf({ 'If-None-Match': before.answer.headers.etag! });
    expect(after.answer.status).toBe(200);
    expect(after.answer.headers.etag).not.toBe(before.answer.headers.etag);
    expect(itemOf(after.menus, margherita).item_price.price_pickup).toBe(price);
  });

  test('a menu closing and opening by the clock: menu_is_open follows, each state its ETag', async () => {
    now = tuesdayLunch;
    const open = await menusOf();
    expect(open.menus.find((m) => m.menu_id === 1)?.menu_is_open).toBe(true);
    now = new Date('2026-11-24T14:30:00+01:00'); // lunch ends at 14:30
    const closed = await menusOf({ 'If-None-Match': open.answer.headers.etag! });
    expect(closed.answer.status).toBe(200);
    expect(closed.menus.find((m) => m.menu_id === 1)?.menu_is_open).toBe(false);
    expect(closed.answer.headers.etag).not.toBe(open.answer.headers.etag);
    now = new Date('2026-11-24T14:29:59+01:00'); // a clock may go back (tests): the answer of that minute again
    expect((await menusOf()).answer.headers.etag).toBe(open.answer.headers.etag);
    now = new Date('2026-11-24T18:30:00+01:00');
    const evening = await menusOf({ 'If-None-Match': closed.answer.headers.etag! });
    expect(evening.answer.status).toBe(200);
    expect(evening.menus.find((m) => m.menu_id === 1)?.menu_is_open).toBe(true);
    expect(evening.answer.headers.etag).toBe(open.answer.headers.etag);
    now = tuesdayLunch;
  });

  test('a dish sold out for the day: unavailable at once, available again at the instant it ends, to the second', async () => {
    now = tuesdayLunch;
    const before = await menusOf();
    expect(itemOf(before.menus, margherita).item_is_available).toBe(true);
    const { version } = await availabilityOf(margherita);
    const marked = payloadOf(
      await staffRequest<{ sold_out_until: string }>(server, owner.cookie, 'PUT', `/v2/restaurant/items/${margherita}/availability`, {
        state: 'sold_out_today',
        expected_version: version,
      }),
    );
    const soldOut = await menusOf({ 'If-None-Match': before.answer.headers.etag! });
    expect(soldOut.answer.status).toBe(200);
    expect(itemOf(soldOut.menus, margherita).item_is_available).toBe(false);

    const until = new Date(marked.sold_out_until).getTime();
    now = new Date(until - 1000); // one second before: still sold out
    const stillOut = await menusOf();
    expect(itemOf(stillOut.menus, margherita).item_is_available).toBe(false);
    now = new Date(until); // the instant itself: back, without anyone acting
    const back = await menusOf({ 'If-None-Match': stillOut.answer.headers.etag! });
    expect(back.answer.status).toBe(200);
    expect(itemOf(back.menus, margherita).item_is_available).toBe(true);
    expect(back.answer.headers.etag).not.toBe(stillOut.answer.headers.etag);
    now = tuesdayLunch;
    // Back on Tuesday the stored instant makes it sold out again: put it back on sale for the tests after.
    const current = await availabilityOf(margherita);
    payloadOf(
      await staffRequest(server, owner.cookie, 'PUT', `/v2/restaurant/items/${margherita}/availability`, {
        state: 'available',
        expected_version: current.version,
      }),
    );
  });

  test('a pause: the settings say it at once with a new ETag, and stop saying it at the very instant it ends', async () => {
    // 12:30:20: the pause ends at 13:00:20, within a minute (the answers are otherwise kept a minute).
    now = new Date(tuesdayLunch.getTime() + 20_000);
    const before = await get('/v2/public/settings');
    expect(settingOf(before, 'ordering.paused_until')).toBeNull();
    const paused = payloadOf(await staffRequest<{ paused_until: string }>(server, owner.cookie, 'POST', '/v2/restaurant/ordering/pause', { minutes: 30 }));
    const during = await get('/v2/public/settings', { 'If-None-Match': before.headers.etag! });
    expect(during.status).toBe(200);
    expect(settingOf(during, 'ordering.paused_until')).toBe(paused.paused_until);
    expect(during.headers.etag).not.toBe(before.headers.etag);

    now = new Date(new Date(paused.paused_until).getTime() - 1);
    expect(settingOf(await get('/v2/public/settings'), 'ordering.paused_until')).toBe(paused.paused_until);
    now = new Date(paused.paused_until);
    const ended = await get('/v2/public/settings', { 'If-None-Match': during.headers.etag! });
    expect(ended.status).toBe(200);
    expect(settingOf(ended, 'ordering.paused_until')).toBeNull();
    now = new Date(new Date(paused.paused_until).getTime() - 1); // a clock may go back (tests): paused again
    expect(settingOf(await get('/v2/public/settings'), 'ordering.paused_until')).toBe(paused.paused_until);
    now = tuesdayLunch;
    payloadOf(await staffRequest(server, owner.cookie, 'POST', '/v2/restaurant/ordering/resume', {}));
  });
});

describe('in process (the storefront’s loaders call the app without a socket)', () => {
  test('the same document, uncompressed, without Accept-Encoding', async () => {
    now = tuesdayLunch;
    const { createApp } = await import('../../app.ts');
    const app = createApp(server.deps);
    const answer = await app.request('/v2/public/menus');
    expect(answer.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await answer.arrayBuffer()).equals((await get('/v2/public/menus')).body)).toBe(true);
  });
});
