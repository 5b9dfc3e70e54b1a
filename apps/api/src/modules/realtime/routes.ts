import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { BoardEventData, BoardOrder, OrderEventView, TrackingView } from '@resto/contract/board';
import { LastEventIdSchema } from '@resto/contract/realtime';
import { sendScreenHeartbeat, streamBoardEvents, streamTrackingEvents } from '@resto/contract/realtime.routes';
import type { Database } from '../../db/client.ts';
import { orderLife } from '@resto/copy/staff/order-life';
import { ApiError } from '../../http/errors.ts';
import { ok, routes, serve } from '../../http/openapi.ts';
import { requireStaff, staffAuthenticator } from '../staff/index.ts';
import type { OrderEventRow } from '../orders/index.ts';
import type { RealtimeHub } from './hub.ts';
import { purgeScreens, recordHeartbeat, type LastHeartbeat } from './screens.ts';

/** What the streams show of an order: the board service's views (modules/board/service.ts). */
interface EventViews {
  /** The order as the board shows it, or null when it is not the board's (an unpaid card order). */
  boardOrder(orderId: number): Promise<BoardOrder | null>;
  /** The customer's view of the order of `secret`; null for an unknown secret. */
  trackingView(secret: string): Promise<TrackingView | null>;
}

export interface RealtimeRouteDeps {
  db: Database;
  clock: () => Date;
  hub: RealtimeHub;
  views: EventViews;
  /** Comment pings on open streams, ms (default 15 s); each one also checks the staff session is still alive. */
  pingMs?: number;
  /** Told of each heartbeat this instance records (the storefront's presence reads it: escalation's `screens`). */
  screens?: Pick<LastHeartbeat, 'note'>;
}

/** The browser's reconnection delay sent on each stream (`retry:`), ms. */
const sseRetryMs = 2000;

/** An `order_events` row as the contract shows it. */
function orderEventView(row: OrderEventRow): OrderEventView {
  return {
    id: row.id,
    order_id: row.orderId,
    type: row.type,
    from_status: row.fromStatus as OrderEventView['from_status'],
    to_status: row.toStatus as OrderEventView['to_status'],
    actor: row.actor,
    actor_name: row.actorName,
    reason: row.reason as OrderEventView['reason'],
    reason_text: row.reasonText,
    ready_at: row.readyAt?.toISOString() ?? null,
    at: row.at.toISOString(),
  };
}

/**
 * Where a stream starts: `Last-Event-ID` (a reconnection) over `after` (a first connection after
 * a full load), else the table's end. An id beyond the table's end (a database restored from an
 * older backup) starts at the end, so the events written from now on are not skipped.
 */
async function resumePoint(c: Context, hub: RealtimeHub, after: string | undefined): Promise<number> {
  const header = c.req.header('Last-Event-ID');
  let asked = after === undefined ? undefined : Number(after);
  if (header !== undefined && header !== '') {
    const parsed = LastEventIdSchema.safeParse(header.trim());
    if (!parsed.success) throw new ApiError('invalid_request', 'En-tête Last-Event-ID invalide : un entier positif est attendu.', [{ path: 'Last-Event-ID', message: 'Un entier positif est attendu.' }]);
    asked = Number(parsed.data);
  }
  const end = await hub.latestId();
  return asked === undefined ? end : Math.min(asked, end);
}

interface StreamOptions {
  after: number;
  orderId?: number;
  /**
   * An event's `data`; `orderView` gives the order's current view, computed once per order and
   * batch (a replay of 50 events of 10 orders reads 10 orders, side by side on PostgreSQL).
   */
  data: (event: OrderEventRow, orderView: (orderId: number) => Promise<unknown>) => Promise<unknown>;
  /** The view of an order that `orderView` gives. */
  view: (orderId: number) => Promise<unknown>;
  /** Checked at each ping; false ends the stream (a removed staff member, an expired session). */
  stillAllowed?: () => Promise<boolean>;
}

/**
 * An SSE answer fed by the hub: `retry:`, the replay, then live events, a comment ping every
 * `pingMs`; it ends when the client goes, when `stillAllowed` says no, or when the hub closes
 * (graceful shutdown: a last comment asks the client to reconnect, which it does after `retry`).
 * Never cached nor buffered by a proxy; compress() leaves text/event-stream alone.
 */
