import type { CalendarException } from './calendar.ts';
import type { ActiveTime, TimeRange } from './catalogue.ts';
import { addDays, restaurantInstant, toMinutes, toRestaurantDate, weekdayOf } from './scheduling.ts';
import { toRestaurantTime } from './clock.ts';

/**
 * « Épuisé » (docs/decisions/023-back-office.md): a dish sold out for today comes
 * back by itself at the next opening; one sold out « jusqu'à nouvel ordre » stays off until
 * someone puts it back. Pure rules; the API stores `items.sold_out_until` and `items.is_available`.
 */

/** The three states the back office shows for a dish. */
export const availabilityStates = ['available', 'sold_out_today', 'sold_out'] as const;
export type AvailabilityState = (typeof availabilityStates)[number];

/** How far ahead an opening day is looked for (days); past it, the dish comes back the next Paris midnight. */
export const soldOutHorizonDays = 14;

/** The opening ranges of a Paris day: an exception's (closed: none), else the menu's weekly hours. */
function openingRangesOf(activeTimes: readonly ActiveTime[], exceptions: readonly CalendarException[], date: string): readonly TimeRange[] {
  const exception = exceptions.find((e) => e.date === date);
  if (exception) return exception.is_closed ? [] : exception.ranges;
  const day = activeTimes.find((a) => a.day === weekdayOf(date));
  return day?.is_open ? day.times : [];
}

/** The first instant at or after a Paris wall-clock time of a day (a time skipped in March moves to the next minute that exists). */
function firstInstantFrom(date: string, minutes: number): Date {
  for (let m = minutes; m < 24 * 60; m++) {
    const instant = restaurantInstant(date, `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
    if (instant) return instant;
  }
  return restaurantInstant(addDays(date, 1), '00:00')!;
}

/**
 * The Paris day whose service `now` belongs to: yesterday while a range of yesterday's that runs
 * past midnight (end before start, e.g. 19:00–02:00) is still going on, else today.
 */
export function serviceDayOf(activeTimes: readonly ActiveTime[], now: Date, exceptions: readonly CalendarException[] = []): string {
  const today = toRestaurantDate(now);
  const yesterday = addDays(today, -1);
  const time = toMinutes(toRestaurantTime(now).time);
  const overnight = openingRangesOf(activeTimes, exceptions, yesterday).some((r) => toMinutes(r.end) < toMinutes(r.start) && time < toMinutes(r.end));
  return overnight ? yesterday : today;
}

/**
 * When a dish marked « épuisé aujourd'hui » at `now` comes back: the first opening time (Europe/Paris)
 * of the next day after today's service that opens at all — weekly hours of the dish's menu
 * (`activeTimes`), with exceptional closures skipped and exceptional openings counted (`exceptions`).
 * Tuesday 12:30 with Tuesday and Wednesday open 11:30 → Wednesday 11:30; Saturday night with Sunday
 * and Monday closed → Tuesday's opening; 00:30 during a 19:00–02:00 service → the next day's 19:00,
 * not tonight's. A clock change is followed (the instant is the wall-clock time of that day).
 * No opening within `soldOutHorizonDays`: the next Paris midnight.
 * @returns an instant (the value of `items.sold_out_until`).
 */
export function soldOutTodayUntil(activeTimes: readonly ActiveTime[], now: Date, exceptions: readonly CalendarException[] = []): Date {
  const serviceDay = serviceDayOf(activeTimes, now, exceptions);
  for (let offset = 1; offset <= soldOutHorizonDays; offset++) {
    const date = addDays(serviceDay, offset);
    const ranges = openingRangesOf(activeTimes, exceptions, date);
    if (!ranges.length) continue;
    const first = Math.min(...ranges.map((r) => toMinutes(r.start)));
    const instant = firstInstantFrom(date, first);
    if (instant > now) return instant;
  }
  return firstInstantFrom(addDays(toRestaurantDate(now), 1), 0);
}

/**
 * Whether a dish can be ordered at `now`: on sale (`isAvailable`) and not sold out for the day
 * (`soldOutUntil` null or passed: the dish comes back by itself at that instant).
 */
export function isOnSale(isAvailable: boolean, soldOutUntil: Date | null | undefined, now: Date): boolean {
  return isAvailable && !(soldOutUntil && soldOutUntil > now);
}

/** The state the back office shows: « jusqu'à nouvel ordre » wins over « aujourd'hui ». */
export function availabilityState(isAvailable: boolean, soldOutUntil: Date | null | undefined, now: Date): AvailabilityState {
  if (!isAvailable) return 'sold_out';
  return soldOutUntil && soldOutUntil > now ? 'sold_out_today' : 'available';
}
