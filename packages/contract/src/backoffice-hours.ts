import { z } from '@resto/domain/zod-fr';
import { CalendarExceptionFormSchema, MenuHoursSchema } from '@resto/domain/calendar-forms';
import { timeRange, weeklyRanges } from '@resto/domain/restaurant-file';
import { InstantSchema } from './common.ts';
import { ExpectedVersionSchema } from './backoffice.ts';

/**
 * Hours, exceptional days, pause and busy mode in the back office (docs/decisions/023; routes in
 * apps/api/src/modules/hours/routes.ts). Times 'HH:MM' in Europe/Paris, dates 'YYYY-MM-DD',
 * instants ISO 8601, durations in minutes. Every body is checked by the domain's schemas.
 */

/** One menu's weekly hours as the page edits them, with the version they were read at. */
export const MenuHoursViewSchema = z
  .object({
    menu_id: z.number(),
    name: z.string(),
    version: z.number(),
    active_times: weeklyRanges,
    time_ranges: weeklyRanges,
    pickup_time_ranges: weeklyRanges,
  })
  .meta({ id: 'MenuHoursView' });
export type MenuHoursView = z.infer<typeof MenuHoursViewSchema>;

/** PUT /v2/restaurant/menus/{menu_id}/hours: the three weekly grids and the version they were read at. */
export const MenuHoursBodySchema = MenuHoursSchema.extend({ expected_version: ExpectedVersionSchema });

export const MenuParamsSchema = z.object({ menu_id: z.string().regex(/^\d{1,9}$/, 'Numéro de carte invalide.') });
export const ExceptionParamsSchema = z.object({ id: z.string().regex(/^\d{1,9}$/, 'Numéro de jour exceptionnel invalide.') });

/** An exceptional day as the API shows it. */
export const CalendarExceptionViewSchema = z
  .object({ id: z.number(), date: z.string(), is_closed: z.boolean(), ranges: z.array(timeRange), message: z.string(), version: z.number() })
  .meta({ id: 'CalendarExceptionView' });
export type CalendarExceptionView = z.infer<typeof CalendarExceptionViewSchema>;

/** POST /v2/restaurant/exceptions (a new day: no version). An empty message gets the default one. */
export const CalendarExceptionBodySchema = CalendarExceptionFormSchema;
/** PUT /v2/restaurant/exceptions/{id}: the day and the version it was read at. */
export const CalendarExceptionUpdateSchema = CalendarExceptionFormSchema.safeExtend({ expected_version: ExpectedVersionSchema });

/** The ordering state now: ends already past are answered as off (null / 0). */
export const OrderingViewSchema = z
  .object({
    paused_until: InstantSchema.nullable(),
    busy_until: InstantSchema.nullable(),
    busy_extra_minutes: z.number(),
    version: z.number(),
    /** The server's clock, so a screen's countdown does not depend on the device's. */
    now: InstantSchema,
  })
  .meta({ id: 'OrderingView' });
export type OrderingView = z.infer<typeof OrderingViewSchema>;

/** The pause lengths offered (minutes). */
export const pauseMinutes = [15, 30, 60] as const;
/** Busy mode's extra lead times (minutes) and how long it lasts (minutes). */
export const busyExtraChoices = [10, 20, 30] as const;
export const busyDurations = [30, 60, 90, 120] as const;

const oneOf = <T extends readonly number[]>(values: T, message: string) => z.number().refine((v) => values.includes(v), { error: message });

/** POST /v2/restaurant/ordering/pause: 15, 30 or 60 minutes, or the rest of the day. */
export const PauseBodySchema = z.union([
  z.object({ minutes: oneOf(pauseMinutes, 'Durée attendue : 15, 30 ou 60 minutes.') }).strict(),
  z.object({ until: z.literal('end_of_day') }).strict(),
]);
export type PauseBody = z.infer<typeof PauseBodySchema>;

/** POST /v2/restaurant/ordering/busy: +10, +20 or +30 minutes, for 30 to 120 minutes. */
export const BusyBodySchema = z.object({
  extra_minutes: oneOf(busyExtraChoices, 'Délai en plus attendu : 10, 20 ou 30 minutes.'),
  minutes: oneOf(busyDurations, 'Durée attendue : 30, 60, 90 ou 120 minutes.'),
});

/** GET /v2/restaurant/hours: everything the Horaires page shows. */
export const HoursPageSchema = z
  .object({
    menus: z.array(MenuHoursViewSchema),
    exceptions: z.array(CalendarExceptionViewSchema),
    ordering: OrderingViewSchema,
    /** Today in Paris, 'YYYY-MM-DD' (the date field's minimum). */
    today: z.string(),
  })
  .meta({ id: 'HoursPage' });
export type HoursPage = z.infer<typeof HoursPageSchema>;
