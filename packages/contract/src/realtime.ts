import { z } from '@resto/domain/zod-fr';

/**
 * Live events of the restaurant side (docs/decisions/021-live-events.md): the
 * SSE streams' query and the staff screens' heartbeat. The streams' `order` events carry
 * BoardEventData (board) or TrackingView (customer) of ./board.ts as JSON.
 */

/** An order event id: a decimal integer, 0 or more. */
const EventIdSchema = z.string().regex(/^\d{1,15}$/, 'Identifiant d’événement invalide : un entier positif est attendu.');

/**
 * GET /v2/restaurant/events and /v2/public/tracking/{secret}/events: `after` resumes after that
 * event id on a first connection (the board's `last_event_id` after a full load); the
 * `Last-Event-ID` header, sent by the browser on a reconnection, wins over it. Neither: live only.
 */
export const EventsQuerySchema = z.object({
  after: EventIdSchema.optional().meta({ description: 'Première connexion : reprend après cet événement (le `last_event_id` du tableau ou du suivi chargé).' }),
});

/** The `Last-Event-ID` header's value, checked like `after`. */
export const LastEventIdSchema = EventIdSchema;

/** The tracking stream's path: the order's secret, as for GET /v2/public/tracking/{secret}. */
export const TrackingEventsParamsSchema = z.object({ secret: z.string().min(1).max(200).meta({ description: 'Le secret de la commande, donné au client (lien du suivi).' }) });

/** POST /v2/restaurant/screens/heartbeat: a board screen says it is open, every 15 s. `screen_id`: random, kept by the browser. */
export const ScreenHeartbeatBodySchema = z
  .object({ screen_id: z.string().trim().min(8, 'Identifiant d’écran trop court.').max(100, 'Identifiant d’écran trop long.') })
  .meta({ id: 'ScreenHeartbeatBody' });

/** The heartbeat's answer: the screens heard from within the window (45 s), this one included. */
export const ScreenHeartbeatSchema = z.object({ connected_screens: z.number() });
export type ScreenHeartbeat = z.infer<typeof ScreenHeartbeatSchema>;
