import type { Menu, TimeRange, Weekday } from './catalogue.ts';
import { weekdays } from './catalogue.ts';
import { addDays, restaurantOffsetAt, toRestaurantDate } from './clock.ts';
import { busyExtraMinutes, isOpenOn, isStoppedByPause, pauseRefusal, rangesOn, schedulingHorizonDays, type RestaurantCalendar } from './calendar.ts';
import { formatDay, formatSlot } from './format.ts';
import { scheduleMessages } from '@resto/copy/storefront/checkout';
import { readOrderHandlingSettings, readSetting, type SettingsList } from './settings.ts';

/**
 * Time slots for pickup and delivery (spec sections 3, 4, 5 and 9): 15-minute slots cut from the
 * menus' `time_ranges` / `pickup_time_ranges`, in Europe/Paris whatever the host's zone.
 * Dates are calendar days 'YYYY-MM-DD' in Paris; times are 'HH:MM' (24 h); durations in minutes.
 */

/** Default slot length, minutes (section 9). */
const slotMinutes = 15;

/** The `scheduling.*` settings of one order type (section 3), with `pickup_` read for pickup. */
export interface SchedulingSettings {
  /** 'HH:MM–HH:MM' when true, 'HH:MM' alone when false. */
  showRange: boolean;
  /** Slots dropped at the start of each day's sorted list (0 when `remove_first_range` is off). */
  removeFirst: number;
  /** Slots dropped at the end (0 when `remove_last_range` is off). */
  removeLast: number;
  /** Lead time for today's slots, minutes: a slot must start more than this after now. */
  minimumTimeMinutes: number;
}

/** Reads `scheduling.<pickup_>show_range`, `remove_first_range(_number)`, `remove_last_range(_number)`, `minimum_time`. */
export function readSchedulingSettings(settings: SettingsList, isPickup: boolean): SchedulingSettings {
  const key = (name: string) => `scheduling.${isPickup ? 'pickup_' : ''}${name}`;
  const count = (flag: string, number: string) =>
    readSetting(settings, key(flag), false) ? Math.max(0, Math.trunc(readSetting(settings, key(number), 0))) : 0;
  return {
    showRange: readSetting(settings, key('show_range'), true),
    removeFirst: count('remove_first_range', 'remove_first_range_number'),
    removeLast: count('remove_last_range', 'remove_last_range_number'),
    minimumTimeMinutes: Math.max(0, readSetting(settings, key('minimum_time'), 0)),
  };
}

/** A slot of one day: its bounds, the value an order carries (`delivery_time_range`) and its label. */
export interface TimeSlot {
  start: string;
  end: string;
  /** 'HH:MM-HH:MM', or 'HH:MM' when ranges are not shown (a single time counts as a 15-minute slot). */
  value: string;
  /** 'HH:MM–HH:MM' or 'HH:MM', as shown to the visitor. */
  label: string;
}

/** The menu fields slots are cut from. */
export type SchedulableMenu = Pick<Menu, 'menu_id' | 'menu_is_available' | 'time_ranges' | 'pickup_time_ranges'>;

const pad = (n: number) => String(n).padStart(2, '0');
/** 'HH:MM' → minutes since midnight. */
export const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** Minutes since midnight → 'HH:MM' (1440 is written '24:00'). */
const fromMinutes = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/**
 * A range as minutes [start, end): an end at or before the start runs past midnight, read as
 * [start, 24:00) like opening hours; a single time (start = end) is a 15-minute slot (section 5).
 */
function rangeMinutes(range: TimeRange): [number, number] {
  const start = toMinutes(range.start);
  const end = toMinutes(range.end);
  if (end === start) return [start, start + slotMinutes];
  return [start, end < start ? 24 * 60 : end];
}

export { addDays, toRestaurantDate } from './clock.ts';

/** 'mon'..'sun' of a calendar day. */
export function weekdayOf(date: string): Weekday {
  const sundayFirst = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekdays[(sundayFirst + 6) % 7]!;
}

/** Whether a string is a real calendar day 'YYYY-MM-DD'. */
function isCalendarDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
}

