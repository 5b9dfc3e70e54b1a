/**
 * Live board latency (docs/decisions/021-live-events.md). A board's SSE client
 * (GET /v2/restaurant/events, read with fetch) and 200 cash orders placed at 20 per second:
 *  1. PGlite, one server;
 *  2. PostgreSQL, two API instances on one database: the board on A, the orders sent to B (the
 *     event crosses instances by LISTEN/NOTIFY);
 *  3. PostgreSQL, two instances: the board cut for DISCONNECT_SECONDS (default 300 s) while 50
 *     orders are placed on B, then reconnected to A with Last-Event-ID: events recovered and the
 *     time from reconnecting to the last one.
 * Latency of an order: from sending its POST to its `placed` event on the board (an upper bound of
 * commit → screen: it includes the order's own processing), and from the POST's answer to the
 * event (the commit precedes the answer: a lower bound; negative when the event came first). The
 * load average is printed: on a shared machine the POSTs themselves queue. Fixed clock (a Tuesday lunchtime) so the demo restaurant takes the orders any day.
 * Run: npm run bench:board   (DISCONNECT_SECONDS=10 for a short run; PostgreSQL: DATABASE_URL or 127.0.0.1:5432)
 */
import { availableParallelism, loadavg } from 'node:os';
import { BoardEventDataSchema } from '../packages/contract/src/board.ts';
import { buildOrderPayload, newLocalId, payloadOf, postOrder, startTestServer, type TestServer } from '../apps/api/src/test/harness.ts';
import { openSse, type SseClient } from '../apps/api/src/test/sse.ts';
import { createTestStaff } from '../apps/api/src/test/staff.ts';
import { freshPostgresDatabase, openNow, percentile, postgresAdminUrl } from './lib/server-process.ts';

const orderCount = Number(process.env.ORDERS ?? 200);
const perSecond = 20;
const disconnectSeconds = Number(process.env.DISCONNECT_SECONDS ?? 300);
const offlineOrders = 50;

// The harness opens PostgreSQL when DATABASE_URL is set: the PGlite run must not see it.
const adminUrl = await postgresAdminUrl();
delete process.env.DATABASE_URL;

/** The `placed` events' arrival times on `board`, by order id. */
function placedArrivals(board: SseClient): Map<number, number> {
  const arrivals = new Map<number, number>();
  for (const event of board.events) {
    const data = BoardEventDataSchema.parse(JSON.parse(event.data));
    if (data.event.type === 'placed') arrivals.set(data.event.order_id, event.receivedAt);
  }
  return arrivals;
}

interface Placed {
  orderId: number;
  sentAt: number;
  answeredAt: number;
}

/** Places `count` orders on `target`, `perSecond` a second (open loop: each leaves on time whatever the others do). */
async function placeOrders(target: TestServer, count: number, rate: number): Promise<Placed[]> {
  const template = await buildOrderPayload({ baseUrl: target.baseUrl, now: () => openNow });
  const started = performance.now();
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const due = started + (i * 1000) / rate;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      const payload = { ...template, local_id: newLocalId(), customer: { ...template.customer, email: `board-${i}@example.fr` } };
      const sentAt = performance.now();
      const { order_id } = payloadOf(await postOrder(target.baseUrl, payload));
      return { orderId: order_id, sentAt, answeredAt: performance.now() };
    }),
  );
}

/** Waits until every order has its `placed` event on `board` (or `timeoutMs`). */
async function waitAll(board: SseClient, placed: Placed[], timeoutMs = 30_000): Promise<Map<number, number>> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const arrivals = placedArrivals(board);
    if (placed.every((p) => arrivals.has(p.orderId)) || performance.now() > deadline) return arrivals;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function report(title: string, placed: Placed[], arrivals: Map<number, number>) {
  const latencies = placed.filter((p) => arrivals.has(p.orderId)).map((p) => arrivals.get(p.orderId)! - p.sentAt);
  const answers = placed.map((p) => p.answeredAt - p.sentAt);
  // The commit happens before the POST's answer leaves: answer → event bounds commit → event from below.
  const afterAnswer = placed.filter((p) => arrivals.has(p.orderId)).map((p) => arrivals.get(p.orderId)! - p.answeredAt);
  const ids = [...arrivals.keys()];
  console.log(`\n${title}`);
  console.log(`  commandes / événements reçus           ${placed.length} / ${placed.filter((p) => arrivals.has(p.orderId)).length}`);
  console.log(`  envoi → événement au tableau           p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms`);
  console.log(`  envoi → réponse du POST                p50 ${percentile(answers, 50).toFixed(0)} ms, p99 ${percentile(answers, 99).toFixed(0)} ms`);
  console.log(
    `  réponse du POST → événement            p50 ${percentile(afterAnswer, 50).toFixed(0)} ms, p99 ${percentile(afterAnswer, 99).toFixed(0)} ms (négatif : l’événement avant la réponse ; ${afterAnswer.filter((ms) => ms <= 0).length} sur ${afterAnswer.length})`,
  );
  return { missing: placed.length - latencies.length, p99: percentile(latencies, 99), duplicates: ids.length !== new Set(ids).size };
}

