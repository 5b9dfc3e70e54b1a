import { describe, test, expect } from 'vitest';
import fc from 'fast-check';
import {
  calculateCartTotals,
  calculateUnitPrice,
  defaultTaxSettings,
  describeOtherTypePrice,
  spreadProportionally,
  type CartPricingInput,
  type PricedLine,
  type TaxSettings,
} from './cart.ts';

/** A cart line with sensible defaults: 12,50 € delivery, 11,00 € pickup, default tax rate. */
function line(overrides: Partial<PricedLine> = {}): PricedLine {
  return { priceDeliveryCents: 1250, pricePickupCents: 1100, taxRateBp: null, options: [], quantity: 1, ...overrides };
}

const inclusive: TaxSettings = { enabled: true, inclusive: true, defaultRateBp: 1000 };
const exclusive: TaxSettings = { enabled: true, inclusive: false, defaultRateBp: 1000 };
const disabled: TaxSettings = { enabled: false, inclusive: true, defaultRateBp: 1000 };

function totals(input: Partial<CartPricingInput> & { lines: readonly PricedLine[] }) {
  return calculateCartTotals({ isPickup: true, tax: inclusive, ...input });
}

describe('defaults (section 3, Cart)', () => {
  test('section 3: tax enabled, inclusive, default rate 10 % (1000 bp)', () => {
    expect(defaultTaxSettings).toEqual({ enabled: true, inclusive: true, defaultRateBp: 1000 });
  });
});

describe('unit price, line amount and subtotal (section 9, docs/decisions/016, section 6.1)', () => {
  test.each([
    ['section 9: price_pickup for pickup', true, 1100],
    ['section 9: price_delivery for delivery', false, 1250],
  ])('%s', (_name, isPickup, expected) => {
    expect(calculateUnitPrice(line(), isPickup)).toBe(expected);
    expect(totals({ lines: [line()], isPickup }).lines[0]).toEqual({ unitCents: expected, amountCents: expected });
  });

  test.each([
    ['Pricing 1: no options → item price only', [], 1000],
    ['Pricing 1: one option value × 1', [{ priceCents: 150, quantity: 1 }], 1150],
    ['Pricing 1: option value price × its quantity', [{ priceCents: 150, quantity: 3 }], 1450],
    [
      'Pricing 1: several option values add up',
      [
        { priceCents: 150, quantity: 2 },
        { priceCents: 50, quantity: 1 },
        { priceCents: 0, quantity: 4 },
      ],
      1350,
    ],
    ['Pricing 1: free option value adds nothing', [{ priceCents: 0, quantity: 2 }], 1000],
  ])('section 9 / %s', (_name, options, expected) => {
    const priced = line({ pricePickupCents: 1000, priceDeliveryCents: 1200, options });
    expect(calculateUnitPrice(priced, true)).toBe(expected);
    // the option prices do not depend on the order type
    expect(calculateUnitPrice(priced, false)).toBe(expected + 200);
  });

  test.each([
    ['Pricing 1: line amount = unit × quantity (1)', 1, 1350],
    ['Pricing 1: line amount = unit × quantity (3)', 3, 4050],
    ['Pricing 1: line amount = unit × quantity (99)', 99, 133_650],
  ])('section 9 / %s', (_name, quantity, amount) => {
    const priced = line({
      pricePickupCents: 1000,
      options: [
        { priceCents: 150, quantity: 2 },
        { priceCents: 50, quantity: 1 },
      ],
      quantity,
    });
    const result = totals({ lines: [priced] });
    expect(result.lines).toEqual([{ unitCents: 1350, amountCents: amount }]);
    expect(result.subtotalCents).toBe(amount);
  });

  test.each([
    ['section 3: empty cart → subtotal 0', [], true, 0],
    ['section 9: subtotal = Σ line amounts (pickup)', [line(), line({ quantity: 2 }), line({ pricePickupCents: 450 })], true, 1100 + 2200 + 450],
    ['section 9: subtotal = Σ line amounts (delivery)', [line(), line({ quantity: 2 }), line({ priceDeliveryCents: 450 })], false, 1250 + 2500 + 450],
    ['Pricing 1: free items count 0', [line({ pricePickupCents: 0, priceDeliveryCents: 0, quantity: 2 }), line()], true, 1100],
  ])('%s', (_name, lines, isPickup, subtotal) => {
    const result = totals({ lines, isPickup });
    expect(result.subtotalCents).toBe(subtotal);
    expect(result.lines).toHaveLength(lines.length);
  });

  test('section 9: line amounts are returned in input order', () => {
    const result = totals({ lines: [line({ pricePickupCents: 300 }), line({ pricePickupCents: 100, quantity: 2 })] });
    expect(result.lines).toEqual([
      { unitCents: 300, amountCents: 300 },
      { unitCents: 100, amountCents: 200 },
    ]);
  });
});

