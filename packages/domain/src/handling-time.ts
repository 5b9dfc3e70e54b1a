import type { Menu } from './catalogue.ts';
import { rangesOn, type RestaurantCalendar } from './calendar.ts';
import { addDays, toRestaurantDate } from './clock.ts';
import { parseSlotValue, restaurantInstant, toMinutes, weekdayOf } from './scheduling.ts';

/**
 * When an order waiting for the restaurant's answer starts to count as waiting
 * (docs/decisions/022-nothing-unseen.md, « Counting in opening time »). The unseen alert and the
 * automatic refusal count minutes of opening time only, from the moment staff can handle the
 * order: never while the restaurant is closed, and for a scheduled order not before the opening
 * that precedes its slot. An order placed at 22:12 for tomorrow 19:30 (open 18:30–22:30) is
 * counted from tomorrow 18:30; an « as soon as possible » order during service, from its placing.
 */

/** The menus' fields the rule reads: which are available, and their weekly opening hours. */
export type OpeningMenu = Pick<Menu, 'menu_is_available' | 'active_times'>;

/** An opening of the restaurant, [start, end) as instants. */
export interface Opening {
  start: Date;
  end: Date;
}

/** What the rule needs of an order: when it was placed, and its slot ('YYYY-MM-DD', 'HH:MM - HH:MM') when scheduled. */
export interface WaitingOrderTimes {
  placedAt: Date;
  deliveryDate?: string | null | undefined;
  deliveryTimeRange?: string | null | undefined;
}

/** How far the rule looks for an opening, days (the slot picker's 7-day horizon, and one more for an order placed on its last evening). */
const searchDays = 9;

/**
 * The restaurant's openings on one Paris day 'YYYY-MM-DD', sorted and merged (two menus open
 * 11:30–14:30 and 12:00–15:00 make one opening 11:30–15:00): every available menu's weekly hours
 * for that weekday, the calendar's exceptional day replacing them (rangesOn, as isOpenOn reads
 * the hours). An end at or before its start runs to midnight. A time skipped by a clock change is
 * moved to the next existing minute.
 */
export function openingsOn(menus: readonly OpeningMenu[], date: string, calendar?: RestaurantCalendar): Opening[] {
  const day = weekdayOf(date);
  const minuteRanges = menus
    .filter((menu) => menu.menu_is_available)
    .flatMap((menu) => {
      const weekly = menu.active_times.find((a) => a.day === day);
      return rangesOn(weekly?.is_open ? weekly.times : [], date, calendar);
    })
    .map(({ start, end }): [number, number] => {
      const from = toMinutes(start);
      const to = toMinutes(end);
      return [from, to <= from ? 24 * 60 : to];
    })
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of minuteRanges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged.map(([from, to]) => ({ start: instantOf(date, from), end: instantOf(date, to) }));
}

/**
 * The instant staff can start handling an order, or null when the restaurant does not open within
 * the next nine days. The first instant at or after `placedAt` when the restaurant is open; for a
 * scheduled order, not before the start of the latest opening that begins at or before its slot's
 * start (the opening that precedes the slot, on the slot's day or an earlier one).
 */
export function handlingStartsAt(order: WaitingOrderTimes, menus: readonly OpeningMenu[], calendar?: RestaurantCalendar): Date | null {
  const openings = openingsFrom(order.placedAt, menus, calendar);
  const first = openings[0];
  if (!first) return null;
  const earliest = first.start.getTime() > order.placedAt.getTime() ? first.start : order.placedAt;
  const slotStart = scheduledStart(order);
  if (!slotStart) return earliest;
  const preceding = openings.filter((opening) => opening.start.getTime() <= slotStart.getTime()).at(-1);
  return preceding && preceding.start.getTime() > earliest.getTime() ? preceding.start : earliest;
}

/**
 * The instant when `minutes` of opening time have passed since the order could first be handled
 * (handlingStartsAt), or null when that never happens within the search window. Closed hours,
 * closed days and exceptional closures do not count. `minutes` 0 is the handling start itself.
 */
export function escalationDueAt(order: WaitingOrderTimes, minutes: number, menus: readonly OpeningMenu[], calendar?: RestaurantCalendar): Date | null {
  const start = handlingStartsAt(order, menus, calendar);
  if (!start) return null;
  let left = Math.max(0, minutes) * 60_000;
  for (const opening of openingsFrom(start, menus, calendar)) {
    const from = Math.max(opening.start.getTime(), start.getTime());
    const length = opening.end.getTime() - from;
    if (left <= length) return new Date(from + left);
    left -= length;
  }
  return null;
}

