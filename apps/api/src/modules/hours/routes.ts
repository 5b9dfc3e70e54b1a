import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { asc, eq, isNull } from 'drizzle-orm';
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
import { busyExtraMinutes, isPaused, parisTime, type RestaurantCalendar } from '@resto/domain/calendar';
import type { ActiveTime, TimeRange, WeeklyRanges } from '@resto/domain/catalogue';
import { weekdays } from '@resto/domain/catalogue';
import { toRestaurantDate } from '@resto/domain/clock';
import { defaultExceptionMessage, hoursMessages, hoursPageTexts } from '@resto/domain/messages/backoffice-hours';
import { pauseEnd } from '@resto/domain/scheduling';
import { z } from '@resto/domain/zod-fr';
import type { Database } from '../../db/client.ts';
import { calendarExceptions, menus, orderingState } from '../../db/schema.ts';
import { ApiError, success } from '../../http/errors.ts';
import { bodyErrors, declare, errorAnswer, jsonBody, routes, security, successAnswer } from '../../http/openapi.ts';
import type { CatalogService } from '../catalog/index.ts';
import { requireStaff } from '../staff/index.ts';
import { catalogEdit, assertFresh, type EditTx } from '../audit/index.ts';

/**
 * Hours, exceptional days, pause and busy mode (issue 14, part 3; docs/decisions/023-back-office.md,
 * « Hours »). Under /v2/restaurant: the hours and exceptional days are the owner's; pause and busy
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

/** Opening hours as the menus table stores them (spec: label, is_open, times) from weekly ranges. */
function toActiveTimes(weekly: WeeklyRanges): ActiveTime[] {
  return weekdays.map((day) => {
    const times = weekly[day] ?? [];
    return { day, label: hoursPageTexts.weekdays[day], is_open: times.length > 0, times };
  });
}

/** Weekly ranges from stored opening hours (a closed day has none). */
function fromActiveTimes(activeTimes: readonly ActiveTime[]): WeeklyRanges {
  return Object.fromEntries(weekdays.map((day) => {
    const today = activeTimes.find((a) => a.day === day);
    return [day, today?.is_open ? today.times : []];
  }));
}

type MenuRow = typeof menus.$inferSelect;
const menuView = (row: MenuRow): MenuHoursView => ({
  menu_id: row.menuId,
  name: row.name,
  version: row.version,
  active_times: fromActiveTimes(row.activeTimes),
  time_ranges: row.timeRanges,
  pickup_time_ranges: row.pickupTimeRanges,
});

type ExceptionRow = typeof calendarExceptions.$inferSelect;
const exceptionView = (row: ExceptionRow): CalendarExceptionView => ({
  id: row.id,
  date: row.date,
  is_closed: row.isClosed,
  ranges: row.ranges,
  message: row.message,
  version: row.version,
});

type OrderingRow = typeof orderingState.$inferSelect;
/** The ordering state at `now`: a pause or busy mode whose end has passed is answered as off. */
function orderingView(row: OrderingRow | undefined, now: Date): OrderingView {
  const calendar: RestaurantCalendar = {
    exceptions: [],
    ordering: {
      paused_until: row?.pausedUntil?.toISOString() ?? null,
      busy_until: row?.busyUntil?.toISOString() ?? null,
      busy_extra_minutes: row?.busyExtraMinutes ?? 0,
    },
  };
  const busy = busyExtraMinutes(calendar, now);
  return {
    paused_until: isPaused(calendar, now) ? calendar.ordering.paused_until : null,
    busy_until: busy > 0 ? calendar.ordering.busy_until : null,
    busy_extra_minutes: busy,
    version: row?.version ?? 0,
    now: now.toISOString(),
  };
}

async function readOrdering(db: Database | EditTx): Promise<OrderingRow | undefined> {
  return (await db.select().from(orderingState).where(eq(orderingState.id, 1)))[0];
}