/**
 * The instant of a wall-clock time of a Paris day, or null when that time does not exist (the
 * hour skipped when clocks go forward, last Sunday of March). A time met twice (last Sunday of
 * October) is its second occurrence, in winter time: the later one, so a lead time is never cut short.
 */
export function restaurantInstant(date: string, time: string): Date | null {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const minutes = toMinutes(time);
  const wall = Date.UTC(y, m - 1, d, Math.floor(minutes / 60), minutes % 60);
  // The offset at a first guess, then at the corrected instant (they differ only across a change).
  const first = wall - parisOffsetMs(wall);
  const second = wall - parisOffsetMs(first);
  const instant = Math.max(first, second);
  return wallClockMs(instant) === wall ? new Date(instant) : null;
}

/** The Paris wall clock of an instant, as if it were UTC (ms), to the minute (clock.ts's offset: no Intl once known). */
function wallClockMs(instant: number): number {
  return Math.floor(instant / 60_000) * 60_000 + restaurantOffsetAt(new Date(instant));
}

/** Paris's offset from UTC at an instant, ms (3,600,000 in winter, 7,200,000 in summer). */
function parisOffsetMs(instant: number): number {
  return restaurantOffsetAt(new Date(instant));
}

/**
 * Minutes of a Paris day → epoch ms (null when skipped by a clock change). Most days have one
 * offset from midnight to midnight: one subtraction each; the two change days ask Intl per slot.
 */
function instantsOfDay(date: string): (minutes: number) => number | null {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const midnight = Date.UTC(y, m - 1, d);
  const offset = parisOffsetMs(midnight - 2 * 3_600_000);
  if (offset === parisOffsetMs(midnight + 26 * 3_600_000)) return (minutes) => midnight + minutes * 60_000 - offset;
  return (minutes) => restaurantInstant(date, fromMinutes(minutes))?.getTime() ?? null;
}

/** Ranges of a menu for an order type on a Paris day, the calendar applied (an exceptional day's ranges replace the weekday's). */
function menuRanges(menu: SchedulableMenu, isPickup: boolean, date: string, calendar?: RestaurantCalendar): readonly TimeRange[] {
  return rangesOn((isPickup ? menu.pickup_time_ranges : menu.time_ranges)[weekdayOf(date)] ?? [], date, calendar);
}

export interface SlotQuery {
  /** The Paris day, 'YYYY-MM-DD'. */
  date: string;
  now: Date;
  isPickup: boolean;
  menus: readonly SchedulableMenu[];
  scheduling: SchedulingSettings;
  /** Exceptional days, pause and busy mode (docs/decisions/023); undefined: the weekly hours alone. */
  calendar?: RestaurantCalendar | undefined;
}

/**
 * The slots of one day (sections 5 and 9): every available menu's ranges for the order type on
 * that weekday, cut into 15-minute slots; for today only those starting more than `minimum_time`
 * minutes after now; sorted by start; then the first and last N dropped per settings. Days
 * before today have none. Slots served by only some menus are kept: the cart is checked against
 * the chosen slot (unservedItems), as section 4 says.
 * With a calendar (docs/decisions/023): while ordering is paused, none starting before the pause's end
 * (isStoppedByPause: the later ones stay offered); none on an exceptional closure; an exceptional
 * opening's ranges instead of the weekday's; busy mode's extra minutes added to the lead time.
 */
export function generateSlots({ date, now, isPickup, menus, scheduling, calendar }: SlotQuery): TimeSlot[] {
  const today = toRestaurantDate(now);
  if (date < today) return [];
  const earliest = now.getTime() + leadTimeMinutes(scheduling, now, calendar) * 60_000;
  const starts = new Map<string, [number, number]>();
  for (const menu of menus) {
    if (!menu.menu_is_available) continue;
    for (const range of menuRanges(menu, isPickup, date, calendar)) {
      const [from, to] = rangeMinutes(range);
      for (let start = from; start + slotMinutes <= to; start += slotMinutes) {
        starts.set(`${start}-${start + slotMinutes}`, [start, start + slotMinutes]);
      }
    }
  }
  const instantOf = instantsOfDay(date);
  const slots = [...starts.values()]
    .filter(([start]) => {
      const instant = instantOf(start);
      return instant !== null && (date !== today || instant > earliest) && !isStoppedByPause(calendar, now, instant);
    })
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .map(([start, end]): TimeSlot => {
      const [from, to] = [fromMinutes(start), fromMinutes(end)];
      return scheduling.showRange
        ? { start: from, end: to, value: `${from}-${to}`, label: `${from}–${to}` }
        : { start: from, end: to, value: from, label: from };
    });
  return slots.slice(scheduling.removeFirst, Math.max(scheduling.removeFirst, slots.length - scheduling.removeLast));
}

