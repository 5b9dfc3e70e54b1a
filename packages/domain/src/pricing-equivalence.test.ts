import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { spreadProportionally } from './cart.ts';
import { weekdays, type ItemOption, type MenuItem } from './catalogue.ts';
import { toRestaurantTime } from './clock.ts';
import { offerTypes, type Offer } from './offers.ts';
import { priceCart, type PriceCartInput } from './pricing.ts';
import { priceCartBefore, spreadProportionallyBefore, toRestaurantTimeBefore } from './testing/pricing-before.ts';

/**
 * Issue 15 made pricing faster (clock.ts: the Paris offset kept per quarter hour; offers.ts: each
 * offer's scope computed once per cart, loops instead of arrays of objects; cart.ts: the spread
 * sorts only when cents are left, by selection for up to 32 weights, the rates in a sorted list rather
 * than Maps; offers.ts: one array of parts per cart rather than per offer; pricing.ts: unit prices
 * computed once, for the offers and the totals; settings.ts: tax settings read in one pass). Every result must stay
 * exactly what it was: the code before is kept in testing/pricing-before.ts and both price the
 * same random carts, offers, coupons, settings and instants.
 */

const cents = (max: number) => fc.integer({ min: 0, max }).map((c) => c / 100);
const ids = (max: number) => fc.uniqueArray(fc.integer({ min: 1, max }), { maxLength: 3 });
const hhmm = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

const optionArb: fc.Arbitrary<ItemOption> = fc.record({
  option_id: fc.integer({ min: 1, max: 4 }),
  option_name: fc.constant('Option'),
  selected: fc.constant(0),
  required: fc.boolean(),
  option_options: fc.array(
    fc.record({ id: fc.integer({ min: 1, max: 6 }), name: fc.constant('Valeur'), price: cents(500), tax_rate: fc.constant(null), allergens: fc.constant([]) }),
    {
      maxLength: 4,
    },
  ),
}) as fc.Arbitrary<ItemOption>;

const itemArb: fc.Arbitrary<MenuItem> = fc.record({
  item_id: fc.integer({ min: 1, max: 12 }),
  item_menu_id: fc.integer({ min: 1, max: 3 }),
  item_category_id: fc.integer({ min: 1, max: 5 }),
  item_name: fc.constant('Plat'),
  item_description: fc.constant(''),
  item_image: fc.constant(null),
  item_score: fc.constant(0),
  item_price: fc.record({ price_delivery: cents(3000), price_pickup: cents(3000), tax_rate: fc.constantFrom(null, 5.5, 10, 20) }),
  item_is_available: fc.constant(true),
  item_allergens: fc.constant([]),
  item_diets: fc.constant([]),
  options: fc.array(optionArb, { maxLength: 2 }),
}) as unknown as fc.Arbitrary<MenuItem>;

const offerArb = (coupon: boolean): fc.Arbitrary<Offer> =>
  fc.record({
    id: fc.integer({ min: 1, max: 20 }),
    name: fc.constant('Offre'),
    description: fc.constant(''),
    code: fc.constant(coupon ? 'CODE' : null),
    is_public: fc.boolean(),
    is_active: fc.constantFrom(true, true, true, true, false),
    type: fc.constantFrom(...offerTypes),
    value: fc.oneof(fc.constantFrom(2, 5, 10), fc.integer({ min: 0, max: 100 }), cents(5000)), // ties between fixed amounts too
    auto_apply: fc.constantFrom<('Yes' | 'No')[]>('Yes', 'No'),
    allow_repeat: fc.boolean(),
    delivery_pickup: fc.constantFrom<('both' | 'pickup' | 'delivery')[]>('both', 'pickup', 'delivery'),
    minimum_amount: fc.oneof(fc.constant(0), cents(6000)),
    menus: ids(3),
    categories: ids(5),
    items: ids(12),
    active_times: fc.array(fc.record({ days: fc.subarray([...weekdays]), start: hhmm, end: hhmm }), { maxLength: 2 }),
    min_units: fc.integer({ min: 0, max: 5 }),
  });

// Instants from 2024 to 2027, seconds included, with the days of the DST changes well covered.
const instantArb = fc.oneof(
  fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 11, 31) }),
  fc.integer({ min: Date.UTC(2026, 2, 28, 22), max: Date.UTC(2026, 2, 29, 4) }),
  fc.integer({ min: Date.UTC(2026, 9, 24, 22), max: Date.UTC(2026, 9, 25, 4) }),
);