/**
 * Minutes of opening time between the order's handling start and `now` (0 before it, whole
 * minutes rounded down): how long the order has really waited, as the alert says it.
 */
export function waitingMinutes(order: WaitingOrderTimes, now: Date, menus: readonly OpeningMenu[], calendar?: RestaurantCalendar): number {
  const start = handlingStartsAt(order, menus, calendar);
  if (!start || start.getTime() >= now.getTime()) return 0;
  let total = 0;
  for (const opening of openingsFrom(start, menus, calendar)) {
    if (opening.start.getTime() >= now.getTime()) break;
    const from = Math.max(opening.start.getTime(), start.getTime());
    total += Math.min(opening.end.getTime(), now.getTime()) - from;
  }
  return Math.floor(total / 60_000);
}

/** The openings that end after `from`, over the search window, in order (the one under way first). */
function openingsFrom(from: Date, menus: readonly OpeningMenu[], calendar?: RestaurantCalendar): Opening[] {
  const today = toRestaurantDate(from);
  const openings: Opening[] = [];
  for (let offset = 0; offset < searchDays; offset++) {
    for (const opening of openingsOn(menus, addDays(today, offset), calendar)) {
      if (opening.end.getTime() > from.getTime()) openings.push(opening);
    }
  }
  return openings;
}

/** The start of a scheduled order's slot as an instant, or null for « dès que possible » (or an unreadable slot). */
function scheduledStart(order: WaitingOrderTimes): Date | null {
  if (!order.deliveryDate || !order.deliveryTimeRange) return null;
  const slot = parseSlotValue(order.deliveryTimeRange);
  return slot ? instantOf(order.deliveryDate, toMinutes(slot.start)) : null;
}

/** Minutes of a Paris day → instant; 1440 is the next midnight; a minute skipped by the spring change moves forward. */
function instantOf(date: string, minutes: number): Date {
  if (minutes >= 24 * 60) return instantOf(addDays(date, 1), minutes - 24 * 60);
  for (let m = minutes; m < minutes + 120; m++) {
    const time = `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const instant = restaurantInstant(m >= 24 * 60 ? addDays(date, 1) : date, time);
    if (instant) return instant;
  }
  // Unreachable: Europe/Paris never skips two hours.
  return restaurantInstant(date, '00:00') ?? new Date(Number.NaN);
}

/** What the no-screen alert reads (docs/decisions/022-nothing-unseen.md, « One e-mail per outage »). */
export interface ScreensState {
  now: Date;
  /** The most recent heartbeat of any staff screen, or null when none ever sent one. */
  lastHeartbeat: Date | null;
  /** When the first staff account still on the team was created, or null when there is none: nobody could have opened a board. */
  staffSince: Date | null;
  /** A screen is connected while its last heartbeat is at most this old, ms (45 s: three missed beats of 15 s). */
  windowMs: number;
}

/** How long no screen must have been connected during an opening before the owners are told, minutes: a board reloading or a tablet changing networks is no outage. */
export const screensOutageGraceMinutes = 3;

/**
 * The outage the owners must be told of now, or null: the restaurant is open (openingsOn), no
 * screen is connected, somebody could have opened a board (a staff account exists), and no screen
 * has been connected for `screensOutageGraceMinutes`, counted from the latest of the last
 * heartbeat, the opening's start and the first staff account. `key` names the outage by its
 * opening ('2026-11-24T17:30:00.000Z'): screens coming and going within one service make one
 * e-mail, the next service another. `since` is the last heartbeat, as the e-mail says it.
 */
export function screensOutage(state: ScreensState, menus: readonly OpeningMenu[], calendar?: RestaurantCalendar): { key: string; since: Date | null } | null {
  const { now, lastHeartbeat, staffSince, windowMs } = state;
  if (!staffSince) return null;
  if (lastHeartbeat && now.getTime() - lastHeartbeat.getTime() <= windowMs) return null;
  const t = now.getTime();
  const today = toRestaurantDate(now);
  const opening = [...openingsOn(menus, addDays(today, -1), calendar), ...openingsOn(menus, today, calendar)].find(
    (o) => o.start.getTime() <= t && t < o.end.getTime(),
  );
  if (!opening) return null;
  const outageStart = Math.max(opening.start.getTime(), lastHeartbeat?.getTime() ?? 0, staffSince.getTime());
  if (t - outageStart < screensOutageGraceMinutes * 60_000) return null;
  return { key: opening.start.toISOString(), since: lastHeartbeat };
}
