import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
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
  type CalendarExceptionView,
  type HoursPage,
  type MenuHoursView,
  type OrderingView,
} from '@resto/contract/backoffice-hours';
import { z } from '@resto/domain/zod-fr';
import type { Database } from '../../db/client.ts';
import { success } from '../../http/errors.ts';
import { bodyErrors, declare, errorAnswer, jsonBody, routes, security, successAnswer } from '../../http/openapi.ts';
import type { CatalogService } from '../catalog/index.ts';
import { requireStaff } from '../staff/index.ts';
import * as hours from './service.ts';

/**
 * Hours, exceptional days, pause and busy mode (docs/decisions/023-back-office.md,
 * « Hours »): routes.ts → service.ts → repository.ts. Under /v2/restaurant: the hours and exceptional days are the owner's; pause and busy
 * mode are any staff member's (the board's header). Every change goes through catalogEdit (new
 * catalogue version, audit entry, the storefront's catalogue rebuilt at once).
 */

const tags = ['Restaurant : horaires'];
const signedIn = { 401: errorAnswer('Pas de session de l’espace restaurant (staff_login_required).') };
const ownerOnly = { ...signedIn, 403: errorAnswer('Réservé au propriétaire (staff_forbidden), ou requête d’un autre site (cross_site_refused).') };
const anyStaff = { ...signedIn, 403: errorAnswer('Requête d’un autre site (cross_site_refused).') };
const stale = { 409: errorAnswer('Modifié entre-temps par quelqu’un d’autre (stale_edit) : `payload.current` est la valeur actuelle.') };

const hoursRoute = createRoute({
  method: 'get',
  path: '/hours',
  tags,
  security: security.staff,
  summary: 'La page Horaires : les horaires de chaque carte, les jours exceptionnels à venir et l’état des commandes (propriétaire).',
  responses: { 200: successAnswer(HoursPageSchema, 'Les horaires, avec leurs versions.'), ...ownerOnly },
});

const menuHoursRoute = createRoute({
  method: 'put',
  path: '/menus/{menu_id}/hours',
  tags,
  security: security.staff,
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
});

const createExceptionRoute = createRoute({
  method: 'post',
  path: '/exceptions',
  tags,
  security: security.staff,
  summary: 'Ajoute une fermeture ou une ouverture exceptionnelle (un jour par date, pas dans le passé ; propriétaire).',
  request: { body: jsonBody(CalendarExceptionBodySchema) },
  responses: { 201: successAnswer(CalendarExceptionViewSchema, 'Le jour exceptionnel.'), ...bodyErrors, ...ownerOnly },
});

const updateExceptionRoute = createRoute({
  method: 'put',
  path: '/exceptions/{id}',
  tags,
  security: security.staff,
  summary: 'Modifie un jour exceptionnel (propriétaire).',
  request: { params: ExceptionParamsSchema, body: jsonBody(CalendarExceptionUpdateSchema) },
  responses: {
    200: successAnswer(CalendarExceptionViewSchema, 'Le jour exceptionnel.'),
    ...bodyErrors,
    ...ownerOnly,
    404: errorAnswer('Jour inconnu (not_found).'),
    ...stale,
  },
});

const deleteExceptionRoute = createRoute({
  method: 'delete',
  path: '/exceptions/{id}',
  tags,
  security: security.staff,
  summary: 'Supprime un jour exceptionnel : la semaine habituelle reprend ce jour-là (propriétaire).',
  request: { params: ExceptionParamsSchema },
  responses: { 200: successAnswer(z.object({ id: z.number() }), 'Supprimé.'), ...ownerOnly, 404: errorAnswer('Jour inconnu (not_found).') },
});

const orderingRoute = createRoute({
  method: 'get',
  path: '/ordering',
  tags,
  security: security.staff,
  summary: 'L’état des commandes en ligne : pause et mode affluence (tout membre).',
  responses: { 200: successAnswer(OrderingViewSchema, 'L’état ; une fin passée est rendue comme arrêtée.'), ...anyStaff },
});

