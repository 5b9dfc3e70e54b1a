import { Hono } from 'hono';
import { z } from 'zod';
import { FinalizeOrderSchema, OrderPayloadSchema } from '@resto/domain/checkout';
import { messages } from '@resto/domain/messages';
import { ApiError, parseJsonBody, success } from '../../http/errors.ts';
import type { OrderService } from './service.ts';

/** POST and PUT /v2/public/checkout/ (spec section 7), and a guest's read-back of an order. */
export function orderRoutes(orders: OrderService) {
  return new Hono({ strict: false })
    .post('/', async (c) => {
      const payload = await parseJsonBody(c, OrderPayloadSchema);
      const { order_id, created } = await orders.createOrder(payload);
      return success(c, { order_id }, created ? 201 : 200);
    })
    .put('/', async (c) => success(c, await orders.finalizeOrder(await parseJsonBody(c, FinalizeOrderSchema))))
    .get('/:order_id', async (c) => {
      const orderId = z.coerce.number().int().positive().max(2_147_483_647).safeParse(c.req.param('order_id')); // order_id is a PostgreSQL integer
      const localId = c.req.query('local_id');
      if (!orderId.success || !localId) throw new ApiError(404, messages.unknownOrder);
      return success(c, await orders.getOrderForGuest(orderId.data, localId));
    });
}
