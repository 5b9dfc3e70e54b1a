import type { z } from 'zod';
import type {
  BusyBodySchema,
  CalendarExceptionBodySchema,
  CalendarExceptionUpdateSchema,
  CalendarExceptionView,
  HoursPage,
  MenuHoursBodySchema,
  MenuHoursView,
  OrderingView,
  PauseBody,
} from '@resto/contract/backoffice-hours';
import { busyExtraMinutes, isPaused, parisTime, type RestaurantCalendar } from '@resto/domain/calendar';
import type { ActiveTime, TimeRange, WeeklyRanges } from '@resto/domain/catalogue';
import { weekdays } from '@resto/domain/catalogue';
import { toRestaurantDate } from '@resto/domain/clock';
import { defaultExceptionMessage, hoursAnswers, hoursPage } from '@resto/copy/staff/hours';
import { pauseEnd } from '@resto/domain/scheduling';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { assertFresh, catalogEdit, type EditAuthor } from '../audit/index.ts';
import type { CatalogService } from '../catalog/index.ts';
import * as repository from './repository.ts';
import type { ExceptionRow, MenuRow, OrderingRow, OrderingValues } from './repository.ts';

/**
 * Hours, exceptional days, pause and busy mode (docs/decisions/023-back-office.md,
 * « Hours »): the views the API answers and the changes. Every change goes through catalogEdit
 * (new catalogue version, audit entry, the storefront's catalogue rebuilt at once).
 */

type MenuHoursBody = z.infer<typeof MenuHoursBodySchema>;
type ExceptionBody = z.infer<typeof CalendarExceptionBodySchema>;
type ExceptionUpdate = z.infer<typeof CalendarExceptionUpdateSchema>;
type BusyBody = z.infer<typeof BusyBodySchema>;

/** Opening hours as the menus table stores them (spec: label, is_open, times) from weekly ranges. */
function toActiveTimes(weekly: WeeklyRanges): ActiveTime[] {
  return weekdays.map((day) => {
    const times = weekly[day] ?? [];
    return { day, label: hoursPage.weekdays[day], is_open: times.length > 0, times };
  });
}

/** Weekly ranges from stored opening hours (a closed day has none). */
function fromActiveTimes(activeTimes: readonly ActiveTime[]): WeeklyRanges {
  return Object.fromEntries(weekdays.map((day) => {
    const today = activeTimes.find((a) => a.day === day);
    return [day, today?.is_open ? today.times : []];
  }));
}

const menuView = (row: MenuRow): MenuHoursView => ({
  menu_id: row.menuId,
  name: row.name,
  version: row.version,
  active_times: fromActiveTimes(row.activeTimes),
  time_ranges: row.timeRanges,
  pickup_time_ranges: row.pickupTimeRanges,
});

const exceptionView = (row: ExceptionRow): CalendarExceptionView => ({
  id: row.id,
  date: row.date,
  is_closed: row.isClosed,
  ranges: row.ranges,
  message: row.message,
  version: row.version,
});

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

/** Whether a 'YYYY-MM-DD' is a real calendar day. */
const isCalendarDate = (value: string) => new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** Refuses a date that is not a real day or is before today in Paris (field `date`). */
function assertUpcoming(date: string, now: Date): void {
  if (!isCalendarDate(date)) throw new ApiError('invalid_request', 'Date attendue au format AAAA-MM-JJ.', [{ path: 'date', message: 'Date attendue au format AAAA-MM-JJ.' }]);
  if (date < toRestaurantDate(now)) throw new ApiError('invalid_request', hoursAnswers.pastDate, [{ path: 'date', message: hoursAnswers.pastDate }]);
}

/** Refuses a second exception on a date (another row than `exceptId`). */
async function assertDateFree(tx: Database, date: string, exceptId?: number): Promise<void> {
  const other = await repository.exceptionIdOn(tx, date);
  if (other !== undefined && other !== exceptId) throw new ApiError('invalid_request', hoursAnswers.exceptionExists, [{ path: 'date', message: hoursAnswers.exceptionExists }]);
}

/** The exception's stored values: a closed day has no ranges; an empty message gets the default one. */
function exceptionValues(body: { date: string; is_closed: boolean; ranges: TimeRange[]; message: string }, version: number) {
  const message = body.message.trim() || defaultExceptionMessage(body.date, body.is_closed);
  return { date: body.date, isClosed: body.is_closed, ranges: body.is_closed ? [] : body.ranges, message, version };
}

/** GET /hours: every live menu's hours, the exceptional days from today (Paris) on, the ordering state at `now`. */
export async function readHoursPage(db: Database, now: Date): Promise<HoursPage> {
  const today = toRestaurantDate(now);
  const [menuRows, exceptionRows, ordering] = await Promise.all([repository.readLiveMenus(db), repository.readExceptions(db), repository.readOrdering(db)]);
  return {
    menus: menuRows.map(menuView),
    exceptions: exceptionRows.filter((e) => e.date >= today).map(exceptionView),
    ordering: orderingView(ordering, now),
    today,
  };
}

/**
 * Replaces a menu's hours. @returns the hours written.
 * @throws ApiError not_found (no live menu `menuId`), stale_edit (the menu changed since `expected_version`).
 */
