import type { ActiveTime, Weekday } from './catalogue.ts';

/** The restaurant's time zone: "today", weekdays and slots are computed here (docs/decisions/016, section 2.3). */
export const restaurantTimeZone = 'Europe/Paris';

const partsFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: restaurantTimeZone,
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

// Intl formatting costs microseconds and pricing asks the same minute many times (once per offer).
let lastMinute = Number.NaN;
let lastResult: { day: Weekday; time: string } = { day: 'mon', time: '00:00' };

/** The weekday ('mon'..'sun') and 'HH:MM' of an instant in Europe/Paris, whatever the host's zone. */
export function toRestaurantTime(instant: Date): { day: Weekday; time: string } {
  const minute = Math.floor(instant.getTime() / 60_000);
  if (minute === lastMinute) return lastResult;
  const parts = Object.fromEntries(partsFormatter.formatToParts(instant).map((p) => [p.type, p.value]));
  const day = String(parts.weekday).toLowerCase().slice(0, 3) as Weekday;
  lastMinute = minute;
  lastResult = { day, time: `${parts.hour}:${parts.minute}` };
  return lastResult;
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

const dateParts = new Intl.DateTimeFormat('en-US', { timeZone: restaurantTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day of an instant in Europe/Paris, 'YYYY-MM-DD' (from parts: locales' date patterns differ between engines). */
export function toRestaurantDate(instant: Date): string {
  const parts = Object.fromEntries(dateParts.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** A calendar day moved by `days` (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const utc = new Date(`${date}T00:00:00Z`);
  utc.setUTCDate(utc.getUTCDate() + days);
  return utc.toISOString().slice(0, 10);
}

