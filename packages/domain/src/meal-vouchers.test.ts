import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { mealVoucherSplit, readMealVoucherSettings, type VoucherLine } from './meal-vouchers.ts';

/** Meal vouchers: food and non-alcoholic drinks only, delivery excluded, capped (docs/decisions/012). */

const food = (amountCents: number): VoucherLine => ({ amountCents, alcoholic: false });
const alcohol = (amountCents: number): VoucherLine => ({ amountCents, alcoholic: true });

describe('mealVoucherSplit', () => {
  test.each([
    ['food only, under the ceiling', [food(1450), food(350)], 0, 0, 1800, 2500, { eligibleCents: 1800, voucherCents: 1800, restCents: 0 }],
    ['food only, over the ceiling', [food(2000), food(1400)], 0, 0, 3400, 2500, { eligibleCents: 3400, voucherCents: 2500, restCents: 900 }],
    ['a beer is left out', [food(1450), alcohol(500)], 0, 0, 1950, 2500, { eligibleCents: 1450, voucherCents: 1450, restCents: 500 }],
    ['alcohol only', [alcohol(500), alcohol(650)], 0, 0, 1150, 2500, { eligibleCents: 0, voucherCents: 0, restCents: 1150 }],
    ['delivery fee excluded', [food(1800)], 0, 350, 2150, 2500, { eligibleCents: 1800, voucherCents: 1800, restCents: 350 }],
    // 10 % off 20 € (18 € food + 2 € wine): food keeps 16.20 €, wine 1.80 €.
    ['the discount is shared with the alcohol', [food(1800), alcohol(200)], 200, 0, 1800, 2500, { eligibleCents: 1620, voucherCents: 1620, restCents: 180 }],
    ['a ceiling of 0 pays nothing', [food(1000)], 0, 0, 1000, 0, { eligibleCents: 1000, voucherCents: 0, restCents: 1000 }],
    ['a discount of the whole cart', [food(1000)], 1000, 300, 300, 2500, { eligibleCents: 0, voucherCents: 0, restCents: 300 }],
    ['empty cart', [], 0, 0, 0, 2500, { eligibleCents: 0, voucherCents: 0, restCents: 0 }],
  ] as const)('%s', (_name, lines, discountCents, deliveryCents, totalCents, dailyLimitCents, expected) => {
    expect(mealVoucherSplit({ lines, discountCents, deliveryCents, totalCents, dailyLimitCents })).toEqual(expected);
  });

  test('never above the ceiling, the eligible amount or the total; voucher + rest = total', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ amountCents: fc.integer({ min: 0, max: 50_000 }), alcoholic: fc.boolean() }), { maxLength: 30 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 2_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (lines, rawDiscount, deliveryCents, dailyLimitCents) => {
          const subtotal = lines.reduce((sum, line) => sum + line.amountCents, 0);
          const discountCents = Math.min(rawDiscount, subtotal);
          const totalCents = subtotal - discountCents + deliveryCents;
          const split = mealVoucherSplit({ lines, discountCents, deliveryCents, totalCents, dailyLimitCents });
          const foodCents = lines.filter((line) => !line.alcoholic).reduce((sum, line) => sum + line.amountCents, 0);
          expect(split.voucherCents).toBeGreaterThanOrEqual(0);
          expect(split.voucherCents).toBeLessThanOrEqual(dailyLimitCents);
          expect(split.voucherCents).toBeLessThanOrEqual(split.eligibleCents);
          expect(split.voucherCents).toBeLessThanOrEqual(totalCents);
          expect(split.eligibleCents).toBeLessThanOrEqual(foodCents);
          expect(split.eligibleCents).toBeLessThanOrEqual(totalCents - deliveryCents);
          expect(split.voucherCents + split.restCents).toBe(totalCents);
        },
      ),
    );
  });

  test('whatever the totals claim (even inconsistent), never negative nor above the total', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ amountCents: fc.integer({ min: -1000, max: 50_000 }), alcoholic: fc.boolean() }), { maxLength: 10 }),
        fc.integer({ min: -1000, max: 100_000 }),
        fc.integer({ min: -1000, max: 5_000 }),
        fc.integer({ min: -1000, max: 100_000 }),
        fc.integer({ min: -1000, max: 10_000 }),
        (lines, discountCents, deliveryCents, totalCents, dailyLimitCents) => {
          const split = mealVoucherSplit({ lines, discountCents, deliveryCents, totalCents, dailyLimitCents });
          expect(split.voucherCents).toBeGreaterThanOrEqual(0);
          expect(split.voucherCents).toBeLessThanOrEqual(Math.max(0, totalCents));
          expect(split.voucherCents).toBeLessThanOrEqual(Math.max(0, dailyLimitCents));
        },
      ),
    );
  });
});

describe('readMealVoucherSettings', () => {
  test.each([
    [[], { active: false, dailyLimitCents: 2500 }],
    [[{ name: 'payments.meal_voucher.active', value: true }], { active: true, dailyLimitCents: 2500 }],
    [[{ name: 'payments.meal_voucher.active', value: true }, { name: 'payments.meal_voucher.daily_limit', value: 19 }], { active: true, dailyLimitCents: 1900 }],
    [[{ name: 'payments.meal_voucher.daily_limit', value: -3 }], { active: false, dailyLimitCents: 2500 }],
    [[{ name: 'payments.meal_voucher.daily_limit', value: '25' }], { active: false, dailyLimitCents: 2500 }],
  ])('%j → %j', (settings, expected) => {
    expect(readMealVoucherSettings(settings)).toEqual(expected);
  });
});
