import { describe, test, expect } from 'vitest';
import fc from 'fast-check';
import { pricedLineFromItem, type ChosenOptionValue, type ItemOption, type MenuItem } from './catalogue.ts';
import type { DeliveryQuote } from './delivery.ts';
import type { Offer } from './offers.ts';
import { priceCart, type CartLineInput, type PriceCartInput, type PricedCart } from './pricing.ts';
import { readTaxSettings, type SettingsList } from './settings.ts';

/**
 * priceCart end to end: unit prices for the order type, offers and coupon, delivery, tax and total
 * (spec sections 3, 4, 9; docs/decisions/016, sections 6.1–6.7). Menu prices in euros as the API serves them.
 */

function menuItem(
  item_id: number,
  item_category_id: number,
  price_delivery: number,
  price_pickup: number,
  tax_rate: number | null,
  options: ItemOption[] = [],
  item_menu_id = 1,
): MenuItem {
  return {
    item_id,
    item_menu_id,
    item_category_id,
    item_name: `Plat ${item_id}`,
    item_description: '',
    item_image: '',
    item_score: 0,
    item_price: { price_delivery, price_pickup, tax_rate },
    item_is_available: true,
    item_allergens: [],
    item_diets: [],
    options,
  };
}

const taille: ItemOption = {
  option_id: 10,
  option_name: 'Taille',
  selected: 1,
  required: true,
  option_options: [
    { id: 101, name: 'Moyenne', price: 0, tax_rate: null, allergens: [] },
    { id: 102, name: 'Grande', price: 3, tax_rate: null, allergens: [] },
  ],
};
const supplements: ItemOption = {
  option_id: 20,
  option_name: 'Suppléments',
  selected: 3,
  required: false,
  option_options: [
    { id: 201, name: 'Chèvre', price: 1.5, tax_rate: null, allergens: [] },
    { id: 202, name: 'Olives', price: 0.5, tax_rate: null, allergens: [] },
  ],
};
const sauce: ItemOption = {
  option_id: 30,
  option_name: 'Sauce',
  selected: 2,
  required: false,
  option_options: [
    { id: 301, name: 'Ketchup', price: 0, tax_rate: null, allergens: [] },
    { id: 302, name: 'Bacon', price: 1.2, tax_rate: null, allergens: [] },
  ],
};

// Three tax rates: 5,5 % (salade, mousse), 10 % (default, or explicit), 20 % (vin, soda).
const pizza = menuItem(101, 1, 12.5, 11, null, [taille, supplements]);
const burger = menuItem(201, 2, 9.9, 8.9, 10, [sauce]);
const pates = menuItem(901, 9, 8.99, 7.99, null);
const salade = menuItem(401, 4, 7, 6.5, 5.5);
const mousse = menuItem(123, 5, 5, 4.5, 5.5);
const vin = menuItem(601, 6, 15, 15, 20);
const soda = menuItem(501, 8, 2.5, 2.2, 20);
const verre = menuItem(602, 6, 5, 5, 20);
const brunch = menuItem(701, 7, 19, 18, null, [], 2);
const catalogue = [pizza, burger, pates, salade, mousse, vin, soda, verre, brunch];

const choose = (option_id: number, option_option_id: number, quantity = 1): ChosenOptionValue => ({ option_id, option_option_id, quantity });
const cartLine = (item: MenuItem, quantity = 1, choices: ChosenOptionValue[] = []): CartLineInput => ({ item, choices, quantity });

function offer(overrides: Partial<Offer>): Offer {
  return {
    id: 1,
    name: 'Offre',
    description: '',
    code: null,
    is_public: false,
    is_active: true,
    type: 'percentage',
    value: 0,
    auto_apply: 'Yes',
    allow_repeat: true,
    delivery_pickup: 'both',
    minimum_amount: 0,
    menus: [],
    categories: [],
    items: [],
    active_times: [],
    min_units: 1,
    ...overrides,
  };
}
const coupon = (overrides: Partial<Offer>): Offer => offer({ auto_apply: 'No', code: 'CODE', ...overrides });

