import { describe, test, expect } from 'vitest';
import fc from 'fast-check';
import type { Weekday } from './catalogue.ts';
import {
  calculateOffers,
  calculateReduction,
  categoryBadge,
  isLineInScope,
  isWithinActiveTimes,
  itemBadge,
  offerHeadline,
  offerRefusal,
  offersForItem,
  offerTypes,
  type Offer,
  type OfferContext,
  type OfferLine,
  type OfferRefusalReason,
  type OfferType,
  type OfferWindow,
} from './offers.ts';

/**
 * Offers, coupons and the Monday-to-Thursday promotion: spec sections 3, 4 and 9,
 * docs/decisions/016, sections 6.2–6.4. Amounts in cents unless the offer's own fields (euros, percent).
 */

/** A non-public automatic offer that applies to every line, any time, any order type: override what the test needs. */
function offer(overrides: Partial<Offer> = {}): Offer {
  return {
    id: 1,
    name: 'Offre',
    description: '',
    code: null,
    is_public: false,
    is_active: true,
    type: 'percentage',
    value: 10,
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

/** A coupon (auto_apply No, found by its code). */
function coupon(overrides: Partial<Offer> = {}): Offer {
  return offer({ id: 50, name: 'Coupon', code: 'COUPON', auto_apply: 'No', ...overrides });
}

type Item = OfferLine['item'];

/** An item of the menu as offers see it; prices in euros as the API serves them. */
function item(item_id: number, item_category_id: number, price_delivery: number, price_pickup = price_delivery, item_menu_id = 1): Item {
  return { item_id, item_menu_id, item_category_id, item_price: { price_delivery, price_pickup, tax_rate: null } };
}

// A small menu: categories 1 (pizzas), 2 (burgers), 9 (pâtes) are the promotion's; 4 (salades), 5 (desserts) are not.
const pizza = item(101, 1, 12.5, 11);
const pizzaReine = item(102, 1, 14, 13);
const burger = item(201, 2, 9.9, 8.9);
const pates = item(901, 9, 8.99, 7.99);
const salade = item(401, 4, 7, 6.5);
const mousse = item(123, 5, 5, 4.5);
const brunch = item(701, 7, 19, 18, 2);
const citronnade = item(125, 8, 3, 3, 2);

/** A cart line priced for delivery by default (unitCents = price_delivery in cents). */
function line(lineItem: Item, quantity = 1, unitCents = Math.round(lineItem.item_price.price_delivery * 100)): OfferLine {
  return { item: lineItem, unitCents, quantity };
}
function pickupLine(lineItem: Item, quantity = 1): OfferLine {
  return line(lineItem, quantity, Math.round(lineItem.item_price.price_pickup * 100));
}

// Instants in UTC; Europe/Paris is UTC+1 in winter, UTC+2 in summer.
const monday = new Date('2025-01-06T12:00:00Z'); // lundi 13:00
const thursday = new Date('2025-01-09T12:00:00Z'); // jeudi 13:00
const friday = new Date('2025-01-10T12:00:00Z'); // vendredi 13:00
const sunday = new Date('2025-01-12T12:00:00Z'); // dimanche 13:00

function context(lines: OfferLine[], overrides: Partial<OfferContext> = {}): OfferContext {
  return { lines, isPickup: false, now: monday, ...overrides };
}

/** The Monday-to-Thursday promotion as seeded (docs/decisions/016, section 4.8: data, not code constants). */
const promotion = offer({
  id: 90,
  name: 'Duo du lundi au jeudi',
  type: 'cheapest_item',
  value: 50,
  categories: [1, 2, 9],
  min_units: 2,
  active_times: [{ days: ['mon', 'tue', 'wed', 'thu'], start: '00:00', end: '23:59' }],
});

describe('offer types (section 3, Offer; docs/decisions/016, section 6.3)', () => {
  test('section 3: the types of both offer lists, plus cheapest_item (the promotion as data)', () => {
    expect([...offerTypes].sort()).toEqual(['buy_one_get_one', 'cheapest_item', 'fixed_amount', 'free_delivery', 'free_item', 'percentage']);
  });
});

describe('isLineInScope (section 4 "Offer applicability"; docs/decisions/016, section 6.2 scope)', () => {
  test.each<[string, Partial<Offer>, Item, boolean]>([
    ['section 4: public offer listing the item → applies', { is_public: true, items: [101] }, pizza, true],
    ['section 4: public offer listing other items → not to this one', { is_public: true, items: [102] }, pizza, false],
    ['section 4: listed items win over categories (same category, item not listed)', { is_public: true, items: [102], categories: [1] }, pizza, false],
    ['section 4: listed item applies even outside the listed categories', { is_public: true, items: [101], categories: [4] }, pizza, true],
    ['section 4: lists no items but the item’s category → applies', { is_public: true, categories: [1] }, pizza, true],
    ['section 4: lists no items and another category → not', { is_public: true, categories: [4, 9] }, pizza, false],
    ['section 4: public offer listing neither items nor categories → nothing', { is_public: true }, pizza, false],
    ['Pricing 2: non-public offer with empty lists → every line ("empty means any")', {}, pizza, true],
    ['Pricing 2: non-public offer with categories → only those', { categories: [4] }, pizza, false],
    ['Pricing 2: non-public offer with items → only those', { items: [101] }, pizza, true],
    ['Pricing 2: menus filter first: item of a listed menu', { menus: [1] }, pizza, true],
    ['Pricing 2: menus filter first: item of another menu', { menus: [2] }, pizza, false],
    ['Pricing 2: menus filter first even when the item is listed', { menus: [2], items: [101] }, pizza, false],
    ['Pricing 2: menus filter first even when the category is listed', { is_public: true, menus: [2], categories: [1] }, pizza, false],
    ['Pricing 2: menus and items both match', { is_public: true, menus: [1, 2], items: [101] }, pizza, true],
    ['Pricing 3 free_item: items is the gift, not the scope (non-public, no categories → every line)', { type: 'free_item', items: [125] }, pizza, true],
    ['Pricing 3 free_item: the gift itself is not required in the cart', { type: 'free_item', items: [125] }, salade, true],
    ['Pricing 3 free_item: categories still scope it', { type: 'free_item', items: [125], categories: [4] }, pizza, false],
    ['Pricing 3 free_item: categories still scope it (in)', { type: 'free_item', items: [125], categories: [4] }, salade, true],
    ['Pricing 3 free_item: the gift item is not in scope through items', { type: 'free_item', items: [125], categories: [4] }, citronnade, false],
    ['Pricing 3 free_item: menus still filter', { type: 'free_item', items: [125], menus: [2] }, pizza, false],
    ['Pricing 3 free_item: menus still filter (in)', { type: 'free_item', items: [125], menus: [2] }, brunch, true],
  ])('%s', (_name, overrides, lineItem, expected) => {
    expect(isLineInScope(offer(overrides), lineItem)).toBe(expected);
  });

  // Demo data: offer 4 "Citronnade offerte avec le brunch" is public, free_item, menus [2], items [125], no
  // categories. Its items list is the gift, so its scope is "every line of menu 2" (Pricing 2: empty
  // lists mean "any"). isLineInScope returns !is_public = false instead, so it never applies.
  test('Pricing 2–3: a public free_item offer scoped by menus only applies to the lines of that menu (demo offer 4)', () => {
    const citronnadeOfferte = offer({ id: 4, is_public: true, type: 'free_item', menus: [2], items: [125] });
    expect(isLineInScope(citronnadeOfferte, brunch)).toBe(true);
    expect(isLineInScope(citronnadeOfferte, pizza)).toBe(false);
    expect(calculateOffers([citronnadeOfferte], null, context([line(brunch)])).freeItems).toEqual([{ item_id: 125, offer_id: 4 }]);
  });
});

describe('isWithinActiveTimes (Pricing 2: the order’s weekday and time in Europe/Paris, start and end included)', () => {
  const mondayAllDay: OfferWindow[] = [{ days: ['mon'], start: '00:00', end: '23:59' }];
  const wednesdayLunch: OfferWindow[] = [{ days: ['wed'], start: '11:30', end: '14:00' }];
  const sundayTwoAm: OfferWindow[] = [{ days: ['sun'], start: '02:00', end: '02:59' }];
  const sundayThreeAm: OfferWindow[] = [{ days: ['sun'], start: '03:00', end: '03:30' }];

  test.each<[string, OfferWindow[], string, boolean]>([
    ['no window → always', [], '2025-01-06T12:00:00Z', true],
    ['no window → always (Sunday night)', [], '2025-01-12T22:59:00Z', true],
    // winter, UTC+1
    ['winter: Sunday 23:59 Paris is not Monday', mondayAllDay, '2025-01-05T22:59:00Z', false],
    ['winter: Monday 00:00 Paris (Sunday 23:00 UTC) is Monday, start included', mondayAllDay, '2025-01-05T23:00:00Z', true],
    ['winter: Monday 00:30 Paris while it is still Sunday in UTC', mondayAllDay, '2025-01-05T23:30:00Z', true],
    ['winter: Monday 23:59:59 Paris, end included', mondayAllDay, '2025-01-06T22:59:59Z', true],
    ['winter: Tuesday 00:00 Paris while it is still Monday in UTC', mondayAllDay, '2025-01-06T23:00:00Z', false],
    // summer, UTC+2
    ['summer: Sunday 23:59 Paris', mondayAllDay, '2025-06-29T21:59:00Z', false],
    ['summer: Monday 00:00 Paris (Sunday 22:00 UTC)', mondayAllDay, '2025-06-29T22:00:00Z', true],
    ['summer: Monday 23:59 Paris', mondayAllDay, '2025-06-30T21:59:00Z', true],
    ['summer: Tuesday 00:00 Paris (Monday 22:00 UTC)', mondayAllDay, '2025-06-30T22:00:00Z', false],
    // start and end inclusive
    ['one minute before the start', wednesdayLunch, '2025-01-08T10:29:00Z', false],
    ['at the start (included)', wednesdayLunch, '2025-01-08T10:30:00Z', true],
    ['inside', wednesdayLunch, '2025-01-08T12:00:00Z', true],
    ['at the end (included)', wednesdayLunch, '2025-01-08T13:00:00Z', true],
    ['within the end minute (included)', wednesdayLunch, '2025-01-08T13:00:59Z', true],
    ['one minute after the end', wednesdayLunch, '2025-01-08T13:01:00Z', false],
    ['same time, another weekday', wednesdayLunch, '2025-01-09T12:00:00Z', false],
    ['summer: the same Paris times are two hours earlier in UTC (start)', wednesdayLunch, '2025-07-02T09:30:00Z', true],
    ['summer: 12:30 UTC is 14:30 Paris, after the end', wednesdayLunch, '2025-07-02T12:30:00Z', false],
    // spring forward, Sunday 2025-03-30: 02:00 CET → 03:00 CEST at 01:00 UTC
    ['DST spring: 01:59 Paris is before a 02:00 window', sundayTwoAm, '2025-03-30T00:59:00Z', false],
    ['DST spring: 02:xx does not exist, one UTC minute later it is 03:00', sundayTwoAm, '2025-03-30T01:00:00Z', false],
    ['DST spring: 03:00 Paris (01:00 UTC) opens a 03:00 window', sundayThreeAm, '2025-03-30T01:00:00Z', true],
    ['DST spring: 03:30 Paris (01:30 UTC), end included', sundayThreeAm, '2025-03-30T01:30:00Z', true],
    // fall back, Sunday 2025-10-26: 03:00 CEST → 02:00 CET at 01:00 UTC
    ['DST autumn: 01:59 Paris (CEST) before the window', sundayTwoAm, '2025-10-25T23:59:00Z', false],
    ['DST autumn: first 02:30 (CEST, 00:30 UTC)', sundayTwoAm, '2025-10-26T00:30:00Z', true],
    ['DST autumn: second 02:30 (CET, 01:30 UTC)', sundayTwoAm, '2025-10-26T01:30:00Z', true],
    ['DST autumn: 03:00 CET (02:00 UTC) after the window', sundayTwoAm, '2025-10-26T02:00:00Z', false],
  ])('%s (%s, %s)', (_name, windows, iso, expected) => {
    expect(isWithinActiveTimes(windows, new Date(iso))).toBe(expected);
  });

  test.each<[string, string, boolean]>([
    ['first window', '2025-01-06T08:00:00Z', true], // lundi 09:00
    ['second window', '2025-01-11T18:00:00Z', true], // samedi 19:00
    ['between windows', '2025-01-11T08:00:00Z', false], // samedi 09:00
  ])('Pricing 2: several windows, any one holding is enough: %s', (_name, iso, expected) => {
    const windows: OfferWindow[] = [
      { days: ['mon', 'tue'], start: '08:00', end: '10:00' },
      { days: ['sat'], start: '18:00', end: '22:00' },
    ];
    expect(isWithinActiveTimes(windows, new Date(iso))).toBe(expected);
  });

  test('property: an all-day window listing every weekday always holds, one listing no day never does', () => {
    const everyDay: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
    fc.assert(
      fc.property(fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T23:59:59Z'), noInvalidDate: true }), (now) => {
        expect(isWithinActiveTimes([{ days: everyDay, start: '00:00', end: '23:59' }], now)).toBe(true);
        expect(isWithinActiveTimes([{ days: [], start: '00:00', end: '23:59' }], now)).toBe(false);
      }),
    );
  });
});

describe('offerRefusal (docs/decisions/016, section 6.2: conditions, in order, with the French reason)', () => {
  const cart = [line(pizza), line(salade)]; // 12,50 € + 7,00 € = 19,50 € in delivery
  const reasons = {
    inactive: 'Ce code promo n’est plus valable.',
    window: 'Cette offre n’est pas valable à ce moment-ci.',
    pickupOnly: 'Cette offre est réservée au retrait sur place.',
    deliveryOnly: 'Cette offre est réservée à la livraison.',
    minimum: (amount: string) => `Cette offre s’applique dès ${amount}\u00a0€ d’achat.`,
    scope: 'Cette offre ne concerne aucun article de votre panier.',
    repeat: 'Vous avez déjà profité de cette offre.',
  };

  test.each<[string, Partial<Offer>, Partial<OfferContext>, string | null]>([
    ['every condition holds → null', {}, {}, null],
    ['is_active false', { is_active: false }, {}, reasons.inactive],
    ['outside active_times (Friday, offer Monday to Thursday)', { active_times: promotion.active_times }, { now: friday }, reasons.window],
    ['inside active_times (Thursday)', { active_times: promotion.active_times }, { now: thursday }, null],
    ['pickup-only offer on a delivery order', { delivery_pickup: 'pickup' }, { isPickup: false }, reasons.pickupOnly],
    ['pickup-only offer on a pickup order', { delivery_pickup: 'pickup' }, { isPickup: true }, null],
    ['delivery-only offer on a pickup order', { delivery_pickup: 'delivery' }, { isPickup: true }, reasons.deliveryOnly],
    ['delivery-only offer on a delivery order', { delivery_pickup: 'delivery' }, { isPickup: false }, null],
    ['"both" on a pickup order', { delivery_pickup: 'both' }, { isPickup: true }, null],
    ['subtotal below minimum_amount (19,50 € < 20 €)', { minimum_amount: 20 }, {}, reasons.minimum('20,00')],
    ['subtotal equal to minimum_amount (19,50 €)', { minimum_amount: 19.5 }, {}, null],
    ['minimum with cents in the message', { minimum_amount: 19.51 }, {}, reasons.minimum('19,51')],
    [
      'minimum on the pickup subtotal (17,50 € < 19,50 €)',
      { minimum_amount: 19.5 },
      { isPickup: true, lines: [pickupLine(pizza), pickupLine(salade)] },
      reasons.minimum('19,50'),
    ],
    ['scope matches no line', { categories: [9] }, {}, reasons.scope],
    ['scope matches one line', { categories: [4] }, {}, null],
    ['empty cart matches no scope', {}, { lines: [] }, reasons.scope],
    ['allow_repeat false and already used', { id: 7, allow_repeat: false }, { usedOfferIds: new Set([7]) }, reasons.repeat],
    ['allow_repeat false, another offer used', { id: 7, allow_repeat: false }, { usedOfferIds: new Set([8]) }, null],
    ['allow_repeat false, nothing known of the customer', { id: 7, allow_repeat: false }, {}, null],
    ['allow_repeat true and already used', { id: 7, allow_repeat: true }, { usedOfferIds: new Set([7]) }, null],
  ])('Pricing 2: %s', (_name, overrides, contextOverrides, expected) => {
    expect(offerRefusal(offer(overrides), context(cart, contextOverrides))).toBe(expected);
  });

  test('Pricing 5: the minimum compares with the subtotal before reductions (a 50 % offer does not make a 30 € coupon fail)', () => {
    const lines = [line(pizza, 2), line(salade)]; // 32,00 €, 19,50 € once the 50 % is off
    const half = offer({ id: 1, type: 'percentage', value: 50 });
    const moins5 = coupon({ type: 'fixed_amount', value: 5, minimum_amount: 30 });
    expect(offerRefusal(moins5, context(lines))).toBeNull();
    const result = calculateOffers([half], moins5, context(lines));
    expect(result.couponRefusal).toBeNull();
    expect(result.discountCents).toBe(1600 + 500);
    expect(result.couponCents).toBe(500);
  });

  // Conditions checked in the order of Pricing 2: the first failing one is the reason shown.
  test.each<[string, Partial<Offer>, Partial<OfferContext>, string]>([
    ['inactive before window', { is_active: false, active_times: promotion.active_times }, { now: friday }, reasons.inactive],
    ['window before order type', { active_times: promotion.active_times, delivery_pickup: 'pickup' }, { now: sunday }, reasons.window],
    ['order type before minimum', { delivery_pickup: 'delivery', minimum_amount: 100 }, { isPickup: true }, reasons.deliveryOnly],
    ['minimum before scope', { minimum_amount: 100, categories: [9] }, {}, reasons.minimum('100,00')],
    ['scope before allow_repeat', { categories: [9], allow_repeat: false }, { usedOfferIds: new Set([1]) }, reasons.scope],
  ])('Pricing 2 order: %s', (_name, overrides, contextOverrides, expected) => {
    expect(offerRefusal(offer(overrides), context(cart, contextOverrides))).toBe(expected);
  });
});

describe('calculateReduction per type (docs/decisions/016, section 6.3, on undiscounted line amounts)', () => {
  test.each<[string, number, OfferLine[], number]>([
    ['10 % of 12,50 €', 10, [line(pizza)], 125],
    ['15 % of 12,50 € = 187,5 → 188 (half away from zero)', 15, [line(pizza)], 188],
    ['per line: 15 % of two 12,50 € lines = 188 + 188 (not 375 on the sum)', 15, [line(pizza), line(pizza)], 376],
    ['per line, not per unit: 15 % of 3 × 12,50 € = 562,5 → 563 (not 3 × 188)', 15, [line(pizza, 3)], 563],
    ['5,5 % of 8,99 € = 49,445 → 49', 5.5, [line(pates)], 49],
    ['12,5 % of 0,04 € = 0,5 cent → 1', 12.5, [line(item(1, 1, 0.04))], 1],
    ['12,5 % of 0,03 € = 0,375 cent → 0', 12.5, [line(item(1, 1, 0.03))], 0],
    ['100 % of the lines', 100, [line(pizza), line(salade, 2)], 2650],
    ['0 % → 0', 0, [line(pizza)], 0],
    ['empty cart → 0', 20, [], 0],
  ])('percentage: %s', (_name, value, lines, expected) => {
    expect(calculateReduction(offer({ type: 'percentage', value }), lines)).toBe(expected);
  });

  test('percentage: only the lines in scope, each rounded on its own', () => {
    // 20 % of pizza lines (category 1): 2 × 12,50 → 500, and 14,00 → 280; the salade is out of scope.
    const lines = [line(pizza, 2), line(salade, 3), line(pizzaReine)];
    expect(calculateReduction(offer({ type: 'percentage', value: 20, categories: [1] }), lines)).toBe(780);
  });

  test('percentage: computed on the unit price the line carries (pickup price, options included)', () => {
    expect(calculateReduction(offer({ type: 'percentage', value: 10 }), [line(pizza, 2, 1655)])).toBe(331);
  });

  test.each<[string, number, Partial<Offer>, OfferLine[], number]>([
    ['5 € on a 19,50 € cart', 5, {}, [line(pizza), line(salade)], 500],
    ['euros to cents: 2,30 €', 2.3, {}, [line(pizza)], 230],
    ['capped at the amount of the lines in scope (7,00 € of salade)', 10, { categories: [4] }, [line(pizza), line(salade)], 700],
    ['capped at the whole subtotal when everything is in scope', 50, {}, [line(pizza), line(salade)], 1950],
    ['nothing in scope → 0', 5, { categories: [9] }, [line(pizza)], 0],
  ])('fixed_amount: %s', (_name, value, overrides, lines, expected) => {
    expect(calculateReduction(offer({ type: 'fixed_amount', value, ...overrides }), lines)).toBe(expected);
  });

  const u = (euros: number, quantity = 1, category = 1) => line(item(Math.round(euros * 100) + category * 100_000, category, euros), quantity);
  test.each<[string, OfferLine[], number]>([
    ['one unit → nothing free', [u(10)], 0],
    ['two equal units → one free', [u(10, 2)], 1000],
    ['two units of different prices → the cheaper one free', [u(10), u(8)], 800],
    ['three units → the odd last unit pays', [u(10, 3)], 1000],
    ['units 10, 8, 8, 5, 3 across lines → free 8 + 5 = 13 €', [u(5), u(8, 2), u(3), u(10)], 1300],
    ['units 10, 8, 8, 5, 3 in another line order → same 13 €', [u(3), u(10), u(5), u(8), u(8)], 1300],
    ['units 12, 12, 12, 9, 9 (quantities 3 and 2) → free 12 + 9', [u(9, 2), u(12, 3)], 2100],
    ['units 4, 4, 4, 4 → two free', [u(4, 4)], 800],
    ['units 9,90 · 8,99 · 8,99 · 7,00 → free 8,99 + 7,00', [u(8.99, 2), u(7), u(9.9)], 1599],
    ['empty cart → 0', [], 0],
  ])('buy_one_get_one: %s', (_name, lines, expected) => {
    expect(calculateReduction(offer({ type: 'buy_one_get_one' }), lines)).toBe(expected);
  });

  test('buy_one_get_one: only units in scope are paired (out-of-scope units neither pay nor are free)', () => {
    // in scope (category 1): 14, 12,50, 12,50 → the second unit (12,50) free; salades (category 4) ignored.
    const lines = [line(salade, 4), line(pizza, 2), line(pizzaReine)];
    expect(calculateReduction(offer({ type: 'buy_one_get_one', categories: [1] }), lines)).toBe(1250);
  });

  test('buy_one_get_one: uses the line’s unit price (options included), not the item price', () => {
    expect(calculateReduction(offer({ type: 'buy_one_get_one' }), [line(pizza, 1, 1700), line(pizza, 1, 1250)])).toBe(1250);
  });

  test('property: buy_one_get_one is at most half the in-scope amount and never depends on line order', () => {
    const lineArb = fc.record({ cents: fc.integer({ min: 0, max: 5_000 }), quantity: fc.integer({ min: 1, max: 5 }) });
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 12 }), fc.integer(), (raw, seed) => {
        const lines = raw.map((r, i) => line(item(i + 1, 1, r.cents / 100), r.quantity, r.cents));
        const bogo = offer({ type: 'buy_one_get_one' });
        const reduction = calculateReduction(bogo, lines);
        const amount = lines.reduce((s, l) => s + l.unitCents * l.quantity, 0);
        expect(Number.isInteger(reduction)).toBe(true);
        expect(reduction).toBeGreaterThanOrEqual(0);
        expect(2 * reduction).toBeLessThanOrEqual(amount);
        const rotated = lines.map((_, i) => lines[(i + Math.abs(seed)) % lines.length]!);
        expect(calculateReduction(bogo, [...rotated].reverse())).toBe(reduction);
      }),
    );
  });

  test.each<[string, Partial<Offer>, OfferLine[], number]>([
    ['below min_units → 0', { min_units: 2 }, [line(pizza)], 0],
    ['min_units reached with one line of quantity 2 → 50 % of 12,50 €', { min_units: 2 }, [line(pizza, 2)], 625],
    ['lowest price_delivery among in-scope units', { min_units: 2 }, [line(pizza), line(burger)], 495],
    ['50 % of 8,99 € = 449,5 → 450 (half away from zero)', { min_units: 2 }, [line(pizza), line(pates)], 450],
    ['once per order, whatever the number of units', { min_units: 2 }, [line(pizza, 3), line(burger, 2), line(pates)], 450],
    ['uses price_delivery even when the line carries the pickup price', { min_units: 2 }, [pickupLine(pizza), pickupLine(burger)], 495],
    ['uses price_delivery, not the unit price with options', { min_units: 2 }, [line(pizza, 1, 2000), line(burger, 1, 1500)], 495],
    ['out-of-scope units do not count towards min_units', { min_units: 2 }, [line(pizza), line(salade)], 0],
    ['out-of-scope cheaper items are not the cheapest', { min_units: 2 }, [line(pizza), line(burger), line(salade)], 495],
    ['min_units 1 → one unit is enough', { min_units: 1 }, [line(burger)], 495],
    ['value 30 % of the cheapest 9,90 € = 297', { value: 30, min_units: 2 }, [line(pizza), line(burger)], 297],
    ['no unit in scope → 0', { min_units: 1 }, [line(salade)], 0],
  ])('cheapest_item (the promotion as data): %s', (_name, overrides, lines, expected) => {
    expect(calculateReduction(offer({ type: 'cheapest_item', value: 50, categories: [1, 2, 9], ...overrides }), lines)).toBe(expected);
  });

  test.each<[OfferType]>([['free_delivery'], ['free_item']])('%s: no reduction of the subtotal (Pricing 3)', (type) => {
    expect(calculateReduction(offer({ type, value: 5, items: [125] }), [line(pizza)])).toBe(0);
  });
});

