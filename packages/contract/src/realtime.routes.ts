import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { EventsQuerySchema, ScreenHeartbeatBodySchema, ScreenHeartbeatSchema, TrackingEventsParamsSchema } from './realtime.ts';
import { apiTags, bodyErrors, errorAnswer, jsonBody, staffOnly, successAnswer } from './route-kit.ts';

/**
 * Live events (docs/decisions/021-live-events.md): the board's SSE stream and the screens'
 * heartbeat (any live staff session), and the customer's tracking stream (the order's secret).
 */

/** A stream's answer: text/event-stream, as the handler writes it. */
const streamAnswer = (description: string) => ({
  description,
  content: {
    'text/event-stream': {
      schema: z.string().meta({
        description:
          'Flux SSE : `retry: 2000`, puis des événements `event: order`, `id: <id de l’événement>`, `data: <JSON>`, et un commentaire `: ping` toutes les 15 s.',
      }),
    },
  },
});

/**
 * The `Last-Event-ID` header, documented with its pattern. Not refused by the route's validator:
 * the handler reads it itself (trimmed, empty ignored) and answers a bad one with its own message
 * (apps/api/src/modules/realtime/routes.ts `resumePoint`).
 */
const lastEventIdHeader = z.object({
  'last-event-id': z
    .string()
    .optional()
    .meta({ description: 'Envoyé par le navigateur en se reconnectant : reprend après cet événement.', pattern: '^\\d{1,15}$' }),
});

/** GET /v2/restaurant/events: the board's live order events (SSE). */
export const streamBoardEvents = createRoute(
  staffOnly('staff', {
    operationId: 'streamBoardEvents',
    method: 'get',
    path: '/v2/restaurant/events',
    tags: [apiTags.staffOrders.name],
    summary: 'Les événements des commandes en direct (SSE), pour le tableau des commandes.',
    description:
      'Chaque événement `order` porte en `data` un BoardEventData (l’événement et la commande après lui). Rejoue d’abord chaque événement d’id supérieur à `Last-Event-ID` (ou `after`), dans l’ordre, puis le direct. Le tableau recharge aussi l’état complet toutes les 30 s (docs/decisions/021-live-events.md).',
    request: { query: EventsQuerySchema, headers: lastEventIdHeader },
    responses: {
      200: streamAnswer('Le flux d’événements (BoardEventData en JSON).'),
      401: errorAnswer('Pas de session du personnel (staff_login_required).'),
    },
  }),
);

/** GET /v2/public/tracking/{secret}/events: one order's live status (SSE), for its customer (no session). */
export const streamTrackingEvents = createRoute({
  operationId: 'streamTrackingEvents',
  method: 'get',
  path: '/v2/public/tracking/{secret}/events',
  tags: [apiTags.trackingLive.name],
  summary: 'Le statut d’une commande en direct (SSE), pour la page de suivi du client.',
  description:
    'Chaque événement `order` de cette commande seulement porte en `data` son TrackingView après l’événement. Reprise par `Last-Event-ID` ou `after` comme le flux du restaurant.',
  request: { params: TrackingEventsParamsSchema, query: EventsQuerySchema, headers: lastEventIdHeader },
  responses: {
    200: streamAnswer('Le flux d’événements de la commande (TrackingView en JSON).'),
    404: errorAnswer('Secret inconnu (order_not_found).'),
  },
});

/** POST /v2/restaurant/screens/heartbeat: a restaurant screen says it is open. */
export const sendScreenHeartbeat = createRoute(
  staffOnly('staff', {
    operationId: 'sendScreenHeartbeat',
    method: 'post',
    path: '/v2/restaurant/screens/heartbeat',
    tags: [apiTags.staffOrders.name],
    summary: 'Un écran du restaurant signale qu’il est ouvert (toutes les 15 s).',
    description:
      'Les écrans connectés (un signe de vie depuis moins de 45 s) disent à la boutique si le restaurant voit les commandes : sans aucun, « dès que possible » n’est pas proposé (sauf commandes traitées par e-mail).',
    request: { body: jsonBody(ScreenHeartbeatBodySchema) },
    responses: {
      200: successAnswer(ScreenHeartbeatSchema, 'Enregistré ; le nombre d’écrans connectés (signe de vie depuis moins de 45 s).'),
      ...bodyErrors,
      401: errorAnswer('Pas de session du personnel (staff_login_required).'),
    },
  }),
);
