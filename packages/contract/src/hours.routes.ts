import { createRoute } from '@hono/zod-openapi';
import { z } from '@resto/domain/zod-fr';
import {
  BusyBodySchema,
  CalendarExceptionBodySchema,
  CalendarExceptionUpdateSchema,
  CalendarExceptionViewSchema,
  ExceptionParamsSchema,
  HoursPageSchema,
  MenuHoursBodySchema,
  MenuHoursViewSchema,
  MenuParamsSchema,
  OrderingViewSchema,
  PauseBodySchema,
} from './backoffice-hours.ts';
import { apiTags, bodyErrors, errorAnswer, jsonBody, staffOnly, successAnswer } from './route-kit.ts';

/**
 * Hours, exceptional days, pause and busy mode (docs/decisions/023-back-office.md, « Hours »):
 * the hours and exceptional days are the owner's; pause and busy mode are any staff member's
 * (the board's header). Every change is a new catalogue version with its audit entry; never cached.
 */
const tags = [apiTags.staffHours.name];

/** The owner's routes: the guard's 403, and the same answer to a request from another site. */
const ownerOnly = { 403: errorAnswer('Réservé au propriétaire (staff_forbidden), ou requête d’un autre site (cross_site_refused).') };
/** Any member's state changes: 403 only for a request from another site. */
const anyStaff = { 403: errorAnswer('Requête d’un autre site (cross_site_refused).') };
const stale = { 409: errorAnswer('Modifié entre-temps par quelqu’un d’autre (stale_edit) : `payload.current` est la valeur actuelle.') };

/** GET /v2/restaurant/hours: the Horaires page (owner). */
export const getHoursPage = createRoute(
  staffOnly('owner', {
    operationId: 'getHoursPage',
    method: 'get',
    path: '/v2/restaurant/hours',
    tags,
    summary: 'La page Horaires : les horaires de chaque carte, les jours exceptionnels à venir et l’état des commandes (propriétaire).',
    description:
      'Chaque carte avec ses plages d’ouverture, de livraison et de retrait et sa `version` (à renvoyer comme `expected_version`), les jours exceptionnels, la pause et le mode affluence, et la date du jour à Paris.',
    responses: { 200: successAnswer(HoursPageSchema, 'Les horaires, avec leurs versions.'), ...ownerOnly },
  }),
);

/** PUT /v2/restaurant/menus/{menu_id}/hours: replaces a menu's weekly hours (owner). */
export const setMenuHours = createRoute(
  staffOnly('owner', {
    operationId: 'setMenuHours',
    method: 'put',
    path: '/v2/restaurant/menus/{menu_id}/hours',
    tags,
    summary: 'Remplace les horaires d’une carte : ouverture, livraison et retrait par jour de la semaine (propriétaire).',
    description:
      'Chaque plage finit après son début (une fin à 00:00 est minuit) et les plages d’un jour ne se chevauchent pas ; sinon 400 invalid_request avec le champ (`active_times.tue.0.end`). `expected_version` : la version lue.',
    request: { params: MenuParamsSchema, body: jsonBody(MenuHoursBodySchema) },
    responses: {
      200: successAnswer(MenuHoursViewSchema, 'Les horaires enregistrés.'),
      ...bodyErrors,
      ...ownerOnly,
      404: errorAnswer('Carte inconnue (not_found).'),
      ...stale,
    },
  }),
);

/** POST /v2/restaurant/exceptions: a new exceptional closing or opening (owner). */
export const createCalendarException = createRoute(
  staffOnly('owner', {
    operationId: 'createCalendarException',
    method: 'post',
    path: '/v2/restaurant/exceptions',
    tags,
    summary: 'Ajoute une fermeture ou une ouverture exceptionnelle (un jour par date, pas dans le passé ; propriétaire).',
    description:
      'Un jour fermé (`is_closed`) ou ouvert sur ses plages (`ranges`), avec le message montré aux clients (vide : le message par défaut). Ce jour-là, il remplace la semaine habituelle.',
    request: { body: jsonBody(CalendarExceptionBodySchema) },
    responses: { 201: successAnswer(CalendarExceptionViewSchema, 'Le jour exceptionnel.'), ...bodyErrors, ...ownerOnly },
  }),
);

