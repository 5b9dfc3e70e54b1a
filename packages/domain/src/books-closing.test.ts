import { describe, expect, test } from 'vitest';
import { dayClosesAt, lastClosableDay, readBooksSettings } from './books-closing.ts';
import { endsFiscalYear, lastDayOfMonth, periodClosure, totalsOf } from './books.ts';
import { emptyCalendar, type RestaurantCalendar } from './calendar.ts';
import { weekdays, type ActiveTime } from './catalogue.ts';
import type { OpeningMenu } from './handling-time.ts';

/**
 * When a business day closes (docs/decisions/031, « Closures »): 30 minutes after its last opening
 * ends, at the next midnight when it has none; the month's and fiscal year's bounds; a period's
 * closure from its parts.
 */
const week = (open: (day: string) => ActiveTime['times']): ActiveTime[] =>
  weekdays.map((day) => ({ day, label: day, is_open: open(day).length > 0, times: open(day) }));
/** Lunch 11:30–14:00 and dinner 18:30–22:30, closed on Mondays; a late menu on Saturdays until midnight. */
const menus: OpeningMenu[] = [
  {
    menu_is_available: true,
    active_times: week((day) =>
      day === 'mon'
        ? []
        : [
            { start: '11:30', end: '14:00' },
            { start: '18:30', end: '22:30' },
          ],
    ),
  },
  { menu_is_available: true, active_times: week((day) => (day === 'sat' ? [{ start: '21:00', end: '00:00' }] : [])) },
];
const paris = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);

describe('dayClosesAt and lastClosableDay', () => {
  test('half an hour after the last opening; a closed day at midnight; an evening until midnight at 00:30', () => {
    expect(dayClosesAt(menus, '2026-11-24')).toEqual(paris('2026-11-24', '23:00')); // Tuesday
    expect(dayClosesAt(menus, '2026-11-23')).toEqual(paris('2026-11-24', '00:00')); // Monday, closed
    expect(dayClosesAt(menus, '2026-11-28')).toEqual(paris('2026-11-29', '00:30')); // Saturday until midnight
  });

  test('the calendar’s exceptional days decide: closed on Christmas, open late on a Monday', () => {
    const calendar: RestaurantCalendar = {
      ...emptyCalendar,
      exceptions: [
        { date: '2026-12-25', is_closed: true, ranges: [], message: '' },
        { date: '2026-12-28', is_closed: false, ranges: [{ start: '19:00', end: '23:15' }], message: '' },
      ],
    };
    expect(dayClosesAt(menus, '2026-12-25', calendar)).toEqual(paris('2026-12-26', '00:00'));
    expect(dayClosesAt(menus, '2026-12-28', calendar)).toEqual(paris('2026-12-28', '23:45'));
  });

  test('the last day closable at an instant', () => {
    expect(lastClosableDay(menus, undefined, paris('2026-11-24', '22:59'))).toBe('2026-11-23');
    expect(lastClosableDay(menus, undefined, paris('2026-11-24', '23:00'))).toBe('2026-11-24');
    expect(lastClosableDay(menus, undefined, paris('2026-11-29', '00:10'))).toBe('2026-11-27'); // Saturday not over yet
    expect(lastClosableDay(menus, undefined, paris('2026-11-29', '00:30'))).toBe('2026-11-28');
    expect(lastClosableDay([], undefined, paris('2026-11-24', '00:00'))).toBe('2026-11-23'); // no menu: every day at midnight
  });

  test('summer time: the instants are Paris’s', () => {
    expect(dayClosesAt(menus, '2027-07-06')).toEqual(new Date('2027-07-06T23:00:00+02:00'));
  });
});

describe('months and fiscal years', () => {
  test('a month’s last day, leap years included; the fiscal year’s last month', () => {
    expect(['2026-11-03', '2027-02-10', '2028-02-01', '2026-12-31'].map(lastDayOfMonth)).toEqual(['2026-11-30', '2027-02-28', '2028-02-29', '2026-12-31']);
    expect(endsFiscalYear('2026-12-31', 1)).toBe(true);
    expect(endsFiscalYear('2026-11-30', 1)).toBe(false);
    expect(endsFiscalYear('2027-06-30', 7)).toBe(true);
    expect(endsFiscalYear('2027-12-31', 12)).toBe(false);
    expect(endsFiscalYear('2027-11-30', 12)).toBe(true);
  });

  test('a period’s closure sums its parts, covers their sequences and carries the perpetual total', () => {
    const pay = (amount: number) => ({ kind: 'payment' as const, payment: { order_id: 1, means: 'cash' as const, amount } });
    const first = { period: { kind: 'day' as const, start: '2026-11-29', end: '2026-11-29' }, first_seq: null, last_seq: null, ...totalsOf([], 100) };
    const second = {
      period: { kind: 'day' as const, start: '2026-11-30', end: '2026-11-30' },
      first_seq: 5,
      last_seq: 9,
      ...totalsOf([pay(300), pay(200)], 100),
    };
    const month = periodClosure({ kind: 'month', start: '2026-11-29', end: '2026-11-30' }, [first, second], 100);
    expect(month).toMatchObject({
      period: { kind: 'month' },
      first_seq: 5,
      last_seq: 9,
      payments: { cash: 500 },
      counts: { payments: 2 },
      perpetual_total_ttc: 100,
    });
    expect(periodClosure({ kind: 'month', start: '2026-11-29', end: '2026-11-29' }, [first], 100)).toMatchObject({ first_seq: null, last_seq: null });
  });

  test('the books’ settings: January and no e-mail by default, a month outside 1…12 read as January', () => {
    expect(readBooksSettings([])).toEqual({ fiscalYearFirstMonth: 1, closureEmail: false });
    expect(
      readBooksSettings([
        { name: 'books.fiscal_year_first_month', value: 7 },
        { name: 'books.closure_email', value: true },
      ]),
    ).toEqual({ fiscalYearFirstMonth: 7, closureEmail: true });
    expect(readBooksSettings([{ name: 'books.fiscal_year_first_month', value: 13 }]).fiscalYearFirstMonth).toBe(1);
  });
});