describe('calculateOffers (docs/decisions/016, sections 6.2–6.4)', () => {
  const cart = [line(pizza, 2), line(salade)]; // 25,00 + 7,00 = 32,00 €

  test('Pricing 4: reductions of different types add up, each on the undiscounted amounts', () => {
    const pct = offer({ id: 1, type: 'percentage', value: 10, categories: [1] }); // 10 % of 25,00 = 250
    const bogo = offer({ id: 2, type: 'buy_one_get_one', categories: [1] }); // one pizza free = 1250
    const fixed = offer({ id: 3, type: 'fixed_amount', value: 2, categories: [4] }); // 200
    const result = calculateOffers([pct, bogo, fixed], null, context(cart));
    expect(result.discountCents).toBe(250 + 1250 + 200);
    expect(result.couponCents).toBe(0);
    expect(result.applied).toEqual([
      { offer_id: 1, name: 'Offre', type: 'percentage', amountCents: 250, isCoupon: false },
      { offer_id: 2, name: 'Offre', type: 'buy_one_get_one', amountCents: 1250, isCoupon: false },
      { offer_id: 3, name: 'Offre', type: 'fixed_amount', amountCents: 200, isCoupon: false },
    ]);
    expect(result).toMatchObject({ freeDelivery: false, freeItems: [], couponRefusal: null });
  });

  test('Pricing 4: discountCents is the raw sum; the cap at the subtotal is calculateCartTotals’ job', () => {
    const result = calculateOffers([offer({ id: 1, value: 100 }), offer({ id: 2, type: 'buy_one_get_one' })], null, context(cart));
    expect(result.discountCents).toBe(3200 + 1250);
  });

  test('no offers, no coupon → nothing', () => {
    expect(calculateOffers([], null, context(cart))).toEqual({
      applied: [],
      discountCents: 0,
      couponCents: 0,
      lineDiscountCents: cart.map(() => 0),
      freeDelivery: false,
      freeItems: [],
      couponRefusal: null,
      couponRefusalReason: null,
      couponNotice: null,
    });
  });

  test('Pricing 2: automatic = public offers and auto_apply Yes; a non-public auto_apply No offer in the automatic list is ignored', () => {
    const publicNo = offer({ id: 1, is_public: true, auto_apply: 'No', categories: [1], value: 10 });
    const hiddenNo = offer({ id: 2, is_public: false, auto_apply: 'No', value: 50 });
    const hiddenYes = offer({ id: 3, is_public: false, auto_apply: 'Yes', categories: [4], value: 10 });
    const result = calculateOffers([publicNo, hiddenNo, hiddenYes], null, context(cart));
    expect(result.applied.map((a) => a.offer_id)).toEqual([1, 3]);
    expect(result.discountCents).toBe(250 + 70);
  });

  test('Pricing 2: automatic offers whose conditions fail are skipped silently', () => {
    const result = calculateOffers(
      [
        offer({ id: 1, is_active: false }),
        offer({ id: 2, delivery_pickup: 'pickup' }),
        offer({ id: 3, minimum_amount: 50 }),
        offer({ id: 4, categories: [9] }),
        offer({ id: 5, value: 5 }),
      ],
      null,
      context(cart),
    );
    expect(result.applied.map((a) => a.offer_id)).toEqual([5]);
    expect(result.discountCents).toBe(160);
    expect(result.couponRefusal).toBeNull();
  });

  test('Pricing 3 fixed_amount: of two automatic fixed_amount offers only the largest applies, once', () => {
    const result = calculateOffers(
      [offer({ id: 1, type: 'fixed_amount', value: 2 }), offer({ id: 2, type: 'fixed_amount', value: 5 }), offer({ id: 3, type: 'fixed_amount', value: 3 })],
      null,
      context(cart),
    );
    expect(result.applied.map((a) => [a.offer_id, a.amountCents])).toEqual([[2, 500]]);
    expect(result.discountCents).toBe(500);
  });

  test('Pricing 3 fixed_amount: coupon larger than the automatic one → only the coupon applies', () => {
    const result = calculateOffers([offer({ id: 1, type: 'fixed_amount', value: 2 })], coupon({ type: 'fixed_amount', value: 5 }), context(cart));
    expect(result.applied).toEqual([{ offer_id: 50, name: 'Coupon', type: 'fixed_amount', amountCents: 500, isCoupon: true }]);
    expect(result.discountCents).toBe(500);
    expect(result.couponCents).toBe(500);
    expect(result.couponRefusal).toBeNull();
  });

  test('Pricing 3 fixed_amount: automatic larger than the coupon → only the automatic one applies, the coupon brings 0', () => {
    const result = calculateOffers([offer({ id: 1, type: 'fixed_amount', value: 5 })], coupon({ type: 'fixed_amount', value: 2 }), context(cart));
    expect(result.applied).toEqual([{ offer_id: 1, name: 'Offre', type: 'fixed_amount', amountCents: 500, isCoupon: false }]);
    expect(result.discountCents).toBe(500);
    expect(result.couponCents).toBe(0);
    expect(result.couponRefusal).toBeNull();
  });

  test('Pricing 3 fixed_amount: equal coupon and automatic → one only (the coupon), never both', () => {
    const result = calculateOffers([offer({ id: 1, type: 'fixed_amount', value: 5 })], coupon({ type: 'fixed_amount', value: 5 }), context(cart));
    expect(result.discountCents).toBe(500);
    expect(result.applied.filter((a) => a.type === 'fixed_amount')).toHaveLength(1);
    expect(result.couponCents).toBe(500);
  });

  test('Pricing 3 fixed_amount: a refused fixed_amount coupon does not displace the automatic one', () => {
    const result = calculateOffers(
      [offer({ id: 1, type: 'fixed_amount', value: 2 })],
      coupon({ type: 'fixed_amount', value: 5, minimum_amount: 40 }),
      context(cart),
    );
    expect(result.applied.map((a) => a.offer_id)).toEqual([1]);
    expect(result.discountCents).toBe(200);
    expect(result.couponRefusal).toBe('Cette offre s’applique dès 40,00\u00a0€ d’achat.');
  });

  // docs/decisions/016, section 6.3: "among the applicable fixed amounts only the largest value applies, once per
  // order, and never more than the amount of the lines in its scope" (section 9: "takes the largest
  // value"). Here 10 € (scope: salades, 7,00 €) has the largest value → 7,00 €; the 8 € offer (whole cart)
  // does not apply, although its capped amount (8,00 €) is larger.
  test('Pricing 3 fixed_amount: the largest value wins, then is capped at its scope', () => {
    const big = offer({ id: 1, type: 'fixed_amount', value: 10, categories: [4] });
    const small = offer({ id: 2, type: 'fixed_amount', value: 8 });
    const result = calculateOffers([small, big], null, context(cart));
    expect(result.applied.map((a) => [a.offer_id, a.amountCents])).toEqual([[1, 700]]);
    expect(result.discountCents).toBe(700);
  });

  test('Pricing 2: refused coupon → couponRefusal set and nothing from it applied', () => {
    const automatic = offer({ id: 1, value: 10 });
    const cases: [Offer, string, OfferRefusalReason][] = [
      [coupon({ type: 'percentage', value: 50, is_active: false }), 'Ce code promo n’est plus valable.', 'expired'],
      [coupon({ type: 'free_delivery', delivery_pickup: 'delivery' }), 'Cette offre est réservée à la livraison.', 'delivery_only'],
      [coupon({ type: 'free_item', items: [125], minimum_amount: 40 }), 'Cette offre s’applique dès 40,00\u00a0€ d’achat.', 'below_minimum'],
      [coupon({ type: 'buy_one_get_one', categories: [9] }), 'Cette offre ne concerne aucun article de votre panier.', 'no_item_in_scope'],
      [coupon({ type: 'percentage', value: 10, allow_repeat: false }), 'Vous avez déjà profité de cette offre.', 'already_used'],
    ];
    for (const [refused, reason, reasonWord] of cases) {
      const result = calculateOffers(
        [automatic],
        refused,
        context(cart, { isPickup: true, lines: [pickupLine(pizza, 2), pickupLine(salade)], usedOfferIds: new Set([50]) }),
      );
      expect(result.couponRefusal).toBe(reason);
      expect(result.couponRefusalReason).toBe(reasonWord);
      expect(result.couponCents).toBe(0);
      expect(result.freeDelivery).toBe(false);
      expect(result.freeItems).toEqual([]);
      expect(result.applied.map((a) => a.offer_id)).toEqual([1]);
      expect(result.discountCents).toBe(220 + 65); // the automatic 10 %, per line, on pickup prices 2 × 11,00 and 6,50
    }
  });

  test('Pricing 4: the coupon part is shown apart and is already inside discount', () => {
    const result = calculateOffers([offer({ id: 1, value: 10, categories: [1] })], coupon({ type: 'percentage', value: 20 }), context(cart));
    expect(result.couponCents).toBe(640);
    expect(result.discountCents).toBe(250 + 640);
    expect(result.applied.at(-1)).toEqual({ offer_id: 50, name: 'Coupon', type: 'percentage', amountCents: 640, isCoupon: true });
  });

  test('Pricing 3 free_delivery: sets the flag, adds nothing to discount', () => {
    const result = calculateOffers([offer({ id: 5, type: 'free_delivery', delivery_pickup: 'delivery', minimum_amount: 30 })], null, context(cart));
    expect(result.freeDelivery).toBe(true);
    expect(result.discountCents).toBe(0);
    expect(result.applied).toEqual([{ offer_id: 5, name: 'Offre', type: 'free_delivery', amountCents: 0, isCoupon: false }]);
  });

  test('Pricing 3 free_delivery: as a coupon too, with couponCents 0', () => {
    const result = calculateOffers([], coupon({ type: 'free_delivery', delivery_pickup: 'delivery' }), context(cart));
    expect(result).toMatchObject({ freeDelivery: true, discountCents: 0, couponCents: 0, couponRefusal: null });
  });

  test('Pricing 3 free_delivery: below its minimum → delivery stays', () => {
    expect(calculateOffers([offer({ id: 5, type: 'free_delivery', minimum_amount: 40 })], null, context(cart)).freeDelivery).toBe(false);
  });

  test('Pricing 3 free_item: the first listed item is added once at price 0', () => {
    const result = calculateOffers([offer({ id: 4, type: 'free_item', items: [125, 121] })], null, context(cart));
    expect(result.freeItems).toEqual([{ item_id: 125, offer_id: 4 }]);
    expect(result.discountCents).toBe(0);
  });

  test('Pricing 3 free_item: once even if two offers (automatic and coupon) give the same item', () => {
    const result = calculateOffers(
      [offer({ id: 4, type: 'free_item', items: [125] }), offer({ id: 6, type: 'free_item', items: [125] })],
      coupon({ type: 'free_item', items: [125] }),
      context(cart),
    );
    expect(result.freeItems).toEqual([{ item_id: 125, offer_id: 4 }]);
  });

  test('Pricing 3 free_item: different gifts from different offers are all given', () => {
    const result = calculateOffers([offer({ id: 4, type: 'free_item', items: [125] })], coupon({ type: 'free_item', items: [121] }), context(cart));
    expect(result.freeItems).toEqual([
      { item_id: 125, offer_id: 4 },
      { item_id: 121, offer_id: 50 },
    ]);
    expect(result.couponCents).toBe(0);
  });

  test('Pricing 3 free_item: an offer listing no item gives nothing', () => {
    expect(calculateOffers([offer({ id: 4, type: 'free_item', items: [] })], null, context(cart)).freeItems).toEqual([]);
  });

  test('Pricing 2: at most one coupon, and a coupon bringing 0 still shows as applied', () => {
    const result = calculateOffers([], coupon({ type: 'percentage', value: 0 }), context(cart));
    expect(result.applied).toEqual([{ offer_id: 50, name: 'Coupon', type: 'percentage', amountCents: 0, isCoupon: true }]);
    expect(result.couponRefusal).toBeNull();
  });
});

