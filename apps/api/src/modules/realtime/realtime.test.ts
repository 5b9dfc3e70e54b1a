import { asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BoardEventDataSchema, TrackingViewSchema } from '@resto/contract/board';
import { orderEvents, staffSessions } from '../../db/schema.ts';
import { buildOrderPayload, payloadOf, postOrder, sendJson, startTestServer, type TestServer } from '../../test/harness.ts';
import { openSse } from '../../test/sse.ts';
import { createTestStaff, type TestStaff } from '../../test/staff.ts';
import { appendOrderEvent, appendOrderEvents } from '../orders/index.ts';
import { connectedScreens, purgeScreens, screenWindowMs } from './screens.ts';

/**
 * Live events (docs/decisions/021-live-events.md), over real HTTP on the real
 * server, on PGlite and on PostgreSQL: the board's SSE stream replays and follows the order
 * events in id order, resumes after Last-Event-ID with every missed event and none twice, and is
 * refused without a staff session; the screens' heartbeat.
 */

// A Tuesday lunchtime in Paris: the demo restaurant takes orders.
const now = new Date('2026-11-24T11:30:00Z');
let server: TestServer;
let staff: TestStaff;
let orderId: number;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now, ssePingMs: 200 });
  staff = await createTestStaff(server.db, { now });
  const placed = payloadOf(await postOrder(server.baseUrl, await buildOrderPayload(server)));
  orderId = placed.order_id;
});
afterAll(async () => {
  await server?.close();
});

/** Appends `count` events to the order, each in its own transaction, one after the other. @returns their ids. */
async function writeEvents(count: number, type = 'test'): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++)
    ids.push(await server.db.transaction((tx) => appendOrderEvent(tx, { orderId, type, actor: 'system', fromStatus: null, toStatus: null })));
  return ids;
}

/** Every event id in the table after `after`, in id order. */
async function idsAfter(after: number): Promise<number[]> {
  const rows = await server.db.select({ id: orderEvents.id }).from(orderEvents).where(gt(orderEvents.id, after)).orderBy(asc(orderEvents.id));
  return rows.map((row) => row.id);
}

const boardUrl = () => `${server.baseUrl}/v2/restaurant/events`;

