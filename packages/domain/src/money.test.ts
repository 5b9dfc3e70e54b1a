import { describe, test, expect } from 'vitest';
import fc from 'fast-check';
import { centsToEuros, eurosToCents, percentToBasisPoints, roundDiv } from './money.ts';

describe('roundDiv: integer division rounded half away from zero (docs/decisions/016, section 3.1)', () => {
  test.each([
    [5, 2, 3],
    [-5, 2, -3],
    [7, 2, 4],
    [-7, 2, -4],
    [4, 2, 2],
    [-4, 2, -2],
    [1, 3, 0],
    [2, 3, 1],
    [-1, 3, 0],
    [-2, 3, -1],
    [0, 7, 0],
    [1, 2, 1],
    [-1, 2, -1],
    [14, 4, 4], // 3.5 → 4
    [-14, 4, -4], // -3.5 → -4
    [13, 4, 3], // 3.25 → 3
    [-13, 4, -3],
    [15, 4, 4], // 3.75 → 4
    [-15, 4, -4],
    [1_250_000, 11_000, 114], // inclusive 10 % tax on 12,50 €: 113.636… → 114
    [1_000_000, 11_000, 91], // 90.909… → 91
    [2_500, 10_000, 0], // 0.25 → 0
    [5_000, 10_000, 1], // 0.5 → 1
    [-5_000, 10_000, -1], // -0.5 → -1
  ])('roundDiv(%i, %i) = %i', (numerator, denominator, expected) => {
    // `+ 0` folds a -0 (returned for small negative quotients) into 0: both are zero cents
    expect(roundDiv(numerator, denominator) + 0).toBe(expected);
  });

  test.each([[0], [-1], [1.5], [Number.NaN]])('refuses the divisor %s with a RangeError', (denominator) => {
    expect(() => roundDiv(10, denominator)).toThrow(RangeError);
  });

  test('property: matches Math.round on magnitudes and is odd-symmetric', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), fc.integer({ min: 1, max: 100_000 }), (n, d) => {
        const result = roundDiv(n, d);
        expect(Number.isInteger(result)).toBe(true);
        expect(roundDiv(-n, d) + result + 0).toBe(0);
        // |n/d - result| <= 1/2, and exactly 1/2 only rounds away from zero
        const twice = 2 * n - 2 * d * result;
        expect(Math.abs(twice)).toBeLessThanOrEqual(d);
        if (Math.abs(twice) === d) expect(Math.abs(result) * d).toBeGreaterThan(Math.abs(n));
      }),
    );
  });
});

describe('eurosToCents / centsToEuros (API euros with 2 decimals ↔ integer cents)', () => {
  test.each([
    [12.5, 1250],
    [12.99, 1299],
    [0, 0],
    [0.01, 1],
    [1, 100],
    [19.9, 1990],
    [1.005, 101], // half a cent rounds away from zero
    [-1.005, -101],
    [-12.5, -1250],
    [0.1 + 0.2, 30], // 0.30000000000000004
    [1.1 * 3, 330], // 3.3000000000000003
    [4.35, 435], // 4.35 * 100 = 434.99999999999994
    [8.7, 870],
    [0.07, 7], // 0.07 * 100 = 7.000000000000001
    [1234.56, 123456],
  ])('eurosToCents(%d) = %i', (euros, cents) => {
    expect(eurosToCents(euros)).toBe(cents);
  });

  test.each([
    [1250, 12.5],
    [1299, 12.99],
    [0, 0],
    [1, 0.01],
    [100, 1],
    [123456, 1234.56],
  ])('centsToEuros(%i) = %d', (cents, euros) => {
    expect(centsToEuros(cents)).toBe(euros);
  });

  test('float noise: 0.1 + 0.2 euros is exactly 30 cents, and 30 cents is 0.3 euros', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(eurosToCents(0.1 + 0.2)).toBe(30);
    expect(centsToEuros(eurosToCents(0.1 + 0.2))).toBe(0.3);
  });

  test('property: eurosToCents(centsToEuros(c)) === c for any integer cents 0..10 000 000', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        expect(eurosToCents(centsToEuros(cents))).toBe(cents);
      }),
      { numRuns: 2000 },
    );
  });

  test('property: round trip also holds for negative cents (refunds)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: -1 }), (cents) => {
        expect(eurosToCents(centsToEuros(cents))).toBe(cents);
      }),
    );
  });

  test('property: centsToEuros gives at most 2 decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        const text = String(centsToEuros(cents));
        expect(text).toMatch(/^\d+(\.\d{1,2})?$/u);
      }),
    );
  });

  test('property: summing euro amounts then converting equals summing the cents', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 20 }), (cents) => {
        const euros = cents.map(centsToEuros).reduce((a, b) => a + b, 0);
        expect(eurosToCents(euros)).toBe(cents.reduce((a, b) => a + b, 0));
      }),
    );
  });
});

describe('percentToBasisPoints (API tax rates in percent → basis points)', () => {
  test.each([
    [5.5, 550],
    [10, 1000],
    [20, 2000],
    [2.1, 210],
    [0, 0],
    [100, 10_000],
  ])('%d percent → %i bp', (percent, bp) => {
    expect(percentToBasisPoints(percent)).toBe(bp);
  });
});