describe('tax (section 3 Cart, section 9, docs/decisions/016, section 6.6)', () => {
  test.each([
    ['section 9: inclusive tax at the 10 % default, 12,50 € → round(1250×1000/11000) = 114', [line({ pricePickupCents: 1250 })], 114],
    ['section 9: inclusive tax at 10 %, 11,00 € → 100', [line()], 100],
    ['section 9: inclusive tax at 10 %, 0,05 € → round(0.4545) = 0', [line({ pricePickupCents: 5 })], 0],
    ['section 9: inclusive tax at 10 %, 0,06 € → round(0.5454) = 1', [line({ pricePickupCents: 6 })], 1],
    ['section 3: item tax_rate 20 % overrides the default, 12,00 € → 200', [line({ pricePickupCents: 1200, taxRateBp: 2000 })], 200],
    ['section 3: item tax_rate 5,5 % overrides the default, 10,55 € → 55', [line({ pricePickupCents: 1055, taxRateBp: 550 })], 55],
    ['section 3: item tax_rate 5,5 %, 12,50 € → round(65.16) = 65', [line({ pricePickupCents: 1250, taxRateBp: 550 })], 65],
    ['section 3: item tax_rate 0 % → 0', [line({ taxRateBp: 0 })], 0],
    ['section 9: tax is on the line amount (quantity 3 × 12,50 € → round(340.9) = 341)', [line({ pricePickupCents: 1250, quantity: 3 })], 341],
  ])('%s', (_name, lines, tax) => {
    const result = totals({ lines, tax: inclusive });
    expect(result.taxCents).toBe(tax);
    // inclusive: the tax is inside the prices, the total does not move
    expect(result.totalCents).toBe(result.subtotalCents);
  });

  test.each([
    ['section 9: exclusive tax at 10 % is added to the total, 10,00 € → 1,00 €', [line({ pricePickupCents: 1000 })], 0, 100, 1100],
    ['section 9: exclusive tax at 20 %, 12,50 € → 2,50 €', [line({ pricePickupCents: 1250, taxRateBp: 2000 })], 0, 250, 1500],
    ['section 9: exclusive tax at 5,5 %, 9,99 € → round(54.945) = 55', [line({ pricePickupCents: 999, taxRateBp: 550 })], 0, 55, 1054],
    ['section 9: exclusive tax includes the delivery fee at the default rate', [line({ priceDeliveryCents: 1000 })], 300, 130, 1430],
  ])('%s', (_name, lines, deliveryCents, tax, total) => {
    const result = totals({ lines, tax: exclusive, isPickup: deliveryCents === 0, deliveryCents });
    expect(result.taxCents).toBe(tax);
    expect(result.totalCents).toBe(total);
  });

  test.each([
    ['section 9: tax disabled → 0 (inclusive)', disabled],
    ['section 9: tax disabled → 0 even when prices would exclude tax', { enabled: false, inclusive: false, defaultRateBp: 1000 }],
  ])('%s', (_name, tax) => {
    const result = totals({ lines: [line({ quantity: 2 }), line({ taxRateBp: 2000 })], tax, isPickup: false, deliveryCents: 300, discountCents: 100 });
    expect(result.taxCents).toBe(0);
    expect(result.taxByRate.every((t) => t.taxCents === 0)).toBe(true);
    expect(result.totalCents).toBe(2500 + 1250 + 300 - 100);
  });

  test('Pricing 6: tax per rate, sorted by rate, lines with the same rate grouped', () => {
    const result = totals({
      lines: [
        line({ pricePickupCents: 1200, taxRateBp: 2000 }),
        line({ pricePickupCents: 1100 }), // default 10 %
        line({ pricePickupCents: 1055, taxRateBp: 550 }),
        line({ pricePickupCents: 1100, taxRateBp: 1000 }), // explicit 10 % joins the default
        line({ pricePickupCents: 600, taxRateBp: 2000, quantity: 2 }),
      ],
    });
    expect(result.taxByRate).toEqual([
      { rateBp: 550, baseCents: 1055, taxCents: 55 },
      { rateBp: 1000, baseCents: 2200, taxCents: 200 },
      { rateBp: 2000, baseCents: 2400, taxCents: 400 },
    ]);
    expect(result.taxCents).toBe(655);
  });

  test('Pricing 6: tax is rounded per rate, then summed (not rounded on the sum)', () => {
    // 10 %: 5 cents → 0.4545 → 0 ; 20 %: 5 cents → 0.8333 → 1 ; on the sum it would differ
    const result = totals({ lines: [line({ pricePickupCents: 5 }), line({ pricePickupCents: 5, taxRateBp: 2000 })] });
    expect(result.taxByRate.map((t) => t.taxCents)).toEqual([0, 1]);
    expect(result.taxCents).toBe(1);
  });

  // docs/decisions/011-vat-per-line.md: before it, the fee was taxed at the default rate (300 at 10 %
  // → 27 + 52 = 79); it now follows the goods, here all at 5,5 %.
  test('Pricing 6: the delivery fee follows the rates of the goods, not the default rate', () => {
    const result = totals({
      lines: [line({ priceDeliveryCents: 1000, taxRateBp: 550 })],
      isPickup: false,
      deliveryCents: 300,
    });
    expect(result.taxByRate).toEqual([
      { rateBp: 550, baseCents: 1300, taxCents: 68 }, // 1300 × 5,5 / 105,5 = 67,77
    ]);
    expect(result.deliveryByRate).toEqual([{ rateBp: 550, deliveryCents: 300 }]);
    expect(result.taxCents).toBe(68);
    expect(result.totalCents).toBe(1300);
  });

  test('Pricing 6: the delivery fee does not go to the default rate when no line has it', () => {
    const result = totals({
      lines: [line({ priceDeliveryCents: 1000, taxRateBp: 1000 })],
      isPickup: false,
      deliveryCents: 500,
      tax: { enabled: true, inclusive: true, defaultRateBp: 2000 },
    });
    expect(result.taxByRate).toEqual([{ rateBp: 1000, baseCents: 1500, taxCents: 136 }]); // 136,36
  });

  test('Pricing 6: the delivery fee is split over the rates in proportion to the reduced bases (largest remainder)', () => {
    // bases 1000 (10 %) and 2000 (20 %) − discount 100 on the second line → 1000 / 1900; 301 → 103,79 / 197,2 → 104 / 197
    const result = totals({
      lines: [line({ priceDeliveryCents: 1000 }), line({ priceDeliveryCents: 2000, taxRateBp: 2000 })],
      isPickup: false,
      deliveryCents: 301,
      discountCents: 100,
      lineDiscountCents: [0, 100],
    });
    expect(result.lineDiscountCents).toEqual([0, 100]);
    expect(result.deliveryByRate).toEqual([
      { rateBp: 1000, deliveryCents: 104 },
      { rateBp: 2000, deliveryCents: 197 },
    ]);
    expect(result.taxByRate).toEqual([
      { rateBp: 1000, baseCents: 1104, taxCents: 100 }, // 100,36
      { rateBp: 2000, baseCents: 2097, taxCents: 350 }, // 349,5 → 350
    ]);
    expect(result.totalCents).toBe(3000 + 301 - 100);
  });

  test('Pricing 6: the delivery fee joins the lines already at the default rate', () => {
    const result = totals({ lines: [line({ priceDeliveryCents: 1000 })], isPickup: false, deliveryCents: 100 });
    expect(result.taxByRate).toEqual([{ rateBp: 1000, baseCents: 1100, taxCents: 100 }]);
  });

  test('Pricing 6: a discount given without per-line parts is spread over the lines (largest remainder)', () => {
    // discount 100 over 1000 and 2000 → 33 and 67 (largest remainder goes to the second line)
    const result = totals({
      lines: [line({ pricePickupCents: 1000, taxRateBp: 550 }), line({ pricePickupCents: 2000, taxRateBp: 2000 })],
      discountCents: 100,
    });
    expect(result.taxByRate).toEqual([
      { rateBp: 550, baseCents: 967, taxCents: 50 }, // 50.41
      { rateBp: 2000, baseCents: 1933, taxCents: 322 }, // 322.17
    ]);
    expect(result.taxByRate.reduce((s, t) => s + t.baseCents, 0)).toBe(result.subtotalCents - result.discountCents);
    expect(result.totalCents).toBe(2900);
  });

  test('Pricing 6: a fully discounted cart has no tax on its lines but still on the delivery fee', () => {
    const result = totals({ lines: [line({ priceDeliveryCents: 1000 })], isPickup: false, deliveryCents: 330, discountCents: 5000 });
    expect(result.discountCents).toBe(1000);
    expect(result.taxByRate).toEqual([{ rateBp: 1000, baseCents: 330, taxCents: 30 }]);
    expect(result.totalCents).toBe(330);
  });

  test('Pricing 6: no delivery fee → no extra default-rate entry', () => {
    const result = totals({ lines: [line({ taxRateBp: 2000 })], isPickup: true, deliveryCents: 0 });
    expect(result.taxByRate.map((t) => t.rateBp)).toEqual([2000]);
  });
});

