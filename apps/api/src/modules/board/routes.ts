import { createRoute } from '@hono/zod-openapi';
import {
  BoardOrderParamsSchema,
  BoardOrderSchema,
  BoardStateSchema,
  OrderActionBodySchema,
  TrackingParamsSchema,
  TrackingViewSchema,
  type BoardOrder,
  type BoardState,
  type TrackingView,
} from '@resto/contract/board';
import { orderLifeTexts } from '@resto/domain/messages/order-life';
import type { Database } from '../../db/client.ts';
import { ApiError, success } from '../../http/errors.ts';
import { bodyErrors, declare, errorAnswer, jsonBody, routes, successAnswer } from '../../http/openapi.ts';
import { requireStaff } from '../staff/index.ts';
import type { BoardService } from './service.ts';

const tags = ['Restaurant : commandes'];
const staffErrors = {
  401: errorAnswer('Pas de session de l’espace restaurant (cookie resto_staff), ou membre retiré (staff_login_required).'),
};
const orderErrors = {
  ...staffErrors,
  404: errorAnswer('Commande inconnue (order_not_found).'),
  409: errorAnswer('Commande par carte pas encore payée : pas encore au restaurant (order_transition_refused).'),
};

const boardRoute = createRoute({
  method: 'get',
  path: '/orders',
  tags,
  summary: 'Le tableau des commandes : celles du jour et à venir, et celles terminées aujourd’hui (jours de Paris).',
  description:
    'Jamais une commande par carte non payée. `last_event_id` : l’id du dernier événement reflété, d’où reprend le flux SSE. Session du personnel (cookie resto_staff).',
  responses: { 200: successAnswer(BoardStateSchema, 'L’état du tableau.'), ...staffErrors },
});

const actionRoute = createRoute({
  method: 'post',
  path: '/orders/{order_id}/actions',
  tags,
  summary: 'Accepter (avec l’heure), retarder, marquer prête, terminer, refuser ou annuler (avec la raison) une commande.',
  description:
    'Une transaction : la commande verrouillée, `expected_status` comparé, la machine à états consultée, le statut, l’événement, l’e-mail du client et, pour une commande payée par carte refusée ou annulée, le remboursement (demandé au prestataire après la transaction).',
  request: { params: BoardOrderParamsSchema, body: jsonBody(OrderActionBodySchema) },
  responses: {
    200: successAnswer(BoardOrderSchema, 'La commande après l’action (son remboursement éventuel inclus).'),
    ...bodyErrors,
    400: errorAnswer('Heure absente ou passée, retard pas plus tard, raison absente (invalid_request), JSON illisible (invalid_json).'),
    ...orderErrors,
    409: errorAnswer('La commande a changé depuis l’écran, ou l’action ne s’applique pas (order_transition_refused) : `payload` est la commande actuelle.'),
  },
});

const openedRoute = createRoute({
  method: 'post',
  path: '/orders/{order_id}/opened',
  tags,
  summary: 'Un écran a ouvert la commande : la première ouverture arrête la sonnerie et l’alerte ; les suivantes ne changent rien.',
  request: { params: BoardOrderParamsSchema },
  responses: { 200: successAnswer(BoardOrderSchema, 'La commande.'), ...orderErrors },
});

const ticketRoute = createRoute({
  method: 'post',
  path: '/orders/{order_id}/ticket-printed',
  tags,
  summary: 'Le ticket de cuisine a été imprimé : la première fois est notée (un autre écran ne le réimprime pas) ; ensuite, rien ne change.',
  request: { params: BoardOrderParamsSchema },
  responses: { 200: successAnswer(BoardOrderSchema, 'La commande.'), ...orderErrors },
});

const refundRoute = createRoute({
  method: 'post',
  path: '/orders/{order_id}/refund',
  tags,
  summary: 'Relancer un remboursement refusé par le prestataire (clé d’idempotence : jamais deux remboursements).',
  request: { params: BoardOrderParamsSchema },
  responses: {
    200: successAnswer(BoardOrderSchema, 'La commande, remboursée (ou son remboursement en attente).'),
    ...orderErrors,
    409: errorAnswer('Pas de remboursement pour cette commande (order_transition_refused).'),
    502: errorAnswer('Le prestataire refuse encore (refund_failed) : `payload` est la commande.'),
  },
});

const trackingRoute = createRoute({
  method: 'get',
  path: '/tracking/{secret}',
  tags: ['Suivi de commande'],
  summary: 'Le suivi d’une commande par son secret (page /suivi) : étape, heure prévue, raison et remboursement. Jamais mis en cache.',
  request: { params: TrackingParamsSchema },
  responses: { 200: successAnswer(TrackingViewSchema, 'Le suivi.'), 404: errorAnswer('Secret inconnu (order_not_found).') },
});

/**
 * The board's routes under /v2/restaurant (issue 13, parts 2 and 3), every one behind a staff
 * session (modules/staff/sessions.ts, requireStaff), never cached. docs/decisions/019-the-orders-life.md.
 */
export function boardRoutes(board: BoardService, db: Database, clock: () => Date) {
  const app = routes();
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  const orderId = (value: string) => Number(value);
  declare(app, boardRoute, async (c) => {
    await requireStaff(c, db, clock());
    return success<BoardState>(c, await board.boardState());
  });
  declare(app, actionRoute, async (c, input) => {
    const staff = await requireStaff(c, db, clock());
    const { order_id } = input.params();
    const body = await input.body();
    return success<BoardOrder>(c, await board.act(orderId(order_id), body, { staffId: staff.staffId, name: staff.name }));
  });
  declare(app, openedRoute, async (c, input) => {
    const staff = await requireStaff(c, db, clock());
    return success<BoardOrder>(c, await board.markOpened(orderId(input.params().order_id), { staffId: staff.staffId, name: staff.name }));
  });
  declare(app, ticketRoute, async (c, input) => {
    const staff = await requireStaff(c, db, clock());
    return success<BoardOrder>(c, await board.markTicketPrinted(orderId(input.params().order_id), { staffId: staff.staffId, name: staff.name }));
  });
  declare(app, refundRoute, async (c, input) => {
    await requireStaff(c, db, clock());
    return success<BoardOrder>(c, await board.retryRefund(orderId(input.params().order_id)));
  });
  return app;
}

/** GET /v2/public/tracking/{secret} (issue 13, part 7): the secret is the only key; never cached. */
export function trackingRoutes(board: BoardService) {
  const app = routes();
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  declare(app, trackingRoute, async (c, input) => {
    const view = await board.trackingView(input.params().secret);
    if (!view) throw new ApiError('order_not_found', orderLifeTexts.unknownOrder);
    return success<TrackingView>(c, view);
  });
  return app;
}
