import { describe, test, expect } from 'vitest';
import fc from 'fast-check';
import {
  formatDate,
  formatDateTime,
  formatDay,
  formatDistance,
  formatEuros,
  formatLongDateTime,
  formatNumber,
  formatPrice,
  formatPriceShort,
  formatRate,
  formatRateBasisPoints,
  formatSlot,
  plainSpaces,
} from './format.ts';

/** Intl puts U+00A0 / U+202F in French currency output; compare with plain spaces. */
const plain = (text: string) => text.replace(/\s/gu, ' ');

describe('formatPrice: French formats, 12,50 €', () => {
  test.each([
    [1250, '12,50 €'],
    [0, '0,00 €'],
    [5, '0,05 €'],
    [100, '1,00 €'],
    [999, '9,99 €'],
    [123456, '1 234,56 €'],
    [100_000_000, '1 000 000,00 €'],
  ])('%i cents → %s', (cents, expected) => {
    expect(plain(formatPrice(cents))).toBe(expected);
  });

  test('uses a comma as decimal separator and a no-break space before €', () => {
    const text = formatPrice(1250);
    expect(text.startsWith('12,50')).toBe(true);
    expect(text.endsWith('€')).toBe(true);
    // the character before € is a no-break space (U+00A0) or a narrow no-break space (U+202F)
    expect(['\u00a0', '\u202f']).toContain(text.at(-2));
    expect(text).not.toContain('.');
  });

  test('thousands are grouped with a (narrow) no-break space, never a comma or dot', () => {
    const text = formatPrice(123456);
    expect(['\u00a0', '\u202f']).toContain(text.charAt(1));
    expect(text).toMatch(/^1\s234,56\s€$/u);
  });

  test('negative amounts keep the French shape', () => {
    expect(plain(formatPrice(-1250))).toMatch(/^[-\u2212]12,50 €$/u);
  });
});

describe('formatEuros: an API amount in euros, through cents', () => {
  test.each([
    [12.5, '12,50 €'],
    [0.1 + 0.2, '0,30 €'],
    [1234.567, '1 234,57 €'],
    [0, '0,00 €'],
  ])('%f → %s', (euros, expected) => {
    expect(plain(formatEuros(euros))).toBe(expected);
  });

  test('agrees with formatPrice on the same amount', () => {
    expect(formatEuros(23.5)).toBe(formatPrice(2350));
  });
});

describe('formatPriceShort: offer badges drop zero cents', () => {
  test.each([
    [500, '5 €'],
    [550, '5,50 €'],
    [100_000, '1 000 €'],
  ])('%i cents → %s', (cents, expected) => {
    expect(plain(formatPriceShort(cents))).toBe(expected);
  });
});

describe('plainSpaces: for the PDF fonts', () => {
  test('turns the no-break spaces of Intl into plain spaces', () => {
    expect(plainSpaces(formatPrice(123456))).toBe('1 234,56 €');
    expect(plainSpaces('a\u00a0b\u202fc')).toBe('a b c');
  });
});

describe('formatRate: VAT rates', () => {
  test.each([
    [10, '10 %'],
    [5.5, '5,5 %'],
    [20, '20 %'],
    [2.1, '2,1 %'],
    [0, '0 %'],
  ])('%f percent → %s', (percent, expected) => {
    expect(formatRate(percent)).toBe(expected);
  });

  test('basis points as stored give the same text', () => {
    expect(formatRateBasisPoints(550)).toBe('5,5 %');
    expect(formatRateBasisPoints(1000)).toBe('10 %');
  });
});

describe('formatNumber and formatDistance: French decimal comma', () => {
  test('numbers keep at most the asked decimals', () => {
    expect(formatNumber(2.25, 2)).toBe('2,25');
    expect(formatNumber(2.256, 2)).toBe('2,26');
    expect(formatNumber(15)).toBe('15');
  });

  test('distances have one decimal at most and their unit', () => {
    expect(formatDistance(2.44, 'km')).toBe('2,4 km');
    expect(formatDistance(3, 'miles')).toBe('3 miles');
    expect(formatDistance(1.5, 'anything else')).toBe('1,5 km');
  });
});

describe('dates and slots in Europe/Paris', () => {
  test('a calendar day in words', () => {
    expect(formatDay('2026-11-24')).toBe('mardi 24 novembre');
    expect(formatDay('2026-03-29')).toBe('dimanche 29 mars'); // the day summer time starts
  });

  test('a date with its year, from an ISO date or an instant', () => {
    expect(formatDate('2026-11-02')).toBe('2 novembre 2026');
    expect(formatDate(new Date('2026-12-31T23:30:00Z'))).toBe('1 janvier 2027'); // already the next day in Paris
  });

  test('an instant with the hour, in winter and in summer', () => {
    expect(formatDateTime(new Date('2026-11-23T20:05:00Z'))).toBe('lundi 23 novembre à 21:05');
    expect(formatLongDateTime(new Date('2026-11-23T20:05:00Z'))).toBe('lundi 23 novembre 2026 à 21:05');
    expect(formatLongDateTime(new Date('2026-07-01T22:05:00Z'))).toBe('jeudi 2 juillet 2026 à 00:05');
  });

  test('a slot is its two bounds joined by an en dash', () => {
    expect(formatSlot('12:30', '12:45')).toBe('12:30–12:45');
  });
});

/**
 * formatPrice, formatNumber and formatRate write non-negative exact amounts without Intl (the first
 * use of Intl costs the page's hydration its initialisation: docs/decisions/029-no-intl-while-hydrating.md).
 * Their output must be Intl's, character for character, spaces included.
 */
describe('French numbers without Intl: exactly what Intl writes', () => {
  const price = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
  const edges = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 123_456, 1_000_000, 99_999_999, 100_000_000, Number.MAX_SAFE_INTEGER];

  test('formatPrice: integer cents, small and large, and the cases left to Intl (negative, -0, fractions of a cent)', () => {
    for (const cents of [...edges, -1, -1250, -0, 0.5, 1234.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(formatPrice(cents)).toBe(price.format(cents / 100));
    fc.assert(
      fc.property(fc.oneof(fc.nat(10_000), fc.nat(), fc.maxSafeNat(), fc.integer({ min: -1_000_000, max: 1_000_000 })), (cents) => {
        expect(formatPrice(cents)).toBe(price.format(cents / 100));
      }),
      { numRuns: 20_000 },
    );
  });

  test('formatNumber: exact decimals at every precision, and float noise left to Intl', () => {
    fc.assert(
      fc.property(fc.oneof(fc.nat(10_000), fc.maxSafeNat(), fc.integer({ min: -100_000, max: 100_000 })), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 4 }), (units, exponent, maxFractionDigits) => {
        const value = units / 10 ** exponent;
        expect(formatNumber(value, maxFractionDigits)).toBe(new Intl.NumberFormat('fr-FR', { maximumFractionDigits: maxFractionDigits }).format(value));
      }),
      { numRuns: 20_000 },
    );
    for (const value of [0.1 + 0.2, 1 / 3, -0, 1e21, 2.675]) expect(formatNumber(value, 2)).toBe(new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(value));
  });

  test('formatRate: VAT rates and other percentages', () => {
    const rate = new Intl.NumberFormat('fr-FR');
    for (const percent of [0, 2.1, 5.5, 8.5, 10, 13, 19.6, 20, 100, 1000, 12.3456, -5]) expect(formatRate(percent)).toBe(`${rate.format(percent)} %`);
  });
});
