import { describe, expect, test } from 'vitest';
import type { ActiveTime, TimeRange, Weekday } from './catalogue.ts';
import type { CalendarException } from './calendar.ts';
import { availabilityState, isOnSale, serviceDayOf, soldOutHorizonDays, soldOutTodayUntil } from './sold-out.ts';

/** Weekly hours from a compact table: missing days are closed. */
function hours(table: Partial<Record<Weekday, [string, string][]>>): ActiveTime[] {
  return (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) => {
    const times: TimeRange[] = (table[day] ?? []).map(([start, end]) => ({ start, end }));
    return { day, label: day, is_open: times.length > 0, times };
  });
}

const service: [string, string][] = [
  ['11:30', '14:30'],
  ['18:30', '22:30'],
];
/** The demo restaurant: closed on Mondays, lunch and dinner the other days. */
const demo = hours({ tue: service, wed: service, thu: service, fri: service, sat: service, sun: service });

const at = (iso: string) => new Date(iso);

describe('soldOutTodayUntil', () => {
  test.each([
    ['Tuesday lunch → Wednesday’s opening', '2026-11-24T12:30:00+01:00', '2026-11-25T11:30:00+01:00'],
    ['Tuesday 09:00, before opening: today is Tuesday → Wednesday', '2026-11-24T09:00:00+01:00', '2026-11-25T11:30:00+01:00'],
    ['Tuesday between services (16:00) → Wednesday, not tonight', '2026-11-24T16:00:00+01:00', '2026-11-25T11:30:00+01:00'],
    ['Tuesday 23:50, after closing → Wednesday', '2026-11-24T23:50:00+01:00', '2026-11-25T11:30:00+01:00'],
    ['Tuesday 23:59:59 → Wednesday', '2026-11-24T23:59:59+01:00', '2026-11-25T11:30:00+01:00'],
    ['Wednesday 00:00: a new day → Thursday', '2026-11-25T00:00:00+01:00', '2026-11-26T11:30:00+01:00'],
    ['Sunday dinner, Monday closed → Tuesday', '2026-11-29T20:00:00+01:00', '2026-12-01T11:30:00+01:00'],
    ['Monday (closed) → Tuesday', '2026-11-30T10:00:00+01:00', '2026-12-01T11:30:00+01:00'],
    ['Saturday 31 December → Sunday 1 January (year change)', '2022-12-31T20:00:00+01:00', '2023-01-01T11:30:00+01:00'],
  ])('%s', (_, now, expected) => {
    expect(soldOutTodayUntil(demo, at(now)).toISOString()).toBe(at(expected).toISOString());
  });

  test('clocks go forward (Sunday 29 March 2026): Saturday night → Sunday 11:30 summer time (09:30 UTC)', () => {
    expect(soldOutTodayUntil(demo, at('2026-03-28T21:00:00+01:00')).toISOString()).toBe('2026-03-29T09:30:00.000Z');
  });

  test('clocks go back (Sunday 25 October 2026): Saturday night → Sunday 11:30 winter time (10:30 UTC)', () => {
    expect(soldOutTodayUntil(demo, at('2026-10-24T21:00:00+02:00')).toISOString()).toBe('2026-10-25T10:30:00.000Z');
  });

  test('an opening in the hour skipped in March (02:30) comes back at the first minute that exists (03:00 summer time)', () => {
    const night = hours({ sat: [['20:00', '23:00']], sun: [['02:30', '06:00']] });
    expect(soldOutTodayUntil(night, at('2026-03-28T21:00:00+01:00')).toISOString()).toBe('2026-03-29T01:00:00.000Z');
  });

  test('across midnight: at 00:30 during Friday’s 19:00–02:00 service, the dish comes back Saturday 19:00, not Sunday', () => {
    const bar = hours({ fri: [['19:00', '02:00']], sat: [['19:00', '02:00']], sun: [['19:00', '02:00']] });
    expect(soldOutTodayUntil(bar, at('2026-11-28T00:30:00+01:00')).toISOString()).toBe(at('2026-11-28T19:00:00+01:00').toISOString());
    // At 02:00 that service is over: Saturday is today, the dish comes back Sunday.
    expect(soldOutTodayUntil(bar, at('2026-11-28T02:00:00+01:00')).toISOString()).toBe(at('2026-11-29T19:00:00+01:00').toISOString());
    // Friday 23:00, during the service: back Saturday 19:00.
    expect(soldOutTodayUntil(bar, at('2026-11-27T23:00:00+01:00')).toISOString()).toBe(at('2026-11-28T19:00:00+01:00').toISOString());
  });

  test('the earliest range of the day counts, whatever their order', () => {
    const unordered = hours({
      tue: [
        ['18:30', '22:30'],
        ['11:00', '14:00'],
      ],
      wed: [
        ['18:30', '22:30'],
        ['11:00', '14:00'],
      ],
    });
    expect(soldOutTodayUntil(unordered, at('2026-11-24T12:00:00+01:00')).toISOString()).toBe(at('2026-11-25T11:00:00+01:00').toISOString());
  });

  test('an exceptional closure is skipped; an exceptional opening on a closed day counts', () => {
    const closedWednesday: CalendarException[] = [{ date: '2026-11-25', is_closed: true, ranges: [], message: 'Fermeture exceptionnelle' }];
    expect(soldOutTodayUntil(demo, at('2026-11-24T12:30:00+01:00'), closedWednesday).toISOString()).toBe(at('2026-11-26T11:30:00+01:00').toISOString());
    const openMonday: CalendarException[] = [{ date: '2026-11-30', is_closed: false, ranges: [{ start: '12:00', end: '14:00' }], message: '' }];
    expect(soldOutTodayUntil(demo, at('2026-11-29T20:00:00+01:00'), openMonday).toISOString()).toBe(at('2026-11-30T12:00:00+01:00').toISOString());
  });

  test(`never open within ${soldOutHorizonDays} days: back at the next Paris midnight`, () => {
    expect(soldOutTodayUntil(hours({}), at('2026-11-24T12:30:00+01:00')).toISOString()).toBe(at('2026-11-25T00:00:00+01:00').toISOString());
    // Open only in 20 days' time: still the next midnight.
    const far: CalendarException[] = [{ date: '2026-12-14', is_closed: false, ranges: [{ start: '12:00', end: '14:00' }], message: '' }];
    expect(soldOutTodayUntil(hours({}), at('2026-11-24T12:30:00+01:00'), far).toISOString()).toBe(at('2026-11-25T00:00:00+01:00').toISOString());
  });

  test('a closed weekday with times listed is still closed', () => {
    const listed = demo.map((d) => (d.day === 'wed' ? { ...d, is_open: false } : d));
    expect(soldOutTodayUntil(listed, at('2026-11-24T12:30:00+01:00')).toISOString()).toBe(at('2026-11-26T11:30:00+01:00').toISOString());
  });

  test('always later than now', () => {
    for (let hour = 0; hour < 24 * 14; hour += 1) {
      const now = new Date(Date.UTC(2026, 2, 22) + hour * 3_600_000);
      expect(soldOutTodayUntil(demo, now).getTime()).toBeGreaterThan(now.getTime());
    }
  });
});

