import type { TimeRange } from './catalogue.ts';

/**
 * The restaurant's calendar beyond its weekly hours (issue 14, part 3; docs/decisions/023-back-office.md):
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
 * Ordering paused until `paused_until` (always an end: 15/30/60 minutes or the end of the day),
 * and busy mode: `busy_extra_minutes` more on the lead time (ASAP estimate and today's first slot)
 * until `busy_until`. Null instants: not paused / not busy.
 */
export interface OrderingState {
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
