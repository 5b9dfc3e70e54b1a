import { describe, expect, test } from 'vitest';
import { formatCountdown } from './countdown.ts';

/** docs/decisions/023: the board's countdown to the end of a pause. */
describe('formatCountdown', () => {
  test.each([
    [15 * 60_000, '15:00'],
    [15 * 60_000 - 1, '15:00'],
    [14 * 60_000 + 59_001, '15:00'],
    [14 * 60_000 + 59_000, '14:59'],
    [999, '00:01'],
    [0, '00:00'],
    [-5_000, '00:00'],
    [60 * 60_000, '1 h 00'],
    [(2 * 60 + 5) * 60_000, '2 h 05'],
  ])('%i ms left: %s', (ms, text) => expect(formatCountdown(ms)).toBe(text));
});