/** Whether a 'YYYY-MM-DD' is a real calendar day. */
const isCalendarDate = (value: string) => new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** Refuses a date that is not a real day or is before today in Paris (field `date`). */
function assertUpcoming(date: string, now: Date): void {
  if (!isCalendarDate(date)) throw new ApiError('invalid_request', 'Date attendue au format AAAA-MM-JJ.', [{ path: 'date', message: 'Date attendue au format AAAA-MM-JJ.' }]);
  if (date < toRestaurantDate(now)) throw new ApiError('invalid_request', hoursMessages.pastDate, [{ path: 'date', message: hoursMessages.pastDate }]);
}

/** Refuses a second exception on a date (another row than `exceptId`). */
async function assertDateFree(tx: EditTx, date: string, exceptId?: number): Promise<void> {
  const [other] = await tx.select({ id: calendarExceptions.id }).from(calendarExceptions).where(eq(calendarExceptions.date, date));
  if (other && other.id !== exceptId) throw new ApiError('invalid_request', hoursMessages.exceptionExists, [{ path: 'date', message: hoursMessages.exceptionExists }]);
}

/** The exception's stored values: a closed day has no ranges; an empty message gets the default one. */
function exceptionValues(body: { date: string; is_closed: boolean; ranges: TimeRange[]; message: string }, version: number) {
  const message = body.message.trim() || defaultExceptionMessage(body.date, body.is_closed);
  return { date: body.date, isClosed: body.is_closed, ranges: body.is_closed ? [] : body.ranges, message, version };
}

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
    const today = toRestaurantDate(now);
    const [menuRows, exceptionRows, ordering] = await Promise.all([
      db.select().from(menus).where(isNull(menus.archivedAt)).orderBy(asc(menus.position), asc(menus.menuId)),
      db.select().from(calendarExceptions).orderBy(asc(calendarExceptions.date)),
      readOrdering(db),
    ]);
    return success<HoursPage>(c, {
      menus: menuRows.map(menuView),
      exceptions: exceptionRows.filter((e) => e.date >= today).map(exceptionView),
      ordering: orderingView(ordering, now),
      today,
    });
  });

  declare(app, menuHoursRoute, async (c, input) => {
    const staff = await requireStaff(c, db, clock(), 'owner');
    const menuId = Number(input.params().menu_id);
    const body = await input.body();
    const view = await catalogEdit(db, staff, async (tx, version) => {
      const [row] = await tx.select().from(menus).where(eq(menus.menuId, menuId)).for('update');
      if (!row || row.archivedAt) throw new ApiError('not_found', hoursMessages.menuNotFound);
      const before = menuView(row);
      assertFresh(row.version, body.expected_version, before, hoursMessages.staleHours);
      const [updated] = await tx
        .update(menus)
        .set({ activeTimes: toActiveTimes(body.active_times), timeRanges: body.time_ranges, pickupTimeRanges: body.pickup_time_ranges, version })
        .where(eq(menus.menuId, menuId))
        .returning();
      const after = menuView(updated!);
      return { result: after, audit: [{ entity: 'menu', entityId: menuId, action: 'hours', summary: hoursMessages.auditHours(row.name), before, after }] };
    });
    return success<MenuHoursView>(c, view);
  });

  declare(app, createExceptionRoute, async (c, input) => {
    const now = clock();
    const staff = await requireStaff(c, db, now, 'owner');
    const body = await input.body();
    assertUpcoming(body.date, now);
    const view = await catalogEdit(db, staff, async (tx, version) => {
      await assertDateFree(tx, body.date);
      const [row] = await tx.insert(calendarExceptions).values(exceptionValues(body, version)).returning();
      const after = exceptionView(row!);
      return { result: after, audit: [{ entity: 'exception', entityId: after.id, action: 'create', summary: hoursMessages.auditExceptionCreate(after.date, after.is_closed), before: null, after }] };
    });
    return success<CalendarExceptionView>(c, view, 201);
  });

  declare(app, updateExceptionRoute, async (c, input) => {
    const now = clock();
    const staff = await requireStaff(c, db, now, 'owner');
    const id = Number(input.params().id);
    const body = await input.body();
    assertUpcoming(body.date, now);
    const view = await catalogEdit(db, staff, async (tx, version) => {
      const [row] = await tx.select().from(calendarExceptions).where(eq(calendarExceptions.id, id)).for('update');
      if (!row) throw new ApiError('not_found', hoursMessages.exceptionNotFound);
      const before = exceptionView(row);
      assertFresh(row.version, body.expected_version, before, hoursMessages.staleException);
      await assertDateFree(tx, body.date, id);
      const [updated] = await tx.update(calendarExceptions).set(exceptionValues(body, version)).where(eq(calendarExceptions.id, id)).returning();
      const after = exceptionView(updated!);
      return { result: after, audit: [{ entity: 'exception', entityId: id, action: 'update', summary: hoursMessages.auditExceptionUpdate(after.date), before, after }] };
    });
    return success<CalendarExceptionView>(c, view);
  });

  declare(app, deleteExceptionRoute, async (c, input) => {
    const staff = await requireStaff(c, db, clock(), 'owner');
    const id = Number(input.params().id);
    await catalogEdit(db, staff, async (tx) => {
      const [row] = await tx.delete(calendarExceptions).where(eq(calendarExceptions.id, id)).returning();
      if (!row) throw new ApiError('not_found', hoursMessages.exceptionNotFound);
      const before = exceptionView(row);
      return { result: null, audit: [{ entity: 'exception', entityId: id, action: 'delete', summary: hoursMessages.auditExceptionDelete(row.date), before, after: null }] };
    });
    return success(c, { id });
  });

  declare(app, orderingRoute, async (c) => {
    const now = clock();
    await requireStaff(c, db, now);
    return success<OrderingView>(c, orderingView(await readOrdering(db), now));
  });

  /** One change of the ordering state by any staff member, audited; `set` gives the new columns and the audit's action and summary. */
  const changeOrdering = async (
    c: Context,
    set: (now: Date) => Promise<{ values: Partial<Omit<OrderingRow, 'id' | 'version'>>; action: string; summary: string }>,
  ) => {
    const now = clock();
    const staff = await requireStaff(c, db, now);
    const change = await set(now);
    const view = await catalogEdit(db, staff, async (tx, version) => {
      const before = orderingView(await readOrdering(tx), now);
      const [row] = await tx
        .insert(orderingState)
        .values({ id: 1, ...change.values, version })
        .onConflictDoUpdate({ target: orderingState.id, set: { ...change.values, version } })
        .returning();
      const after = orderingView(row, now);
      return { result: after, audit: [{ entity: 'ordering', entityId: null, action: change.action, summary: change.summary, before, after }] };
    });
    return success<OrderingView>(c, view);
  };

  declare(app, pauseRoute, async (c, input) =>
    changeOrdering(c, async (now) => {
      const body = await input.body();
      const { menus: menuList, calendar } = await catalog.getCatalog();
      const until = pauseEnd(body, now, menuList, calendar);
      return { values: { pausedUntil: until }, action: 'pause', summary: hoursMessages.auditPause(parisTime(until)) };
    }),
  );
  declare(app, resumeRoute, async (c) => changeOrdering(c, async () => ({ values: { pausedUntil: null }, action: 'resume', summary: hoursMessages.auditResume })));
  declare(app, busyRoute, async (c, input) =>
    changeOrdering(c, async (now) => {
      const body = await input.body();
      const until = new Date(now.getTime() + body.minutes * 60_000);
      return {
        values: { busyUntil: until, busyExtraMinutes: body.extra_minutes },
        action: 'busy',
        summary: hoursMessages.auditBusy(body.extra_minutes, parisTime(until)),
      };
    }),
  );
  declare(app, busyOffRoute, async (c) => changeOrdering(c, async () => ({ values: { busyUntil: null, busyExtraMinutes: 0 }, action: 'busy_off', summary: hoursMessages.auditBusyOff })));
  return app;
}