describe('discount, coupon, delivery and total (section 9, docs/decisions/016, sections 6.4, 6.5, 6.7)', () => {
  test.each([
    ['Pricing 4: discount below the subtotal is kept', 300, 300],
    ['Pricing 4: discount equal to the subtotal is kept', 2200, 2200],
    ['Pricing 4: discount capped at the subtotal', 5000, 2200],
    ['Pricing 4: a negative discount counts as 0', -100, 0],
    ['Pricing 4: no discount → 0', undefined, 0],
  ])('%s', (_name, discountCents, expected) => {
    const result = totals({ lines: [line({ quantity: 2 })], ...(discountCents === undefined ? {} : { discountCents }) });
    expect(result.discountCents).toBe(expected);
    expect(result.totalCents).toBe(2200 - expected);
  });

  test.each([
    ['Pricing 4: coupon inside the discount is kept', 500, 200, 200],
    ['Pricing 4: coupon never exceeds the discount', 300, 500, 300],
    ['Pricing 4: coupon never exceeds the capped discount', 5000, 5000, 2200],
    ['Pricing 4: a negative coupon counts as 0', 300, -5, 0],
    ['Pricing 4: coupon alone without discount → 0', 0, 400, 0],
  ])('%s', (_name, discountCents, couponCents, expected) => {
    const result = totals({ lines: [line({ quantity: 2 })], discountCents, couponCents });
    expect(result.couponCents).toBe(expected);
    expect(result.couponCents).toBeLessThanOrEqual(result.discountCents);
  });

  test('Pricing 4: the coupon is already inside the discount, not subtracted twice', () => {
    const result = totals({ lines: [line({ quantity: 2 })], discountCents: 500, couponCents: 500 });
    expect(result.totalCents).toBe(1700);
  });

  test.each([
    ['section 9: inclusive total = subtotal + delivery − discount', inclusive, 2500, 350, 400, 2450],
    ['section 9: exclusive total adds the tax', exclusive, 2500, 350, 400, 2450 + 245],
    ['section 9: pickup has no delivery fee', inclusive, 2200, 0, 0, 2200],
  ])('%s', (_name, tax, subtotal, deliveryCents, discountCents, total) => {
    const result = totals({ lines: [line({ quantity: 2 })], isPickup: deliveryCents === 0 && subtotal === 2200, tax, deliveryCents, discountCents });
    expect(result.subtotalCents).toBe(subtotal);
    expect(result.deliveryCents).toBe(deliveryCents);
    expect(result.totalCents).toBe(total);
  });

  test('Pricing 5: a negative delivery fee counts as 0', () => {
    const result = totals({ lines: [line()], isPickup: false, deliveryCents: -300 });
    expect(result.deliveryCents).toBe(0);
    expect(result.totalCents).toBe(1250);
  });

  test.each([
    ['Pricing 7: total never negative (huge discount, inclusive)', inclusive],
    ['Pricing 7: total never negative (huge discount, exclusive)', exclusive],
    ['Pricing 7: total never negative (huge discount, tax disabled)', disabled],
  ])('%s', (_name, tax) => {
    const result = totals({ lines: [line()], tax, discountCents: 1_000_000, couponCents: 1_000_000 });
    expect(result.totalCents).toBe(0);
    expect(result.taxCents).toBe(0);
  });

  test('section 3: an empty cart totals 0 everywhere but the delivery fee', () => {
    const result = totals({ lines: [], isPickup: false, deliveryCents: 250, discountCents: 100 });
    expect(result).toMatchObject({ subtotalCents: 0, discountCents: 0, couponCents: 0, deliveryCents: 250, totalCents: 250 });
    expect(result.taxByRate).toEqual([{ rateBp: 1000, baseCents: 250, taxCents: 23 }]);
  });
});