describe('the Monday-to-Thursday promotion (section 9; docs/decisions/016, section 6.3, seeded as cheapest_item)', () => {
  test.each<[string, OfferLine[], boolean, Date, number]>([
    ['Monday, 1 unit → nothing', [line(pizza)], false, monday, 0],
    ['Monday, 1 unit in scope + 1 salade → nothing', [line(pizza), line(salade)], false, monday, 0],
    ['Monday, 2 units (pizza 12,50 + burger 9,90) → 50 % of 9,90 = 4,95', [line(pizza), line(burger)], false, monday, 495],
    ['Monday, 2 units of one line → 50 % of 12,50', [line(pizza, 2)], false, monday, 625],
    ['Monday, pizza + pâtes 8,99 → 4,495 → 4,50', [line(pizza), line(pates)], false, monday, 450],
    ['Monday, 6 units → still once', [line(pizza, 3), line(burger, 2), line(pates)], false, monday, 450],
    ['pickup order too, on the delivery price (9,90 not 8,90)', [pickupLine(pizza), pickupLine(burger)], true, monday, 495],
    ['Thursday → applies', [line(pizza), line(burger)], false, thursday, 495],
    ['Thursday 23:59 Paris (22:59 UTC) → applies', [line(pizza), line(burger)], false, new Date('2025-01-09T22:59:00Z'), 495],
    ['Friday 00:00 Paris (Thursday 23:00 UTC) → nothing', [line(pizza), line(burger)], false, new Date('2025-01-09T23:00:00Z'), 0],
    ['Friday → nothing', [line(pizza), line(burger)], false, friday, 0],
    ['Sunday → nothing', [line(pizza), line(burger)], false, sunday, 0],
    ['Monday 00:00 Paris (Sunday 23:00 UTC) → applies', [line(pizza), line(burger)], false, new Date('2025-01-05T23:00:00Z'), 495],
    ['summer Monday 00:30 Paris (Sunday 22:30 UTC) → applies', [line(pizza), line(burger)], true, new Date('2025-06-29T22:30:00Z'), 495],
  ])('%s', (_name, lines, isPickup, now, expected) => {
    const result = calculateOffers([promotion], null, { lines, isPickup, now });
    expect(result.discountCents).toBe(expected);
    expect(result.applied).toEqual(
      expected === 0 ? [] : [{ offer_id: 90, name: 'Duo du lundi au jeudi', type: 'cheapest_item', amountCents: expected, isCoupon: false }],
    );
    expect(result.couponCents).toBe(0);
  });

  test('Pricing 4: adds up with a coupon, each on undiscounted prices', () => {
    const result = calculateOffers([promotion], coupon({ type: 'percentage', value: 10 }), context([line(pizza), line(burger)]));
    expect(result.discountCents).toBe(495 + 125 + 99);
    expect(result.couponCents).toBe(224);
  });
});