const orderingAnswers = { 200: successAnswer(OrderingViewSchema, 'L’état après le changement.'), ...anyStaff };
const pauseRoute = createRoute({
  method: 'post',
  path: '/ordering/pause',
  tags,
  security: security.staff,
  summary: 'Met les commandes en pause 15, 30 ou 60 minutes, ou jusqu’à la fin de la journée (fin de la dernière plage d’ouverture du jour, sinon minuit) ; tout membre.',
  request: { body: jsonBody(PauseBodySchema) },
  responses: { ...orderingAnswers, ...bodyErrors },
});
const resumeRoute = createRoute({
  method: 'post',
  path: '/ordering/resume',
  tags,
  security: security.staff,
  summary: 'Reprend les commandes (fin de la pause) ; tout membre.',
  responses: orderingAnswers,
});
const busyRoute = createRoute({
  method: 'post',
  path: '/ordering/busy',
  tags,
  security: security.staff,
  summary: 'Mode affluence : +10, +20 ou +30 minutes sur le délai, pendant 30 à 120 minutes ; tout membre.',
  request: { body: jsonBody(BusyBodySchema) },
  responses: { ...orderingAnswers, ...bodyErrors },
});
const busyOffRoute = createRoute({
  method: 'post',
  path: '/ordering/busy-off',
  tags,
  security: security.staff,
  summary: 'Arrête le mode affluence ; tout membre.',
  responses: orderingAnswers,
});

/** The routes of hours, exceptional days, pause and busy mode (see the module's comment). */
export function hoursRoutes({ db, clock, catalog }: { db: Database; clock: () => Date; catalog: CatalogService }) {
  const app = routes();
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  declare(app, hoursRoute, async (c) => {
    const now = clock();
    await requireStaff(c, db, now, 'owner');
    return success<HoursPage>(c, await hours.readHoursPage(db, now));
  });

  declare(app, menuHoursRoute, async (c, input) => {
    const staff = await requireStaff(c, db, clock(), 'owner');
    const menuId = Number(input.params().menu_id);
    const body = await input.body();
    return success<MenuHoursView>(c, await hours.setMenuHours(db, staff, menuId, body));
  });

  declare(app, createExceptionRoute, async (c, input) => {
    const now = clock();
    const staff = await requireStaff(c, db, now, 'owner');
    const body = await input.body();
    return success<CalendarExceptionView>(c, await hours.createException(db, staff, now, body), 201);
  });

  declare(app, updateExceptionRoute, async (c, input) => {
    const now = clock();
    const staff = await requireStaff(c, db, now, 'owner');
    const id = Number(input.params().id);
    const body = await input.body();
    return success<CalendarExceptionView>(c, await hours.updateException(db, staff, now, id, body));
  });

  declare(app, deleteExceptionRoute, async (c, input) => {
    const staff = await requireStaff(c, db, clock(), 'owner');
    const id = Number(input.params().id);
    await hours.deleteException(db, staff, id);
    return success(c, { id });
  });

  declare(app, orderingRoute, async (c) => {
    const now = clock();
    await requireStaff(c, db, now);
    return success<OrderingView>(c, await hours.orderingAt(db, now));
  });

  /** One change of the ordering state by any staff member, audited; `set` gives the new columns and the audit's action and summary. */
  const changeOrdering = async (c: Context, set: (now: Date) => Promise<hours.OrderingChange>) => {
    const now = clock();
    const staff = await requireStaff(c, db, now);
    const change = await set(now);
    return success<OrderingView>(c, await hours.changeOrdering(db, staff, now, change));
  };

  declare(app, pauseRoute, async (c, input) => changeOrdering(c, async (now) => hours.pauseChange(catalog, await input.body(), now)));
  declare(app, resumeRoute, async (c) => changeOrdering(c, async () => hours.resumeChange));
  declare(app, busyRoute, async (c, input) => changeOrdering(c, async (now) => hours.busyChange(await input.body(), now)));
  declare(app, busyOffRoute, async (c) => changeOrdering(c, async () => hours.busyOffChange));
  return app;
}
