import { describe, expect, test } from 'vitest';
import type { Menu, TimeRange, WeeklyRanges } from './catalogue.ts';
import { weekdays } from './catalogue.ts';
import {
  busyExtraMinutes,
  calendarAsSettings,
  emptyCalendar,
  isOpenOn,
  isPaused,
  isStoppedByPause,
  pauseRefusal,
  rangeIssues,
  readCalendar,
  upcomingExceptions,
  type CalendarException,
  type RestaurantCalendar,
} from './calendar.ts';
import { CalendarExceptionFormSchema, MenuHoursSchema } from './calendar-forms.ts';
import { defaultExceptionMessage } from '@resto/copy/staff/hours';
import {
  checkOrderSchedule,
  generateSlots,
  isAsapOffered,
  isRestaurantOpen,
  leadTimeMinutes,
  menuIsOpen,
  pauseEnd,
  schedulableDates,
  unservedItems,
  type SchedulingSettings,
} from './scheduling.ts';

// The demo restaurant: closed on Mondays, 11:30–14:30 and 18:30–22:30 the other days.
const lunchAndDinner: TimeRange[] = [
  { start: '11:30', end: '14:30' },
  { start: '18:30', end: '22:30' },
];
const activeTimes = weekdays.map((day) => ({ day, label: day, is_open: day !== 'mon', times: day === 'mon' ? [] : lunchAndDinner }));
const slotsWeek: WeeklyRanges = Object.fromEntries(weekdays.filter((d) => d !== 'mon').map((d) => [d, [{ start: '12:00', end: '14:00' }]]));
const menu: Menu = {
  menu_id: 1,
  menu_name: 'La carte',
  menu_description: '',
  menu_is_open: true,
  menu_is_available: true,
  active_times: activeTimes,
  time_ranges: slotsWeek,
  pickup_time_ranges: slotsWeek,
  categories: [],
};
const plain: SchedulingSettings = { showRange: true, removeFirst: 0, removeLast: 0, minimumTimeMinutes: 0 };
const calendar = (over: { exceptions?: CalendarException[]; ordering?: Partial<RestaurantCalendar['ordering']> } = {}): RestaurantCalendar => ({
  exceptions: over.exceptions ?? [],
  ordering: { ...emptyCalendar.ordering, ...over.ordering },
});
const closedOn = (date: string): CalendarException => ({ date, is_closed: true, ranges: [], message: defaultExceptionMessage(date, true) });
const openOn = (date: string, ranges: TimeRange[]): CalendarException => ({ date, is_closed: false, ranges, message: '' });
// Tuesday 24 November 2026 at 10:00 in Paris (UTC+1).
const tuesdayMorning = new Date('2026-11-24T09:00:00Z');
const slots = (date: string, now: Date, cal?: RestaurantCalendar, isPickup = false) =>
  generateSlots({ date, now, isPickup, menus: [menu], scheduling: plain, calendar: cal }).map((s) => s.value);

describe('exceptional closures (docs/decisions/023)', () => {
  const cal = calendar({ exceptions: [closedOn('2026-11-25')] });

  test('a closed day has no slot, for delivery and pickup; the days around keep theirs', () => {
    expect(slots('2026-11-25', tuesdayMorning, cal)).toEqual([]);
    expect(slots('2026-11-25', tuesdayMorning, cal, true)).toEqual([]);
    expect(slots('2026-11-26', tuesdayMorning, cal)).toHaveLength(8);
    expect(slots('2026-11-25', tuesdayMorning)).toHaveLength(8);
  });

  test('the date picker skips it', () => {
    const dates = schedulableDates({ now: tuesdayMorning, isPickup: false, menus: [menu], scheduling: plain, calendar: cal });
    expect(dates).not.toContain('2026-11-25');
    expect(dates).toContain('2026-11-24');
    expect(dates).toContain('2026-11-26');
  });

  test('closed today: no « dès que possible » although the weekly hours are open, and the server refuses both', () => {
    const closedToday = calendar({ exceptions: [closedOn('2026-11-24')] });
    const noon = new Date('2026-11-24T11:00:00Z');
    expect(isRestaurantOpen([menu], noon)).toBe(true);
    expect(isRestaurantOpen([menu], noon, closedToday)).toBe(false);
    expect(isAsapOffered([menu], noon, undefined, closedToday)).toBe(false);
    expect(menuIsOpen(menu, noon, closedToday)).toBe(false);
    const check = (schedule: Parameters<typeof checkOrderSchedule>[0]['schedule']) =>
      checkOrderSchedule({ schedule, lines: [{ item_name: 'Pizza', item_menu_id: 1 }], menus: [menu], isPickup: false, settings: [], now: noon, calendar: closedToday });
    expect(check({ is_scheduled: false })?.path).toBe('is_scheduled');
    expect(check({ is_scheduled: true, delivery_date: '2026-11-24', delivery_time_range: '13:00-13:15' })?.path).toBe('delivery_time_range');
    expect(check({ is_scheduled: true, delivery_date: '2026-11-26', delivery_time_range: '13:00-13:15' })).toBeNull();
  });

  test('its default message names the day', () => {
    expect(defaultExceptionMessage('2026-12-25', true)).toBe('Fermeture exceptionnelle le 25 décembre');
    expect(defaultExceptionMessage('2027-01-01', false)).toBe('Ouverture exceptionnelle le 1er janvier');
  });
});

