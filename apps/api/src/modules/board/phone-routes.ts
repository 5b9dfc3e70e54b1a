import { changeOrder, createPhoneOrder } from '@resto/contract/board.routes';
import type { PhoneOrderPayloadSchema } from '@resto/domain/phone-order';
import type { z } from 'zod';
import { orderLife } from '@resto/copy/staff/order-life';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { ok, routes, serve } from '../../http/openapi.ts';
import type { ChangedOrderLine, ChangedOrderRow, OrderChange, OrderOrigin, PreparedChange } from '../orders/index.ts';
import { staffAuthenticator } from '../staff/index.ts';
import type { BoardService } from './service.ts';

/**
 * The storefront's order creation (OrderService.createOrder, modules/orders/service.ts), given by
 * app.ts: the phone order goes through the very same rules, with its origin.
 */
export type PlaceOrder = (
  payload: z.output<typeof PhoneOrderPayloadSchema>,
  origin: OrderOrigin,
) => Promise<{ order_id: number; secret: string; created: boolean }>;

/** The storefront's pricing of a changed order (OrderService.prepareChange, docs/decisions/039), given by app.ts. */
export type PrepareChange = (current: { order: ChangedOrderRow; lines: readonly ChangedOrderLine[] }, change: OrderChange) => Promise<PreparedChange>;

/**
 * The order desk's routes that go through the storefront's order code:
 * - POST /v2/restaurant/phone-orders (docs/decisions/036-phone-orders.md): a live staff session
 *   places the order through the storefront's order creation (`placeOrder`), then accepts it as the
 *   board does (BoardService.acceptPhoneOrder). A retry with the same local_id gets the same order (200).
 * - POST /v2/restaurant/orders/{order_id}/changes (docs/decisions/039-changing-an-order.md): the new
 *   content priced by `prepareChange`, written by BoardService.changeOrder.
 */
export function phoneOrderRoutes(board: BoardService, db: Database, clock: () => Date, placeOrder: PlaceOrder, prepareChange: PrepareChange) {
  const app = routes({ authenticateStaff: staffAuthenticator(db, clock) });
  app.use('/v2/restaurant/phone-orders', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  serve(app, createPhoneOrder, async (c) => {
    const staff = { staffId: c.var.staff.staffId, name: c.var.staff.name };
    const { order_id, created } = await placeOrder(c.req.valid('json'), { source: 'phone', staff });
    const order = await board.acceptPhoneOrder(order_id, staff);
    if (!order) throw new ApiError('order_not_found', orderLife.unknownOrder);
    return created ? ok(c, order, 201) : ok(c, order);
  });
  app.use('/v2/restaurant/orders/:order_id/changes', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  serve(app, changeOrder, async (c) => {
    const staff = { staffId: c.var.staff.staffId, name: c.var.staff.name };
    const body = c.req.valid('json');
    const order = await board.changeOrder(Number(c.req.valid('param').order_id), body, staff, (current) => prepareChange(current, body.order));
    return ok(c, order);
  });
  return app;
}
