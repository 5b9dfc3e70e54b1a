import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { capacityAnswers } from '@resto/copy/staff/capacity';
import { orders } from '../../db/schema.ts';
import { errorOf, getJson, payloadOf, postOrder, requiredDatabaseUrl, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, type TestStaff } from '../../test/staff.ts';
import { clearCapacity, placeOrder, setCapacity, slotOrder } from './test-helpers.ts';

/**
 * Capacity with two API instances on one PostgreSQL (docs/decisions/023): 50 checkouts for the last
 * place of a slot, sent half to each instance at once, and exactly one wins. The slot's advisory
 * lock is PostgreSQL's, shared by every instance's connections; nothing lives in a process.
 * PostgreSQL only: a `.pg.test.ts` file.
 */

requiredDatabaseUrl();
const now = new Date('2026-11-24T11:30:00Z');
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

async function slotOrders(slotKey: string): Promise<number> {
  const rows = await a.db.select({ count: sql<number>`count(*)::int` }).from(orders).where(and(eq(orders.slotKey, slotKey), eq(orders.isPickup, true)));
  return Number(rows[0]?.count ?? 0);
}

/** Waits until `server`'s catalogue carries the pickup limit set on the other instance (its version check runs every second). */
async function limitSeenBy(server: TestServer, limit: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const settings = payloadOf(await getJson<{ name: string; value: unknown }[]>(server.baseUrl, '/v2/public/settings'));
    if (settings.some((s) => s.name === 'capacity.pickup_max_orders' && s.value === limit)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('La seconde instance ne voit pas la limite.');
}

describe('two instances on one PostgreSQL', () => {
  test('50 concurrent checkouts for the last place, half on each instance: exactly one wins', async () => {
    await setCapacity(a, owner.cookie, { 'capacity.pickup_max_orders': 2 });
    await placeOrder(b, await slotOrder(b, '2026-11-26', '12:30-12:45'));
    const payloads = await Promise.all(Array.from({ length: 50 }, (_, i) => slotOrder(i % 2 ? a : b, '2026-11-26', '12:30-12:45')));
    await limitSeenBy(b, 2);
    const answers = await Promise.all(payloads.map((payload, i) => postOrder((i % 2 ? a : b).baseUrl, payload)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(49);
    expect(new Set(refused.map((answer) => errorOf(answer).message))).toEqual(new Set([capacityAnswers.slotFull]));
    expect(await slotOrders('2026-11-26 12:30')).toBe(2);
    await clearCapacity(a, owner.cookie);
  }, 60_000);
});
