import { weekdays } from './catalogue.ts';
import { rangeIssues } from './calendar.ts';
import { CalendarExceptionSchema, MenuSchema, weeklyRanges } from './restaurant-file.ts';

/**
 * The back office's forms of hours and exceptional days (docs/decisions/023), derived from the
 * restaurant file's schemas with the range checks of calendar.ts (rangeIssues). Apart from
 * calendar.ts so the storefront's scheduling does not carry the restaurant file's schemas.
 */

/** Weekly ranges checked day by day: issues on `[day, index, 'end']`. */
const checkedWeeklyRanges = weeklyRanges.superRefine((week, ctx) => {
  for (const day of weekdays)
    for (const issue of rangeIssues(week[day] ?? [])) ctx.addIssue({ code: 'custom', path: [day, issue.index, 'end'], message: issue.message });
});

/**
 * A menu's hours as the back office edits them (PUT /v2/restaurant/menus/{menu_id}/hours): the
 * restaurant file's `active_times`, `time_ranges`, `pickup_time_ranges` (MenuSchema), each day's
 * ranges checked by rangeIssues.
 */
export const MenuHoursSchema = MenuSchema.pick({ active_times: true, time_ranges: true, pickup_time_ranges: true }).extend({
  active_times: checkedWeeklyRanges,
  time_ranges: checkedWeeklyRanges,
  pickup_time_ranges: checkedWeeklyRanges,
});

/**
 * An exceptional day as the back office edits it: the restaurant file's CalendarExceptionSchema,
 * its ranges checked by rangeIssues when open (a closed day's ranges are ignored and stored empty).
 * Past dates are refused by the API, which knows today.
 */
export const CalendarExceptionFormSchema = CalendarExceptionSchema.superRefine((e, ctx) => {
  if (e.is_closed) return;
  for (const issue of rangeIssues(e.ranges)) ctx.addIssue({ code: 'custom', path: ['ranges', issue.index, 'end'], message: issue.message });
});