// Offers shaped like the demo restaurant's (apps/api/restaurant/demo-restaurant.json).
const lyonnaise20 = offer({ id: 1, is_public: true, type: 'percentage', value: 20, items: [101] });
const mousseBogo = offer({ id: 2, is_public: true, type: 'buy_one_get_one', items: [123] });
const salades2 = offer({ id: 3, is_public: true, type: 'fixed_amount', value: 2, categories: [4] });
const citronnade = offer({ id: 4, is_public: true, type: 'free_item', menus: [2], items: [125] });
const livraisonDes40 = offer({ id: 5, type: 'free_delivery', delivery_pickup: 'delivery', minimum_amount: 40 });
const promotion = offer({
  id: 90,
  name: 'Duo du lundi au jeudi',
  type: 'cheapest_item',
  value: 50,
  categories: [1, 2, 9],
  min_units: 2,
  active_times: [{ days: ['mon', 'tue', 'wed', 'thu'], start: '00:00', end: '23:59' }],
});
const happyHour = offer({ id: 6, type: 'percentage', value: 15, categories: [6, 8], active_times: [{ days: ['fri', 'sat'], start: '18:00', end: '20:00' }] });
const fidelite = offer({ id: 7, type: 'fixed_amount', value: 3, minimum_amount: 25, allow_repeat: false });
const bienvenue10 = coupon({ id: 50, code: 'BIENVENUE10', type: 'percentage', value: 10, minimum_amount: 20, allow_repeat: false });
const moins5 = coupon({ id: 51, code: 'MOINS5', type: 'fixed_amount', value: 5, minimum_amount: 30 });
const livraisonOfferte = coupon({ id: 52, code: 'LIVRAISONOFFERTE', type: 'free_delivery', delivery_pickup: 'delivery' });
const dessertOffert = coupon({ id: 53, code: 'DESSERTOFFERT', type: 'free_item', items: [121], minimum_amount: 25 });
const duo = coupon({ id: 54, code: 'DUO', type: 'buy_one_get_one', categories: [1] });
const expire = coupon({ id: 55, code: 'EXPIRE', type: 'percentage', value: 15, is_active: false });
const toutOffert = coupon({ id: 56, code: 'TOUTOFFERT', type: 'percentage', value: 100 });
const automaticPool = [lyonnaise20, mousseBogo, salades2, citronnade, livraisonDes40, promotion, happyHour, fidelite];
const couponPool = [bienvenue10, moins5, livraisonOfferte, dessertOffert, duo, expire, toutOffert];

const inclusive: SettingsList = [];
const exclusive: SettingsList = [{ name: 'tax.inclusive', value: false }];
const disabled: SettingsList = [{ name: 'tax.enabled', value: false }];

const monday = new Date('2025-01-06T12:00:00Z'); // lundi 13:00 à Paris
const friday = new Date('2025-01-10T12:00:00Z'); // vendredi 13:00 à Paris

/** A delivery quote (section 9): base fee, plus the flat charge when the subtotal is under the minimum order. */
function quote(baseFeeCents: number, flatChargeCents = 0, minimumOrderCents = 0): DeliveryQuote {
  return { baseFeeCents, flatChargeCents, minimumOrderCents, zoneName: null };
}

function price(input: Partial<PriceCartInput> & { lines: readonly CartLineInput[] }): PricedCart {
  return priceCart({ isPickup: false, settings: inclusive, offers: [], coupon: null, now: friday, delivery: quote(350), ...input });
}

/** 2 × pizza Grande + Chèvre (17,00 € in delivery, 15,50 € in pickup), 1 salade (5,5 %), 1 vin (20 %). */
const familyCart = [cartLine(pizza, 2, [choose(10, 102), choose(20, 201)]), cartLine(salade), cartLine(vin)];