describe('spreadProportionally (docs/decisions/016, section 6.6: largest remainder)', () => {
  test.each([
    ['split evenly', 90, [1, 1, 1], [30, 30, 30]],
    ['leftover cent goes to the first of equal remainders', 10, [1, 1, 1], [4, 3, 3]],
    ['two leftover cents to the first two of equal remainders', 2, [1, 1, 1], [1, 1, 0]],
    ['leftover goes to the largest remainder, not the first index', 1, [1, 2], [0, 1]],
    ['largest remainder example 100 over 1000/2000', 100, [1000, 2000], [33, 67]],
    ['proportional to line amounts', 100, [1, 1, 3], [20, 20, 60]],
    ['zero weight gets nothing', 7, [0, 5], [0, 7]],
    ['zero weight in the middle gets nothing', 10, [3, 0, 3], [5, 0, 5]],
    ['total 0 → all zero', 0, [1, 2, 3], [0, 0, 0]],
    ['all-zero weights → all-zero parts', 5, [0, 0], [0, 0]],
    ['all-zero weights, single', 100, [0], [0]],
    ['no weights → no parts', 100, [], []],
    ['single weight takes everything', 123, [42], [123]],
  ])('%s: spread(%i, %j) = %j', (_name, total, weights, expected) => {
    expect(spreadProportionally(total, weights)).toEqual(expected);
  });

  const weightsArb = fc.array(fc.integer({ min: 0, max: 200_000 }), { minLength: 1, maxLength: 30 }).filter((weights) => weights.some((w) => w > 0));

  test('property: parts always sum exactly to the total', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), weightsArb, (total, weights) => {
        const parts = spreadProportionally(total, weights);
        expect(parts).toHaveLength(weights.length);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      }),
      { numRuns: 500 },
    );
  });

  test('property: each part is a non-negative integer between its proportional floor and ceiling', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), weightsArb, (total, weights) => {
        const parts = spreadProportionally(total, weights);
        const weightSum = weights.reduce((a, b) => a + b, 0);
        parts.forEach((part, index) => {
          const w = weights[index] ?? 0;
          expect(Number.isInteger(part)).toBe(true);
          expect(part).toBeGreaterThanOrEqual(Math.floor((total * w) / weightSum));
          expect(part).toBeLessThanOrEqual(Math.ceil((total * w) / weightSum));
          if (w === 0) expect(part).toBe(0);
        });
      }),
      { numRuns: 500 },
    );
  });

  test('property: a larger weight never gets a smaller part', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), weightsArb, (total, weights) => {
        const parts = spreadProportionally(total, weights);
        weights.forEach((wi, i) =>
          weights.forEach((wj, j) => {
            if (wi > wj) expect(parts[i] ?? 0).toBeGreaterThanOrEqual(parts[j] ?? 0);
          }),
        );
      }),
    );
  });
});

