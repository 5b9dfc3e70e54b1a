import type { RestaurantCalendar } from './calendar.ts';
import { addDays, toRestaurantDate } from './clock.ts';
import { openingsOn, type OpeningMenu } from './handling-time.ts';
import { restaurantInstant } from './scheduling.ts';
import { readSetting, type SettingsList } from './settings.ts';

/**
 * When the books close a business day (docs/decisions/031-the-books.md, « Closures »): the
 * closing job closes each day once after the restaurant's last opening of that day has ended, so
 * that the service's payments are in it; a day without opening (the weekly closing day, an
 * exceptional closure) closes at the next midnight. The books' settings are read here too.
 */

/**
 * Minutes after the last opening's end before the day closes: the last customers collect and pay
 * at the counter after the hours end. A payment after the closure counts in the next day (the
 * journal says so), which is lawful but splits the evening in two.
 */
export const closingDelayMinutes = 30;

/**
 * The instant the business day `date` ('YYYY-MM-DD', Paris) may be closed: `closingDelayMinutes`
 * after the end of its last opening (openingsOn: every available menu's hours, the calendar's
 * exceptional day replacing them; an opening up to midnight ends at midnight), or the next
 * midnight when it has none.
 */
export function dayClosesAt(menus: readonly OpeningMenu[], date: string, calendar?: RestaurantCalendar): Date {
  const last = openingsOn(menus, date, calendar).at(-1);
  if (!last) return restaurantInstant(addDays(date, 1), '00:00')!;
  return new Date(last.end.getTime() + closingDelayMinutes * 60_000);
}

/**
 * The last business day that may be closed at `now`: today once today's closing time has passed
 * (dayClosesAt), else yesterday once its closing time has passed, else the day before (a day's
 * closing time is at most `closingDelayMinutes` after its next midnight).
 */
export function lastClosableDay(menus: readonly OpeningMenu[], calendar: RestaurantCalendar | undefined, now: Date): string {
  const today = toRestaurantDate(now);
  for (const day of [today, addDays(today, -1)]) if (dayClosesAt(menus, day, calendar).getTime() <= now.getTime()) return day;
  return addDays(today, -2);
}

/**
 * The books' settings (docs/decisions/031):
 * - `fiscalYearFirstMonth` (`books.fiscal_year_first_month`, 1 = January … 12, default 1): the
 *   fiscal year's first month; its closure follows the closure of the month before it;
 * - `closureEmail` (`books.closure_email`, default false): each day's closure e-mailed to the owners.
 */
export interface BooksSettings {
  fiscalYearFirstMonth: number;
  closureEmail: boolean;
}

/** Reads the `books.*` settings with their defaults (see BooksSettings); a month outside 1…12 reads as January. */
export function readBooksSettings(settings: SettingsList): BooksSettings {
  const month = readSetting(settings, 'books.fiscal_year_first_month', 1);
  return {
    fiscalYearFirstMonth: Number.isInteger(month) && month >= 1 && month <= 12 ? month : 1,
    closureEmail: readSetting(settings, 'books.closure_email', false),
  };
}
