import { createRoute } from '@hono/zod-openapi';
import {
  FinalizeOrderSchema,
  OrderCreatedSchema,
  OrderFinalizedSchema,
  OrderParamsSchema,
  OrderPayloadSchema,
  OrderQuerySchema,
  OrderViewSchema,
} from './orders.ts';
import { apiTags, bodyErrors, errorAnswer, jsonBody, security, successAnswer } from './route-kit.ts';

/** Placing, finalising and reading back an order (spec section 7). */
const tags = [apiTags.orders.name];

/** POST /v2/public/checkout/: places an order (section 7, « order payload »). */
export const createOrder = createRoute({
  operationId: 'createOrder',
  method: 'post',
  path: '/v2/public/checkout',
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
    422: errorAnswer('Commande refusée : créneau, livraison, code promo, plat indisponible, moyen de paiement, titres-restaurant, client bloqué par le restaurant (customer_blocked).'),
    429: errorAnswer('Trop de commandes (rate_limited), avec Retry-After.'),
  },
});

/** PUT /v2/public/checkout/: finalises an order, pending (cash) or paid (card). */
export const finalizeOrder = createRoute({
  operationId: 'finalizeOrder',
  method: 'put',
  path: '/v2/public/checkout',
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

/** GET /v2/public/checkout/{order_id}?local_id=: an order, for the guest holding its local_id. */
export const getOrder = createRoute({
  operationId: 'getOrder',
  method: 'get',
  path: '/v2/public/checkout/{order_id}',
  tags,
  summary: 'Une commande, pour l’invité qui détient son local_id.',
  description: 'Un numéro qui n’est pas celui d’une commande, un `local_id` absent ou faux : la même réponse, commande inconnue.',
  request: { params: OrderParamsSchema, query: OrderQuerySchema },
  responses: {
    200: successAnswer(OrderViewSchema, 'La commande.'),
    404: errorAnswer('Commande inconnue, ou local_id absent ou faux (order_not_found).'),
  },
});
