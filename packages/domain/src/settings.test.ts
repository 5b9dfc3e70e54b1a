import { describe, expect, test } from 'vitest';
import { readOrderHandlingSettings } from './settings.ts';

describe('readOrderHandlingSettings (docs/decisions/022-nothing-unseen.md)', () => {
  test('defaults: alert after 2 min, refusal after 10, no automatic print, handled on a board', () => {
    expect(readOrderHandlingSettings([])).toEqual({ unseenAlertMinutes: 2, autoRejectMinutes: 10, autoPrint: false, emailOnly: false });
  });

  test.each([
    [
      'the restaurant’s values',
      { 'orders.unseen_alert_minutes': 3, 'orders.auto_reject_minutes': 13, 'orders.auto_print': true, 'orders.email_only': true },
      [3, 13, true, true],
    ],
    ['a refusal before the alert waits for the alert', { 'orders.unseen_alert_minutes': 5, 'orders.auto_reject_minutes': 4 }, [5, 5, false, false]],
    ['fractions are cut, zero and negatives fall back', { 'orders.unseen_alert_minutes': 2.7, 'orders.auto_reject_minutes': 0 }, [2, 10, false, false]],
    ['values of another type fall back', { 'orders.unseen_alert_minutes': '5', 'orders.email_only': 'yes' }, [2, 10, false, false]],
  ])('%s', (_name, values, [alert, reject, print, emailOnly]) => {
    const settings = Object.entries(values).map(([name, value]) => ({ name, value }));
    expect(readOrderHandlingSettings(settings)).toEqual({ unseenAlertMinutes: alert, autoRejectMinutes: reject, autoPrint: print, emailOnly });
  });
});