describe('exceptional openings replace the day’s hours for every available menu', () => {
  // Monday 30 November 2026: the demo is closed on Mondays.
  const cal = calendar({ exceptions: [openOn('2026-11-30', [{ start: '18:00', end: '19:00' }])] });

  test('a Monday gets slots from the exception’s ranges, for delivery and pickup', () => {
    expect(slots('2026-11-30', tuesdayMorning)).toEqual([]);
    expect(slots('2026-11-30', tuesdayMorning, cal)).toEqual(['18:00-18:15', '18:15-18:30', '18:30-18:45', '18:45-19:00']);
    expect(slots('2026-11-30', tuesdayMorning, cal, true)).toHaveLength(4);
  });

  test('an opening on a usual day replaces its ranges (not added to them)', () => {
    const wednesday = calendar({ exceptions: [openOn('2026-11-25', [{ start: '20:00', end: '20:30' }])] });
    expect(slots('2026-11-25', tuesdayMorning, wednesday)).toEqual(['20:00-20:15', '20:15-20:30']);
  });

  test('the menu is open during the exception’s ranges only, and a slot there serves the cart', () => {
    const at = (utc: string) => new Date(`2026-11-30T${utc}:00Z`);
    expect(isOpenOn(activeTimes, at('17:30'), cal)).toBe(true); // 18:30 Paris
    expect(isOpenOn(activeTimes, at('18:00'), cal)).toBe(false); // 19:00: the end is exclusive
    expect(isOpenOn(activeTimes, at('16:59'), cal)).toBe(false);
    expect(unservedItems([{ item_name: 'Pizza', item_menu_id: 1 }], [menu], false, '2026-11-30', { start: '18:00', end: '18:15' }, cal)).toEqual([]);
    expect(unservedItems([{ item_name: 'Pizza', item_menu_id: 1 }], [menu], false, '2026-11-30', { start: '18:00', end: '18:15' })).toEqual(['Pizza']);
  });

  test('an unavailable menu stays closed on an exceptional opening', () => {
    const hidden = { ...menu, menu_is_available: false };
    expect(generateSlots({ date: '2026-11-30', now: tuesdayMorning, isPickup: false, menus: [hidden], scheduling: plain, calendar: cal })).toEqual([]);
    expect(menuIsOpen(hidden, new Date('2026-11-30T17:30:00Z'), cal)).toBe(false);
  });

  test('midnight: a range ending at 00:00 runs to the end of the day', () => {
    const late = calendar({ exceptions: [openOn('2026-11-30', [{ start: '23:00', end: '00:00' }])] });
    expect(slots('2026-11-30', tuesdayMorning, late)).toEqual(['23:00-23:15', '23:15-23:30', '23:30-23:45', '23:45-24:00']);
    expect(isOpenOn(activeTimes, new Date('2026-11-30T22:59:00Z'), late)).toBe(true); // 23:59 Monday
    expect(isOpenOn(activeTimes, new Date('2026-11-30T23:00:00Z'), late)).toBe(false); // 00:00 Tuesday: Tuesday's hours
  });

  test('DST: an opening on the spring-forward Sunday skips 02:00–03:00, the autumn one counts the doubled hour once', () => {
    const spring = calendar({ exceptions: [openOn('2026-03-29', [{ start: '01:30', end: '03:30' }])] });
    expect(slots('2026-03-29', new Date('2026-03-28T12:00:00Z'), spring)).toEqual(['01:30-01:45', '01:45-02:00', '03:00-03:15', '03:15-03:30']);
    const autumn = calendar({ exceptions: [openOn('2026-10-25', [{ start: '02:00', end: '03:00' }])] });
    expect(slots('2026-10-25', new Date('2026-10-24T12:00:00Z'), autumn)).toHaveLength(4);
  });
});

