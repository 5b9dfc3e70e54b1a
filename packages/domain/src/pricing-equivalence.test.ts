import { describe, expect, test } from 'vitest';
import { spreadProportionally } from './cart.ts';
import { toRestaurantTime } from './clock.ts';
import type { CartTotals } from './cart.ts';
import type { OfferRefusalReason } from './offers.ts';
import { priceCart } from './pricing.ts';
import { cartOfFixture, type CartFixture } from './testing/pricing-fixtures.ts';
import fixtures from './testing/pricing-fixtures.json' with { type: 'json' };

/**
 * Pricing keeps its results exactly (docs/decisions/028-prepared-answers.md made it faster:
 * clock.ts, offers.ts, cart.ts, pricing.ts, settings.ts). testing/pricing-fixtures.json holds carts
 * drawn at random once (fast-check, fixed seeds: random dishes, options, offers that mostly apply
 * or not, coupons, tax settings, delivery quotes, instants from 2024 to 2027 with the DST changes'
 * nights well covered), with the totals, the offers applied and the coupon's refusal the pricing gave
 * them; totals and weights for spreadProportionally; instants from 1990 to 2060 with their
 * restaurant time. Checked by hand: the first delivery cart of one dish (2 × 21,56 € = 43,12 €,
 * over the 24,58 € minimum so no flat charge, 2,44 € fee, 5,5 % on top of 45,56 € = 2,51 €,
 * 48,07 €); every instant against the Europe/Paris rules of the IANA database (Python's zoneinfo).
 */

interface PricedFixture {
  cart: CartFixture;
  totals: CartTotals;
  /** [offer_id, amountCents] of each offer applied, in order. */
  applied: [number, number][];
  couponRefusalReason: OfferRefusalReason | null;
  deliveryKnown: boolean;
}

const carts = fixtures.carts as unknown[] as PricedFixture[];
const applyingCarts = fixtures.applyingCarts as unknown[] as PricedFixture[];

const priced = (fixture: PricedFixture) => {
  const { totals, offers, deliveryKnown } = priceCart(cartOfFixture(fixture.cart));
  return { totals, applied: offers.applied.map((offer) => [offer.offer_id, offer.amountCents]), couponRefusalReason: offers.couponRefusalReason, deliveryKnown };
};
const expected = ({ totals, applied, couponRefusalReason, deliveryKnown }: PricedFixture) => ({ totals, applied, couponRefusalReason, deliveryKnown });

describe('pricing gives the fixtures\' totals, exactly', () => {
  test('the first delivery cart of one dish, as worked out by hand', () => {
    const fixture = carts.find((c) => c.cart.lines.length === 1 && c.cart.offers.length === 0 && !c.cart.coupon && !c.cart.isPickup && c.cart.lines[0]![2].length === 0);
    expect(fixture?.cart.dishes[0]?.slice(3, 6)).toEqual([21.56, 0.1, 5.5]);
    expect(priced(fixture!).totals).toMatchObject({ subtotalCents: 4312, deliveryCents: 244, taxCents: 251, totalCents: 4807 });
  });

  test.each([
    ['random carts, offers, coupons, settings and instants', carts],
    ['random carts with offers that mostly apply, together', applyingCarts],
  ])('priceCart: %s', (_name, cases) => {
    expect(cases.length).toBeGreaterThanOrEqual(80);
    for (const fixture of cases) expect(priced(fixture)).toEqual(expected(fixture));
  });

  test('spreadProportionally: random totals and weights', () => {
    // Up to 32 weights the cents left go by repeated selection, beyond by a sort: both are there.
    expect(fixtures.spreads.some((s) => s.weights.length > 32) && fixtures.spreads.some((s) => s.weights.length <= 32)).toBe(true);
    for (const { total, weights, expected: spread } of fixtures.spreads) expect(spreadProportionally(total, weights)).toEqual(spread);
  });

  test('toRestaurantTime: random instants from 1990 to 2060, DST changes included', () => {
    for (const { instant, expected: time } of fixtures.instants) expect(toRestaurantTime(new Date(instant))).toEqual(time);
  });
});