describe('calculateCartTotals properties (section 9, docs/decisions/016, section 6)', () => {
  const lineArb: fc.Arbitrary<PricedLine> = fc.record({
    priceDeliveryCents: fc.integer({ min: 0, max: 10_000 }),
    pricePickupCents: fc.integer({ min: 0, max: 10_000 }),
    taxRateBp: fc.constantFrom(null, 0, 550, 1000, 2000, 210),
    options: fc.array(fc.record({ priceCents: fc.integer({ min: 0, max: 1_000 }), quantity: fc.integer({ min: 1, max: 5 }) }), { maxLength: 4 }),
    quantity: fc.integer({ min: 1, max: 99 }),
  });
  const taxArb: fc.Arbitrary<TaxSettings> = fc.record({
    enabled: fc.boolean(),
    inclusive: fc.boolean(),
    defaultRateBp: fc.constantFrom(550, 1000, 2000),
  });
  const inputArb: fc.Arbitrary<CartPricingInput> = fc.record({
    lines: fc.array(lineArb, { maxLength: 12 }),
    isPickup: fc.boolean(),
    tax: taxArb,
    deliveryCents: fc.integer({ min: 0, max: 2_000 }),
    discountCents: fc.integer({ min: 0, max: 500_000 }),
    couponCents: fc.integer({ min: 0, max: 500_000 }),
  });

  test('property: every amount is a non-negative integer', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = calculateCartTotals(input);
        const amounts = [
          result.subtotalCents,
          result.discountCents,
          result.couponCents,
          result.deliveryCents,
          result.taxCents,
          result.totalCents,
          ...result.lines.flatMap((l) => [l.unitCents, l.amountCents]),
          ...result.taxByRate.flatMap((t) => [t.baseCents, t.taxCents]),
        ];
        for (const amount of amounts) {
          expect(Number.isSafeInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  test('property: inclusive (or disabled) total = subtotal + delivery − discount; exclusive adds the tax', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = calculateCartTotals(input);
        const expected = r.subtotalCents + r.deliveryCents - r.discountCents + (input.tax.enabled && !input.tax.inclusive ? r.taxCents : 0);
        expect(r.totalCents).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  test('property: the sum of taxByRate equals taxCents, rates sorted and distinct', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = calculateCartTotals(input);
        expect(r.taxByRate.reduce((sum, t) => sum + t.taxCents, 0)).toBe(r.taxCents);
        const rates = r.taxByRate.map((t) => t.rateBp);
        expect(rates).toEqual([...new Set(rates)].sort((a, b) => a - b));
      }),
      { numRuns: 500 },
    );
  });

  test('property: the tax bases add up to subtotal − discount + delivery (discount spread exactly)', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = calculateCartTotals(input);
        expect(r.taxByRate.reduce((sum, t) => sum + t.baseCents, 0)).toBe(r.subtotalCents - r.discountCents + r.deliveryCents);
      }),
      { numRuns: 500 },
    );
  });

  test('property: coupon ≤ discount ≤ subtotal, and the subtotal is the sum of the line amounts', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = calculateCartTotals(input);
        expect(r.couponCents).toBeLessThanOrEqual(r.discountCents);
        expect(r.discountCents).toBeLessThanOrEqual(r.subtotalCents);
        expect(r.subtotalCents).toBe(r.lines.reduce((s, l) => s + l.amountCents, 0));
        r.lines.forEach((l, i) => {
          const source = input.lines[i];
          if (!source) throw new Error('line missing');
          expect(l.unitCents).toBe(calculateUnitPrice(source, input.isPickup));
          expect(l.amountCents).toBe(l.unitCents * source.quantity);
        });
      }),
      { numRuns: 500 },
    );
  });

  test('property: inclusive tax never exceeds what an exclusive price would add', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const inc = calculateCartTotals({ ...input, tax: { ...input.tax, enabled: true, inclusive: true } });
        const exc = calculateCartTotals({ ...input, tax: { ...input.tax, enabled: true, inclusive: false } });
        expect(inc.taxCents).toBeLessThanOrEqual(exc.taxCents);
      }),
    );
  });
});

