import { addDays, toRestaurantDate, toRestaurantTime } from './clock.ts';
import { formatDay } from './format.ts';
import { boardTimes } from '@resto/copy/staff/board';
import { scheduleMessages } from '@resto/copy/storefront/checkout';

/**
 * Times on the staff side (the orders board and the kitchen ticket) said with their day when the
 * day is not today, so a next-day order's « 12:30 » is never read as today's: 'HH:MM' today,
 * 'demain 12:30', else 'mercredi 2 décembre 12:30'. Europe/Paris wall clock; `now` is the
 * server's clock (the board's `server_time`), never the tablet's.
 */
export function describeBoardTime(instant: Date, now: Date): string {
  const { time } = toRestaurantTime(instant);
  const day = toRestaurantDate(instant);
  const today = toRestaurantDate(now);
  if (day === today) return time;
  if (day === addDays(today, 1)) return boardTimes.tomorrow(time);
  return boardTimes.onDay(formatDay(day), time);
}

/** Whether `instant` falls on the same Europe/Paris day as `now`. */
export function isRestaurantToday(instant: Date, now: Date): boolean {
  return toRestaurantDate(instant) === toRestaurantDate(now);
}

/**
 * An ASAP order's « dès que possible » with the day it was placed, for an order no longer in
 * progress (its column « Terminées »): 'dès que possible, le mardi 24 novembre'.
 */
export function describeAsapOn(placedAt: Date): string {
  return boardTimes.asapOn(scheduleMessages.asSoonAsPossible, formatDay(toRestaurantDate(placedAt)));
}
