import { describe, expect, test } from 'vitest';
import { decideBackAction, exitWindowMs } from './back-button.ts';
import { parseColor, statusBarStyleFor } from './status-bar.ts';

describe('back button (spec section 2, native app build)', () => {
  const now = 50_000;
  test.each([
    ['first press with history', true, null, 'back'],
    ['first press at the root', false, null, 'hint'],
    ['second press within 1 s', true, now - 400, 'exit'],
    ['second press at the root within 1 s', false, now - 999, 'exit'],
    ['second press after exactly 1 s', true, now - exitWindowMs, 'back'],
    ['second press after 2 s at the root', false, now - 2000, 'hint'],
  ] as const)('%s → %s', (_label, canGoBack, last, action) => {
    expect(decideBackAction(canGoBack, last, now)).toBe(action);
  });
});

describe('status bar follows the background brightness', () => {
  test.each([
    ['#181412', 'DARK'],
    ['#000', 'DARK'],
    ['#ffffff', 'LIGHT'],
    ['#fdf6ee', 'LIGHT'],
    ['rgb(168, 68, 29)', 'DARK'],
    ['rgba(255, 255, 255, 0.9)', 'LIGHT'],
    ['transparent', 'DARK'],
  ] as const)('%s → %s', (color, style) => expect(statusBarStyleFor(color)).toBe(style));

  test('parses short and long hex', () => {
    expect(parseColor('#abc')).toEqual([170, 187, 204]);
    expect(parseColor('#A8441D')).toEqual([168, 68, 29]);
  });
});