describe('badges (section 9; docs/decisions/016, section 2.1: French texts)', () => {
  /** The demo's dishes by id, as the menus give them to the storefront. */
  const names = new Map([
    [125, 'Citronnade maison'],
    [121, 'Tarte aux pralines roses'],
    [108, 'Pizza Lyonnaise'],
  ]);
  const nameOf = (id: number) => names.get(id);

  test.each<[OfferType, number, number[], string]>([
    ['buy_one_get_one', 0, [123], '1 acheté = 1 offert'],
    ['percentage', 20, [108], '-20 %'],
    ['percentage', 5.5, [], '-5,5 %'],
    ['fixed_amount', 5, [], '-5 €'],
    ['fixed_amount', 2.5, [], '-2,50 €'],
    // The gift by name: a 20 € brunch never reads « OFFERT » as if it were free.
    ['free_item', 0, [125], 'Citronnade maison en cadeau'],
    ['free_item', 0, [121], 'Tarte aux pralines roses en cadeau'],
    ['free_item', 0, [999], 'Avec cadeau'], // the gift is not on the menus served
    ['free_item', 0, [], 'Avec cadeau'],
    ['free_delivery', 0, [], 'PROMO'],
    ['cheapest_item', 50, [], 'PROMO'],
  ])('itemBadge: %s %s gift %j → %s', (type, value, items, expected) => {
    expect(itemBadge({ type, value, items }, nameOf).replace(/\s/gu, ' ')).toBe(expected);
  });

  test.each<[string, [OfferType, number[]][], string | null]>([
    ['no offer → no badge', [], null],
    ['BOGO → 1 acheté = 1 offert', [['buy_one_get_one', []]], '1 acheté = 1 offert'],
    [
      '% OFF → Remise en %',
      [
        ['percentage', []],
        ['percentage', []],
      ],
      'Remise en %',
    ],
    ['$ OFF → Remise en € (amounts are in euros)', [['fixed_amount', []]], 'Remise en €'],
    [
      'FREE, one gift → the gift by name, as on its dishes',
      [
        ['free_item', [125]],
        ['free_item', [125]],
      ],
      'Citronnade maison en cadeau',
    ],
    [
      'FREE, two gifts → Avec cadeau',
      [
        ['free_item', [125]],
        ['free_item', [121]],
      ],
      'Avec cadeau',
    ],
    ['other kind → Offres', [['free_delivery', []]], 'Offres'],
    [
      'several kinds → Offres',
      [
        ['percentage', []],
        ['fixed_amount', []],
      ],
      'Offres',
    ],
  ])('categoryBadge: %s', (_name, offers, expected) => {
    expect(
      categoryBadge(
        offers.map(([type, items]) => ({ type, value: 10, items })),
        nameOf,
      ),
    ).toBe(expected);
  });

  test.each<[string, OfferType, number, number[], string]>([
    // The demo's offers: their names already say the badge.
    ['-20 % sur la Pizza Lyonnaise', 'percentage', 20, [108], '-20 % sur la Pizza Lyonnaise'],
    ['Mousse au chocolat : 1 achetée = 1 offerte', 'buy_one_get_one', 0, [123], 'Mousse au chocolat : 1 achetée = 1 offerte'],
    ['2 € de remise sur les salades', 'fixed_amount', 2, [], '2 € de remise sur les salades'],
    // Names that do not say it keep the badge in front.
    ['Happy hour', 'percentage', 10, [], '-10 % · Happy hour'],
    ['Pizza 20 cm à -10 %', 'percentage', 20, [], '-20 % · Pizza 20 cm à -10 %'],
    ['-10 € dès 50 €', 'fixed_amount', 1, [], '-1 € · -10 € dès 50 €'],
    ['Citronnade offerte avec le brunch', 'free_item', 0, [125], 'Citronnade maison en cadeau · Citronnade offerte avec le brunch'],
    ['Une citronnade maison avec le brunch', 'free_item', 0, [125], 'Une citronnade maison avec le brunch'],
  ])('offerHeadline: %s', (name, type, value, items, expected) => {
    expect(offerHeadline({ name, type, value, items }, nameOf).replace(/\s/gu, ' ')).toBe(expected);
  });
});

describe('offersForItem (section 4, "Offer applicability": public offers)', () => {
  const lyonnaise = offer({ id: 1, is_public: true, items: [101] });
  const mousseOffer = offer({ id: 2, is_public: true, type: 'buy_one_get_one', items: [123] });
  const salades = offer({ id: 3, is_public: true, type: 'fixed_amount', value: 2, categories: [4] });
  const pizzas = offer({ id: 5, is_public: true, categories: [1] });
  const inactive = offer({ id: 6, is_public: true, is_active: false, items: [101] });
  const hidden = offer({ id: 7, is_public: false, items: [101] });
  const all = [lyonnaise, mousseOffer, salades, pizzas, inactive, hidden];

  test.each<[string, Item, number[]]>([
    ['listed item and its category', pizza, [1, 5]],
    ['category only', pizzaReine, [5]],
    ['listed dessert', mousse, [2]],
    ['category of salades', salade, [3]],
    ['no offer', burger, []],
  ])('section 4: %s; inactive and non-public offers never show', (_name, lineItem, ids) => {
    expect(offersForItem(all, lineItem).map((o) => o.id)).toEqual(ids);
  });
});