describe('describeOtherTypePrice (section 9: a price per order type, said where it differs)', () => {
  test.each<[string, Partial<PricedLine>, boolean, string | null]>([
    ['pickup, delivery dearer', { pricePickupCents: 2150, priceDeliveryCents: 2250 }, true, '22,50 € en livraison'],
    ['delivery, pickup cheaper', { pricePickupCents: 2150, priceDeliveryCents: 2250 }, false, '21,50 € à emporter'],
    ['same price both ways: nothing to say', { pricePickupCents: 1200, priceDeliveryCents: 1200 }, true, null],
    ['same price, delivery', { pricePickupCents: 1200, priceDeliveryCents: 1200 }, false, null],
    ['the whole line: quantity 2', { pricePickupCents: 1500, priceDeliveryCents: 1600, quantity: 2 }, true, '32,00 € en livraison'],
    [
      'options count on both sides',
      { pricePickupCents: 1500, priceDeliveryCents: 1600, options: [{ priceCents: 150, quantity: 2 }] },
      false,
      '18,00 € à emporter',
    ],
  ])('%s', (_name, overrides, isPickup, expected) => {
    expect(describeOtherTypePrice(line(overrides), isPickup)?.replace(/\s/gu, ' ') ?? null).toBe(expected);
  });
});
