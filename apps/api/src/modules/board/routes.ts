import type { Context, Next } from 'hono';
import {
  actOnOrder,
  getBoard,
  getOrderTracking,
  markNotCollected,
  markOrderOpened,
  markTicketPrinted,
  refundOrderPart,
  retryOrderRefund,
  reverseCounterPayment,
  takeCounterPayment,
} from '@resto/contract/board.routes';
import { reprintOrder } from '@resto/contract/printers.routes';
import { centsToEuros } from '@resto/domain/money';
import { orderLife } from '@resto/copy/staff/order-life';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { ok, routes, serve, type StaffEnv } from '../../http/openapi.ts';
import { staffAuthenticator } from '../staff/index.ts';
import type { BoardService } from './service.ts';

/**
 * The board's routes, /v2/restaurant/orders… (docs/decisions/019-the-orders-life.md), declared in
 * packages/contract/src/board.routes.ts: every one behind a live staff session (the routes'
 * `staffOnly`, which sets `c.var.staff`), never cached.
 */
export function boardRoutes(board: BoardService, db: Database, clock: () => Date) {
  const app = routes({ authenticateStaff: staffAuthenticator(db, clock) });
  const noStore = async (c: Context, next: Next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  };
  app.use('/v2/restaurant/orders', noStore);
  app.use('/v2/restaurant/orders/*', noStore);
  const orderId = (value: string) => Number(value);
  const actor = (c: { var: StaffEnv['Variables'] }) => ({ staffId: c.var.staff.staffId, name: c.var.staff.name });
  serve(app, getBoard, async (c) => ok(c, await board.boardState()));
  serve(app, actOnOrder, async (c) => ok(c, await board.act(orderId(c.req.valid('param').order_id), c.req.valid('json'), actor(c))));
  serve(app, markOrderOpened, async (c) => ok(c, await board.markOpened(orderId(c.req.valid('param').order_id), actor(c))));
  serve(app, markTicketPrinted, async (c) => ok(c, await board.markTicketPrinted(orderId(c.req.valid('param').order_id), actor(c))));
  serve(app, retryOrderRefund, async (c) => ok(c, await board.retryRefund(orderId(c.req.valid('param').order_id))));
  serve(app, refundOrderPart, async (c) => ok(c, await board.refundPart(orderId(c.req.valid('param').order_id), c.req.valid('json'), actor(c))));
  serve(app, takeCounterPayment, async (c) => {
    const { order, changeCents } = await board.takePayment(orderId(c.req.valid('param').order_id), c.req.valid('json'), actor(c));
    return ok(c, { order, change: centsToEuros(changeCents) });
  });
  serve(app, reverseCounterPayment, async (c) => {
    const { order_id, seq } = c.req.valid('param');
    return ok(c, await board.reversePayment(orderId(order_id), Number(seq), actor(c)));
  });
  serve(app, markNotCollected, async (c) =>
    ok(c, await board.markNotCollected(orderId(c.req.valid('param').order_id), c.req.valid('json').expected_status, actor(c))),
  );
  serve(app, reprintOrder, async (c) => ok(c, await board.reprint(orderId(c.req.valid('param').order_id), c.req.valid('json').printer_id ?? null)));
  return app;
}

/** GET /v2/public/tracking/{secret} (docs/decisions/019-the-orders-life.md): the secret is the only key; never cached. */
export function trackingRoutes(board: BoardService) {
  const app = routes();
  // The tracking stream (realtime/routes.ts) is under the same path and mounted after: never cached either.
  app.use('/v2/public/tracking/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  serve(app, getOrderTracking, async (c) => {
    const view = await board.trackingView(c.req.valid('param').secret);
    if (!view) throw new ApiError('order_not_found', orderLife.unknownOrder);
    return ok(c, view);
  });
  return app;
}
