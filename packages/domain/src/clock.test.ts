import { describe, test, expect } from 'vitest';
import fc from 'fast-check';
import { isOpenAt, rememberRestaurantOffset, restaurantOffsetAt, restaurantOffsetSpan, restaurantTimeZone, toRestaurantDate, toRestaurantTime } from './clock.ts';
import type { ActiveTime, Weekday } from './catalogue.ts';

describe('toRestaurantTime (docs/decisions/016, section 2.3: time is Europe/Paris)', () => {
  test('the restaurant zone is Europe/Paris', () => {
    expect(restaurantTimeZone).toBe('Europe/Paris');
  });

  test.each<[string, string, Weekday, string]>([
    ['winter noon (UTC+1)', '2026-01-05T11:00:00Z', 'mon', '12:00'],
    ['summer noon (UTC+2)', '2026-07-01T10:00:00Z', 'wed', '12:00'],
    ['winter midnight is 00:00 of the next day, never 24:00', '2026-01-04T23:00:00Z', 'mon', '00:00'],
    ['one minute before winter midnight', '2026-01-04T22:59:00Z', 'sun', '23:59'],
    ['summer midnight', '2026-06-30T22:00:00Z', 'wed', '00:00'],
    ['UTC midnight is 01:00 in Paris in winter', '2026-01-05T00:00:00Z', 'mon', '01:00'],
    ['UTC late evening is already the next day in Paris', '2026-07-01T22:30:00Z', 'thu', '00:30'],
    // spring forward, Sunday 2026-03-29: 02:00 CET → 03:00 CEST at 01:00 UTC
    ['DST spring day: midnight (still UTC+1)', '2026-03-28T23:00:00Z', 'sun', '00:00'],
    ['DST spring day: last minute before the change', '2026-03-29T00:59:00Z', 'sun', '01:59'],
    ['DST spring day: the change jumps to 03:00', '2026-03-29T01:00:00Z', 'sun', '03:00'],
    ['DST spring day: evening (UTC+2)', '2026-03-29T17:30:00Z', 'sun', '19:30'],
    ['DST spring day: next midnight (UTC+2)', '2026-03-29T22:00:00Z', 'mon', '00:00'],
    ['DST spring day: 23:59', '2026-03-29T21:59:00Z', 'sun', '23:59'],
    // fall back, Sunday 2026-10-25: 03:00 CEST → 02:00 CET at 01:00 UTC
    ['DST autumn day: midnight (still UTC+2)', '2026-10-24T22:00:00Z', 'sun', '00:00'],
    ['DST autumn day: first 02:30 (CEST)', '2026-10-25T00:30:00Z', 'sun', '02:30'],
    ['DST autumn day: second 02:30 (CET)', '2026-10-25T01:30:00Z', 'sun', '02:30'],
    ['DST autumn day: evening (UTC+1)', '2026-10-25T18:30:00Z', 'sun', '19:30'],
    ['DST autumn day: next midnight (UTC+1)', '2026-10-25T23:00:00Z', 'mon', '00:00'],
    ['DST autumn day: 23:59', '2026-10-25T22:59:00Z', 'sun', '23:59'],
  ])('%s: %s → %s %s', (_name, iso, day, time) => {
    expect(toRestaurantTime(new Date(iso))).toEqual({ day, time });
  });

  test.each<[string, Weekday]>([
    ['2026-11-23T12:00:00Z', 'mon'],
    ['2026-11-24T12:00:00Z', 'tue'],
    ['2026-11-25T12:00:00Z', 'wed'],
    ['2026-11-26T12:00:00Z', 'thu'],
    ['2026-11-27T12:00:00Z', 'fri'],
    ['2026-11-28T12:00:00Z', 'sat'],
    ['2026-11-29T12:00:00Z', 'sun'],
  ])('%s is %s', (iso, day) => {
    expect(toRestaurantTime(new Date(iso)).day).toBe(day);
  });

  test('property: time is always HH:MM between 00:00 and 23:59 and day is a weekday', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }), (instant) => {
        const { day, time } = toRestaurantTime(instant);
        expect(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']).toContain(day);
        expect(time).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/u);
      }),
    );
  });

  test('Intl’s wall clock, to the minute, from 1900 to 2100: the +00:09:21 of Paris Mean Time and two readings in one UTC minute included', () => {
    const intl = new Intl.DateTimeFormat('en-US', { timeZone: restaurantTimeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const intlTime = (ms: number) => {
      const parts = Object.fromEntries(intl.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
      return { day: parts.weekday!.toLowerCase(), time: `${parts.hour}:${parts.minute}` };
    };
    // 1907-02-17 23:50:30 and 23:50:45 UTC are one UTC minute but two Paris minutes (23:59:51 and 00:00:06 the next day).
    for (const ms of [Date.UTC(1907, 1, 17, 23, 50, 30), Date.UTC(1907, 1, 17, 23, 50, 45), Date.UTC(1911, 2, 10, 23, 50, 38), Date.UTC(1911, 2, 10, 23, 50, 39)]) {
      expect(toRestaurantTime(new Date(ms)), new Date(ms).toISOString()).toEqual(intlTime(ms));
    }
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        expect(toRestaurantTime(new Date(ms))).toEqual(intlTime(ms));
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('isOpenAt (section 3 Menu active_times: start inclusive, end exclusive)', () => {
  const day = (d: Weekday, times: [string, string][], is_open = true): ActiveTime => ({
    day: d,
    label: d,
    is_open,
    times: times.map(([start, end]) => ({ start, end })),
  });
  const hours: ActiveTime[] = [
    day('mon', [
      ['11:30', '14:00'],
      ['19:00', '22:30'],
    ]),
    day('tue', [['11:30', '14:00']], false), // closed although times are listed
    day('fri', [['19:00', '02:00']]), // runs past midnight
    day('sat', [['00:00', '00:00']]), // end ≤ start: from start to midnight, the whole day
  ];
  // Monday 2026-01-05 (winter, UTC+1): Paris HH:MM = UTC HH:MM + 1 h
  const mon = (parisTime: string) => {
    const [h, m] = parisTime.split(':').map(Number);
    return new Date(Date.UTC(2026, 0, 5, (h ?? 0) - 1, m ?? 0));
  };

  test.each<[string, string, boolean]>([
    ['before the first range', '11:29', false],
    ['start is inclusive', '11:30', true],
    ['inside the first range', '12:45', true],
    ['last minute of the first range', '13:59', true],
    ['end is exclusive', '14:00', false],
    ['between ranges', '16:00', false],
    ['start of the second range', '19:00', true],
    ['last minute of the second range', '22:29', true],
    ['end of the second range is exclusive', '22:30', false],
    ['late night', '23:59', false],
    ['midnight', '00:00', false],
  ])('Monday %s (%s) → %s', (_name, time, open) => {
    expect(isOpenAt(hours, mon(time))).toBe(open);
  });

  test('a closed day (is_open false) is closed whatever its times', () => {
    expect(isOpenAt(hours, new Date('2026-01-06T11:00:00Z'))).toBe(false); // Tuesday 12:00
  });

  test('a day missing from active_times is closed', () => {
    expect(isOpenAt(hours, new Date('2026-01-07T11:00:00Z'))).toBe(false); // Wednesday 12:00
    expect(isOpenAt([], new Date('2026-01-07T11:00:00Z'))).toBe(false);
  });

  test('an open day without time ranges is closed', () => {
    expect(isOpenAt([day('wed', [])], new Date('2026-01-07T11:00:00Z'))).toBe(false);
  });

  test.each<[string, string, boolean]>([
    ['Friday 18:59, before the start', '2026-01-09T17:59:00Z', false],
    ['Friday 19:00, start inclusive', '2026-01-09T18:00:00Z', true],
    ['Friday 23:30, after the start of a range past midnight', '2026-01-09T22:30:00Z', true],
    ['Friday 23:59', '2026-01-09T22:59:00Z', true],
  ])('range past midnight (19:00–02:00): %s → %s', (_name, iso, open) => {
    expect(isOpenAt(hours, new Date(iso))).toBe(open);
  });

  test('range past midnight is read as [start, 24:00) of its own day: the next morning belongs to the next day', () => {
    // Saturday 01:00 is governed by Saturday's ranges (here 00:00–00:00, the whole day)
    expect(isOpenAt(hours, new Date('2026-01-10T00:00:00Z'))).toBe(true);
    // with no Saturday entry, Friday's 19:00–02:00 does not open Saturday 01:00 (documented behaviour)
    const fridayOnly = hours.filter((h) => h.day === 'fri');
    expect(isOpenAt(fridayOnly, new Date('2026-01-10T00:00:00Z'))).toBe(false);
  });

  test('end equal to start (00:00–00:00) is open all day', () => {
    expect(isOpenAt(hours, new Date('2026-01-09T23:00:00Z'))).toBe(true); // Saturday 00:00
    expect(isOpenAt(hours, new Date('2026-01-10T22:59:00Z'))).toBe(true); // Saturday 23:59
  });

  test('opening hours follow Paris time across the DST change (2026-03-29, Sunday)', () => {
    const sunday = [day('sun', [['02:30', '03:30']])];
    // 02:30 does not exist that night: 00:59 UTC is 01:59, 01:00 UTC is already 03:00
    expect(isOpenAt(sunday, new Date('2026-03-29T00:59:00Z'))).toBe(false);
    expect(isOpenAt(sunday, new Date('2026-03-29T01:00:00Z'))).toBe(true);
    expect(isOpenAt(sunday, new Date('2026-03-29T01:30:00Z'))).toBe(false); // 03:30, end exclusive
  });

  test('opening hours follow Paris time across the DST change (2026-10-25, Sunday)', () => {
    const sunday = [day('sun', [['12:00', '14:00']])];
    expect(isOpenAt(sunday, new Date('2026-10-25T11:00:00Z'))).toBe(true); // 12:00 CET
    expect(isOpenAt(sunday, new Date('2026-10-25T10:30:00Z'))).toBe(false); // 11:30 CET
    expect(isOpenAt(sunday, new Date('2026-10-25T13:00:00Z'))).toBe(false); // 14:00 CET
  });
});

describe('toRestaurantDate: the calendar day in Paris, as Intl gives it', () => {
  const intlDate = (ms: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', { timeZone: restaurantTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(ms)).map((p) => [p.type, p.value]),
    );
    return `${parts.year}-${parts.month}-${parts.day}`;
  };

  test('random instants from 1900 to 2100, midnights and DST changes included, and far years', () => {
    const instants = fc.oneof(
      fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }),
      // Around Paris midnights (22:00 to 00:30 UTC) and the 2026 changes.
      fc.tuple(fc.integer({ min: 0, max: 3650 }), fc.integer({ min: -150, max: 30 })).map(([day, minutes]) => Date.UTC(2024, 0, 1 + day) + minutes * 60_000),
      fc.integer({ min: Date.UTC(2026, 2, 28, 22), max: Date.UTC(2026, 2, 29, 4) }),
      fc.integer({ min: Date.UTC(2026, 9, 24, 22), max: Date.UTC(2026, 9, 25, 4) }),
    );
    fc.assert(
      fc.property(instants, (ms) => {
        expect(toRestaurantDate(new Date(ms))).toBe(intlDate(ms));
      }),
      { numRuns: 20_000 },
    );
    for (const ms of [Date.UTC(999, 11, 31, 23), Date.UTC(1000, 0, 1, 0), Date.UTC(9999, 11, 31, 22, 59), Date.UTC(10000, 0, 1)]) expect(toRestaurantDate(new Date(ms))).toBe(intlDate(ms));
    // Paris Mean Time (+00:09:21) until 1911-03-10 23:50:39 UTC, a change inside a quarter hour: a
    // random run found 1907-02-17T23:50:59.999Z read as the 17th (the offset was kept in whole minutes).
    const change1911 = Date.UTC(1911, 2, 10, 23, 50, 39);
    for (const ms of [Date.UTC(1907, 1, 17, 23, 50, 59, 999), Date.UTC(1907, 1, 17, 23, 50, 38), Date.UTC(1907, 1, 17, 23, 50, 39), change1911 - 1, change1911, Date.UTC(1911, 2, 10, 23, 59, 59, 999), Date.UTC(1911, 2, 10, 23, 45)]) {
      expect(toRestaurantDate(new Date(ms)), new Date(ms).toISOString()).toBe(intlDate(ms));
    }
    expect(() => toRestaurantDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('restaurantOffsetSpan and rememberRestaurantOffset: the server gives the offset, the browser asks Intl nothing', () => {
  test('restaurantOffsetAt gives +1 h in winter and +2 h in summer', () => {
    expect(restaurantOffsetAt(new Date('2026-01-15T12:00:00Z'))).toBe(3_600_000);
    expect(restaurantOffsetAt(new Date('2026-07-15T12:00:00Z'))).toBe(7_200_000);
  });

  test('the span runs from the last change to the next, as Intl knows them (01:00 UTC, last Sundays of March and October)', () => {
    expect(restaurantOffsetSpan(new Date('2026-11-24T11:30:00Z'))).toEqual({
      offsetMs: 3_600_000,
      fromMs: Date.parse('2026-10-25T01:00:00Z'),
      untilMs: Date.parse('2027-03-28T01:00:00Z'),
    });
    expect(restaurantOffsetSpan(new Date('2026-07-15T12:00:00Z'))).toEqual({
      offsetMs: 7_200_000,
      fromMs: Date.parse('2026-03-29T01:00:00Z'),
      untilMs: Date.parse('2026-10-25T01:00:00Z'),
    });
    // Its first and last quarter hours, and the ones just outside, against Intl.
    const { fromMs, untilMs } = restaurantOffsetSpan(new Date('2026-07-15T12:00:00Z'));
    const intlOffset = (ms: number) => {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-US', { timeZone: restaurantTimeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' })
          .formatToParts(new Date(ms))
          .map((p) => [p.type, p.value]),
      );
      return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)) - ms;
    };
    expect([fromMs, untilMs - 1000].map(intlOffset)).toEqual([7_200_000, 7_200_000]);
    expect([fromMs - 1000, untilMs].map(intlOffset)).toEqual([3_600_000, 3_600_000]);
    expect(() => restaurantOffsetSpan(new Date(Number.NaN))).toThrow(RangeError);
  });

  test('a change within a quarter hour ends the span at the quarter before it; a span reaches 400 days at most', () => {
    // Paris Mean Time (+00:09:21) until 1911-03-10T23:50:39Z, unchanged since 1891.
    expect(restaurantOffsetSpan(new Date('1911-03-01T00:00:00Z'))).toEqual({
      offsetMs: 561_000,
      fromMs: Date.parse('1911-03-01T00:00:00Z') - 400 * 86_400_000,
      untilMs: Date.parse('1911-03-10T23:45:00Z'),
    });
  });

  test('within a remembered span, the wall clock is read with its offset; outside it, and after bad values, with Intl', () => {
    // A span of 2200 no other test reads, with an offset Intl would not give: reading it shows the
    // remembered one was used instead of asking Intl.
    rememberRestaurantOffset({ offsetMs: 3 * 3_600_000, fromMs: Date.parse('2200-06-01T10:00:00Z'), untilMs: Date.parse('2200-06-03T10:00:00Z') });
    expect(toRestaurantTime(new Date('2200-06-01T10:00:00Z'))).toEqual({ day: 'sun', time: '13:00' });
    expect(toRestaurantTime(new Date('2200-06-03T09:59:00Z'))).toEqual({ day: 'tue', time: '12:59' });
    expect(toRestaurantDate(new Date('2200-06-02T22:00:00Z'))).toBe('2200-06-03');
    expect(toRestaurantTime(new Date('2200-06-03T10:00:00Z'))).toEqual({ day: 'tue', time: '12:00' }); // its end: Intl's +2 h
    expect(toRestaurantTime(new Date('2200-06-01T09:59:00Z'))).toEqual({ day: 'sun', time: '11:59' });
    for (const span of [
      { offsetMs: Number.NaN, fromMs: 0, untilMs: 1 },
      { offsetMs: 1234, fromMs: 0, untilMs: 1 },
      { offsetMs: 19 * 3_600_000, fromMs: 0, untilMs: 1 },
      { offsetMs: 0, fromMs: Number.NaN, untilMs: 1 },
      { offsetMs: 0, fromMs: 2, untilMs: 1 },
    ]) {
      rememberRestaurantOffset(span);
      expect(toRestaurantTime(new Date('2200-06-02T10:00:00Z')).time).toBe('13:00'); // the good span is kept
    }
  });
});