/** Accepts an order on the board (POST /v2/restaurant/orders/{id}/actions), ready in 20 minutes. */
async function accept(id: number): Promise<void> {
  const response = await fetch(`${server.baseUrl}/v2/restaurant/orders/${id}/actions`, {
    method: 'POST',
    headers: { Cookie: staff.cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify({ action: 'accept', expected_status: 'pending', ready_at: new Date(now.getTime() + 20 * 60_000).toISOString() }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  await response.arrayBuffer();
}

describe('GET /v2/restaurant/events', () => {
  test('refuses a caller without a staff session (401 staff_login_required), and a bad Last-Event-ID (400)', async () => {
    const anonymous = await openSse(boardUrl());
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.errorBody ?? '{}')).toMatchObject({ status: 'error', code: 'staff_login_required' });
    const forged = await openSse(boardUrl(), { headers: { Cookie: 'resto_staff=pas-une-session' } });
    expect(forged.status).toBe(401);
    const bad = await openSse(boardUrl(), { headers: { Cookie: staff.cookie }, lastEventId: 'abc' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.errorBody ?? '{}')).toMatchObject({ code: 'invalid_request' });
  });

  test('streams new events live, in id order, as BoardEventData, never cached nor buffered', async () => {
    const stream = await openSse(boardUrl(), { headers: { Cookie: staff.cookie } });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.headers.get('cache-control')).toMatch(/no-store/);
      expect(stream.headers.get('x-accel-buffering')).toBe('no');
      expect(stream.headers.get('content-encoding')).toBeNull();
      await stream.waitForComment(/ping/); // the stream is open and subscribed
      expect(stream.retry).toBe(2000);
      const ids = await writeEvents(5);
      const received = await stream.waitForEvents(5);
      expect(received.map((e) => Number(e.id))).toEqual(ids);
      for (const event of received) {
        expect(event.event).toBe('order');
        const data = BoardEventDataSchema.parse(JSON.parse(event.data));
        expect(data.event).toMatchObject({ id: Number(event.id), order_id: orderId, type: 'test', actor: 'system' });
      }
    } finally {
      stream.close();
    }
  });

  test('a cut connection resumed with Last-Event-ID gets every missed event, none twice; ?after= on a first connection', async () => {
    const start = (await idsAfter(0)).at(-1) ?? 0;
    const first = await openSse(`${boardUrl()}?after=${start}`, { headers: { Cookie: staff.cookie } });
    const before = await writeEvents(3);
    await first.waitForEvents(3);
    expect(first.events.map((e) => Number(e.id))).toEqual(before);
    first.close();
    await first.ended;
    const missed = await writeEvents(7);
    const resumed = await openSse(boardUrl(), { headers: { Cookie: staff.cookie }, lastEventId: first.lastEventId });
    try {
      await resumed.waitForEvents(7);
      const live = await writeEvents(2);
      await resumed.waitForEvents(9);
      const seen = [...first.events, ...resumed.events].map((e) => Number(e.id));
      expect(seen).toEqual([...before, ...missed, ...live]);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual(await idsAfter(start));
    } finally {
      resumed.close();
    }
    // Both cut streams left the hub (nothing kept for a client gone).
    await resumed.ended;
    for (const deadline = Date.now() + 5000; server.deps.realtime.streams > 0 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 20));
    expect(server.deps.realtime.streams).toBe(0);
  });

  test('a Last-Event-ID beyond the table’s end (a database restored from an older backup) starts at the end: new events are not skipped', async () => {
    const end = (await idsAfter(0)).at(-1) ?? 0;
    const stream = await openSse(boardUrl(), { headers: { Cookie: staff.cookie }, lastEventId: String(end + 1000) });
    try {
      const ids = await writeEvents(2);
      await stream.waitForEvents(2);
      expect(stream.events.map((e) => Number(e.id))).toEqual(ids);
    } finally {
      stream.close();
    }
  });

  test('events of concurrent transactions arrive in id order, every one of them', async () => {
    const start = (await idsAfter(0)).at(-1) ?? 0;
    const stream = await openSse(`${boardUrl()}?after=${start}`, { headers: { Cookie: staff.cookie } });
    try {
      // 40 transactions at once, each writing two events and taking a little time between them.
      await Promise.all(
        Array.from({ length: 40 }, () =>
          server.db.transaction(async (tx) => {
            await appendOrderEvent(tx, { orderId, type: 'concurrent', actor: 'system' });
            await tx.select({ id: orderEvents.id }).from(orderEvents).limit(1);
            await appendOrderEvent(tx, { orderId, type: 'concurrent', actor: 'system' });
          }),
        ),
      );
      await stream.waitForEvents(80);
      const ids = stream.events.map((e) => Number(e.id));
      expect(ids).toEqual(await idsAfter(start));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    } finally {
      stream.close();
    }
  });

  test('a burst larger than the hub keeps in memory (2,600 events in one transaction): a live stream and a replay both get all, in order', async () => {
    // On an unpaid card order, not the board's (`order` null): each event's data stays small, where
    // an order's view carries its whole history (2,600 events each).
    const unpaid = payloadOf(await postOrder(server.baseUrl, await buildOrderPayload(server, { payment_method: 'card' }))).order_id;
    const start = (await idsAfter(0)).at(-1) ?? 0;
    const live = await openSse(`${boardUrl()}?after=${start}`, { headers: { Cookie: staff.cookie } });
    try {
      const burst = Array.from({ length: 2600 }, () => ({ orderId: unpaid, type: 'burst', actor: 'system' as const }));
      await server.db.transaction((tx) => appendOrderEvents(tx, burst));
      const expected = await idsAfter(start);
      expect(expected).toHaveLength(2600);
      await live.waitForEvents(2600, 60_000);
      expect(live.events.map((e) => Number(e.id))).toEqual(expected);
      expect(BoardEventDataSchema.parse(JSON.parse(live.events[0]!.data)).order).toBeNull();
      const replay = await openSse(boardUrl(), { headers: { Cookie: staff.cookie }, lastEventId: String(start) });
      await replay.waitForEvents(2600, 60_000);
      expect(replay.events.map((e) => Number(e.id))).toEqual(expected);
      replay.close();
    } finally {
      live.close();
    }
  }, 120_000);

  test('an order placed and accepted arrives with the order as the board shows it', async () => {
    const start = (await idsAfter(0)).at(-1) ?? 0;
    const stream = await openSse(`${boardUrl()}?after=${start}`, { headers: { Cookie: staff.cookie } });
    try {
      const { order_id } = payloadOf(await postOrder(server.baseUrl, await buildOrderPayload(server)));
      await accept(order_id);
      await stream.waitForEvents(2);
      const [placed, accepted] = stream.events.map((e) => BoardEventDataSchema.parse(JSON.parse(e.data)));
      expect(placed!.event).toMatchObject({ order_id, type: 'placed', to_status: 'pending', actor: 'customer' });
      expect(placed!.order?.order_id).toBe(order_id);
      expect(accepted!.event).toMatchObject({ order_id, type: 'accepted', from_status: 'pending', to_status: 'accepted', actor: 'staff' });
      expect(accepted!.order).toMatchObject({ order_id, status: 'accepted', column: 'in_progress' });
    } finally {
      stream.close();
    }
  });

  test('a stream ends at the next ping once its staff session is gone (logged out, removed)', async () => {
    const leaving = await createTestStaff(server.db, { now });
    const stream = await openSse(boardUrl(), { headers: { Cookie: leaving.cookie } });
    expect(stream.status).toBe(200);
    await stream.waitForComment(/ping/);
    await server.db.delete(staffSessions).where(eq(staffSessions.staffId, leaving.staffId));
    await stream.ended;
    const again = await openSse(boardUrl(), { headers: { Cookie: leaving.cookie } });
    expect(again.status).toBe(401);
  });

  test('a graceful stop ends open streams with a last comment, and later streams are refused (503)', async () => {
    const own = await startTestServer({ clock: () => now });
    try {
      const ownStaff = await createTestStaff(own.db, { now });
      const stream = await openSse(`${own.baseUrl}/v2/restaurant/events`, { headers: { Cookie: ownStaff.cookie } });
      expect(stream.status).toBe(200);
      await own.deps.realtime.close();
      await stream.ended;
      expect(stream.comments.some((c) => /reconnexion/.test(c))).toBe(true);
      const refused = await openSse(`${own.baseUrl}/v2/restaurant/events`, { headers: { Cookie: ownStaff.cookie } });
      expect(refused.status).toBe(503);
      expect(JSON.parse(refused.errorBody ?? '{}')).toMatchObject({ code: 'server_stopping' });
    } finally {
      await own.close();
    }
  });
});

