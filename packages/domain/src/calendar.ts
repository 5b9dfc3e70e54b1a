import type { ActiveTime, TimeRange } from './catalogue.ts';
import { addDays, isOpenAt, toRestaurantDate, toRestaurantTime } from './clock.ts';
import { calendarMessages } from '@resto/copy/storefront/ordering';
import { readSetting, type SettingsList } from './settings.ts';

/**
 * The restaurant's calendar beyond its weekly hours (docs/decisions/023-back-office.md):
 * exceptional closures and openings by date, and the live ordering state (pause, busy mode).
 * Dates are Paris days 'YYYY-MM-DD'; instants ISO 8601 strings; durations in minutes.
 */

/**
 * One exceptional day. Closed (`is_closed` true): no slot, no « dès que possible » that day, whatever
 * the weekly hours. Open (`is_closed` false): that day's hours are `ranges` for opening, delivery
 * and pickup alike, instead of the weekly ones. `message` is shown on the storefront while the
 * day is within the scheduling horizon (« Fermeture exceptionnelle le 25 décembre »).
 */
export interface CalendarException {
  date: string;
  is_closed: boolean;
  ranges: TimeRange[];
  message: string;
}

/**
 * Ordering paused until `paused_until` (always an end: 15/30/60 minutes or the end of the day:
 * « dès que possible » and the slots starting before it are stopped, isStoppedByPause),
 * and busy mode: `busy_extra_minutes` more on the lead time (ASAP estimate and today's first slot)
 * until `busy_until`. Null instants: not paused / not busy.
 */
interface OrderingState {
  paused_until: string | null;
  busy_until: string | null;
  busy_extra_minutes: number;
}

/** Everything the slot picker, ASAP and the server's checks read besides the menus' weekly hours. */
export interface RestaurantCalendar {
  exceptions: CalendarException[];
  ordering: OrderingState;
}

/** No exception, not paused, not busy. */
export const emptyCalendar: RestaurantCalendar = { exceptions: [], ordering: { paused_until: null, busy_until: null, busy_extra_minutes: 0 } };

/** Days ahead, today included, a visitor may schedule an order (the slot picker's horizon). */
export const schedulingHorizonDays = 7;

/** The exception of a Paris day 'YYYY-MM-DD', if any. */
function exceptionOn(calendar: RestaurantCalendar | undefined, date: string): CalendarException | undefined {
  return calendar?.exceptions.find((e) => e.date === date);
}

/**
 * Whether ordering is paused at `now`: `paused_until` is after it (the end itself is no longer
 * paused). What a pause stops is isStoppedByPause's: « dès que possible » and the slots inside it.
 */
export function isPaused(calendar: RestaurantCalendar | undefined, now: Date): boolean {
  const until = calendar?.ordering.paused_until;
  return until != null && Date.parse(until) > now.getTime();
}

/** The busy mode's extra lead time at `now`, minutes: `busy_extra_minutes` while `busy_until` is after now, else 0. */
export function busyExtraMinutes(calendar: RestaurantCalendar | undefined, now: Date): number {
  const until = calendar?.ordering.busy_until;
  return until != null && Date.parse(until) > now.getTime() ? Math.max(0, calendar!.ordering.busy_extra_minutes) : 0;
}

/**
 * A day's ranges once the calendar is applied: none on an exceptional closure, the exception's
 * ranges on an exceptional opening (for opening, delivery and pickup alike), else `weekly`.
 */
export function rangesOn(weekly: readonly TimeRange[], date: string, calendar?: RestaurantCalendar): readonly TimeRange[] {
  const exception = exceptionOn(calendar, date);
  if (!exception) return weekly;
  return exception.is_closed ? [] : exception.ranges;
}

/**
 * Whether opening hours include an instant once the calendar is applied (Europe/Paris): on an
 * exceptional day its ranges decide (none when closed), else the weekly `active_times` (isOpenAt).
 * Same reading of a range as isOpenAt: start inclusive, end exclusive, an end at or before the
 * start runs to midnight. The pause is not read here (see isPaused): the hours are.
 */
export function isOpenOn(activeTimes: readonly ActiveTime[], now: Date, calendar?: RestaurantCalendar): boolean {
  const exception = exceptionOn(calendar, toRestaurantDate(now));
  if (!exception) return isOpenAt(activeTimes, now);
  if (exception.is_closed) return false;
  const { time } = toRestaurantTime(now);
  return exception.ranges.some(({ start, end }) => time >= start && (end <= start || time < end));
}

