import { describe, expect, test } from 'vitest';
import { describeAsapOn, describeBoardTime, isRestaurantToday } from './board-time.ts';

/** Staff-side times with their day when not today (Europe/Paris): the board and the kitchen ticket. */

/** Tuesday 24 November 2026, 22:13 in Paris (UTC+1). */
const now = new Date('2026-11-24T21:13:00Z');

describe('describeBoardTime', () => {
  test.each([
    ['today: the time alone', '2026-11-24T21:23:00Z', '22:23'],
    ['tomorrow, Paris wall clock', '2026-11-25T11:30:00Z', 'demain 12:30'],
    ['just after midnight in Paris is tomorrow, though still today in UTC', '2026-11-24T23:05:00Z', 'demain 00:05'],
    ['later: the weekday and date', '2026-12-02T11:30:00Z', 'mercredi 2 décembre 12:30'],
    ['earlier: the weekday and date too', '2026-11-23T19:00:00Z', 'lundi 23 novembre 20:00'],
    ['across the change to summer time (UTC+2)', '2027-03-28T10:00:00Z', 'dimanche 28 mars 12:00'],
  ])('%s', (_name, instant, expected) => {
    expect(describeBoardTime(new Date(instant), now)).toBe(expected);
  });

  test('today is the Paris day, not the UTC one', () => {
    expect(isRestaurantToday(new Date('2026-11-24T23:30:00Z'), now)).toBe(false);
    expect(isRestaurantToday(new Date('2026-11-23T23:30:00Z'), now)).toBe(true);
  });
});

test('a finished ASAP order says the day it was placed', () => {
  expect(describeAsapOn(new Date('2026-11-24T11:30:00Z'))).toBe('dès que possible, le mardi 24 novembre');
});
