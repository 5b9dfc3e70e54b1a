import type { ActiveTime, Weekday } from './catalogue.ts';

/** The restaurant's time zone: "today", weekdays and slots are computed here (docs/decisions/016, section 2.3). */
export const restaurantTimeZone = 'Europe/Paris';

/**
 * A value made on its first use (`make` runs once): for Intl formatters, whose making costs
 * milliseconds of a phone's main thread when a page starts, while many pages never use them (docs/decisions/027).
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

/** The quarter's offset when it holds no change (asked at its first and last second), NaN otherwise; kept when `keep`. */
function quarterOffset(quarter: number, keep: boolean): number {
  const known = offsetByQuarter.get(quarter);
  if (known !== undefined) return known;
  const start = quarter * quarterMs;
  const offset = offsetFromIntl(start);
  if (offsetFromIntl(start + quarterMs - 1000) !== offset) return Number.NaN;
  if (keep) {
    if (offsetByQuarter.size >= 4096) offsetByQuarter.clear();
    offsetByQuarter.set(quarter, offset);
  }
  return offset;
}

/** The span the server sent with the page (rememberRestaurantOffset): read without Intl. */
let rememberedSpan: OffsetSpan | undefined;

/**
 * The restaurant zone's UTC offset at `ms`, in ms. Intl costs microseconds and pricing asks it for
 * every offer's time window (docs/decisions/029): it is asked once per quarter hour, at the quarter's first
 * and last second, and kept when both agree (Europe/Paris has changed on whole hours since 1911),
 * then the wall clock is plain arithmetic. A quarter that holds a change (the 1911 one fell at
 * 23:50:39 UTC) is asked at the instant's second, every time. Within a span the server sent, its
 * offset is used.
 * @throws RangeError for an invalid date, as Intl does.
 */
function restaurantOffsetMs(ms: number): number {
  if (rememberedSpan && ms >= rememberedSpan.fromMs && ms < rememberedSpan.untilMs) return rememberedSpan.offsetMs;
  const offset = quarterOffset(Math.floor(ms / quarterMs), true);
  return Number.isNaN(offset) ? offsetFromIntl(Math.floor(ms / 1000) * 1000) : offset;
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
 * The restaurant zone's UTC offset at `instant`, in ms (+3,600,000 in winter, +7,200,000 in summer).
 * @throws RangeError for an invalid date.
 */
export function restaurantOffsetAt(instant: Date): number {
  return restaurantOffsetMs(instant.getTime());
}

/**
 * The zone's offset at an instant and the span of time it holds for: `offsetMs` from `fromMs`
 * (inclusive) to `untilMs` (exclusive), in ms since 1970, whole quarter hours.
 */
export interface OffsetSpan {
  offsetMs: number;
  fromMs: number;
  untilMs: number;
}

/** Spans are searched in steps of 6 h (Europe/Paris never changed twice within that), 400 days each way at most. */
const spanStepQuarters = 24;
const spanLimitQuarters = 400 * 96;
let lastSpan: OffsetSpan | undefined;

/**
 * The offset of Europe/Paris at `instant` and the span around it during which it does not change
 * (from the last change to the next, as Intl knows them; at most 400 days each way): what the server
 * sends with a page, so that the browser reads in Paris, without Intl, both the rendered instant and
 * its own clock, the same minute or days later (rememberRestaurantOffset; the first use of Intl costs
 * a page's hydration Intl's whole initialisation, docs/decisions/029). A quarter hour that holds a
 * change gives an empty span. The last span is kept: each page asks it, seasons change twice a year.
 * @throws RangeError for an invalid date.
 */
export function restaurantOffsetSpan(instant: Date): OffsetSpan {
  const ms = instant.getTime();
  if (lastSpan && ms >= lastSpan.fromMs && ms < lastSpan.untilMs) return lastSpan;
  const quarter = Math.floor(ms / quarterMs);
  const offsetMs = quarterOffset(quarter, false);
  if (Number.isNaN(offsetMs)) return { offsetMs: restaurantOffsetMs(ms), fromMs: ms, untilMs: ms };
  const holds = (q: number) => offsetFromIntl(q * quarterMs) === offsetMs;
  // The last quarter of the span in `direction`: probes quarters' starts every 6 h, halves the gap
  // to the quarter, then steps back over a quarter whose end differs (a change within it).
  const edge = (direction: 1 | -1) => {
    let inside = quarter;
    while (Math.abs(inside - quarter) < spanLimitQuarters) {
      let outside = inside + direction * spanStepQuarters;
      if (holds(outside)) {
        inside = outside;
        continue;
      }
      while (Math.abs(outside - inside) > 1) {
        const middle = inside + direction * Math.floor(Math.abs(outside - inside) / 2);
        if (holds(middle)) inside = middle;
        else outside = middle;
      }
      break;
    }
    while (inside !== quarter && quarterOffset(inside, false) !== offsetMs) inside -= direction;
    return inside;
  };
  lastSpan = { offsetMs, fromMs: edge(-1) * quarterMs, untilMs: (edge(1) + 1) * quarterMs };
  return lastSpan;
}

/**
 * Keeps the span restaurantOffsetSpan gave (the server's, with the page): instants within it are
 * read in Paris with its offset, asking Intl nothing (docs/decisions/029-no-intl-while-hydrating.md).
 * Ignored unless its bounds are finite, in order, and the offset a whole number of minutes within ±18 h.
 */
export function rememberRestaurantOffset(span: OffsetSpan): void {
  const { offsetMs, fromMs, untilMs } = span;
  if (!Number.isFinite(fromMs) || !Number.isFinite(untilMs) || fromMs > untilMs) return;
  if (!Number.isInteger(offsetMs / 60_000) || Math.abs(offsetMs) > 18 * 3_600_000) return;
  rememberedSpan = { offsetMs, fromMs, untilMs };
}

/** A calendar day moved by `days` (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const utc = new Date(`${date}T00:00:00Z`);
  utc.setUTCDate(utc.getUTCDate() + days);
  return utc.toISOString().slice(0, 10);
}