describe('GET /v2/public/tracking/{secret}/events', () => {
  test('the customer’s stream carries its order only, as TrackingView; an unknown secret is a 404', async () => {
    const mine = payloadOf(await postOrder(server.baseUrl, await buildOrderPayload(server)));
    const other = payloadOf(await postOrder(server.baseUrl, await buildOrderPayload(server)));
    const start = (await idsAfter(0)).at(-1) ?? 0;
    const stream = await openSse(`${server.baseUrl}/v2/public/tracking/${mine.secret}/events?after=${start}`);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('cache-control')).toMatch(/no-store/);
      await accept(other.order_id);
      await accept(mine.order_id);
      await stream.waitForEvents(1);
      await writeEvents(3); // another order's events: never on this stream
      // Then one of this order: the stream is in id order, so the others would have come before it.
      const opened = await server.db.transaction((tx) => appendOrderEvent(tx, { orderId: mine.order_id, type: 'opened', actor: 'staff' }));
      await stream.waitForEvents(2);
      const views = stream.events.map((e) => TrackingViewSchema.parse(JSON.parse(e.data)));
      expect(views.map((v) => v.order_id)).toEqual([mine.order_id, mine.order_id]);
      expect(views[0]).toMatchObject({ status: 'accepted', step: 'accepted' });
      expect(Number(stream.events[1]!.id)).toBe(opened);
      // Resumed from before the accept: the same two events again, nothing of the other orders.
      const resumed = await openSse(`${server.baseUrl}/v2/public/tracking/${mine.secret}/events`, { lastEventId: String(start) });
      await resumed.waitForEvents(2);
      expect(resumed.events.map((e) => e.id)).toEqual(stream.events.map((e) => e.id));
      resumed.close();
    } finally {
      stream.close();
    }
    const unknown = await openSse(`${server.baseUrl}/v2/public/tracking/${'0'.repeat(64)}/events`);
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.errorBody ?? '{}')).toMatchObject({ code: 'order_not_found' });
  });
});

describe('POST /v2/restaurant/screens/heartbeat', () => {
  test('records the screen; connectedScreens counts those heard within 45 s; old rows are purged', async () => {
    const url = '/v2/restaurant/screens/heartbeat';
    const refused = await sendJson(server.baseUrl, 'POST', url, { screen_id: 'ecran-cuisine-1' });
    expect(refused.status).toBe(401);
    const beat = (screenId: string) =>
      fetch(`${server.baseUrl}${url}`, { method: 'POST', headers: { Cookie: staff.cookie, 'Content-Type': 'application/json' }, body: JSON.stringify({ screen_id: screenId }) });
    const first = await beat('ecran-cuisine-1');
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: 'success', payload: { connected_screens: 1 } });
    expect(await (await beat('ecran-comptoir-2')).json()).toMatchObject({ payload: { connected_screens: 2 } });
    expect(await (await beat('ecran-cuisine-1')).json()).toMatchObject({ payload: { connected_screens: 2 } });
    expect((await beat('x')).status).toBe(400);
    expect(await connectedScreens(server.db, now)).toBe(2);
    expect(await connectedScreens(server.db, new Date(now.getTime() + screenWindowMs))).toBe(2);
    expect(await connectedScreens(server.db, new Date(now.getTime() + screenWindowMs + 1))).toBe(0);
    expect(await purgeScreens(server.db, new Date(now.getTime() + 60 * 60_000))).toBe(0);
    expect(await purgeScreens(server.db, new Date(now.getTime() + 25 * 60 * 60_000))).toBe(2);
  });
});
