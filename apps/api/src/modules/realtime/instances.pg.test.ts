import { asc, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BoardEventDataSchema } from '@resto/contract/board';
import { queryRows } from '../../db/client.ts';
import { orderEvents } from '../../db/schema.ts';
import { buildOrderPayload, payloadOf, postOrder, requiredDatabaseUrl, startTestServer, type TestServer } from '../../test/harness.ts';
import { openSse } from '../../test/sse.ts';
import { createTestStaff, type TestStaff } from '../../test/staff.ts';

/**
 * Two API instances on one PostgreSQL (docs/decisions/021-live-events.md): a
 * board stream on instance A gets every event of orders placed and accepted on instance B, fanned out by
 * LISTEN/NOTIFY; A's LISTEN connection killed (pg_terminate_backend) and restored loses nothing.
 * The hubs' safety re-read is pushed out to an hour here, so what delivers is NOTIFY and the
 * re-read after reconnection, nothing else. PostgreSQL only: a `.pg.test.ts` file.
 */

requiredDatabaseUrl();
const now = new Date('2026-11-24T11:30:00Z');
let a: TestServer;
let b: TestServer;
let staff: TestStaff;

beforeAll(async () => {
  a = await startTestServer({ clock: () => now, realtimePollMs: 3_600_000 });
  b = await startTestServer({ clock: () => now, realtimePollMs: 3_600_000, databaseUrl: a.databaseUrl, seed: false });
  staff = await createTestStaff(a.db, { now });
}, 60_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** Places an order on B and accepts it there (POST /v2/restaurant/orders/{id}/actions). @returns the order's id. */
async function placeOnB(): Promise<number> {
  const { order_id } = payloadOf(await postOrder(b.baseUrl, await buildOrderPayload(b)));
  const accepted = await fetch(`${b.baseUrl}/v2/restaurant/orders/${order_id}/actions`, {
    method: 'POST',
    headers: { Cookie: staff.cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify({ action: 'accept', expected_status: 'pending', ready_at: new Date(now.getTime() + 20 * 60_000).toISOString() }),
  });
  expect(accepted.status).toBe(200);
  await accepted.arrayBuffer();
  return order_id;
}

async function idsAfter(after: number): Promise<number[]> {
  const rows = await a.db.select({ id: orderEvents.id }).from(orderEvents).where(gt(orderEvents.id, after)).orderBy(asc(orderEvents.id));
  return rows.map((row) => row.id);
}

/** The backends of this database listening on order_events (the hubs' dedicated connections). */
async function listeners(): Promise<number[]> {
  const rows = await queryRows<{ pid: number }>(a.db, sql`select pid from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`);
  return rows.map((row) => row.pid);
}

async function lastId(): Promise<number> {
  return (await idsAfter(0)).at(-1) ?? 0;
}

describe('two instances on one PostgreSQL', () => {
  test('a board stream on A receives, in order, every event of orders placed and accepted on B', async () => {
    const start = await lastId();
    const stream = await openSse(`${a.baseUrl}/v2/restaurant/events?after=${start}`, { headers: { Cookie: staff.cookie } });
    try {
      expect(stream.status).toBe(200);
      const placed: number[] = [];
      for (let i = 0; i < 10; i++) placed.push(await placeOnB());
      const expected = await idsAfter(start);
      expect(expected).toHaveLength(20);
      await stream.waitForEvents(expected.length);
      expect(stream.events.map((e) => Number(e.id))).toEqual(expected);
      const seen = stream.events.map((e) => BoardEventDataSchema.parse(JSON.parse(e.data)));
      expect(seen.map((d) => [d.event.order_id, d.event.type])).toEqual(placed.flatMap((id) => [[id, 'placed'], [id, 'accepted']]));
      expect(seen.filter((d) => d.event.type === 'accepted').every((d) => d.order?.status === 'accepted')).toBe(true);
    } finally {
      stream.close();
    }
  });

  test('A’s LISTEN connection killed: it reconnects, and the events written meanwhile arrive, none lost, none twice', async () => {
    const start = await lastId();
    const stream = await openSse(`${a.baseUrl}/v2/restaurant/events?after=${start}`, { headers: { Cookie: staff.cookie } });
    try {
      await placeOnB();
      const before = await idsAfter(start);
      await stream.waitForEvents(before.length);
      const killed = await listeners();
      expect(killed.length).toBeGreaterThanOrEqual(1);
      await queryRows(a.db, sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`);
      // Written while nobody listens: no notification reaches A for these.
      for (let i = 0; i < 5; i++) await placeOnB();
      const expected = await idsAfter(start);
      await stream.waitForEvents(expected.length, 15_000);
      expect(stream.events.map((e) => Number(e.id))).toEqual(expected);
      const restored = await listeners();
      expect(restored.length).toBeGreaterThanOrEqual(1);
      expect(restored.filter((pid) => killed.includes(pid))).toEqual([]);
      // Live again through NOTIFY after the reconnection.
      await placeOnB();
      const after = await idsAfter(start);
      await stream.waitForEvents(after.length);
      expect(stream.events.map((e) => Number(e.id))).toEqual(after);
    } finally {
      stream.close();
    }
  }, 30_000);

  test('a stream cut on A resumes on B with Last-Event-ID: the same events, from the table', async () => {
    const start = await lastId();
    const onA = await openSse(`${a.baseUrl}/v2/restaurant/events?after=${start}`, { headers: { Cookie: staff.cookie } });
    await placeOnB();
    await onA.waitForEvents((await idsAfter(start)).length);
    onA.close();
    for (let i = 0; i < 3; i++) await placeOnB();
    const onB = await openSse(`${b.baseUrl}/v2/restaurant/events`, { headers: { Cookie: staff.cookie }, lastEventId: onA.lastEventId });
    try {
      const expected = await idsAfter(start);
      await onB.waitForEvents(expected.length - onA.events.length);
      expect([...onA.events, ...onB.events].map((e) => Number(e.id))).toEqual(expected);
    } finally {
      onB.close();
    }
  });
});