/** The exceptions from `today` to the end of the scheduling horizon (the storefront's banner and picker), by date. */
export function upcomingExceptions(calendar: RestaurantCalendar, today: string, horizonDays = schedulingHorizonDays): CalendarException[] {
  const last = addDays(today, horizonDays - 1);
  // 'YYYY-MM-DD' sorts as text; localeCompare would wake Intl's collator for nothing.
  return calendar.exceptions.filter((e) => e.date >= today && e.date <= last).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** 'HH:MM' in Europe/Paris of an ISO instant (« reprise à 19:45 »). */
export function parisTime(instant: string | Date): string {
  return toRestaurantTime(new Date(instant)).time;
}

/**
 * What the pause at `now` stops (docs/decisions/023-back-office.md, « Pause »): « dès que
 * possible » for as long as it lasts, and the slots starting before its end (`paused_until`; the
 * end itself is open again). A slot starting at or after the end stays bookable, also while the
 * pause lasts: a 15-minute pause stops the next quarter hour, not the evening's pre-orders.
 * `wanted`: 'asap', or a slot's start (a Date or epoch ms). False when not paused at `now`.
 * The storefront's picker (generateSlots) and the server's check (checkOrderSchedule) both read it.
 */
export function isStoppedByPause(calendar: RestaurantCalendar | undefined, now: Date, wanted: 'asap' | Date | number): boolean {
  if (!isPaused(calendar, now)) return false;
  if (wanted === 'asap') return true;
  return (typeof wanted === 'number' ? wanted : wanted.getTime()) < Date.parse(calendar!.ordering.paused_until!);
}

/**
 * The refusal of an order the pause stops (isStoppedByPause), naming the pause's end in Paris:
 * « Le restaurant fait une pause jusqu'à 19:45 : choisissez un créneau. » for « dès que possible »,
 * « Ce créneau tombe pendant la pause du restaurant : choisissez un créneau à partir de 19:45. »
 * for a slot. Null when the pause does not stop it.
 */
export function pauseRefusal(calendar: RestaurantCalendar | undefined, now: Date, wanted: 'asap' | Date | number): string | null {
  if (!isStoppedByPause(calendar, now, wanted)) return null;
  const end = parisTime(calendar!.ordering.paused_until!);
  return wanted === 'asap' ? calendarMessages.pausedAsap(end) : calendarMessages.pausedSlot(end);
}

/** A range's minutes [start, end): an end of 00:00 is midnight (1440). */
const rangeBounds = (range: TimeRange): [number, number] => {
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  return [minutes(range.start), range.end === '00:00' ? 24 * 60 : minutes(range.end)];
};

/**
 * What is wrong with one day's ranges as the back office edits them (docs/decisions/023, « Hours »):
 * a range must end after it starts — except an end of 00:00, which is midnight (a range past
 * midnight is written as two, one on each day) — and the ranges of a day must not overlap
 * (touching is fine). Returns one issue per faulty range, its index and French message.
 */
export function rangeIssues(ranges: readonly TimeRange[]): { index: number; message: string }[] {
  const issues: { index: number; message: string }[] = [];
  const valid: { index: number; bounds: [number, number] }[] = [];
  ranges.forEach((range, index) => {
    const bounds = rangeBounds(range);
    if (bounds[1] <= bounds[0]) issues.push({ index, message: calendarMessages.endBeforeStart });
    else valid.push({ index, bounds });
  });
  for (const a of valid)
    if (valid.some((b) => b.index < a.index && a.bounds[0] < b.bounds[1] && b.bounds[0] < a.bounds[1]))
      issues.push({ index: a.index, message: calendarMessages.overlap });
  return issues.sort((x, y) => x.index - y.index);
}

/** The read-only settings GET /v2/public/settings adds for the storefront (computed by the server, not in the restaurant file). */
const calendarSettings = {
  pausedUntil: 'ordering.paused_until',
  busyUntil: 'ordering.busy_until',
  busyExtraMinutes: 'ordering.busy_extra_minutes',
  exceptions: 'calendar.exceptions',
} as const;

/**
 * The calendar settings the server adds to the public settings at `now`: the pause's end (null
 * when not paused), busy minutes (0 when not busy) and its end, and the exceptions within the horizon.
 */
export function calendarAsSettings(calendar: RestaurantCalendar, now: Date): { name: string; value: unknown }[] {
  const busy = busyExtraMinutes(calendar, now);
  return [
    { name: calendarSettings.pausedUntil, value: isPaused(calendar, now) ? calendar.ordering.paused_until : null },
    { name: calendarSettings.busyExtraMinutes, value: busy },
    { name: calendarSettings.busyUntil, value: busy > 0 ? calendar.ordering.busy_until : null },
    { name: calendarSettings.exceptions, value: upcomingExceptions(calendar, toRestaurantDate(now)) },
  ];
}

/** The calendar the storefront reads back from the public settings (calendarAsSettings); empty when absent. */
export function readCalendar(settings: SettingsList): RestaurantCalendar {
  const value = (name: string) => settings.find((s) => s.name === name)?.value;
  const instant = (name: string) => {
    const v = value(name);
    return typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? v : null;
  };
  const exceptions = value(calendarSettings.exceptions);
  return {
    exceptions: Array.isArray(exceptions) ? (exceptions as CalendarException[]) : [],
    ordering: {
      paused_until: instant(calendarSettings.pausedUntil),
      busy_until: instant(calendarSettings.busyUntil),
      busy_extra_minutes: readSetting(settings, calendarSettings.busyExtraMinutes, 0),
    },
  };
}