describe('pause (ordering_paused)', () => {
  const until = '2026-11-24T18:45:00.000Z'; // 19:45 in Paris
  const cal = calendar({ ordering: { paused_until: until } });
  const justBefore = new Date(Date.parse(until) - 1);
  const atEnd = new Date(until);

  test('paused strictly before its end, not at it', () => {
    expect(isPaused(cal, justBefore)).toBe(true);
    expect(isPaused(cal, atEnd)).toBe(false);
    expect(isPaused(emptyCalendar, justBefore)).toBe(false);
    expect(isPaused(undefined, justBefore)).toBe(false);
  });

  // Tuesday 24 November 2026, 19:15 in Paris, paused until 19:45 (docs/decisions/023, « Pause »):
  // the pause stops « dès que possible » and the slots starting before 19:45, nothing after.
  const dinner: Menu = { ...menu, time_ranges: { ...slotsWeek, tue: [{ start: '19:00', end: '21:00' }] } };
  const at1915 = new Date('2026-11-24T18:15:00Z');
  const dinnerSlots = (date: string, now: Date) =>
    generateSlots({ date, now, isPickup: false, menus: [dinner], scheduling: plain, calendar: cal }).map((s) => s.value);
  const check = (schedule: { is_scheduled: boolean; delivery_date?: string; delivery_time_range?: string }, now = at1915) =>
    checkOrderSchedule({ schedule, lines: [], menus: [dinner], isPickup: false, settings: [], now, calendar: cal });

  test.each([
    ['« dès que possible » during the pause', 'asap', at1915, true],
    ['a slot starting inside the pause (19:30)', new Date('2026-11-24T18:30:00Z'), at1915, true],
    ['a slot starting 1 ms before the end', Date.parse(until) - 1, at1915, true],
    ['a slot starting at the end (19:45)', new Date(until), at1915, false],
    ['a slot after the pause (20:30)', new Date('2026-11-24T19:30:00Z'), at1915, false],
    ['a slot on another day', new Date('2026-11-26T11:00:00Z'), at1915, false],
    ['« dès que possible » at the end of the pause', 'asap', atEnd, false],
    ['nothing once the pause is over', new Date('2026-11-24T18:30:00Z'), atEnd, false],
  ] as const)('isStoppedByPause: %s', (_, wanted, now, stopped) => {
    expect(isStoppedByPause(cal, now, wanted)).toBe(stopped);
    expect(isStoppedByPause(emptyCalendar, now, wanted)).toBe(false);
  });

  test('the picker: no ASAP, the slots inside the pause gone, the ones after it and on other days offered', () => {
    expect(dinnerSlots('2026-11-24', at1915)).toEqual(['19:45-20:00', '20:00-20:15', '20:15-20:30', '20:30-20:45', '20:45-21:00']);
    expect(dinnerSlots('2026-11-26', at1915)).toHaveLength(8);
    expect(schedulableDates({ now: at1915, isPickup: false, menus: [dinner], scheduling: plain, calendar: cal })[0]).toBe('2026-11-24');
    expect(isAsapOffered([dinner], at1915, undefined, cal)).toBe(false);
    expect(isRestaurantOpen([dinner], at1915, cal)).toBe(true);
    expect(isAsapOffered([dinner], atEnd, undefined, cal)).toBe(true);
  });

  test.each([
    ['ASAP', { is_scheduled: false }, { path: 'is_scheduled', message: 'Le restaurant fait une pause jusqu’à 19:45 : choisissez un créneau.', code: 'ordering_paused' }],
    [
      'a slot inside the pause',
      { is_scheduled: true, delivery_date: '2026-11-24', delivery_time_range: '19:30-19:45' },
      { path: 'delivery_time_range', message: 'Ce créneau tombe pendant la pause du restaurant : choisissez un créneau à partir de 19:45.', code: 'ordering_paused' },
    ],
    ['the first slot after the pause', { is_scheduled: true, delivery_date: '2026-11-24', delivery_time_range: '19:45-20:00' }, null],
    ['a slot on Thursday', { is_scheduled: true, delivery_date: '2026-11-26', delivery_time_range: '12:00-12:15' }, null],
  ] as const)('the server, during the pause: %s', (_, schedule, refusal) => {
    expect(check(schedule)).toEqual(refusal);
  });

  test('pauseRefusal names the pause’s end; nothing once it is over', () => {
    expect(pauseRefusal(cal, justBefore, 'asap')).toBe('Le restaurant fait une pause jusqu’à 19:45 : choisissez un créneau.');
    expect(pauseRefusal(cal, at1915, new Date('2026-11-24T18:30:00Z'))).toBe('Ce créneau tombe pendant la pause du restaurant : choisissez un créneau à partir de 19:45.');
    expect(pauseRefusal(cal, at1915, new Date(until))).toBeNull();
    expect(pauseRefusal(cal, atEnd, 'asap')).toBeNull();
  });

  test('the time is written in Paris time, also in summer', () => {
    expect(pauseRefusal(calendar({ ordering: { paused_until: '2026-07-01T17:45:00Z' } }), new Date('2026-07-01T17:00:00Z'), 'asap')).toBe(
      'Le restaurant fait une pause jusqu’à 19:45 : choisissez un créneau.',
    );
  });

  test('pauseEnd: minutes from now; the rest of the day ends with the last opening range, else at Paris midnight', () => {
    const noon = new Date('2026-11-24T11:00:00Z');
    expect(pauseEnd({ minutes: 30 }, noon, [menu]).toISOString()).toBe('2026-11-24T11:30:00.000Z');
    expect(pauseEnd({ until: 'end_of_day' }, noon, [menu]).toISOString()).toBe('2026-11-24T21:30:00.000Z'); // 22:30 Paris
    expect(pauseEnd({ until: 'end_of_day' }, new Date('2026-11-24T21:45:00Z'), [menu]).toISOString()).toBe('2026-11-24T23:00:00.000Z'); // after closing: midnight
    expect(pauseEnd({ until: 'end_of_day' }, new Date('2026-11-30T11:00:00Z'), [menu]).toISOString()).toBe('2026-11-30T23:00:00.000Z'); // Monday, closed
    const mondayOpening = calendar({ exceptions: [openOn('2026-11-30', [{ start: '18:00', end: '19:00' }])] });
    expect(pauseEnd({ until: 'end_of_day' }, new Date('2026-11-30T11:00:00Z'), [menu], mondayOpening).toISOString()).toBe('2026-11-30T18:00:00.000Z');
    const untilMidnight = calendar({ exceptions: [openOn('2026-11-30', [{ start: '18:00', end: '00:00' }])] });
    expect(pauseEnd({ until: 'end_of_day' }, new Date('2026-11-30T11:00:00Z'), [menu], untilMidnight).toISOString()).toBe('2026-11-30T23:00:00.000Z');
    // Summer: Paris midnight is 22:00 UTC.
    expect(pauseEnd({ until: 'end_of_day' }, new Date('2026-07-01T21:00:00Z'), []).toISOString()).toBe('2026-07-01T22:00:00.000Z');
  });
});