/** The days, from today, that have at least one slot (the date picker's choices), at most `horizon` days ahead. */
export function schedulableDates(query: Omit<SlotQuery, 'date'>, horizon = schedulingHorizonDays): string[] {
  const today = toRestaurantDate(query.now);
  const dates: string[] = [];
  for (let offset = 0; offset < horizon; offset++) {
    const date = addDays(today, offset);
    if (generateSlots({ ...query, date }).length > 0) dates.push(date);
  }
  return dates;
}

/** A `delivery_time_range` value read back: 'HH:MM-HH:MM', or 'HH:MM' for a 15-minute slot. Null when malformed. */
export function parseSlotValue(value: string): { start: string; end: string } | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)(?:\s*[-–]\s*([01]\d|2[0-4]):([0-5]\d))?$/.exec(value.trim());
  if (!match) return null;
  const start = `${match[1]}:${match[2]}`;
  const end = match[3] ? `${match[3]}:${match[4]}` : fromMinutes(toMinutes(start) + slotMinutes);
  return toMinutes(end) > toMinutes(start) ? { start, end } : null;
}

/** A cart line as the schedule check sees it: its dish's name and menu. */
export interface ScheduledLine {
  item_name: string;
  item_menu_id: number;
}

/**
 * The names of the cart's dishes whose menu has no range on the slot's weekday overlapping the
 * slot (section 5), each once, in cart order. Empty when the whole cart can be served.
 */
export function unservedItems(
  lines: readonly ScheduledLine[],
  menus: readonly SchedulableMenu[],
  isPickup: boolean,
  date: string,
  slot: { start: string; end: string },
  calendar?: RestaurantCalendar,
): string[] {
  const [slotStart, slotEnd] = [toMinutes(slot.start), toMinutes(slot.end)];
  const serves = (menuId: number) => {
    const menu = menus.find((m) => m.menu_id === menuId);
    if (!menu?.menu_is_available) return false;
    return menuRanges(menu, isPickup, date, calendar).some((range) => {
      const [start, end] = rangeMinutes(range);
      return start < slotEnd && slotStart < end;
    });
  };
  return [...new Set(lines.filter((line) => !serves(line.item_menu_id)).map((line) => line.item_name))];
}

/** The names of the cart's dishes whose menu is not open at `now` (an "as soon as possible" order), each once. */
function closedItems(
  lines: readonly ScheduledLine[],
  menus: readonly Pick<Menu, 'menu_id' | 'menu_is_available' | 'active_times'>[],
  now: Date,
  calendar?: RestaurantCalendar,
): string[] {
  const open = (menuId: number) => {
    const menu = menus.find((m) => m.menu_id === menuId);
    return menu !== undefined && menuIsOpen(menu, now, calendar);
  };
  return [...new Set(lines.filter((line) => !open(line.item_menu_id)).map((line) => line.item_name))];
}

/**
 * Whether a menu is open at `now` (its `menu_is_open`): available, and its opening hours hold now,
 * the calendar's exceptional day applied (isOpenOn). The pause does not close a menu: it stops orders.
 */
export function menuIsOpen(menu: Pick<Menu, 'menu_is_available' | 'active_times'>, now: Date, calendar?: RestaurantCalendar): boolean {
  return menu.menu_is_available && isOpenOn(menu.active_times, now, calendar);
}

/** Whether the restaurant is open now by its hours: some available menu is open (menuIsOpen), the calendar's exceptional day applied. */
export function isRestaurantOpen(menus: readonly Pick<Menu, 'menu_is_available' | 'active_times'>[], now: Date, calendar?: RestaurantCalendar): boolean {
  return menus.some((menu) => menuIsOpen(menu, now, calendar));
}

