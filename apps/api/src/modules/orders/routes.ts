import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { FinalizeOrderSchema, OrderPayloadSchema } from '@resto/domain/checkout';
import { messages } from '@resto/domain/messages';
import { ApiError, parseJsonBody, success } from '../../http/errors.ts';
import type { AuthService } from '../auth/service.ts';
import { proveOrderOwnership } from './ownership.ts';
import type { OrderService } from './service.ts';

/**
 * The account an order is placed for: none for a guest (user_id null); otherwise the bearer
 * token must be a live session of that very user_id (docs/decisions/006).
 * @throws ApiError 401 no or dead token, 403 another account's id.
 */
async function orderAccount(auth: AuthService, token: string | undefined, userId: number | null | undefined): Promise<number | null> {
  if (!userId) return null;
  if (!token) throw new ApiError('login_required', messages.orderNeedsLogin, [{ path: 'user_id', message: messages.orderNeedsLogin }]);
  try {
    return (await auth.authenticate(token, userId)).user.id;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'wrong_user')
      throw new ApiError('account_mismatch', messages.orderAccountMismatch, [{ path: 'user_id', message: messages.orderAccountMismatch }]);
    if (error instanceof ApiError) throw new ApiError('login_required', messages.orderNeedsLogin, [{ path: 'user_id', message: messages.orderNeedsLogin }]);
    throw error;
  }
}

/** POST and PUT /v2/public/checkout/ (spec section 7), and a guest's read-back of an order. */
export function orderRoutes(
  orders: OrderService,
  auth: AuthService,
  /** Counts a new order of this caller and e-mail (RequestLimits.order); @throws ApiError 429. */
  limitOrder: (c: Context, email: string) => Promise<void> = async () => {},
) {
  return new Hono({ strict: false })
    .post('/', async (c) => {
      const payload = await parseJsonBody(c, OrderPayloadSchema);
      // Only the Authorization header: a token in the order's query string would end in proxies' logs.
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
      const userId = await orderAccount(auth, bearer, payload.user_id);
      // Counted only for a new local_id: a retry is answered with its order, never refused.
      const { order_id, created } = await orders.createOrder(payload, userId, () => limitOrder(c, payload.customer.email));
      // `secret` is beside the spec's answer: what proves the order without an account (orders.secret).
      return success(c, { order_id, secret: await orders.secretOf(order_id) }, created ? 201 : 200);
    })
    .put('/', async (c) => {
      const body = await parseJsonBody(c, FinalizeOrderSchema);
      // Only the one who placed the order may finalise it (issue 17): its secret, local_id or account.
      await proveOrderOwnership(orders.db, auth, c, body.order_id, body);
      return success(c, await orders.finalizeOrder(body));
    })
    .get('/:order_id', async (c) => {
      const orderId = z.coerce.number().int().positive().max(2_147_483_647).safeParse(c.req.param('order_id')); // order_id is a PostgreSQL integer
      const localId = c.req.query('local_id');
      if (!orderId.success || !localId) throw new ApiError('order_not_found', messages.unknownOrder);
      return success(c, await orders.getOrderForGuest(orderId.data, localId));
    });
}