export function setMenuHours(db: Database, author: EditAuthor, menuId: number, body: MenuHoursBody): Promise<MenuHoursView> {
  return catalogEdit(db, author, async (tx, version) => {
    const row = await repository.lockMenu(tx, menuId);
    if (!row || row.archivedAt) throw new ApiError('not_found', hoursAnswers.menuNotFound);
    const before = menuView(row);
    assertFresh(row.version, body.expected_version, before, hoursAnswers.staleHours);
    const updated = await repository.updateMenuHours(tx, menuId, {
      activeTimes: toActiveTimes(body.active_times),
      timeRanges: body.time_ranges,
      pickupTimeRanges: body.pickup_time_ranges,
      version,
    });
    const after = menuView(updated!);
    return { result: after, audit: [{ entity: 'menu', entityId: menuId, action: 'hours', summary: hoursAnswers.auditHours(row.name), before, after }] };
  });
}

/** Adds an exceptional day. @throws ApiError invalid_request (`date` not a day, past, or already taken). */
export function createException(db: Database, author: EditAuthor, now: Date, body: ExceptionBody): Promise<CalendarExceptionView> {
  assertUpcoming(body.date, now);
  return catalogEdit(db, author, async (tx, version) => {
    await assertDateFree(tx, body.date);
    const row = await repository.insertException(tx, exceptionValues(body, version));
    const after = exceptionView(row!);
    return { result: after, audit: [{ entity: 'exception', entityId: after.id, action: 'create', summary: hoursAnswers.auditExceptionCreate(after.date, after.is_closed), before: null, after }] };
  });
}

/** Rewrites an exceptional day. @throws ApiError invalid_request (as createException), not_found, stale_edit. */
export function updateException(db: Database, author: EditAuthor, now: Date, id: number, body: ExceptionUpdate): Promise<CalendarExceptionView> {
  assertUpcoming(body.date, now);
  return catalogEdit(db, author, async (tx, version) => {
    const row = await repository.lockException(tx, id);
    if (!row) throw new ApiError('not_found', hoursAnswers.exceptionNotFound);
    const before = exceptionView(row);
    assertFresh(row.version, body.expected_version, before, hoursAnswers.staleException);
    await assertDateFree(tx, body.date, id);
    const updated = await repository.updateException(tx, id, exceptionValues(body, version));
    const after = exceptionView(updated!);
    return { result: after, audit: [{ entity: 'exception', entityId: id, action: 'update', summary: hoursAnswers.auditExceptionUpdate(after.date), before, after }] };
  });
}

/** Deletes an exceptional day: the usual week applies that day again. @throws ApiError not_found. */
export async function deleteException(db: Database, author: EditAuthor, id: number): Promise<void> {
  await catalogEdit(db, author, async (tx) => {
    const row = await repository.deleteException(tx, id);
    if (!row) throw new ApiError('not_found', hoursAnswers.exceptionNotFound);
    const before = exceptionView(row);
    return { result: null, audit: [{ entity: 'exception', entityId: id, action: 'delete', summary: hoursAnswers.auditExceptionDelete(row.date), before, after: null }] };
  });
}

/** The ordering state at `now`. */
export async function orderingAt(db: Database, now: Date): Promise<OrderingView> {
  return orderingView(await repository.readOrdering(db), now);
}

/** One change of the ordering state: the columns it sets, and its audit entry's action and summary. */
export interface OrderingChange {
  values: OrderingValues;
  action: string;
  summary: string;
}

/** Applies an ordering change at `now`, audited. @returns the state after it. */
export function changeOrdering(db: Database, author: EditAuthor, now: Date, change: OrderingChange): Promise<OrderingView> {
  return catalogEdit(db, author, async (tx, version) => {
    const before = orderingView(await repository.readOrdering(tx), now);
    const row = await repository.upsertOrdering(tx, change.values, version);
    const after = orderingView(row, now);
    return { result: after, audit: [{ entity: 'ordering', entityId: null, action: change.action, summary: change.summary, before, after }] };
  });
}

/** A pause of 15, 30 or 60 minutes or to the day's end (the end of today's last opening range, else midnight), on the catalogue's hours. */
export async function pauseChange(catalog: CatalogService, body: PauseBody, now: Date): Promise<OrderingChange> {
  const { menus: menuList, calendar } = await catalog.getCatalog();
  const until = pauseEnd(body, now, menuList, calendar);
  return { values: { pausedUntil: until }, action: 'pause', summary: hoursAnswers.auditPause(parisTime(until)) };
}

/** The end of the pause. */
export const resumeChange: OrderingChange = { values: { pausedUntil: null }, action: 'resume', summary: hoursAnswers.auditResume };

/** Busy mode: `extra_minutes` more on the lead time for `minutes` from `now`. */
export function busyChange(body: BusyBody, now: Date): OrderingChange {
  const until = new Date(now.getTime() + body.minutes * 60_000);
  return {
    values: { busyUntil: until, busyExtraMinutes: body.extra_minutes },
    action: 'busy',
    summary: hoursAnswers.auditBusy(body.extra_minutes, parisTime(until)),
  };
}

/** The end of busy mode. */
export const busyOffChange: OrderingChange = { values: { busyUntil: null, busyExtraMinutes: 0 }, action: 'busy_off', summary: hoursAnswers.auditBusyOff };
