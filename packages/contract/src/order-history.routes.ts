import { createRoute } from '@hono/zod-openapi';
import { BoardOrderParamsSchema } from './board.ts';
import { OrderHistoryDetailSchema, OrderHistoryPageSchema, OrderHistoryQuerySchema } from './order-history.ts';
import { apiTags, errorAnswer, staffOnly, successAnswer } from './route-kit.ts';

/** Every past order (docs/decisions/034-order-history.md): any live staff session, never cached. */
const tags = [apiTags.staffOrders.name];

/** GET /v2/restaurant/order-history: a page of past orders, newest first. */
export const searchOrderHistory = createRoute(
  staffOnly('staff', {
    operationId: 'searchOrderHistory',
    method: 'get',
    path: '/v2/restaurant/order-history',
    tags,
    summary: 'Les commandes passées : recherche par numéro, nom, téléphone ou e-mail, filtres par dates, statut, mode et moyen de paiement.',
    description:
      'Les plus récentes d’abord (instant de placement, puis numéro), 30 par page ; `cursor` : le `next_cursor` de la page précédente (pagination par clé : stable quand des commandes arrivent). Jamais une commande par carte non payée.',
    request: { query: OrderHistoryQuerySchema },
    responses: {
      200: successAnswer(OrderHistoryPageSchema, 'Une page de commandes.'),
      400: errorAnswer('Date invalide, fin avant le début, recherche trop longue ou page inconnue (invalid_request), avec le champ fautif.'),
    },
  }),
);

/** GET /v2/restaurant/order-history/{order_id}: one past order's whole life. */
export const readOrderHistory = createRoute(
  staffOnly('staff', {
    operationId: 'readOrderHistory',
    method: 'get',
    path: '/v2/restaurant/order-history/{order_id}',
    tags,
    summary: 'Une commande passée : lignes, montants, événements, paiements et annulations, remboursement, tickets et avoirs, e-mails en attente.',
    description: 'Les paiements, tickets et avoirs viennent du journal des ventes ; la commande telle que le tableau la montre.',
    request: { params: BoardOrderParamsSchema },
    responses: {
      200: successAnswer(OrderHistoryDetailSchema, 'La commande.'),
      404: errorAnswer('Commande inconnue, ou par carte jamais payée (order_not_found).'),
    },
  }),
);