function eventStream(c: Context, deps: RealtimeRouteDeps, options: StreamOptions): Response {
  deps.hub.refuseWhenClosed();
  const response = streamSSE(c, async (stream) => {
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    stream.onAbort(finish);
    await stream.write(`retry: ${sseRetryMs}\n\n`);
    let ending = false;
    const unsubscribe = await deps.hub
      .subscribe({
        after: options.after,
        orderId: options.orderId,
        deliver: async (events) => {
          const views = new Map<number, Promise<unknown>>();
          for (const orderId of new Set(events.map((event) => event.orderId))) {
            const view = options.view(orderId);
            view.catch(() => undefined); // awaited below, in order
            views.set(orderId, view);
          }
          for (const event of events) {
            if (stream.aborted || stream.closed) return;
            const data = await options.data(event, (orderId) => views.get(orderId)!);
            await stream.writeSSE({ event: 'order', id: String(event.id), data: JSON.stringify(data) });
          }
        },
        onClose: () => {
          ending = true;
          void stream.write(': fermeture du serveur, reconnexion\n\n').then(finish);
        },
      })
      .catch((error: unknown) => {
        finish();
        throw error;
      });
    const ping = setInterval(() => {
      void (async () => {
        if (ending) return;
        if (options.stillAllowed && !(await options.stillAllowed().catch(() => true))) return finish();
        await stream.write(': ping\n\n');
      })();
    }, deps.pingMs ?? 15_000);
    ping.unref();
    try {
      await finished;
    } finally {
      clearInterval(ping);
      unsubscribe();
    }
  });
  response.headers.set('Cache-Control', 'no-store, no-transform');
  response.headers.set('X-Accel-Buffering', 'no');
  return response;
}

/**
 * GET /v2/restaurant/events and POST /v2/restaurant/screens/heartbeat (packages/contract/src/realtime.routes.ts),
 * behind a live staff session (the routes' `staffOnly`, which sets `c.var.staff`).
 */
export function restaurantRealtimeRoutes(deps: RealtimeRouteDeps) {
  const app = routes({ authenticateStaff: staffAuthenticator(deps.db, deps.clock) });
  serve(app, streamBoardEvents, async (c) => {
    const staff = c.var.staff;
    const { after } = c.req.valid('query');
    const from = await resumePoint(c, deps.hub, after);
    return eventStream(c, deps, {
      after: from,
      view: (orderId) => deps.views.boardOrder(orderId),
      data: async (event, orderView): Promise<BoardEventData> => ({ event: orderEventView(event), order: (await orderView(event.orderId)) as BoardOrder | null }),
      // At each ping: the same session still alive (a removed member, an expired session end the stream).
      stillAllowed: async () => (await requireStaff(c, deps.db, deps.clock()).then(
        (now) => now.sessionId === staff.sessionId,
        () => false,
      )),
    });
  });
  let lastPurge = 0;
  serve(app, sendScreenHeartbeat, async (c) => {
    const { screen_id } = c.req.valid('json');
    const now = deps.clock();
    const connected = await recordHeartbeat(deps.db, screen_id, c.var.staff.staffId, now);
    deps.screens?.note(now);
    if (Date.now() - lastPurge > 10 * 60_000) {
      lastPurge = Date.now();
      await purgeScreens(deps.db, now);
    }
    return ok(c, { connected_screens: connected });
  });
  return app;
}

/** GET /v2/public/tracking/{secret}/events (packages/contract/src/realtime.routes.ts): the order's secret is the key. */
export function trackingRealtimeRoutes(deps: RealtimeRouteDeps) {
  const app = routes();
  serve(app, streamTrackingEvents, async (c) => {
    const { secret } = c.req.valid('param');
    const { after } = c.req.valid('query');
    const view = await deps.views.trackingView(secret);
    if (!view) throw new ApiError('order_not_found', orderLife.unknownOrder);
    const from = await resumePoint(c, deps.hub, after);
    return eventStream(c, deps, {
      after: from,
      orderId: view.order_id,
      view: async () => {
        const now = await deps.views.trackingView(secret);
        // The order gone (its data anonymised): the stream ends, the page's next load says so.
        if (!now) throw new Error('commande disparue');
        return now;
      },
      data: (event, orderView) => orderView(event.orderId),
    });
  });
  return app;
}
