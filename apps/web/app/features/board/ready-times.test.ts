import { describe, expect, test } from 'vitest';
import { acceptChoices, acceptPresets, delayPresets, slotStart } from './ready-times.ts';
import { isConnectionLost } from './board-store.ts';

/** The ready times the board offers (docs/decisions/019); when it says the connection is lost (docs/decisions/021). */

/** Tuesday 24 November 2026, 12:30 in Paris (UTC+1). */
const now = Date.parse('2026-11-24T11:30:00.000Z');

describe('ready times', () => {
  test('accept: +10, +20, +30 min from the server’s now', () => {
    expect(acceptPresets(now)).toEqual([
      { minutes: 10, readyAt: '2026-11-24T11:40:00.000Z' },
      { minutes: 20, readyAt: '2026-11-24T11:50:00.000Z' },
      { minutes: 30, readyAt: '2026-11-24T12:00:00.000Z' },
    ]);
  });

  test('accept a scheduled order of another day: its slot only, no minutes from now', () => {
    const tomorrow = acceptChoices({ is_scheduled: true, delivery_date: '2026-11-25', delivery_time_range: '12:30-12:45' }, now);
    expect(tomorrow).toEqual({ slot: '2026-11-25T11:30:00.000Z', presets: [] });
    const tonight = acceptChoices({ is_scheduled: true, delivery_date: '2026-11-24', delivery_time_range: '19:30-19:45' }, now);
    expect(tonight.slot).toBe('2026-11-24T18:30:00.000Z');
    expect(tonight.presets.map((p) => p.minutes)).toEqual([10, 20, 30]);
    expect(acceptChoices({ is_scheduled: false, delivery_date: null, delivery_time_range: null }, now).presets).toHaveLength(3);
  });

  test('delay: the steps are added to the current ready time, or to now without one', () => {
    expect(delayPresets({ ready_at: '2026-11-24T12:05:00.000Z' }, now).presets.map((p) => p.readyAt)).toEqual([
      '2026-11-24T12:15:00.000Z',
      '2026-11-24T12:25:00.000Z',
      '2026-11-24T12:35:00.000Z',
    ]);
    expect(delayPresets({ ready_at: null }, now).base).toBe('2026-11-24T11:30:00.000Z');
  });

  test.each([
    ['a scheduled order: the start of its slot, Paris wall clock (winter, UTC+1)', { is_scheduled: true, delivery_date: '2026-11-24', delivery_time_range: '19:30-19:45' }, '2026-11-24T18:30:00.000Z'],
    ['summer time (UTC+2)', { is_scheduled: true, delivery_date: '2026-07-14', delivery_time_range: '12:00-12:15' }, '2026-07-14T10:00:00.000Z'],
    ['an ASAP order has no slot', { is_scheduled: false, delivery_date: null, delivery_time_range: null }, null],
    ['an unreadable slot is no slot', { is_scheduled: true, delivery_date: '2026-11-24', delivery_time_range: 'midi' }, null],
  ])('slot: %s', (_, order, expected) => {
    expect(slotStart(order)).toBe(expected);
  });
});

describe('the connection banner', () => {
  test.each([
    [{ stream: 'open', offline: false, loadFailed: false }, false],
    [{ stream: 'connecting', offline: false, loadFailed: false }, false],
    [{ stream: 'error', offline: false, loadFailed: false }, true],
    [{ stream: 'open', offline: true, loadFailed: false }, true],
    [{ stream: 'open', offline: false, loadFailed: true }, true],
  ] as const)('%o → %s', (state, lost) => {
    expect(isConnectionLost(state)).toBe(lost);
  });
});