describe('priceCart: prices, delivery, tax and total (section 9; Pricing 1, 5, 6, 7)', () => {
  // docs/decisions/011-vat-per-line.md: the delivery fee (350) was all at the default 10 % (taxes 36 / 341 / 250 = 627);
  // it now follows the goods: 350 over 700 / 3400 / 1500 → 43,75 / 212,5 / 93,75 → 44 / 212 / 94.
  test('Pricing 1, 6, 7: delivery order, tax inclusive, three rates, delivery split over the rates of the goods', () => {
    const { totals, offers } = price({ lines: familyCart });
    expect(totals.lines).toEqual([
      { unitCents: 1700, amountCents: 3400 },
      { unitCents: 700, amountCents: 700 },
      { unitCents: 1500, amountCents: 1500 },
    ]);
    expect(totals).toMatchObject({ subtotalCents: 5600, discountCents: 0, couponCents: 0, deliveryCents: 350, totalCents: 5950 });
    expect(totals.deliveryByRate).toEqual([
      { rateBp: 550, deliveryCents: 44 },
      { rateBp: 1000, deliveryCents: 212 },
      { rateBp: 2000, deliveryCents: 94 },
    ]);
    expect(totals.taxByRate).toEqual([
      { rateBp: 550, baseCents: 744, taxCents: 39 }, // 744 × 5,5 / 105,5 = 38,79
      { rateBp: 1000, baseCents: 3612, taxCents: 328 }, // 3612 × 10 / 110 = 328,36
      { rateBp: 2000, baseCents: 1594, taxCents: 266 }, // 1594 / 6 = 265,67
    ]);
    expect(totals.taxCents).toBe(633);
    expect(offers.applied).toEqual([]);
  });

  test('Pricing 6–7: tax exclusive adds the tax to the total', () => {
    const { totals } = price({ lines: familyCart, settings: exclusive });
    // bases 744 / 3612 / 1594 (delivery split as above; was 39 / 375 / 300 with the fee at 10 %)
    expect(totals.taxByRate.map((t) => t.taxCents)).toEqual([41, 361, 319]); // 40,92 / 361,2 / 318,8
    expect(totals.taxCents).toBe(721);
    expect(totals.totalCents).toBe(5600 + 350 + 721);
  });

  test('section 9: tax disabled gives zero tax, total unchanged', () => {
    const { totals } = price({ lines: familyCart, settings: disabled });
    expect(totals.taxCents).toBe(0);
    expect(totals.taxByRate.every((t) => t.taxCents === 0)).toBe(true);
    expect(totals.totalCents).toBe(5950);
  });

  test('Pricing 6: the default rate comes from the settings (tax.default_rate 20 %) for items without a rate and the delivery', () => {
    const { totals } = price({ lines: [cartLine(pates)], settings: [{ name: 'tax.default_rate', value: 20 }] });
    expect(totals.taxByRate).toEqual([{ rateBp: 2000, baseCents: 899 + 350, taxCents: 208 }]); // 1249 / 6 = 208,17
  });

  test('section 9 / Pricing 5: pickup uses price_pickup and ignores the delivery quote', () => {
    const { totals, deliveryKnown } = price({ lines: familyCart, isPickup: true, delivery: quote(350, 500, 100_000) });
    expect(deliveryKnown).toBe(true);
    expect(totals.lines.map((l) => l.amountCents)).toEqual([3100, 650, 1500]);
    expect(totals).toMatchObject({ subtotalCents: 5250, deliveryCents: 0, totalCents: 5250 });
    expect(totals.taxByRate).toEqual([
      { rateBp: 550, baseCents: 650, taxCents: 34 },
      { rateBp: 1000, baseCents: 3100, taxCents: 282 },
      { rateBp: 2000, baseCents: 1500, taxCents: 250 },
    ]);
  });

  test.each<[string, DeliveryQuote | null, number]>([
    ['section 9: base fee only (subtotal 56 € ≥ minimum 30 €)', quote(350, 200, 3000), 350],
    ['section 9: base fee + flat charge under the minimum order (56 € < 60 €)', quote(350, 200, 6000), 550],
    ['section 9: at the minimum order exactly → no flat charge', quote(350, 200, 5600), 350],
  ])('%s', (_name, delivery, expected) => {
    const { totals, deliveryKnown } = price({ lines: familyCart, delivery });
    expect(deliveryKnown).toBe(true);
    expect(totals.deliveryCents).toBe(expected);
    expect(totals.totalCents).toBe(5600 + expected);
  });

  test('Pricing 5: address not known yet → delivery 0 for now and deliveryKnown false', () => {
    const { totals, deliveryKnown } = price({ lines: familyCart, delivery: null });
    expect(deliveryKnown).toBe(false);
    expect(totals).toMatchObject({ deliveryCents: 0, totalCents: 5600 });
  });

  test('Pricing 5: the minimum order compares with the subtotal before reductions (56 € − 5 € coupon still ≥ 55 €)', () => {
    const { totals } = price({ lines: familyCart, coupon: moins5, delivery: quote(350, 200, 5500) });
    expect(totals).toMatchObject({ subtotalCents: 5600, discountCents: 500, deliveryCents: 350, totalCents: 5600 + 350 - 500 });
  });

  test('Pricing 1: option prices × their quantities count in the unit price, and offers see them', () => {
    // Grande 3 + Chèvre 2 × 1,50 + Olives 0,50 on 12,50 → 19,00; 20 % public offer on the pizza → 3,80.
    const { totals, offers } = price({ lines: [cartLine(pizza, 1, [choose(10, 102), choose(20, 201, 2), choose(20, 202)])], offers: [lyonnaise20] });
    expect(totals.lines).toEqual([{ unitCents: 1900, amountCents: 1900 }]);
    expect(offers.discountCents).toBe(380);
    expect(totals).toMatchObject({ subtotalCents: 1900, discountCents: 380, totalCents: 1900 + 350 - 380 });
  });
});

