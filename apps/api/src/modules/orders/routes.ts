import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  FinalizeOrderSchema,
  OrderCreatedSchema,
  OrderFinalizedSchema,
  OrderParamsSchema,
  OrderPayloadSchema,
  OrderQuerySchema,
  OrderViewSchema,
  type OrderCreated,
  type OrderFinalized,
  type OrderView,
} from '@resto/contract/orders';
import { messages } from '@resto/domain/messages';
import { ApiError, success } from '../../http/errors.ts';
import { bodyErrors, declare, errorAnswer, jsonBody, routes, security, successAnswer } from '../../http/openapi.ts';
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

const tags = ['Commandes'];

const createOrderRoute = createRoute({
  method: 'post',
  path: '/',
  tags,
  summary: 'Passe une commande (section 7, « order payload »).',
  description:
    'Le serveur recalcule les montants et refuse un écart (409 avec les montants à jour). `local_id` rend la création idempotente : ' +
    'un nouvel envoi reçoit la même commande (200). Une commande de compte porte son `user_id` et le jeton Bearer de ce compte.',
  security: security.optionalBearer,
  request: { body: jsonBody(OrderPayloadSchema) },
  responses: {
    201: successAnswer(OrderCreatedSchema, 'Commande créée : son numéro et son secret.'),
    200: successAnswer(OrderCreatedSchema, 'Commande déjà reçue pour ce local_id.'),
    ...bodyErrors,
    401: errorAnswer('Commande d’un compte sans session valide (login_required).'),
    403: errorAnswer('Le jeton est celui d’un autre compte (account_mismatch).'),
    409: errorAnswer('Les prix ont changé (prices_changed) : `payload` porte les montants recalculés.'),
    422: errorAnswer('Commande refusée : créneau, livraison, code promo, plat indisponible, moyen de paiement, titres-restaurant.'),
    429: errorAnswer('Trop de commandes (rate_limited), avec Retry-After.'),
  },
});

const finalizeOrderRoute = createRoute({
  method: 'put',
  path: '/',
  tags,
  summary: 'Finalise une commande (section 7) : en attente (espèces) ou payée (carte).',
  description:
    'Seul celui qui a passé la commande la finalise : son `secret`, son `local_id` ou le jeton Bearer de son compte. Sans eux : une commande en espèces déjà en attente, laissée en attente sans nouveau `transaction_id`, est répondue telle quelle (rien n’est écrit) ; une commande par carte passe « payée » si `transaction_id` est l’intention de paiement liée à cette commande seule, réussie pour son total exact.',
  security: security.optionalBearer,
  request: { body: jsonBody(FinalizeOrderSchema) },
  responses: {
    200: successAnswer(OrderFinalizedSchema, 'Le nouveau statut de la commande.'),
    ...bodyErrors,
    403: errorAnswer('Preuve de la commande absente ou fausse (order_proof_required).'),
    404: errorAnswer('Commande inconnue (order_not_found).'),
    422: errorAnswer('Statut refusé ou paiement non confirmé (order_status_refused, payment_not_confirmed, payment_not_for_order).'),
  },
});

const orderRoute = createRoute({
  method: 'get',
  path: '/{order_id}',
  tags,
  summary: 'Une commande, pour l’invité qui détient son local_id.',
  request: { params: OrderParamsSchema, query: OrderQuerySchema },
  responses: {
    200: successAnswer(OrderViewSchema, 'La commande.'),
    404: errorAnswer('Commande inconnue, ou local_id absent ou faux (order_not_found).'),
  },
});

/** POST and PUT /v2/public/checkout/ (spec section 7), and a guest's read-back of an order. */
export function orderRoutes(
  orders: OrderService,
  auth: AuthService,
  /** The limits of a new order of this caller and e-mail (RequestLimits.order), counted by createOrder; none by default. */
  limitOrder: (c: Context, email: string) => PlannedHits | undefined = () => undefined,
) {
  const app = routes();
  declare(app, createOrderRoute, async (c, input) => {
    const payload = await input.body();
    // Only the Authorization header: a token in the order's query string would end in proxies' logs.
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const userId = await orderAccount(auth, bearer, payload.user_id);
    // Counted only for a new local_id: a retry is answered with its order, never refused.
    const { order_id, secret, created } = await orders.createOrder(payload, userId, limitOrder(c, payload.customer.email));
    // `secret` is beside the spec's answer: what proves the order without an account (orders.secret).
    return success<OrderCreated>(c, { order_id, secret }, created ? 201 : 200);
  });
  declare(app, finalizeOrderRoute, async (c, input) => {
    const body = await input.body();
    // Only the one who placed the order may finalise it (issue 17): its secret, local_id or account;
    // without them, only a PUT that changes nothing or names the intent that paid it (docs/decisions/014).
    if (await hasOrderProof(orders.db, auth, c, body.order_id, body)) return success<OrderFinalized>(c, await orders.finalizeOrder(body));
    return success<OrderFinalized>(c, await orders.finalizeWithoutProof(body));
  });
  declare(app, orderRoute, async (c) => {
    const orderId = z.coerce.number().int().positive().max(2_147_483_647).safeParse(c.req.param('order_id')); // order_id is a PostgreSQL integer
    const localId = c.req.query('local_id');
    if (!orderId.success || !localId) throw new ApiError('order_not_found', messages.unknownOrder);
    return success<OrderView>(c, await orders.getOrderForGuest(orderId.data, localId));
  });
  return app;
}