/**
 * The lead time at `now`, minutes: the order type's `minimum_time`, plus busy mode's extra minutes
 * while it lasts (docs/decisions/023). Today's first slot starts after it; the ASAP estimate says it.
 */
export function leadTimeMinutes(scheduling: Pick<SchedulingSettings, 'minimumTimeMinutes'>, now: Date, calendar?: RestaurantCalendar): number {
  return scheduling.minimumTimeMinutes + busyExtraMinutes(calendar, now);
}

/**
 * When a pause chosen at `now` ends (docs/decisions/023): `minutes` later, or for « reste de la
 * journée » the end of today's last opening range still ahead (any available menu, the calendar's
 * exceptional day applied; an end at or before its start is midnight), else Paris midnight.
 */
export function pauseEnd(choice: { minutes: number } | { until: 'end_of_day' }, now: Date, menus: readonly Pick<Menu, 'menu_is_available' | 'active_times'>[], calendar?: RestaurantCalendar): Date {
  if ('minutes' in choice) return new Date(now.getTime() + choice.minutes * 60_000);
  const today = toRestaurantDate(now);
  const midnight = restaurantInstant(addDays(today, 1), '00:00')!;
  const day = weekdayOf(today);
  const ends = menus
    .filter((menu) => menu.menu_is_available)
    .flatMap((menu) => rangesOn(menu.active_times.find((a) => a.day === day && a.is_open)?.times ?? [], today, calendar))
    .map((range) => (toMinutes(range.end) <= toMinutes(range.start) ? midnight : restaurantInstant(today, range.end)))
    .filter((end): end is Date => end !== null && end.getTime() > now.getTime());
  return ends.length ? new Date(Math.max(...ends.map((end) => end.getTime()))) : midnight;
}

/**
 * Who will see an order placed now (docs/decisions/022): whether a staff screen (the board) is
 * connected, its heartbeat within the last 45 s, and whether the restaurant handles its orders by
 * e-mail (`orders.email_only`). The API reads it; the storefront gets it with the settings.
 */
export interface StaffPresence {
  screenConnected: boolean;
  emailOnly: boolean;
}

/**
 * The read-only setting GET /v2/public/settings adds to the restaurant's: whether a staff screen
 * is connected now (docs/decisions/022). Not in the restaurant file: the server computes it.
 */
export const screenConnectedSetting = 'orders.screen_connected';

/**
 * The staff presence a settings list as the storefront gets it tells: `orders.screen_connected`
 * (true when missing: the server checks again when the order is placed) and `orders.email_only`.
 */
export function readStaffPresence(settings: SettingsList): StaffPresence {
  return { screenConnected: readSetting(settings, screenConnectedSetting, true), emailOnly: readOrderHandlingSettings(settings).emailOnly };
}

/**
 * Whether "as soon as possible" is offered now: some available menu is open, and someone will see
 * the order at once — a staff screen is connected, or the restaurant handles orders by e-mail.
 * Without a screen an ASAP order could wait unseen, so the visitor picks a slot instead
 * (docs/decisions/022-nothing-unseen.md). `presence` undefined: no screen rule (offered when open).
 */
export function isAsapOffered(
  menus: readonly Pick<Menu, 'menu_is_available' | 'active_times'>[],
  now: Date,
  presence?: StaffPresence,
  calendar?: RestaurantCalendar,
): boolean {
  return !isStoppedByPause(calendar, now, 'asap') && isRestaurantOpen(menus, now, calendar) && (presence === undefined || presence.emailOnly || presence.screenConnected);
}

/** The schedule an order carries (section 3, delivery form). */
interface OrderSchedule {
  is_scheduled: boolean;
  delivery_date?: string | null | undefined;
  delivery_time_range?: string | null | undefined;
}

/** Why an order's time cannot be served, and which field it is about. */
export interface ScheduleRefusal {
  path: 'is_scheduled' | 'delivery_date' | 'delivery_time_range' | 'items';
  message: string;
  /** 'ordering_paused' when the pause stops the order (isStoppedByPause); absent for the other refusals (slot_unavailable). */
  code?: 'ordering_paused';
}

