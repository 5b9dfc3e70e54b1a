import type { Context } from 'hono';
import { z } from 'zod';
import { createOrder, finalizeOrder, getOrder } from '@resto/contract/orders.routes';
import { orderAnswers } from '@resto/copy/errors/orders';
import { ApiError } from '../../http/errors.ts';
import { ok, routes, serve } from '../../http/openapi.ts';
import type { PlannedHits } from '../auth/index.ts';
import type { AuthService } from '../auth/index.ts';
import { hasOrderProof } from './ownership.ts';
import type { OrderService } from './service.ts';

/**
 * The account an order is placed for: none for a guest (user_id null); otherwise the bearer
 * token must be a live session of that very user_id (docs/decisions/006).
 * @throws ApiError 401 no or dead token, 403 another account's id.
 */
async function orderAccount(auth: AuthService, token: string | undefined, userId: number | null | undefined): Promise<number | null> {
  if (!userId) return null;
  if (!token) throw new ApiError('login_required', orderAnswers.orderNeedsLogin, [{ path: 'user_id', message: orderAnswers.orderNeedsLogin }]);
  try {
    return (await auth.authenticate(token, userId)).user.id;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'wrong_user')
      throw new ApiError('account_mismatch', orderAnswers.orderAccountMismatch, [{ path: 'user_id', message: orderAnswers.orderAccountMismatch }]);
    if (error instanceof ApiError) throw new ApiError('login_required', orderAnswers.orderNeedsLogin, [{ path: 'user_id', message: orderAnswers.orderNeedsLogin }]);
    throw error;
  }
}

/** POST and PUT /v2/public/checkout/ (spec section 7), and a guest's read-back of an order: GET /v2/public/checkout/{order_id}. */
export function orderRoutes(
  orders: OrderService,
  auth: AuthService,
  /** The limits of a new order of this caller and e-mail (RequestLimits.order), counted by createOrder; none by default. */
  limitOrder: (c: Context, email: string) => PlannedHits | undefined = () => undefined,
) {
  const app = routes();
  serve(app, createOrder, async (c) => {
    const payload = c.req.valid('json');
    // Only the Authorization header: a token in the order's query string would end in proxies' logs.
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const userId = await orderAccount(auth, bearer, payload.user_id);
    // Counted only for a new local_id: a retry is answered with its order, never refused.
    const { order_id, secret, created } = await orders.createOrder(payload, userId, limitOrder(c, payload.customer.email));
    // `secret` is beside the spec's answer: what proves the order without an account (orders.secret).
    return created ? ok(c, { order_id, secret }, 201) : ok(c, { order_id, secret });
  });
  serve(app, finalizeOrder, async (c) => {
    const body = c.req.valid('json');
    // Only the one who placed the order may finalise it (docs/decisions/014): its secret, local_id or account;
    // without them, only a PUT that changes nothing or names the intent that paid it (docs/decisions/014).
    if (await hasOrderProof(orders.db, auth, c, body.order_id, body)) return ok(c, await orders.finalizeOrder(body));
    return ok(c, await orders.finalizeWithoutProof(body));
  });
  // The id is read here, not by the route's schema: a bad id is an unknown order (404), never a 400.
  serve(app, getOrder, async (c) => {
    const orderId = z.coerce.number().int().positive().max(2_147_483_647).safeParse(c.req.valid('param').order_id); // order_id is a PostgreSQL integer
    const localId = c.req.valid('query').local_id;
    if (!orderId.success || !localId) throw new ApiError('order_not_found', orderAnswers.unknownOrder);
    return ok(c, await orders.getOrderForGuest(orderId.data, localId));
  });
  return app;
}
