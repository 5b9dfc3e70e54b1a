import { describe, expect, test } from 'vitest';
import { describeOrderAmounts, type OrderAmountsInput } from './order-amounts.ts';

/** describeOrderAmounts: the stored order's figures as the counter explains them (board panel, kitchen ticket). */

const nbsp = '\u00a0';

function order(overrides: Partial<OrderAmountsInput> = {}): OrderAmountsInput {
  // A delivery order of 17,50 € with the coupon BIENVENUE10 (−1,75 €), a weekday offer (−0,30 €) and 3,00 € of delivery: 18,45 €.
  return {
    is_pickup: false,
    subtotal: 17.5,
    discount: 2.05,
    delivery: 3,
    tax: 1.68,
    total: 18.45,
    coupon_code: 'BIENVENUE10',
    applied_offers: [
      { name: 'Bienvenue : −10 %', type: 'percentage', amount: 1.75, is_coupon: true },
      { name: 'Midi en semaine', type: 'fixed_amount', amount: 0.3, is_coupon: false },
    ],
    ...overrides,
  };
}

const rows = (input: OrderAmountsInput) => describeOrderAmounts(input).map((line) => `${line.label} | ${line.amount}`);

describe('describeOrderAmounts', () => {
  test('subtotal, each reduction with its name (the coupon with its code), delivery, total: the figures add up', () => {
    expect(rows(order())).toEqual([
      `Sous-total | 17,50${nbsp}€`,
      `Code BIENVENUE10 (Bienvenue : −10 %) | −1,75${nbsp}€`,
      `Midi en semaine | −0,30${nbsp}€`,
      `Livraison | 3,00${nbsp}€`,
      `Total | 18,45${nbsp}€`,
    ]);
  });

  test.each([
    ['a pickup order has no delivery line', order({ is_pickup: true, delivery: 0, total: 15.45 }), ['Sous-total', 'Code BIENVENUE10 (Bienvenue : −10 %)', 'Midi en semaine', 'Total']],
    [
      'an offer giving the delivery, and one giving a dish, say so without an amount',
      order({
        discount: 0,
        delivery: 0,
        total: 17.5,
        coupon_code: null,
        applied_offers: [
          { name: 'Livraison offerte dès 15 €', type: 'free_delivery', amount: 0, is_coupon: false },
          { name: 'Dessert offert', type: 'free_item', amount: 0, is_coupon: false },
        ],
      }),
      ['Sous-total', 'Livraison offerte dès 15 € | livraison offerte', 'Dessert offert | offert', 'Livraison | offerte', 'Total'],
    ],
    ['prices excluding tax add a TVA line', order({ total: 20.13 }), ['Sous-total', 'Code BIENVENUE10 (Bienvenue : −10 %)', 'Midi en semaine', 'Livraison', `TVA | 1,68${nbsp}€`, 'Total']],
  ])('%s', (_name, input, expected) => {
    const got = rows(input);
    expect(got).toHaveLength(expected.length);
    expected.forEach((start, index) => expect(got[index]?.startsWith(start)).toBe(true));
  });
});
