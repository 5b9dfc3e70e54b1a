import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import type { Menu, TimeRange, WeeklyRanges } from './catalogue.ts';
import { weekdays } from './catalogue.ts';
import {
  addDays,
  checkOrderSchedule,
  describeSchedule,
  generateSlots,
  isAsapOffered,
  parseSlotValue,
  readSchedulingSettings,
  restaurantInstant,
  schedulableDates,
  toMinutes,
  toRestaurantDate,
  unservedItems,
  weekdayOf,
  type SchedulingSettings,
} from './scheduling.ts';
import { formatDay } from './format.ts';

const every = (ranges: TimeRange[]): WeeklyRanges => Object.fromEntries(weekdays.map((d) => [d, ranges]));
const allWeekOpen = weekdays.map((day) => ({ day, label: day, is_open: true, times: [{ start: '11:00', end: '23:00' }] }));

function menu(overrides: Partial<Menu> = {}): Menu {
  return {
    menu_id: 1,
    menu_name: 'La carte',
    menu_description: '',
    menu_is_open: true,
    menu_is_available: true,
    active_times: allWeekOpen,
    time_ranges: every([{ start: '12:00', end: '14:00' }]),
    pickup_time_ranges: every([{ start: '11:45', end: '14:15' }]),
    categories: [],
    ...overrides,
  };
}
const brunch = menu({
  menu_id: 2,
  menu_name: 'Brunch',
  time_ranges: { sat: [{ start: '10:30', end: '12:30' }], sun: [{ start: '10:30', end: '12:30' }] },
  pickup_time_ranges: { sat: [{ start: '10:30', end: '12:30' }], sun: [{ start: '10:30', end: '12:30' }] },
  active_times: weekdays.map((day) => ({ day, label: day, is_open: day === 'sat' || day === 'sun', times: [{ start: '10:00', end: '15:00' }] })),
});
const plain: SchedulingSettings = { showRange: true, removeFirst: 0, removeLast: 0, minimumTimeMinutes: 0 };

describe('calendar days in Europe/Paris (docs/decisions/016, section 2.3: "today" is the restaurant\'s)', () => {
  test.each([
    ['23:30 UTC on 23 November is already the 24th in Paris', '2026-11-23T23:30:00Z', '2026-11-24'],
    ['22:30 UTC in summer is the next day (UTC+2)', '2026-07-01T22:30:00Z', '2026-07-02'],
    ['22:30 UTC in winter is still the same day (23:30)', '2026-01-05T22:30:00Z', '2026-01-05'],
  ])('%s', (_name, instant, date) => {
    expect(toRestaurantDate(new Date(instant))).toBe(date);
  });

  test.each([
    ['2026-11-23', 'mon'],
    ['2026-11-29', 'sun'],
    ['2026-03-29', 'sun'],
    ['2024-02-29', 'thu'],
  ])('%s is a %s', (date, day) => expect(weekdayOf(date)).toBe(day));

  test('addDays crosses months, years and DST weekends by calendar', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
  });

  test('formatDay writes the French day', () => {
    expect(formatDay('2026-11-24')).toBe('mardi 24 novembre');
  });

  test('restaurantInstant: winter and summer offsets, the skipped spring hour is null, the doubled autumn hour is the later one', () => {
    expect(restaurantInstant('2026-11-24', '12:00')?.toISOString()).toBe('2026-11-24T11:00:00.000Z');
    expect(restaurantInstant('2026-07-01', '12:00')?.toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(restaurantInstant('2026-03-29', '02:30')).toBeNull();
    expect(restaurantInstant('2026-10-25', '02:30')?.toISOString()).toBe('2026-10-25T01:30:00.000Z');
  });
});

