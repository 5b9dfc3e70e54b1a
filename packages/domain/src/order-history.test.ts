import { describe, expect, test } from 'vitest';
import { orderHistoryErrors } from '@resto/copy/staff/order-history';
import { accentInsensitivePattern, decodeHistoryCursor, encodeHistoryCursor, foldText, historyRangeOf, parseHistorySearch } from './order-history.ts';

describe('docs/decisions/033: the history search box', () => {
  test.each([
    ['', {}],
    ['   ', {}],
    ['1042', { number: 1042 }],
    ['#1042', { number: 1042 }],
    ['R-000042', { number: 42 }],
    ['f-7', { number: 7 }],
    ['123456', { number: 123456, phoneDigits: '123456' }],
    ['06 12 34 56 78', { phone: '+33612345678', phoneDigits: '612345678' }],
    ['0612345678', { phone: '+33612345678', phoneDigits: '612345678' }],
    ['+33 6 12 34 56 78', { phone: '+33612345678', phoneDigits: '612345678' }],
    ['0033612345678', { phone: '+33612345678', phoneDigits: '612345678' }],
    ['33612345678', { phone: '+33612345678', phoneDigits: '612345678' }],
    ['56 78', { phoneDigits: undefined, text: '56 78' }],
    ['34 56 78', { phoneDigits: '345678' }],
    ['Élodie  LEFÈVRE', { text: 'elodie lefevre' }],
    ['Client-7@Example.FR', { text: 'client-7@example.fr' }],
  ])('%j → %j', (input, expected) => {
    const parsed = parseHistorySearch(input);
    for (const [key, value] of Object.entries(expected)) expect(parsed[key as keyof typeof parsed]).toEqual(value);
    if (Object.keys(expected).length === 0) expect(parsed).toEqual({});
  });

  test.each([
    ['lefevre', 'Élodie Lefèvre', true],
    ['elodie lefevre', 'ÉLODIE LEFÈVRE', true],
    ['chloe', 'Chloé Martin', true],
    ['client-7@example.fr', 'Client-7@Example.FR', true],
    ['client-7@example.fr', 'client-7@exampleXfr', false],
    ['a+b', 'a+b@example.fr', true],
    ['a+b', 'aab@example.fr', false],
  ])('the pattern of %j finds %j: %s', (folded, text, found) => {
    expect(new RegExp(accentInsensitivePattern(folded), 'i').test(text)).toBe(found);
  });

  test('folding removes accents and case', () => {
    expect(foldText('Ça Gère À Noël')).toBe('ca gere a noel');
  });
});

describe('docs/decisions/033: the date range', () => {
  test.each([
    [undefined, undefined, { from: null, to: null }],
    ['2026-11-01', undefined, { from: '2026-11-01', to: null }],
    ['2026-11-01', '2026-11-01', { from: '2026-11-01', to: '2026-11-01' }],
    ['2026-11-30', '2026-11-01', { error: orderHistoryErrors.endBeforeStart, field: 'to' }],
    ['2026-02-30', undefined, { error: orderHistoryErrors.invalidDay, field: 'from' }],
    [undefined, '2026-13-01', { error: orderHistoryErrors.invalidDay, field: 'to' }],
  ])('%s → %s', (from, to, expected) => {
    expect(historyRangeOf(from, to)).toEqual(expected);
  });
});

test('a cursor round-trips, and junk is refused', () => {
  const cursor = { orderedAtMs: Date.parse('2026-11-24T11:30:00Z'), orderId: 100_123 };
  expect(decodeHistoryCursor(encodeHistoryCursor(cursor))).toEqual(cursor);
  expect(decodeHistoryCursor('abc')).toBeNull();
  expect(decodeHistoryCursor('1.0')).toBeNull();
});
