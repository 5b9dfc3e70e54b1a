import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../../db/client.ts';
import { insertPastOrders } from '../orders/index.ts';
import { errorOf, looksFrench, payloadOf, request, sendJson, startTestServer, type TestServer } from '../../test/harness.ts';

/**
 * POST /v2/recommendations and GET /v2/public/recommendations/popular (spec section 7, docs/decisions/004)
 * on a database seeded with a known order history: exact rankings.
 */

// Tuesday 25 November 2025, 12:00 in Paris.
const now = new Date('2025-11-25T11:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
let server: TestServer;

/** A past order as history writes it (orders/repository.ts, insertPastOrders): its row, lines and status events. */
async function insertPastOrder(db: Database, createdAt: Date, status: string, lines: { itemId: number; quantity?: number; isFree?: boolean }[]) {
  const order = {
    localId: `history-${Math.random().toString(36).slice(2)}`,
    status,
    isPickup: true,
    paymentMethod: 'cash',
    customer: { first_name: 'A', last_name: 'B', email: 'history@example.fr', phone: '+33612345678' },
    subtotalCents: 1000,
    discountCents: 0,
    deliveryCents: 0,
    taxCents: 91,
    totalCents: 1000,
    taxByRate: [],
    createdAt,
  };
  const history = [{ status: 'pending', at: createdAt }, ...(status === 'pending' ? [] : [{ status, at: new Date(createdAt.getTime() + 60_000) }])];
  const lineRows = lines.map((line, position) => ({
    position,
    itemId: line.itemId,
    itemMenuId: 1,
    itemCategoryId: 1,
    itemName: `Plat ${line.itemId}`,
    quantity: line.quantity ?? 1,
    unitPriceCents: 1000,
    amountCents: 1000 * (line.quantity ?? 1),
    taxRateBp: 1000,
    isFree: line.isFree ?? false,
    options: [],
  }));
  await insertPastOrders(db, [{ order, lines: lineRows, history }]);
}

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  const { db } = server;
  // 105 Pizza Margherita, 121 Tarte aux pralines, 128 Bière, 124 dessert, 110 Burger, 114 Pâtes,
  // 103 Velouté (unavailable in the demo), 125 Citronnade (given free here).
  await insertPastOrder(db, daysAgo(2), 'completed', [{ itemId: 105 }, { itemId: 121 }, { itemId: 128 }, { itemId: 103 }, { itemId: 125, isFree: true }]);
  await insertPastOrder(db, daysAgo(3), 'completed', [{ itemId: 105 }, { itemId: 121 }]);
  await insertPastOrder(db, daysAgo(5), 'pending', [{ itemId: 105 }, { itemId: 124 }]);
  await insertPastOrder(db, daysAgo(10), 'completed', [{ itemId: 110 }, { itemId: 128 }]);
  await insertPastOrder(db, daysAgo(1), 'cancelled', [{ itemId: 105 }, { itemId: 127, quantity: 9 }]);
  await insertPastOrder(db, daysAgo(40), 'completed', [{ itemId: 105 }, { itemId: 114, quantity: 20 }]);
});
afterAll(async () => {
  await server?.close();
});

const recommend = async (cartItems: number[], maxRecommendations?: number) => {
  const response = await sendJson<{ recommendations: { itemId: number }[] }>(server.baseUrl, 'POST', '/v2/recommendations', { cartItems, maxRecommendations });
  expect(response.status).toBe(200);
  return payloadOf(response).recommendations.map((r) => r.itemId);
};

const popular = async (limit: number) => {
  const response = await request<{ popular: { itemId: number }[] }>(server.baseUrl, `/v2/public/recommendations/popular?limit=${limit}`);
  expect(response.status).toBe(200);
  return payloadOf(response).popular.map((p) => p.itemId);
};

describe('GET /v2/public/recommendations/popular', () => {
  test('the most ordered units of the last 30 days; cancelled orders, free lines and older orders do not count', async () => {
    // 105: 3 units, 121: 2, 128: 2 (ties by id), 110: 1, 124: 1; 127 only in a cancelled order; 114 only 40 days ago.
    expect(await popular(5)).toEqual([105, 121, 128, 110, 124]);
  });

  test('filled up by item_score when few dishes were ordered, never an unavailable one, 12 at most', async () => {
    const twelve = await popular(12);
    expect(twelve).toHaveLength(12);
    expect(twelve.slice(0, 5)).toEqual([105, 121, 128, 110, 124]);
    expect(twelve).not.toContain(103);
    expect(new Set(twelve).size).toBe(12);
  });

  test.each(['0', '13', 'abc'])('limit=%s → 400 in French', async (limit) => {
    const response = await request(server.baseUrl, `/v2/public/recommendations/popular?limit=${limit}`);
    expect(response.status).toBe(400);
    expect(looksFrench(errorOf(response).message)).toBe(true);
  });

  test('no limit means 12', async () => {
    const response = await request<{ popular: { itemId: number }[] }>(server.baseUrl, '/v2/public/recommendations/popular');
    expect(payloadOf(response).popular).toHaveLength(12);
  });
});

describe('POST /v2/recommendations', () => {
  test('dishes ordered together with the cart, most shared orders first, then popular ones', async () => {
    // With 105: 121 in 2 orders; 114, 124, 128 in 1 each (by id); 103 unavailable; 127 only cancelled; 125 only free.
    // Then popular without the cart and those already listed: 110.
    expect(await recommend([105], 5)).toEqual([121, 114, 124, 128, 110]);
  });

  test('never a dish already in the cart', async () => {
    const ids = await recommend([105, 121]);
    expect(ids).not.toContain(105);
    expect(ids).not.toContain(121);
    // 128 shares one order with each cart dish: its order holds both, and counts for each
    // (docs/decisions/004-discovery.md: the counts of pairs are summed over the cart's dishes);
    // 103 too, but it is unavailable. Then 114 and 124, one order with 105 each: by id.
    expect(ids.slice(0, 3)).toEqual([128, 114, 124]);
  });

  test('an empty cart gets the popular dishes; 12 at most by default', async () => {
    const ids = await recommend([]);
    expect(ids).toHaveLength(12);
    expect(ids.slice(0, 5)).toEqual([105, 121, 128, 110, 124]);
  });

  test.each([
    [{ cartItems: 'pizza' }, 'cartItems'],
    [{ cartItems: [105], maxRecommendations: 13 }, 'maxRecommendations'],
    [{ cartItems: [-1] }, 'cartItems.0'],
  ])('bad input %j → 400 naming %s', async (body, path) => {
    const response = await sendJson(server.baseUrl, 'POST', '/v2/recommendations', body);
    expect(response.status).toBe(400);
    const error = errorOf(response);
    expect(looksFrench(error.message)).toBe(true);
    expect(error.errors.map((e) => e.path)).toContain(path);
  });
});
