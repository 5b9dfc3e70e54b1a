import type { ActiveTime, Weekday } from './catalogue.ts';

/** The restaurant's time zone: "today", weekdays and slots are computed here (docs/decisions/016, section 2.3). */
export const restaurantTimeZone = 'Europe/Paris';

/**
 * A value made on its first use (`make` runs once): for Intl formatters, whose making costs
 * milliseconds of a phone's main thread when a page starts, while many pages never use them (issue 15).
 */
export function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const wallClock = lazily(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: restaurantTimeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    }),
);

const quarterMs = 15 * 60_000;
/** The restaurant's UTC offset (ms) per UTC quarter hour (its number since 1970), as Intl gave it: at most 4,096 kept. */
const offsetByQuarter = new Map<number, number>();

/** The zone's offset (ms) at an instant on a whole second, from Intl's wall clock (seconds included: Paris was +00:09:21 before 1911). */
function offsetFromIntl(secondMs: number): number {
  const parts: Record<string, string> = {};
  for (const part of wallClock().formatToParts(new Date(secondMs))) parts[part.type] = part.value;
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)) - secondMs;
}

/**
 * The restaurant zone's UTC offset at `ms`, in ms. Intl costs microseconds and pricing asks it for
 * every offer's time window (issue 15): it is asked once per quarter hour, at the quarter's first
 * and last second, and kept when both agree (Europe/Paris has changed on whole hours since 1911),
 * then the wall clock is plain arithmetic. A quarter that holds a change (the 1911 one fell at
 * 23:50:39 UTC) is asked at the instant's second, every time.
 * @throws RangeError for an invalid date, as Intl does.
 */
function restaurantOffsetMs(ms: number): number {
  const quarter = Math.floor(ms / quarterMs);
  let offset = offsetByQuarter.get(quarter);
  if (offset === undefined) {
    const start = quarter * quarterMs;
    offset = offsetFromIntl(start);
    if (offsetFromIntl(start + quarterMs - 1000) !== offset) return offsetFromIntl(Math.floor(ms / 1000) * 1000);
    if (offsetByQuarter.size >= 4096) offsetByQuarter.clear();
    offsetByQuarter.set(quarter, offset);
  }
  return offset;
}

const weekdayOfUtcDay: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

// Pricing asks the same minute many times (once per offer): the last answer is kept.
let lastMinute = Number.NaN;
let lastResult: { day: Weekday; time: string } = { day: 'mon', time: '00:00' };

/** The weekday ('mon'..'sun') and 'HH:MM' of an instant in Europe/Paris, whatever the host's zone. */
export function toRestaurantTime(instant: Date): { day: Weekday; time: string } {
  const ms = instant.getTime();
  const minute = Math.floor(ms / 60_000);
  if (minute === lastMinute) return lastResult;
  if (Number.isNaN(ms)) throw new RangeError('Invalid time value');
  const offset = restaurantOffsetMs(ms);
  const wall = new Date(ms + offset);
  const result = { day: weekdayOfUtcDay[wall.getUTCDay()]!, time: `${twoDigits(wall.getUTCHours())}:${twoDigits(wall.getUTCMinutes())}` };
  // A UTC minute is one wall-clock minute only under an offset of whole minutes.
  if (offset % 60_000 === 0) {
    lastMinute = minute;
    lastResult = result;
  }
  return result;
}

/**
 * Whether opening hours include an instant (Europe/Paris): that weekday is open and one of its
 * start/end pairs holds the time (start inclusive, end exclusive). A range whose end is before its
 * start runs past midnight and is read as [start, 24:00).
 */
export function isOpenAt(activeTimes: readonly ActiveTime[], instant: Date): boolean {
  const { day, time } = toRestaurantTime(instant);
  const today = activeTimes.find((a) => a.day === day);
  if (!today?.is_open) return false;
  return today.times.some(({ start, end }) => time >= start && (end <= start ? true : time < end));
}

const dateParts = lazily(() => new Intl.DateTimeFormat('en-US', { timeZone: restaurantTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' }));

/** The calendar day of an instant in Europe/Paris, 'YYYY-MM-DD'. */
export function toRestaurantDate(instant: Date): string {
  const ms = instant.getTime();
  // The wall clock by the quarter's offset (restaurantOffsetMs), as toRestaurantTime; Intl's parts
  // outside years 1000 to 9999, where toISOString's shape changes (clock.test.ts compares both).
  if (ms >= minFourDigitYearMs && ms < maxFourDigitYearMs) return new Date(ms + restaurantOffsetMs(ms)).toISOString().slice(0, 10);
  const parts = Object.fromEntries(dateParts().formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}
const minFourDigitYearMs = Date.UTC(1000, 0, 2);
const maxFourDigitYearMs = Date.UTC(9999, 11, 30);

/**
 * The restaurant zone's UTC offset at `instant`, in ms (+3,600,000 in winter, +7,200,000 in summer):
 * what the server sends with a page so that the browser can read the rendered instant in Paris
 * without Intl (rememberRestaurantOffset). @throws RangeError for an invalid date.
 */
export function restaurantOffsetAt(instant: Date): number {
  return restaurantOffsetMs(instant.getTime());
}

/**
 * Keeps an offset that restaurantOffsetAt gave (the server's, with the page) for the quarter hour of
 * `instant`, so that reading that quarter in Paris asks Intl nothing: the first use of Intl costs a
 * page's hydration Intl's whole initialisation (docs/decisions/029-no-intl-while-hydrating.md).
 * Ignored unless both are finite and the offset a whole number of minutes within ±18 h.
 */
export function rememberRestaurantOffset(instant: Date, offsetMs: number): void {
  const ms = instant.getTime();
  if (!Number.isFinite(ms) || !Number.isInteger(offsetMs / 60_000) || Math.abs(offsetMs) > 18 * 3_600_000) return;
  const quarter = Math.floor(ms / quarterMs);
  if (offsetByQuarter.has(quarter)) return;
  if (offsetByQuarter.size >= 4096) offsetByQuarter.clear();
  offsetByQuarter.set(quarter, offsetMs);
}

/** A calendar day moved by `days` (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const utc = new Date(`${date}T00:00:00Z`);
  utc.setUTCDate(utc.getUTCDate() + days);
  return utc.toISOString().slice(0, 10);
}
