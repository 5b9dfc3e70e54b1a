import { createPhoneOrder } from '@resto/contract/board.routes';
import type { PhoneOrderPayloadSchema } from '@resto/domain/phone-order';
import type { z } from 'zod';
import { orderLife } from '@resto/copy/staff/order-life';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { ok, routes, serve } from '../../http/openapi.ts';
import type { OrderOrigin } from '../orders/index.ts';
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

/**
 * POST /v2/restaurant/phone-orders (docs/decisions/036-phone-orders.md): a live staff session
 * places the order through the storefront's order creation (`placeOrder`), then accepts it as the
 * board does (BoardService.acceptPhoneOrder). A retry with the same local_id gets the same order (200).
 */
export function phoneOrderRoutes(board: BoardService, db: Database, clock: () => Date, placeOrder: PlaceOrder) {
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
  return app;
}