describe('busy mode', () => {
  const cal = calendar({ ordering: { busy_until: '2026-11-24T12:00:00.000Z', busy_extra_minutes: 30 } });
  const noon = new Date('2026-11-24T11:00:00Z'); // 12:00 Paris

  test('extra minutes while busy, none at or after its end', () => {
    expect(busyExtraMinutes(cal, noon)).toBe(30);
    expect(busyExtraMinutes(cal, new Date('2026-11-24T12:00:00Z'))).toBe(0);
    expect(busyExtraMinutes(emptyCalendar, noon)).toBe(0);
    expect(leadTimeMinutes({ minimumTimeMinutes: 20 }, noon, cal)).toBe(50);
    expect(leadTimeMinutes({ minimumTimeMinutes: 20 }, noon)).toBe(20);
  });

  test('today’s first slot moves by the extra minutes; other days do not change', () => {
    const scheduling = { ...plain, minimumTimeMinutes: 20 };
    const first = (cal?: RestaurantCalendar, date = '2026-11-24') => generateSlots({ date, now: noon, isPickup: false, menus: [menu], scheduling, calendar: cal })[0]?.value;
    expect(first()).toBe('12:30-12:45'); // after 12:20
    expect(first(cal)).toBe('13:00-13:15'); // after 12:50
    expect(first(cal, '2026-11-25')).toBe('12:00-12:15');
  });

  test('ASAP is still offered while busy (only later)', () => {
    expect(isAsapOffered([menu], noon, undefined, cal)).toBe(true);
  });
});

