import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { payloadOf, request, requiredDatabaseUrl, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, type TestStaff } from '../../test/staff.ts';

/**
 * The staff screens' presence with two API instances on one PostgreSQL (docs/decisions/022; docs/decisions/028):
 * each instance keeps the last heartbeat for its storefront reads (realtime/screens.ts
 * LastHeartbeat). A heartbeat received by A is in A's `orders.screen_connected` at once, and in B's
 * within its re-check interval (1 s), without any heartbeat reaching B. PostgreSQL only.
 */

requiredDatabaseUrl();
const now = new Date('2026-11-24T11:30:00Z'); // a Tuesday, open
let a: TestServer;
let b: TestServer;
let staff: TestStaff;

beforeAll(async () => {
  // Orders handled on screens (not by e-mail): the presence is what the storefront reads.
  a = await startTestServer({ clock: () => now, settings: { 'orders.email_only': false } });
  b = await startTestServer({ clock: () => now, databaseUrl: a.databaseUrl, seed: false });
  staff = await createTestStaff(a.db, { now });
}, 60_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
});

async function screenConnected(server: TestServer): Promise<unknown> {
  const settings = payloadOf(await request<{ name: string; value: unknown }[]>(server.baseUrl, '/v2/public/settings'));
  return settings.find((s) => s.name === 'orders.screen_connected')?.value;
}

describe('two instances on one PostgreSQL', () => {
  test('a heartbeat on A: A offers ASAP at once, B within its re-check', async () => {
    expect(await screenConnected(a)).toBe(false);
    expect(await screenConnected(b)).toBe(false);
    const beat = await request(a.baseUrl, '/v2/restaurant/screens/heartbeat', {
      method: 'POST',
      headers: { Cookie: staff.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ screen_id: 'comptoir' }),
    });
    expect(beat.status).toBe(200);
    expect(await screenConnected(a)).toBe(true);
    const started = Date.now();
    while ((await screenConnected(b)) !== true && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 100));
    expect(await screenConnected(b)).toBe(true);
  });
});