describe('priceCart: offers and coupon (Pricing 2–4, 6)', () => {
  test('Pricing 6: a percentage lowers each line it was computed on; delivery split over the reduced bases', () => {
    // BIENVENUE10: 10 % per line = 340 + 70 + 150 = 560 on those lines; bases 3060 / 630 / 1350;
    // delivery 350 over 630 / 3060 / 1350 → 43,75 / 212,5 / 93,75 → 44 / 212 / 94 (was all at 10 %).
    const { totals, offers } = price({ lines: familyCart, coupon: bienvenue10 });
    expect(offers.couponRefusal).toBeNull();
    expect(totals).toMatchObject({ subtotalCents: 5600, discountCents: 560, couponCents: 560, deliveryCents: 350, totalCents: 5390 });
    expect(totals.taxByRate).toEqual([
      { rateBp: 550, baseCents: 630 + 44, taxCents: 35 }, // 35,14
      { rateBp: 1000, baseCents: 3060 + 212, taxCents: 297 }, // 297,45
      { rateBp: 2000, baseCents: 1350 + 94, taxCents: 241 }, // 240,67
    ]);
  });

  // Delivery 350 over the reduced bases 638 / 3096 / 1366 → 43,78 / 212,47 / 93,75 → 44 / 212 / 94 (was all at 10 %).
  test('Pricing 6: a fixed amount is spread over its lines by largest remainder (5 € over 3400 / 700 / 1500 → 304 / 62 / 134)', () => {
    const { totals } = price({ lines: familyCart, coupon: moins5 });
    expect(totals).toMatchObject({ discountCents: 500, couponCents: 500, totalCents: 5450 });
    expect(totals.taxByRate).toEqual([
      { rateBp: 550, baseCents: 700 - 62 + 44, taxCents: 36 }, // 35,55
      { rateBp: 1000, baseCents: 3400 - 304 + 212, taxCents: 301 }, // 300,73
      { rateBp: 2000, baseCents: 1500 - 134 + 94, taxCents: 243 }, // 243,33
    ]);
    expect(totals.taxByRate.reduce((s, t) => s + t.baseCents, 0)).toBe(5600 - 500 + 350);
  });

  // docs/decisions/011-vat-per-line.md: 2 € over 5,00 (5,5 %) / 5,00 (20 %) / 8,99 (10 %) → 52,66 / 52,66 / 94,68:
  // the two 5,00 € lines tie for the second leftover cent, and the rule gives it to the earlier line in the cart.
  // (The previous rule spread per rate, ties to the lower rate, so the order of the lines did not matter.)
  test('Pricing 6: a tie in the spread of a fixed amount goes to the earlier line in the cart', () => {
    const moins2 = coupon({ id: 57, code: 'MOINS2', type: 'fixed_amount', value: 2 });
    const lines = [cartLine(mousse), cartLine(verre), cartLine(pates)];
    const first = price({ lines, coupon: moins2, settings: exclusive, delivery: null }).totals;
    const reversed = price({ lines: [...lines].reverse(), coupon: moins2, settings: exclusive, delivery: null }).totals;
    expect(first).toMatchObject({ subtotalCents: 1899, discountCents: 200, lineDiscountCents: [53, 52, 95] });
    expect(first.taxByRate).toEqual([
      { rateBp: 550, baseCents: 447, taxCents: 25 }, // 24,59
      { rateBp: 1000, baseCents: 804, taxCents: 80 },
      { rateBp: 2000, baseCents: 448, taxCents: 90 }, // 89,6
    ]);
    expect(reversed).toMatchObject({ subtotalCents: 1899, discountCents: 200, lineDiscountCents: [95, 53, 52] });
    expect(reversed.taxByRate).toEqual([
      { rateBp: 550, baseCents: 448, taxCents: 25 }, // 24,64
      { rateBp: 1000, baseCents: 804, taxCents: 80 },
      { rateBp: 2000, baseCents: 447, taxCents: 89 }, // 89,4
    ]);
  });

  test('Pricing 4: the coupon is shown apart and is already inside discount', () => {
    const { totals, offers } = price({ lines: familyCart, offers: [lyonnaise20], coupon: moins5 });
    expect(offers.applied.map((a) => [a.offer_id, a.amountCents, a.isCoupon])).toEqual([
      [1, 680, false],
      [51, 500, true],
    ]);
    expect(totals).toMatchObject({ discountCents: 1180, couponCents: 500, totalCents: 5600 + 350 - 1180 });
    expect(totals.couponCents).toBeLessThanOrEqual(totals.discountCents);
  });

  test('Pricing 4 / 7: discount capped at the subtotal, coupon within it, delivery still due, never negative', () => {
    const { totals, offers } = price({ lines: familyCart, offers: [lyonnaise20], coupon: toutOffert });
    expect(offers.discountCents).toBe(680 + 5600);
    expect(totals).toMatchObject({ subtotalCents: 5600, discountCents: 5600, couponCents: 5600, deliveryCents: 350, totalCents: 350 });
    // Every line is free: the delivery fee follows the lines' amounts (44 / 212 / 94), no longer all at 10 % (350 → 32).
    expect(totals.lineDiscountCents).toEqual([3400, 700, 1500]);
    expect(totals.taxByRate).toEqual([
      { rateBp: 550, baseCents: 44, taxCents: 2 }, // 2,29
      { rateBp: 1000, baseCents: 212, taxCents: 19 }, // 19,27
      { rateBp: 2000, baseCents: 94, taxCents: 16 }, // 15,67
    ]);
  });

  test.each<[string, Partial<PriceCartInput>, number]>([
    ['free_delivery offer (≥ 40 €, delivery) makes delivery 0 although a fee is given', { offers: [livraisonDes40] }, 0],
    ['free_delivery coupon makes delivery 0', { coupon: livraisonOfferte }, 0],
    ['no free delivery → the fee', { offers: [] }, 350],
  ])('Pricing 3, 5: %s', (_name, input, delivery) => {
    const { totals } = price({ lines: familyCart, delivery: quote(350), ...input });
    expect(totals.deliveryCents).toBe(delivery);
    expect(totals.totalCents).toBe(5600 + delivery);
    expect(totals.discountCents).toBe(0);
  });

  test('Pricing 5: free_delivery below its minimum (22 € < 40 €) leaves the fee', () => {
    const { totals, offers } = price({ lines: [cartLine(salade), cartLine(vin)], offers: [livraisonDes40], delivery: quote(490) });
    expect(offers.freeDelivery).toBe(false);
    expect(totals).toMatchObject({ subtotalCents: 2200, deliveryCents: 490, totalCents: 2690 });
  });

  test('Pricing 2: the delivery-only coupon on a pickup order is refused with its French reason', () => {
    const { totals, offers } = price({ lines: familyCart, isPickup: true, coupon: livraisonOfferte });
    expect(offers.couponRefusal).toBe('Cette offre est réservée à la livraison.');
    expect(totals).toMatchObject({ deliveryCents: 0, couponCents: 0, discountCents: 0 });
  });

  test('Pricing 2: an expired coupon is refused and brings nothing', () => {
    const { totals, offers } = price({ lines: familyCart, coupon: expire });
    expect(offers.couponRefusal).toBe('Ce code promo n’est plus valable.');
    expect(totals).toMatchObject({ discountCents: 0, couponCents: 0, totalCents: 5950 });
  });

  test('Pricing 2: a coupon without allow_repeat already used by the customer is refused', () => {
    const { offers } = price({ lines: familyCart, coupon: bienvenue10, usedOfferIds: new Set([50]) });
    expect(offers.couponRefusal).toBe('Vous avez déjà profité de cette offre.');
    expect(offers.couponCents).toBe(0);
  });

  test('Pricing 3 free_item: the gift is listed in freeItems, totals unchanged', () => {
    const { totals, offers } = price({ lines: familyCart, coupon: dessertOffert });
    expect(offers.freeItems).toEqual([{ item_id: 121, offer_id: 53 }]);
    expect(totals).toMatchObject({ subtotalCents: 5600, discountCents: 0, totalCents: 5950 });
  });

  test.each<[string, boolean, Date, number]>([
    ['Monday, delivery: 50 % of the burger’s 9,90', false, monday, 495],
    ['Monday, pickup: still 50 % of the delivery price 9,90 (not 8,90)', true, monday, 495],
    ['Friday: no promotion', false, friday, 0],
  ])('section 9 promotion (Pricing 3): %s', (_name, isPickup, now, discount) => {
    const lines = [cartLine(pizza, 1, [choose(10, 101)]), cartLine(burger, 1, [choose(30, 302)])];
    const { totals } = price({ lines, isPickup, now, offers: [promotion] });
    const subtotal = isPickup ? 1100 + 890 + 120 : 1250 + 990 + 120;
    expect(totals.subtotalCents).toBe(subtotal);
    expect(totals.discountCents).toBe(discount);
    expect(totals.totalCents).toBe(subtotal + (isPickup ? 0 : 350) - discount);
  });
});