/** PUT /v2/restaurant/exceptions/{id}: changes an exceptional day (owner). */
export const updateCalendarException = createRoute(
  staffOnly('owner', {
    operationId: 'updateCalendarException',
    method: 'put',
    path: '/v2/restaurant/exceptions/{id}',
    tags,
    summary: 'Modifie un jour exceptionnel (propriétaire).',
    description: 'Tout le jour (date, fermé ou plages, message) et `expected_version` : la version lue.',
    request: { params: ExceptionParamsSchema, body: jsonBody(CalendarExceptionUpdateSchema) },
    responses: {
      200: successAnswer(CalendarExceptionViewSchema, 'Le jour exceptionnel.'),
      ...bodyErrors,
      ...ownerOnly,
      404: errorAnswer('Jour inconnu (not_found).'),
      ...stale,
    },
  }),
);

/** DELETE /v2/restaurant/exceptions/{id}: removes an exceptional day (owner). */
export const deleteCalendarException = createRoute(
  staffOnly('owner', {
    operationId: 'deleteCalendarException',
    method: 'delete',
    path: '/v2/restaurant/exceptions/{id}',
    tags,
    summary: 'Supprime un jour exceptionnel : la semaine habituelle reprend ce jour-là (propriétaire).',
    description: 'Le numéro du jour supprimé est rendu ; l’entrée du journal garde le jour tel qu’il était.',
    request: { params: ExceptionParamsSchema },
    responses: { 200: successAnswer(z.object({ id: z.number() }), 'Supprimé.'), ...ownerOnly, 404: errorAnswer('Jour inconnu (not_found).') },
  }),
);

/** GET /v2/restaurant/ordering: the pause and busy mode now (any member). */
export const getOrdering = createRoute(
  staffOnly('staff', {
    operationId: 'getOrdering',
    method: 'get',
    path: '/v2/restaurant/ordering',
    tags,
    summary: 'L’état des commandes en ligne : pause et mode affluence (tout membre).',
    description:
      'La fin de la pause, celle du mode affluence et son délai en plus, la version de l’état et l’heure du serveur (le compte à rebours des écrans).',
    responses: { 200: successAnswer(OrderingViewSchema, 'L’état ; une fin passée est rendue comme arrêtée.'), ...anyStaff },
  }),
);

const changed = successAnswer(OrderingViewSchema, 'L’état après le changement.');

/** POST /v2/restaurant/ordering/pause: pauses online ordering (any member). */
export const pauseOrdering = createRoute(
  staffOnly('staff', {
    operationId: 'pauseOrdering',
    method: 'post',
    path: '/v2/restaurant/ordering/pause',
    tags,
    summary:
      'Met les commandes en pause 15, 30 ou 60 minutes, ou jusqu’à la fin de la journée (fin de la dernière plage d’ouverture du jour, sinon minuit) ; tout membre.',
    description:
      'Corps `{minutes}` (15, 30 ou 60) ou `{until: "end_of_day"}`. Pendant la pause, la boutique ne prend plus de commande ; une entrée au journal.',
    request: { body: jsonBody(PauseBodySchema) },
    responses: { 200: changed, ...bodyErrors, ...anyStaff },
  }),
);

/** POST /v2/restaurant/ordering/resume: ends the pause (any member). */
export const resumeOrdering = createRoute(
  staffOnly('staff', {
    operationId: 'resumeOrdering',
    method: 'post',
    path: '/v2/restaurant/ordering/resume',
    tags,
    summary: 'Reprend les commandes (fin de la pause) ; tout membre.',
    description: 'Sans corps. La boutique reprend les commandes aussitôt ; une entrée au journal.',
    responses: { 200: changed, ...anyStaff },
  }),
);

/** POST /v2/restaurant/ordering/busy: starts busy mode (any member). */
export const startBusyMode = createRoute(
  staffOnly('staff', {
    operationId: 'startBusyMode',
    method: 'post',
    path: '/v2/restaurant/ordering/busy',
    tags,
    summary: 'Mode affluence : +10, +20 ou +30 minutes sur le délai, pendant 30 à 120 minutes ; tout membre.',
    description: '`extra_minutes` : le délai en plus (10, 20 ou 30) ; `minutes` : la durée (30, 60, 90 ou 120). Une entrée au journal.',
    request: { body: jsonBody(BusyBodySchema) },
    responses: { 200: changed, ...bodyErrors, ...anyStaff },
  }),
);

/** POST /v2/restaurant/ordering/busy-off: ends busy mode (any member). */
export const stopBusyMode = createRoute(
  staffOnly('staff', {
    operationId: 'stopBusyMode',
    method: 'post',
    path: '/v2/restaurant/ordering/busy-off',
    tags,
    summary: 'Arrête le mode affluence ; tout membre.',
    description: 'Sans corps. Le délai habituel reprend aussitôt ; une entrée au journal.',
    responses: { 200: changed, ...anyStaff },
  }),
);