describe('generateSlots (spec sections 5 and 9)', () => {
  const tuesdayMorning = new Date('2026-11-24T09:00:00+01:00');

  test('a 12:00–14:00 range gives eight 15-minute slots, labelled as ranges', () => {
    const slots = generateSlots({ date: '2026-11-24', now: tuesdayMorning, isPickup: false, menus: [menu()], scheduling: plain });
    expect(slots.map((s) => s.value)).toEqual([
      '12:00-12:15',
      '12:15-12:30',
      '12:30-12:45',
      '12:45-13:00',
      '13:00-13:15',
      '13:15-13:30',
      '13:30-13:45',
      '13:45-14:00',
    ]);
    expect(slots[0]!.label).toBe('12:00–12:15');
  });

  test('show_range false shows and sends the start only', () => {
    const slots = generateSlots({ date: '2026-11-24', now: tuesdayMorning, isPickup: false, menus: [menu()], scheduling: { ...plain, showRange: false } });
    expect(slots[0]).toEqual({ start: '12:00', end: '12:15', value: '12:00', label: '12:00' });
  });

  test('pickup uses pickup_time_ranges', () => {
    const slots = generateSlots({ date: '2026-11-24', now: tuesdayMorning, isPickup: true, menus: [menu()], scheduling: plain });
    expect(slots[0]!.start).toBe('11:45');
    expect(slots.at(-1)!.end).toBe('14:15');
  });

  test.each([
    ['today, lead time 30: at 12:10 the first slot is 12:45 (12:40 is not "more than" 30 min away)', '2026-11-24T12:10:00+01:00', 30, '12:45'],
    ['today, lead time 30: at 12:14 the first slot is still 12:45', '2026-11-24T12:14:00+01:00', 30, '12:45'],
    ['today, lead time 30: at 12:15 exactly, 12:45 is not more than 30 min away', '2026-11-24T12:15:00+01:00', 30, '13:00'],
    ['today, lead time 0: at 12:00 exactly the 12:00 slot is gone', '2026-11-24T12:00:00+01:00', 0, '12:15'],
  ])('%s', (_name, now, lead, first) => {
    const slots = generateSlots({
      date: '2026-11-24',
      now: new Date(now),
      isPickup: false,
      menus: [menu()],
      scheduling: { ...plain, minimumTimeMinutes: lead },
    });
    expect(slots[0]?.start).toBe(first);
  });

  test('the lead time only concerns today; days before today have no slot', () => {
    const late = new Date('2026-11-24T23:00:00+01:00');
    expect(generateSlots({ date: '2026-11-24', now: late, isPickup: false, menus: [menu()], scheduling: plain })).toEqual([]);
    expect(generateSlots({ date: '2026-11-25', now: late, isPickup: false, menus: [menu()], scheduling: { ...plain, minimumTimeMinutes: 600 } })).toHaveLength(
      8,
    );
    expect(generateSlots({ date: '2026-11-23', now: late, isPickup: false, menus: [menu()], scheduling: plain })).toEqual([]);
  });

  test('remove_first_range and remove_last_range drop N slots at each end', () => {
    const slots = generateSlots({
      date: '2026-11-24',
      now: tuesdayMorning,
      isPickup: false,
      menus: [menu()],
      scheduling: { ...plain, removeFirst: 2, removeLast: 3 },
    });
    expect(slots.map((s) => s.start)).toEqual(['12:30', '12:45', '13:00']);
    expect(
      generateSlots({ date: '2026-11-24', now: tuesdayMorning, isPickup: false, menus: [menu()], scheduling: { ...plain, removeFirst: 5, removeLast: 5 } }),
    ).toEqual([]);
  });

  test('several menus: the union, sorted and without duplicates; an unavailable menu gives none', () => {
    const saturday = '2026-11-28';
    const slots = generateSlots({ date: saturday, now: tuesdayMorning, isPickup: false, menus: [menu(), brunch], scheduling: plain });
    expect(slots.map((s) => s.start).slice(0, 8)).toEqual(['10:30', '10:45', '11:00', '11:15', '11:30', '11:45', '12:00', '12:15']);
    expect(new Set(slots.map((s) => s.value)).size).toBe(slots.length);
    expect(
      generateSlots({ date: saturday, now: tuesdayMorning, isPickup: false, menus: [{ ...brunch, menu_is_available: false }], scheduling: plain }),
    ).toEqual([]);
  });

  test('a range past midnight is read up to 24:00; a single time is one 15-minute slot', () => {
    const night = menu({
      time_ranges: every([
        { start: '23:00', end: '01:00' },
        { start: '19:00', end: '19:00' },
      ]),
    });
    const slots = generateSlots({ date: '2026-11-24', now: tuesdayMorning, isPickup: false, menus: [night], scheduling: plain });
    expect(slots.map((s) => s.value)).toEqual(['19:00-19:15', '23:00-23:15', '23:15-23:30', '23:30-23:45', '23:45-24:00']);
  });

  test('spring forward (29 March 2026): the 02:00–03:00 slots do not exist, the others do', () => {
    const night = menu({ time_ranges: every([{ start: '01:00', end: '04:00' }]) });
    const slots = generateSlots({ date: '2026-03-29', now: new Date('2026-03-28T12:00:00+01:00'), isPickup: false, menus: [night], scheduling: plain });
    expect(slots.map((s) => s.start)).toEqual(['01:00', '01:15', '01:30', '01:45', '03:00', '03:15', '03:30', '03:45']);
  });

  test('DST days: the lead time is counted in real minutes (summer time already at noon on 29 March)', () => {
    // 10:50 UTC is 12:50 in Paris (UTC+2): with 30 min of lead, 13:15 is the first slot.
    const slots = generateSlots({
      date: '2026-03-29',
      now: new Date('2026-03-29T10:50:00Z'),
      isPickup: false,
      menus: [menu()],
      scheduling: { ...plain, minimumTimeMinutes: 30 },
    });
    expect(slots[0]!.start).toBe('13:30');
    const autumn = generateSlots({
      date: '2026-10-25',
      now: new Date('2026-10-25T11:50:00Z'),
      isPickup: false,
      menus: [menu()],
      scheduling: { ...plain, minimumTimeMinutes: 30 },
    });
    expect(autumn[0]!.start).toBe('13:30'); // 11:50 UTC is 12:50 in winter time (UTC+1)
  });

  const rangeArb = fc
    .tuple(fc.integer({ min: 0, max: 95 }), fc.integer({ min: 1, max: 40 }))
    .map(([start, length]) => ({
      start: `${String(Math.floor((start * 15) / 60)).padStart(2, '0')}:${String((start * 15) % 60).padStart(2, '0')}`,
      end: `${String(Math.min(24, Math.floor(((start + length) * 15) / 60))).padStart(2, '0')}:${String(start + length >= 96 ? 0 : ((start + length) * 15) % 60).padStart(2, '0')}`,
    }))
    .filter((r) => toMinutes(r.end) > toMinutes(r.start));

  test('properties: sorted, unique, inside a range, past the lead time, N dropped', () => {
    fc.assert(
      fc.property(
        fc.array(rangeArb, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true }),
        (ranges, dayOffset, lead, removeFirst, removeLast, now) => {
          const date = addDays(toRestaurantDate(now), dayOffset);
          const menus = [menu({ time_ranges: every(ranges) })];
          const scheduling = { showRange: true, removeFirst, removeLast, minimumTimeMinutes: lead };
          const slots = generateSlots({ date, now, isPickup: false, menus, scheduling });
          const all = generateSlots({ date, now, isPickup: false, menus, scheduling: { ...scheduling, removeFirst: 0, removeLast: 0 } });
          expect(slots.length).toBe(Math.max(0, all.length - removeFirst - removeLast));
          expect(slots).toEqual(all.slice(removeFirst, removeFirst + slots.length));
          for (let i = 1; i < all.length; i++) expect(toMinutes(all[i]!.start)).toBeGreaterThan(toMinutes(all[i - 1]!.start) - 1);
          expect(new Set(all.map((s) => s.value)).size).toBe(all.length);
          for (const slot of all) {
            expect(toMinutes(slot.end) - toMinutes(slot.start)).toBe(15);
            expect(ranges.some((r) => toMinutes(r.start) <= toMinutes(slot.start) && toMinutes(slot.end) <= toMinutes(r.end))).toBe(true);
            const instant = restaurantInstant(date, slot.start);
            expect(instant).not.toBeNull();
            if (dayOffset === 0) expect(instant!.getTime()).toBeGreaterThan(now.getTime() + lead * 60_000);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('readSchedulingSettings (section 3)', () => {
  const settings = [
    { name: 'scheduling.show_range', value: false },
    { name: 'scheduling.remove_first_range', value: true },
    { name: 'scheduling.remove_first_range_number', value: 2 },
    { name: 'scheduling.remove_last_range', value: false },
    { name: 'scheduling.remove_last_range_number', value: 4 },
    { name: 'scheduling.minimum_time', value: 45 },
    { name: 'scheduling.pickup_minimum_time', value: 20 },
    { name: 'scheduling.pickup_remove_last_range', value: true },
    { name: 'scheduling.pickup_remove_last_range_number', value: 1 },
  ];
  test('delivery reads the plain keys; a number counts only when its flag is on', () => {
    expect(readSchedulingSettings(settings, false)).toEqual({ showRange: false, removeFirst: 2, removeLast: 0, minimumTimeMinutes: 45 });
  });
  test('pickup reads the pickup_ keys', () => {
    expect(readSchedulingSettings(settings, true)).toEqual({ showRange: true, removeFirst: 0, removeLast: 1, minimumTimeMinutes: 20 });
  });
});

describe('schedulableDates', () => {
  test('from Monday (closed) on: the days with slots, within 7 days', () => {
    const week = every([{ start: '12:00', end: '14:00' }]);
    const closedMonday = menu({ time_ranges: { ...week, mon: [] } });
    const dates = schedulableDates({ now: new Date('2026-11-23T09:00:00+01:00'), isPickup: false, menus: [closedMonday], scheduling: plain });
    expect(dates).toEqual(['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
  });
});

describe('parseSlotValue', () => {
  test.each([
    ['12:00-12:15', { start: '12:00', end: '12:15' }],
    ['12:00–12:30', { start: '12:00', end: '12:30' }],
    ['19:30', { start: '19:30', end: '19:45' }],
    ['23:45-24:00', { start: '23:45', end: '24:00' }],
    ['12:15-12:00', null],
    ['25:00', null],
    ['midi', null],
  ])('%s', (value, expected) => expect(parseSlotValue(value)).toEqual(expected));
});

describe("unservedItems (section 5: each item's menu must have a range overlapping the slot)", () => {
  const menus = [menu(), brunch];
  const cart = [
    { item_name: 'Pizza Margherita', item_menu_id: 1 },
    { item_name: 'Pancakes', item_menu_id: 2 },
    { item_name: 'Pancakes', item_menu_id: 2 },
  ];
  test.each([
    ['Saturday 12:00–12:15: both menus serve', '2026-11-28', { start: '12:00', end: '12:15' }, []],
    ['Saturday 13:00–13:15: the brunch has ended', '2026-11-28', { start: '13:00', end: '13:15' }, ['Pancakes']],
    ['Saturday 10:30–10:45: the carte has not started', '2026-11-28', { start: '10:30', end: '10:45' }, ['Pizza Margherita']],
    ['Tuesday 12:00: no brunch on weekdays', '2026-11-24', { start: '12:00', end: '12:15' }, ['Pancakes']],
    ['an overlap is enough (12:25–12:40 against a range ending 12:30)', '2026-11-28', { start: '12:25', end: '12:40' }, []],
    ['touching is not overlapping (14:00–14:15 after a range ending 14:00)', '2026-11-24', { start: '14:00', end: '14:15' }, ['Pizza Margherita', 'Pancakes']],
  ])('%s', (_name, date, slot, expected) => {
    expect(unservedItems(cart, menus, false, date, slot)).toEqual(expected);
  });
});

describe('checkOrderSchedule (docs/decisions/005: the server checks again)', () => {
  const settings = [{ name: 'scheduling.minimum_time', value: 30 }];
  const lines = [{ item_name: 'Pizza Margherita', item_menu_id: 1 }];
  const base = { lines, menus: [menu(), brunch], isPickup: false, settings, now: new Date('2026-11-24T12:00:00+01:00') };

  test('as soon as possible while open: accepted; while closed: refused', () => {
    expect(checkOrderSchedule({ ...base, schedule: { is_scheduled: false } })).toBeNull();
    const night = { ...base, now: new Date('2026-11-24T03:00:00+01:00') };
    expect(checkOrderSchedule({ ...night, schedule: { is_scheduled: false } })?.path).toBe('is_scheduled');
  });

  test.each([
    // [screen connected, e-mail only, ASAP accepted] (docs/decisions/022)
    [true, false, true],
    [false, false, false],
    [false, true, true],
    [true, true, true],
  ])('as soon as possible with a screen connected: %s, e-mail only: %s → accepted: %s', (screenConnected, emailOnly, accepted) => {
    const presence = { screenConnected, emailOnly };
    const refusal = checkOrderSchedule({ ...base, presence, schedule: { is_scheduled: false } });
    expect(refusal === null).toBe(accepted);
    if (refusal) expect(refusal).toEqual({ path: 'is_scheduled', message: 'Le restaurant ne prend pas de commande immédiate pour le moment : choisissez un créneau.' });
    expect(isAsapOffered(base.menus, base.now, presence)).toBe(accepted);
    // A scheduled order never needs a screen: the restaurant has time to see it.
    const scheduled = { is_scheduled: true, delivery_date: '2026-11-25', delivery_time_range: '12:30-12:45' };
    expect(checkOrderSchedule({ ...base, presence, schedule: scheduled })).toBeNull();
  });

  test('closed: ASAP is not offered whoever is there, and the refusal says closed', () => {
    const night = { ...base, now: new Date('2026-11-24T03:00:00+01:00') };
    const presence = { screenConnected: true, emailOnly: true };
    expect(isAsapOffered(night.menus, night.now, presence)).toBe(false);
    expect(checkOrderSchedule({ ...night, presence, schedule: { is_scheduled: false } })?.message).toMatch(/fermé/);
  });

  test('as soon as possible with a dish whose menu is closed now: refused, naming it', () => {
    const refusal = checkOrderSchedule({ ...base, lines: [...lines, { item_name: 'Pancakes', item_menu_id: 2 }], schedule: { is_scheduled: false } });
    expect(refusal?.message).toContain('« Pancakes »');
  });

  test.each([
    ['tomorrow 12:30: accepted', { delivery_date: '2026-11-25', delivery_time_range: '12:30-12:45' }, null],
    ['today inside the lead time: refused', { delivery_date: '2026-11-24', delivery_time_range: '12:15-12:30' }, 'delivery_time_range'],
    ['yesterday: refused', { delivery_date: '2026-11-23', delivery_time_range: '12:30-12:45' }, 'delivery_date'],
    ['8 days ahead: refused', { delivery_date: '2026-12-02', delivery_time_range: '12:30-12:45' }, 'delivery_date'],
    ['not a date: refused', { delivery_date: '2026-02-30', delivery_time_range: '12:30-12:45' }, 'delivery_date'],
    ['no slot: refused', { delivery_date: '2026-11-25', delivery_time_range: null }, 'delivery_time_range'],
    ['a slot outside the ranges (16:00): refused', { delivery_date: '2026-11-25', delivery_time_range: '16:00-16:15' }, 'delivery_time_range'],
  ])('%s', (_name, schedule, path) => {
    expect(checkOrderSchedule({ ...base, schedule: { is_scheduled: true, ...schedule } })?.path ?? null).toBe(path);
  });

  test("a slot some dishes cannot serve: the spec's alert, in French, naming them", () => {
    const refusal = checkOrderSchedule({
      ...base,
      lines: [...lines, { item_name: 'Pancakes', item_menu_id: 2 }],
      schedule: { is_scheduled: true, delivery_date: '2026-11-25', delivery_time_range: '12:30-12:45' },
    });
    expect(refusal).toEqual({
      path: 'items',
      message:
        'Les articles suivants de votre panier ne sont pas disponibles à l’heure choisie : « Pancakes ». Veuillez choisir un autre horaire ou retirer ces articles.',
    });
  });
});

describe('describeSchedule', () => {
  test.each([
    ['2026-11-25', '12:30-12:45', 'le mercredi 25 novembre, 12:30–12:45'],
    ['2026-11-25', '19:30', 'le mercredi 25 novembre, 19:30–19:45'],
    [null, null, 'dès que possible'],
    ['2026-02-30', '12:00-12:15', 'dès que possible'],
  ])('%s %s → %s', (date, range, text) => expect(describeSchedule(date, range)).toBe(text));
});