async function boardOn(server: TestServer, cookie: string, lastEventId?: string): Promise<SseClient> {
  const board = await openSse(`${server.baseUrl}/v2/restaurant/events`, { headers: { Cookie: cookie }, lastEventId });
  if (board.status !== 200) throw new Error(`flux refusé : ${board.status}`);
  await new Promise((resolve) => setTimeout(resolve, 200)); // subscribed
  return board;
}

let bad = false;
console.log(`Charge de la machine au départ (loadavg 1 min) : ${loadavg()[0]!.toFixed(1)} pour ${availableParallelism()} cœurs`);

// 1. PGlite, one server.
{
  const server = await startTestServer({ clock: () => openNow });
  const staff = await createTestStaff(server.db, { now: openNow });
  const board = await boardOn(server, staff.cookie);
  const placed = await placeOrders(server, orderCount, perSecond);
  const outcome = report(`PGlite, un serveur : ${orderCount} commandes à ${perSecond}/s`, placed, await waitAll(board, placed));
  bad ||= outcome.missing > 0 || outcome.duplicates;
  board.close();
  await server.close();
}

if (!adminUrl) {
  console.log('\nPostgreSQL absent (DATABASE_URL ou 127.0.0.1:5432) : parties PostgreSQL non lancées.');
  process.exit(1);
}

// 2 and 3. PostgreSQL, two instances on one database.
const database = await freshPostgresDatabase(adminUrl);
const a = await startTestServer({ clock: () => openNow, databaseUrl: database.url });
const b = await startTestServer({ clock: () => openNow, databaseUrl: database.url, seed: false });
try {
  const staff = await createTestStaff(a.db, { now: openNow });
  const board = await boardOn(a, staff.cookie);
  const placed = await placeOrders(b, orderCount, perSecond);
  const outcome = report(`PostgreSQL, deux instances (tableau sur A, commandes sur B) : ${orderCount} commandes à ${perSecond}/s`, placed, await waitAll(board, placed));
  bad ||= outcome.missing > 0 || outcome.duplicates;

  // The board goes away; orders keep coming on B; it comes back to A with the last id it saw.
  const lastSeen = board.lastEventId;
  board.close();
  await board.ended;
  const offline = await placeOrders(b, offlineOrders, offlineOrders / disconnectSeconds);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, offline[0]!.sentAt + disconnectSeconds * 1000 - performance.now())));
  const reconnectAt = performance.now();
  const back = await openSse(`${a.baseUrl}/v2/restaurant/events`, { headers: { Cookie: staff.cookie }, lastEventId: lastSeen });
  const arrivals = await waitAll(back, offline);
  const recovered = offline.filter((p) => arrivals.has(p.orderId)).length;
  const lastArrival = Math.max(...offline.map((p) => arrivals.get(p.orderId) ?? Number.NaN));
  const ids = back.events.map((e) => Number(e.id));
  const duplicates = ids.length - new Set(ids).size;
  console.log(`\nPostgreSQL : tableau coupé ${disconnectSeconds} s, ${offlineOrders} commandes passées pendant la coupure, reconnexion avec Last-Event-ID`);
  console.log(`  événements récupérés                   ${recovered} / ${offlineOrders} (doublons : ${duplicates})`);
  console.log(`  reconnexion → dernier événement reçu   ${(lastArrival - reconnectAt).toFixed(0)} ms`);
  bad ||= recovered !== offlineOrders || duplicates > 0;
  back.close();
} finally {
  await b.close();
  await a.close();
  await database.drop();
}
process.exit(bad ? 1 : 0);
