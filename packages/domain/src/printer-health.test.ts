import { describe, expect, test } from 'vitest';
import { describePrinterAlarm, failingAfterFailures, isAlarm, offlineAfterSeconds, printerHealth, type PrinterHealthInput } from './printer-health.ts';

// Tuesday 24 November 2026, 12:31 in Paris.
const now = new Date('2026-11-24T11:31:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
const printer = (over: Partial<PrinterHealthInput> = {}): PrinterHealthInput => ({
  connection: 'cloudprnt',
  enabled: true,
  lastPollAt: ago(3),
  createdAt: ago(3600),
  problem: null,
  problemSince: null,
  failuresInARow: 0,
  ...over,
});

describe('printerHealth', () => {
  test.each([
    ['polled 3 s ago', printer(), 'ok'],
    ['silent exactly the limit', printer({ lastPollAt: ago(offlineAfterSeconds) }), 'ok'],
    ['silent one second past it', printer({ lastPollAt: ago(offlineAfterSeconds + 1) }), 'offline'],
    ['never polled, added 2 min ago', printer({ lastPollAt: null, createdAt: ago(120) }), 'offline'],
    ['never polled, added 10 s ago', printer({ lastPollAt: null, createdAt: ago(10) }), 'ok'],
    ['paper out', printer({ problem: 'paper_out', problemSince: ago(30) }), 'paper_out'],
    ['cover open', printer({ problem: 'cover_open', problemSince: ago(30) }), 'cover_open'],
    ['failed too often', printer({ failuresInARow: failingAfterFailures }), 'failing'],
    ['failed less', printer({ failuresInARow: failingAfterFailures - 1 }), 'ok'],
    ['offline beats its last problem', printer({ lastPollAt: ago(600), problem: 'paper_out', problemSince: ago(700) }), 'offline'],
    ['disabled', printer({ enabled: false, lastPollAt: null }), 'off'],
    ['the browser page', printer({ connection: 'browser', lastPollAt: null }), 'off'],
  ] as const)('%s → %s', (_, input, state) => {
    expect(printerHealth(input, now).state).toBe(state);
  });

  test('an offline printer is offline since it was last heard; an alarm only when not fine', () => {
    const health = printerHealth(printer({ lastPollAt: new Date('2026-11-24T11:20:00Z') }), now);
    expect(health.since?.toISOString()).toBe('2026-11-24T11:20:00.000Z');
    expect(isAlarm(health.state)).toBe(true);
    expect(isAlarm('ok')).toBe(false);
    expect(isAlarm('off')).toBe(false);
  });
});

describe('describePrinterAlarm', () => {
  test('the banner says the printer, its state, since when (Paris time) and what waits', () => {
    const health = printerHealth(printer({ lastPollAt: new Date('2026-11-24T11:20:00Z') }), now);
    expect(describePrinterAlarm('Cuisine', health, 3, now)).toBe('Imprimante Cuisine hors ligne depuis 12:20 — 3 tickets en attente');
    expect(describePrinterAlarm('Bar', printerHealth(printer({ problem: 'paper_out', problemSince: ago(60) }), now), 1, now)).toBe(
      'Imprimante Bar sans papier depuis 12:30 — 1 ticket en attente',
    );
    expect(describePrinterAlarm('Bar', printerHealth(printer({ failuresInARow: 4 }), now), 0, now)).toBe('Imprimante Bar en échec — aucun ticket en attente');
    expect(describePrinterAlarm('Cuisine', printerHealth(printer(), now), 0, now)).toBeNull();
  });
});