describe('serviceDayOf', () => {
  const bar = hours({ fri: [['19:00', '02:00']] });
  test.each([
    ['2026-11-28T00:30:00+01:00', '2026-11-27'],
    ['2026-11-28T01:59:00+01:00', '2026-11-27'],
    ['2026-11-28T02:00:00+01:00', '2026-11-28'],
    ['2026-11-27T23:00:00+01:00', '2026-11-27'],
  ])('%s belongs to %s', (now, day) => {
    expect(serviceDayOf(bar, at(now))).toBe(day);
  });
});

describe('isOnSale and availabilityState', () => {
  const now = at('2026-11-24T12:30:00+01:00');
  const later = at('2026-11-25T11:30:00+01:00');
  test('on sale unless off, or sold out until a later instant; it comes back at that instant exactly', () => {
    expect(isOnSale(true, null, now)).toBe(true);
    expect(isOnSale(false, null, now)).toBe(false);
    expect(isOnSale(true, later, now)).toBe(false);
    expect(isOnSale(true, later, later)).toBe(true);
    expect(isOnSale(true, later, new Date(later.getTime() - 1))).toBe(false);
  });
  test('the three states; « jusqu’à nouvel ordre » wins', () => {
    expect(availabilityState(true, null, now)).toBe('available');
    expect(availabilityState(true, later, now)).toBe('sold_out_today');
    expect(availabilityState(true, now, later)).toBe('available');
    expect(availabilityState(false, later, now)).toBe('sold_out');
  });
});