/**
 * Offers that mostly apply (active, always, both order types, no minimum, few scopes), with few
 * values: the ways offers combine (fixed amounts tied, a coupon among them) are reached often.
 */
const applyingOfferArb = (coupon: boolean): fc.Arbitrary<Offer> =>
  fc.record({
    id: fc.integer({ min: 1, max: 20 }),
    name: fc.constant('Offre'),
    description: fc.constant(''),
    code: fc.constant(coupon ? 'CODE' : null),
    is_public: fc.boolean(),
    is_active: fc.constant(true),
    type: fc.constantFrom(...offerTypes),
    value: fc.constantFrom(2, 5, 50),
    auto_apply: fc.constant<'Yes' | 'No'>('Yes'),
    allow_repeat: fc.constant(true),
    delivery_pickup: fc.constant<'both' | 'pickup' | 'delivery'>('both'),
    minimum_amount: fc.constant(0),
    menus: fc.constant<number[]>([]),
    categories: fc.oneof(fc.constant<number[]>([]), ids(5)),
    items: fc.oneof(fc.constant<number[]>([]), ids(12)),
    active_times: fc.constant<Offer['active_times']>([]),
    min_units: fc.integer({ min: 0, max: 3 }),
  });

const cartArb = (offerOf: (coupon: boolean) => fc.Arbitrary<Offer>): fc.Arbitrary<PriceCartInput> =>
  fc
    .record({
      items: fc.array(itemArb, { minLength: 1, maxLength: 6 }),
      picks: fc.array(
        fc.tuple(fc.nat(), fc.integer({ min: 1, max: 6 }), fc.array(fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 1, max: 3 })), { maxLength: 3 })),
        { maxLength: 20 },
      ),
      isPickup: fc.boolean(),
      settings: fc.constantFrom(
        [],
        [{ name: 'tax.inclusive', value: false }],
        [{ name: 'tax.enabled', value: false }],
        [{ name: 'tax.default_rate', value: 5.5 }],
      ),
      offers: fc.array(offerOf(false), { maxLength: 8 }),
      coupon: fc.option(offerOf(true)),
      now: instantArb,
      delivery: fc.option(
        fc.record({ baseFeeCents: fc.nat(500), flatChargeCents: fc.nat(500), minimumOrderCents: fc.nat(3000), zoneName: fc.constant('Zone') }),
      ),
      used: fc.uniqueArray(fc.integer({ min: 1, max: 20 }), { maxLength: 3 }),
    })
    .map(({ items, picks, isPickup, settings, offers, coupon, now, delivery, used }) => ({
      lines: picks.map(([pick, quantity, chosen]) => {
        const item = items[pick % items.length]!;
        // Mostly values of the item's options, now and then an unknown one (priced 0).
        const choices = chosen.map(([o, v, q]) => {
          const option = item.options[o % Math.max(item.options.length, 1)];
          const value = option?.option_options[v % Math.max(option.option_options.length, 1)];
          return { option_id: option?.option_id ?? 99, option_option_id: value?.id ?? 99, quantity: q };
        });
        return { item, choices, quantity };
      }),
      isPickup,
      settings,
      offers,
      coupon,
      now: new Date(now),
      delivery,
      usedOfferIds: new Set(used),
    }));

describe('pricing as before issue 15, exactly', () => {
  test('priceCart: random carts, offers, coupons, settings and instants', () => {
    fc.assert(
      fc.property(cartArb(offerArb), (input) => {
        expect(priceCart(input)).toEqual(priceCartBefore(input));
      }),
      { numRuns: 3000 },
    );
  });

  test('priceCart: random carts with offers that mostly apply, together', () => {
    fc.assert(
      fc.property(cartArb(applyingOfferArb), (input) => {
        expect(priceCart(input)).toEqual(priceCartBefore(input));
      }),
      { numRuns: 3000 },
    );
  });

  test('spreadProportionally: random totals and weights', () => {
    fc.assert(
      // Up to 32 weights the cents left go by repeated selection, beyond by a sort: both are reached.
      fc.property(fc.nat(100_000), fc.array(fc.nat(50_000), { maxLength: 60 }), (total, weights) => {
        expect(spreadProportionally(total, weights)).toEqual(spreadProportionallyBefore(total, weights));
      }),
      { numRuns: 5000 },
    );
  });

  test('toRestaurantTime: random instants from 1990 to 2060, DST changes included', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) }), instantArb), (ms) => {
        expect(toRestaurantTime(new Date(ms))).toEqual(toRestaurantTimeBefore(new Date(ms)));
      }),
      { numRuns: 20_000 },
    );
  });
});
