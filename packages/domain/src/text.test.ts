import { describe, expect, test } from 'vitest';
import { findUnsafeText, unsafeTextReason } from './text.ts';

describe('unsafeTextReason', () => {
  test('accepts French text, emoji, tabs and line breaks', () => {
    for (const text of ['Crème brûlée', 'Sans oignons 🙂', 'ligne 1\nligne 2\r\n\tfin', '', 'œ’«»€'])
      expect(unsafeTextReason(text)).toBeNull();
  });
  test('refuses NUL and the other control characters', () => {
    for (const text of ['a\u0000b', '\u0001', 'x\u001b[31m', '\u007f', '\u000b', '\u000c']) expect(unsafeTextReason(text)).toBe('control');
  });
  test('refuses lone surrogates, high or low, but not a pair', () => {
    expect(unsafeTextReason('Marie\ud800')).toBe('surrogate');
    expect(unsafeTextReason('\udc00x')).toBe('surrogate');
    expect(unsafeTextReason('\ud83d\ude42')).toBeNull();
  });
});

describe('findUnsafeText', () => {
  test('names the path of the first refused string', () => {
    expect(findUnsafeText({ customer: { first_name: 'Ma\u0000rie' } })).toEqual({ path: 'customer.first_name', reason: 'control' });
    expect(findUnsafeText({ items: [{ note: 'ok' }, { note: '\ud800' }] })).toEqual({ path: 'items.1.note', reason: 'surrogate' });
    expect(findUnsafeText({ ok: 'a', 'b\u0000': 1 })).toEqual({ path: 'b?', reason: 'control' });
  });
  test('null for clean values of every JSON type', () => {
    expect(findUnsafeText({ a: [1, true, null, 'x', { b: 'é' }], c: 2.5 })).toBeNull();
    expect(findUnsafeText('texte')).toBeNull();
    expect(findUnsafeText(null)).toBeNull();
  });
  test('a value nested 200,000 levels deep is walked in linear time', () => {
    const depth = 200_000;
    const value = JSON.parse(`${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`) as unknown;
    const started = performance.now();
    const found = findUnsafeText(value);
    expect(found?.reason).toBe('control');
    expect(found?.path.split('.')).toHaveLength(depth);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