describe('priceCart properties over random carts (docs/decisions/016, sections 6.1–6.7)', () => {
  const lineArb: fc.Arbitrary<CartLineInput> = fc
    .record({
      index: fc.nat({ max: catalogue.length - 1 }),
      quantity: fc.integer({ min: 1, max: 5 }),
      picks: fc.array(fc.record({ option: fc.nat(), value: fc.nat(), quantity: fc.integer({ min: 1, max: 3 }) }), { maxLength: 3 }),
    })
    .map(({ index, quantity, picks }) => {
      const item = catalogue[index]!;
      const choices =
        item.options.length === 0
          ? []
          : picks.map((p) => {
              const option = item.options[p.option % item.options.length]!;
              return choose(option.option_id, option.option_options[p.value % option.option_options.length]!.id, p.quantity);
            });
      return cartLine(item, quantity, choices);
    });

  const settingsArb = fc.constantFrom<SettingsList>(
    inclusive,
    exclusive,
    disabled,
    [{ name: 'tax.default_rate', value: 20 }],
    [
      { name: 'tax.default_rate', value: 5.5 },
      { name: 'tax.inclusive', value: false },
    ],
  );

  const inputArb: fc.Arbitrary<PriceCartInput> = fc.record({
    lines: fc.array(lineArb, { minLength: 1, maxLength: 30 }),
    isPickup: fc.boolean(),
    settings: settingsArb,
    offers: fc.subarray(automaticPool),
    coupon: fc.option(fc.constantFrom(...couponPool), { nil: null }),
    now: fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2026-12-31T23:59:59Z'), noInvalidDate: true }),
    delivery: fc.option(
      fc.record({
        baseFeeCents: fc.integer({ min: 0, max: 1_500 }),
        flatChargeCents: fc.integer({ min: 0, max: 500 }),
        minimumOrderCents: fc.integer({ min: 0, max: 6_000 }),
        zoneName: fc.constant(null),
      }),
      { nil: null },
    ),
    usedOfferIds: fc.subarray([...automaticPool, ...couponPool].map((o) => o.id)).map((ids) => new Set(ids)),
  });

  const isExclusive = (settings: SettingsList) =>
    settings.some((s) => s.name === 'tax.inclusive' && s.value === false) && !settings.some((s) => s.name === 'tax.enabled' && s.value === false);

  test('property: 0 ≤ coupon ≤ discount ≤ subtotal and total ≥ 0 (Pricing 4, 7)', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { totals } = priceCart(input);
        expect(totals.discountCents).toBeGreaterThanOrEqual(0);
        expect(totals.discountCents).toBeLessThanOrEqual(totals.subtotalCents);
        expect(totals.couponCents).toBeGreaterThanOrEqual(0);
        expect(totals.couponCents).toBeLessThanOrEqual(totals.discountCents);
        expect(totals.totalCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  test('property: total = subtotal + delivery − discount, plus tax when prices exclude tax (section 9, Pricing 7)', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { totals } = priceCart(input);
        const beforeTax = totals.subtotalCents + totals.deliveryCents - totals.discountCents;
        expect(totals.totalCents).toBe(isExclusive(input.settings) ? beforeTax + totals.taxCents : beforeTax);
      }),
    );
  });

  test('property: delivery is 0 for pickup, free delivery or an unknown address, else base fee + flat charge under the minimum (section 9, Pricing 5)', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { totals, offers, deliveryKnown } = priceCart(input);
        const d = input.delivery;
        const fee = d ? d.baseFeeCents + (totals.subtotalCents < d.minimumOrderCents ? d.flatChargeCents : 0) : 0;
        expect(totals.deliveryCents).toBe(input.isPickup || offers.freeDelivery ? 0 : fee);
        expect(deliveryKnown).toBe(input.isPickup || d !== null);
      }),
    );
  });

  test('property: Σ taxByRate = tax, and the bases add up to subtotal − discount + delivery (Pricing 6)', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { totals } = priceCart(input);
        expect(totals.taxByRate.reduce((s, t) => s + t.taxCents, 0)).toBe(totals.taxCents);
        expect(totals.taxByRate.reduce((s, t) => s + t.baseCents, 0)).toBe(totals.subtotalCents - totals.discountCents + totals.deliveryCents);
        expect(totals.taxByRate.map((t) => t.rateBp)).toEqual([...new Set(totals.taxByRate.map((t) => t.rateBp))].sort((a, b) => a - b));
      }),
    );
  });

  test('property: every amount is an integer (cents) (docs/decisions/016, section 3)', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { totals, offers } = priceCart(input);
        const amounts = [
          totals.subtotalCents,
          totals.discountCents,
          totals.couponCents,
          totals.deliveryCents,
          totals.taxCents,
          totals.totalCents,
          ...totals.lines.flatMap((l) => [l.unitCents, l.amountCents]),
          ...totals.taxByRate.flatMap((t) => [t.rateBp, t.baseCents, t.taxCents]),
          offers.discountCents,
          offers.couponCents,
          ...offers.applied.map((a) => a.amountCents),
        ];
        for (const amount of amounts) expect(Number.isInteger(amount)).toBe(true);
      }),
    );
  });

  test('property: pricing twice gives the same result and does not change the input', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const snapshot = structuredClone(input);
        const first = priceCart(input);
        const second = priceCart(input);
        expect(second).toEqual(first);
        expect(input).toEqual(snapshot);
      }),
    );
  });

  /** What must not depend on the order of the lines: everything except the per-line list. */
  const orderFree = ({ totals, offers }: PricedCart) => ({
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    couponCents: totals.couponCents,
    deliveryCents: totals.deliveryCents,
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
    taxByRate: totals.taxByRate,
    offers: { ...offers, lineDiscountCents: undefined },
  });

  test('property: offers, subtotal, discount, coupon and delivery do not depend on the order of the lines', () => {
    fc.assert(
      fc.property(
        inputArb.chain((input) =>
          fc.tuple(fc.constant(input), fc.shuffledSubarray([...input.lines], { minLength: input.lines.length, maxLength: input.lines.length })),
        ),
        ([input, shuffled]) => {
          const { taxCents: _a, totalCents: _b, taxByRate: _c, ...first } = orderFree(priceCart(input));
          const { taxCents: _d, totalCents: _e, taxByRate: _f, ...second } = orderFree(priceCart({ ...input, lines: shuffled }));
          expect(second).toEqual(first);
        },
      ),
    );
  });

  test("property: the tax per rate never exceeds what that rate's lines could carry (their undiscounted amounts plus the whole delivery fee)", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { totals } = priceCart(input);
        const settings = readTaxSettings(input.settings);
        const priced = input.lines.map((l) => pricedLineFromItem(l.item, l.choices, l.quantity));
        for (const t of totals.taxByRate) {
          const amounts = priced.reduce(
            (sum, l, i) => ((l.taxRateBp ?? settings.defaultRateBp) === t.rateBp ? sum + (totals.lines[i]?.amountCents ?? 0) : sum),
            0,
          );
          const deliveryPart = totals.deliveryByRate.find((d) => d.rateBp === t.rateBp)?.deliveryCents ?? 0;
          expect(t.baseCents - deliveryPart).toBeGreaterThanOrEqual(0);
          expect(t.baseCents - deliveryPart).toBeLessThanOrEqual(amounts);
          expect(deliveryPart).toBeLessThanOrEqual(totals.deliveryCents);
          const ceiling = amounts + totals.deliveryCents;
          const most = !settings.enabled
            ? 0
            : settings.inclusive
              ? Math.round((ceiling * t.rateBp) / (10_000 + t.rateBp))
              : Math.round((ceiling * t.rateBp) / 10_000);
          expect(t.taxCents).toBeLessThanOrEqual(most);
        }
      }),
      { numRuns: 300 },
    );
  });

  test("property: the bases add up to the total TTC, each line bears at most its amount, the lines' reductions add up to the discount", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { totals } = priceCart(input);
        const settings = readTaxSettings(input.settings);
        const bases = totals.taxByRate.reduce((s, t) => s + t.baseCents, 0);
        expect(settings.enabled && !settings.inclusive ? bases + totals.taxCents : bases).toBe(totals.totalCents);
        totals.lineDiscountCents.forEach((cents, i) => {
          expect(cents).toBeGreaterThanOrEqual(0);
          expect(cents).toBeLessThanOrEqual(totals.lines[i]?.amountCents ?? 0);
        });
        expect(totals.lineDiscountCents.reduce((a, b) => a + b, 0)).toBe(totals.discountCents);
        expect(totals.deliveryByRate.reduce((a, d) => a + d.deliveryCents, 0)).toBe(totals.deliveryCents);
      }),
      { numRuns: 300 },
    );
  });
});