export interface ScheduleCheck {
  schedule: OrderSchedule;
  lines: readonly ScheduledLine[];
  menus: readonly Menu[];
  isPickup: boolean;
  settings: SettingsList;
  now: Date;
  /** Who will see the order (isAsapOffered); undefined: ASAP needs only an open menu. */
  presence?: StaffPresence | undefined;
  /** Exceptional days, pause and busy mode (docs/decisions/023); undefined: the weekly hours alone. */
  calendar?: RestaurantCalendar | undefined;
}

/**
 * Checks an order's time at the moment it is placed (docs/decisions/005: the server checks again).
 * As soon as possible: every dish's menu must be open now, and someone must be there to see it
 * (isAsapOffered, docs/decisions/022). Scheduled: a real day from today
 * within the horizon, a slot that generateSlots still offers that day, and every dish served in
 * that slot (section 5). While ordering is paused (isStoppedByPause, code ordering_paused): no
 * « dès que possible » (« Le restaurant fait une pause jusqu'à 19:45 : choisissez un créneau. »)
 * and no slot starting before the pause's end (« … à partir de 19:45. »); a later slot is checked
 * as usual. Returns null when the order can be served, else the French reason.
 */
export function checkOrderSchedule({ schedule, lines, menus, isPickup, settings, now, presence, calendar }: ScheduleCheck): ScheduleRefusal | null {
  if (!schedule.is_scheduled) {
    const paused = pauseRefusal(calendar, now, 'asap');
    if (paused) return { path: 'is_scheduled', message: paused, code: 'ordering_paused' };
    if (!isRestaurantOpen(menus, now, calendar)) return { path: 'is_scheduled', message: scheduleMessages.closedNow };
    if (!isAsapOffered(menus, now, presence, calendar)) return { path: 'is_scheduled', message: scheduleMessages.noScreenNow };
    const closed = closedItems(lines, menus, now, calendar);
    return closed.length ? { path: 'items', message: scheduleMessages.notServedNow(closed) } : null;
  }
  const date = schedule.delivery_date ?? '';
  if (!isCalendarDate(date)) return { path: 'delivery_date', message: scheduleMessages.dateRequired };
  const today = toRestaurantDate(now);
  if (date < today) return { path: 'delivery_date', message: scheduleMessages.datePast };
  if (date > addDays(today, schedulingHorizonDays - 1)) return { path: 'delivery_date', message: scheduleMessages.dateTooFar(schedulingHorizonDays) };
  const slot = parseSlotValue(schedule.delivery_time_range ?? '');
  if (!slot) return { path: 'delivery_time_range', message: scheduleMessages.slotRequired };
  // A slot that does not exist on the day (skipped by the clock change) is refused below, unoffered.
  const start = restaurantInstant(date, slot.start);
  const paused = start ? pauseRefusal(calendar, now, start) : null;
  if (paused) return { path: 'delivery_time_range', message: paused, code: 'ordering_paused' };
  const offered = generateSlots({ date, now, isPickup, menus, scheduling: readSchedulingSettings(settings, isPickup), calendar });
  if (!offered.some((s) => s.start === slot.start && s.end === slot.end)) return { path: 'delivery_time_range', message: scheduleMessages.slotUnavailable };
  const unserved = unservedItems(lines, menus, isPickup, date, slot, calendar);
  return unserved.length ? { path: 'items', message: scheduleMessages.itemsNotAvailable(unserved) } : null;
}

/** The scheduling sentences live in the catalogue (packages/copy/src/storefront/checkout.ts). */
export { scheduleMessages } from '@resto/copy/storefront/checkout';


/**
 * When an order is wanted, in words: 'le mercredi 25 novembre, 12:30–12:45' for a slot,
 * 'dès que possible' otherwise. Shown at confirmation, on /success, in the account and in e-mails.
 */
export function describeSchedule(deliveryDate: string | null | undefined, deliveryTimeRange: string | null | undefined): string {
  if (!deliveryDate || !deliveryTimeRange || !isCalendarDate(deliveryDate)) return scheduleMessages.asSoonAsPossible;
  const slot = parseSlotValue(deliveryTimeRange);
  return scheduleMessages.onDayAtSlot(formatDay(deliveryDate), slot ? formatSlot(slot.start, slot.end) : deliveryTimeRange);
}