describe('the back office’s hours (rangeIssues, MenuHoursSchema)', () => {
  test('an end before or at its start is refused; 00:00 is midnight; touching ranges are fine', () => {
    expect(rangeIssues([{ start: '14:00', end: '12:00' }])).toEqual([{ index: 0, message: 'L’heure de fin doit être après l’heure de début.' }]);
    expect(rangeIssues([{ start: '12:00', end: '12:00' }])).toHaveLength(1);
    expect(rangeIssues([{ start: '22:00', end: '00:00' }])).toEqual([]);
    expect(rangeIssues([{ start: '00:00', end: '00:00' }])).toEqual([]);
    expect(
      rangeIssues([
        { start: '11:30', end: '14:30' },
        { start: '14:30', end: '18:00' },
      ]),
    ).toEqual([]);
  });

  test('overlapping ranges of a day: the later one is flagged', () => {
    expect(
      rangeIssues([
        { start: '18:00', end: '22:00' },
        { start: '12:00', end: '14:00' },
        { start: '13:00', end: '15:00' },
      ]),
    ).toEqual([{ index: 2, message: 'Cette plage chevauche une autre plage du même jour.' }]);
  });

  test('MenuHoursSchema puts the French message on the faulty field', () => {
    const result = MenuHoursSchema.safeParse({ active_times: { tue: [{ start: '14:00', end: '12:00' }] }, time_ranges: {}, pickup_time_ranges: { sat: [{ start: '9:00', end: '10:00' }] } });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toContainEqual(['active_times.tue.0.end', 'L’heure de fin doit être après l’heure de début.']);
    expect(issues).toContainEqual(['pickup_time_ranges.sat.0.start', 'Heure attendue au format HH:MM (ex. 19:30).']);
    expect(MenuHoursSchema.safeParse({ active_times: { tue: lunchAndDinner }, time_ranges: {}, pickup_time_ranges: {} }).success).toBe(true);
  });

  test('CalendarExceptionFormSchema: an opening needs valid ranges; a closed day’s ranges are ignored', () => {
    const bad = CalendarExceptionFormSchema.safeParse({ date: '2026-12-25', is_closed: false, ranges: [{ start: '20:00', end: '19:00' }], message: '' });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['ranges.0.end']);
    expect(CalendarExceptionFormSchema.safeParse({ date: '2026-12-25', is_closed: false, ranges: [] }).error?.issues[0]?.path).toEqual(['ranges']);
    expect(CalendarExceptionFormSchema.safeParse({ date: '2026-12-25', is_closed: true, ranges: [{ start: '20:00', end: '19:00' }] }).success).toBe(true);
  });
});

describe('the calendar in the public settings', () => {
  test('round trip: what the server adds is what the storefront reads; expired pause and busy are sent as off', () => {
    const cal = calendar({
      exceptions: [closedOn('2026-11-20'), closedOn('2026-11-25'), openOn('2026-11-30', [{ start: '18:00', end: '19:00' }]), closedOn('2026-12-25')],
      ordering: { paused_until: '2026-11-24T18:45:00.000Z', busy_until: '2026-11-24T12:00:00.000Z', busy_extra_minutes: 20 },
    });
    const now = new Date('2026-11-24T11:00:00Z');
    const read = readCalendar(calendarAsSettings(cal, now));
    expect(read.ordering).toEqual(cal.ordering);
    expect(read.exceptions.map((e) => e.date)).toEqual(['2026-11-25', '2026-11-30']);
    const later = readCalendar(calendarAsSettings(cal, new Date('2026-11-24T19:00:00Z')));
    expect(later.ordering).toEqual({ paused_until: null, busy_until: null, busy_extra_minutes: 0 });
    expect(readCalendar([])).toEqual(emptyCalendar);
  });

  test('upcomingExceptions: from today to the horizon’s last day, sorted', () => {
    const cal = calendar({ exceptions: [closedOn('2026-11-30'), closedOn('2026-11-24'), closedOn('2026-12-01'), closedOn('2026-11-23')] });
    expect(upcomingExceptions(cal, '2026-11-24').map((e) => e.date)).toEqual(['2026-11-24', '2026-11-30']);
  });
});
