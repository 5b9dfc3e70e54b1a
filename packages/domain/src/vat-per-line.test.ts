import { describe, test, expect } from 'vitest';
import { allocateLineDiscounts } from './cart.ts';
import type { MenuItem } from './catalogue.ts';
import type { Offer } from './offers.ts';
import { priceCart, type CartLineInput, type PriceCartInput } from './pricing.ts';
import type { SettingsList } from './settings.ts';

/**
 * VAT that follows the goods (docs/decisions/016, section 6.6, docs/decisions/011-vat-per-line.md): tables
 * worked out by hand on mixed 10 % / 20 % carts, one kind of reduction each, with paid and free
 * delivery, prices including and excluding tax. Every figure in a comment is the hand computation.
 */

function item(item_id: number, item_category_id: number, price_delivery: number, price_pickup: number, tax_rate: number | null): MenuItem {
  return {
    item_id,
    item_menu_id: 1,
    item_category_id,
    item_name: `Plat ${item_id}`,
    item_description: '',
    item_image: '',
    item_score: 0,
    item_price: { price_delivery, price_pickup, tax_rate },
    item_is_available: true,
    item_allergens: [],
    item_diets: [],
    options: [],
  };
}

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

// 10 % (default rate): two pizzas (category 1); 20 %: a beer and a wine (category 6), a drink formula in category 2.
const pizzaA = item(1, 1, 12, 11, null);
const pizzaB = item(2, 1, 9, 8, 10);
const biere = item(3, 6, 5, 5, 20);
const vin = item(4, 6, 18, 18, 20);
const formule = item(5, 2, 9, 9, 20);
const line = (menuItem: MenuItem, quantity = 1): CartLineInput => ({ item: menuItem, choices: [], quantity });

const inclusive: SettingsList = [];
const exclusive: SettingsList = [{ name: 'tax.inclusive', value: false }];
const monday = new Date('2025-01-06T12:00:00Z'); // lundi 13:00 à Paris
const friday = new Date('2025-01-10T12:00:00Z');
const fee = (cents: number) => ({ baseFeeCents: cents, flatChargeCents: 0, minimumOrderCents: 0, zoneName: null });

const pizzas10 = offer({ id: 10, type: 'percentage', value: 10, categories: [1] });
const bogoPizzas = offer({ id: 11, type: 'buy_one_get_one', categories: [1] });
const promotion = offer({
  id: 12,
  type: 'cheapest_item',
  value: 50,
  categories: [1, 2, 9],
  min_units: 2,
  active_times: [{ days: ['mon', 'tue', 'wed', 'thu'], start: '00:00', end: '23:59' }],
});
const moins5 = offer({ id: 13, type: 'fixed_amount', value: 5, auto_apply: 'No', code: 'MOINS5' });
const pizzas2 = offer({ id: 14, type: 'fixed_amount', value: 2, categories: [1] });
const livraisonOfferte = offer({ id: 15, type: 'free_delivery' });

interface Row {
  name: string;
  input: Partial<PriceCartInput> & { lines: CartLineInput[] };
  lineDiscountCents: number[];
  deliveryByRate: { rateBp: number; deliveryCents: number }[];
  taxByRate: { rateBp: number; baseCents: number; taxCents: number }[];
  totalCents: number;
}

const rows: Row[] = [
  {
    // 10 % of 2 × 12,00 = 240 on the pizzas only; the beer keeps its 500. Delivery 300 over 2160 / 500
    // → 243,61 / 56,39 → 244 / 56. Tax 2404 / 11 = 218,55; 556 / 6 = 92,67.
    name: "percentage on the pizzas, paid delivery, inclusive: the beer's 20 % base is not lowered",
    input: { lines: [line(pizzaA, 2), line(biere)], offers: [pizzas10], delivery: fee(300) },
    lineDiscountCents: [240, 0],
    deliveryByRate: [
      { rateBp: 1000, deliveryCents: 244 },
      { rateBp: 2000, deliveryCents: 56 },
    ],
    taxByRate: [
      { rateBp: 1000, baseCents: 2404, taxCents: 219 },
      { rateBp: 2000, baseCents: 556, taxCents: 93 },
    ],
    totalCents: 2900 + 300 - 240,
  },
  {
    // Same cart excluding tax: 2404 × 10 % = 240,4; 556 × 20 % = 111,2.
    name: 'percentage on the pizzas, paid delivery, exclusive',
    input: { lines: [line(pizzaA, 2), line(biere)], offers: [pizzas10], delivery: fee(300), settings: exclusive },
    lineDiscountCents: [240, 0],
    deliveryByRate: [
      { rateBp: 1000, deliveryCents: 244 },
      { rateBp: 2000, deliveryCents: 56 },
    ],
    taxByRate: [
      { rateBp: 1000, baseCents: 2404, taxCents: 240 },
      { rateBp: 2000, baseCents: 556, taxCents: 111 },
    ],
    totalCents: 2960 + 351,
  },
  {
    // Pickup: units in scope 11,00 (line 3) and 8,00 (line 1): the 8,00 one is free, on line 1.
    // 10 %: 0 + 1100 → 100; 20 %: 500 → 83,33.
    name: "buy one get one, pickup (no delivery), inclusive: the free unit's line bears it",
    input: { lines: [line(pizzaB), line(biere), line(pizzaA)], offers: [bogoPizzas], isPickup: true },
    lineDiscountCents: [800, 0, 0],
    deliveryByRate: [],
    taxByRate: [
      { rateBp: 1000, baseCents: 1100, taxCents: 100 },
      { rateBp: 2000, baseCents: 500, taxCents: 83 },
    ],
    totalCents: 1600,
  },
  {
    // Delivery prices 12,00 ×2 and 9,00: sorted 1200, 1200, 900 → the second 12,00 is free (line 1);
    // the 9,00 pays. Goods: 10 % 2400 − 1200 + 900 = 2100; 20 % 1800. Delivery 250 over 2100 / 1800
    // → 134,62 / 115,38 → 135 / 115. Exclusive: 2235 × 10 % = 223,5 → 224; 1915 × 20 % = 383.
    name: 'buy one get one, paid delivery, exclusive',
    input: { lines: [line(pizzaA, 2), line(vin, 1), line(pizzaB)], offers: [bogoPizzas], delivery: fee(250), settings: exclusive },
    lineDiscountCents: [1200, 0, 0],
    deliveryByRate: [
      { rateBp: 1000, deliveryCents: 135 },
      { rateBp: 2000, deliveryCents: 115 },
    ],
    taxByRate: [
      { rateBp: 1000, baseCents: 2235, taxCents: 224 },
      { rateBp: 2000, baseCents: 1915, taxCents: 383 },
    ],
    totalCents: 2400 + 1800 + 900 + 250 - 1200 + 607,
  },
  {
    // Monday: 2 units in categories 1/2/9 (12,00 and 9,00): half of 9,00 = 450 on the 9,00 line.
    // Free delivery. 10 %: 1200 + 450 = 1650 → 150; 20 %: 1800 → 300.
    name: "Monday-to-Thursday promotion, free delivery, inclusive: the halved unit's line bears it",
    input: { lines: [line(pizzaA), line(pizzaB), line(vin)], offers: [promotion, livraisonOfferte], now: monday, delivery: fee(350) },
    lineDiscountCents: [0, 450, 0],
    deliveryByRate: [],
    taxByRate: [
      { rateBp: 1000, baseCents: 1650, taxCents: 150 },
      { rateBp: 2000, baseCents: 1800, taxCents: 300 },
    ],
    totalCents: 3900 - 450,
  },
  {
    // Tie between the 9,00 formula (20 %, line 1) and the 9,00 pizza (10 %, line 2): the earlier line is halved.
    // 10 %: 900 → 81,82; 20 %: 450 → 75.
    name: 'promotion tie: the earlier line in the cart bears it (formula first)',
    input: { lines: [line(formule), line(pizzaB)], offers: [promotion], now: monday, isPickup: true },
    lineDiscountCents: [450, 0],
    deliveryByRate: [],
    taxByRate: [
      { rateBp: 1000, baseCents: 800, taxCents: 73 },
      { rateBp: 2000, baseCents: 450, taxCents: 75 },
    ],
    totalCents: 900 + 800 - 450,
  },
  {
    // Same two lines, pizza first: the pizza is halved (450 computed on its price_delivery 9,00, on its
    // pickup amount 8,00). 10 %: 350 → 31,82; 20 %: 900 → 150.
    name: 'promotion tie: the earlier line in the cart bears it (pizza first)',
    input: { lines: [line(pizzaB), line(formule)], offers: [promotion], now: monday, isPickup: true },
    lineDiscountCents: [450, 0],
    deliveryByRate: [],
    taxByRate: [
      { rateBp: 1000, baseCents: 350, taxCents: 32 },
      { rateBp: 2000, baseCents: 900, taxCents: 150 },
    ],
    totalCents: 1250,
  },
  {
    // 5 € on the whole cart over 1200 / 1000 → 272,73 / 227,27 → 273 / 227. Delivery 300 over 927 / 773
    // → 163,59 / 136,41 → 164 / 136. Exclusive: 1091 × 10 % = 109,1; 909 × 20 % = 181,8.
    name: 'fixed amount on the whole cart, paid delivery, exclusive',
    input: { lines: [line(pizzaA), line(biere, 2)], coupon: moins5, delivery: fee(300), settings: exclusive },
    lineDiscountCents: [273, 227],
    deliveryByRate: [
      { rateBp: 1000, deliveryCents: 164 },
      { rateBp: 2000, deliveryCents: 136 },
    ],
    taxByRate: [
      { rateBp: 1000, baseCents: 1091, taxCents: 109 },
      { rateBp: 2000, baseCents: 909, taxCents: 182 },
    ],
    totalCents: 2200 + 300 - 500 + 291,
  },
  {
    // Same, inclusive: 1091 / 11 = 99,18; 909 / 6 = 151,5 → 152 (half away from zero).
    name: 'fixed amount on the whole cart, paid delivery, inclusive',
    input: { lines: [line(pizzaA), line(biere, 2)], coupon: moins5, delivery: fee(300) },
    lineDiscountCents: [273, 227],
    deliveryByRate: [
      { rateBp: 1000, deliveryCents: 164 },
      { rateBp: 2000, deliveryCents: 136 },
    ],
    taxByRate: [
      { rateBp: 1000, baseCents: 1091, taxCents: 99 },
      { rateBp: 2000, baseCents: 909, taxCents: 152 },
    ],
    totalCents: 2000,
  },
  {
    // 2 € on the pizzas only (pickup 11,00 / 8,00) → 115,79 / 84,21 → 116 / 84; the beer keeps 500.
    // 10 %: 1700 → 154,55; 20 %: 500 → 83,33.
    name: 'fixed amount on the pizzas only, pickup, inclusive: spread over its scope',
    input: { lines: [line(pizzaA), line(pizzaB), line(biere)], offers: [pizzas2], isPickup: true, now: friday },
    lineDiscountCents: [116, 84, 0],
    deliveryByRate: [],
    taxByRate: [
      { rateBp: 1000, baseCents: 1700, taxCents: 155 },
      { rateBp: 2000, baseCents: 500, taxCents: 83 },
    ],
    totalCents: 2400 - 200,
  },
];

describe('VAT follows the goods (docs/decisions/011-vat-per-line.md), tables worked by hand', () => {
  test.each(rows)('$name', (row) => {
    const { totals } = priceCart({ isPickup: false, settings: inclusive, offers: [], coupon: null, now: friday, delivery: null, ...row.input });
    expect(totals.lineDiscountCents).toEqual(row.lineDiscountCents);
    expect(totals.deliveryByRate).toEqual(row.deliveryByRate);
    expect(totals.taxByRate).toEqual(row.taxByRate);
    expect(totals.taxCents).toBe(row.taxByRate.reduce((s, t) => s + t.taxCents, 0));
    expect(totals.totalCents).toBe(row.totalCents);
  });
});

describe('allocateLineDiscounts: a line never bears more than its amount', () => {
  test.each<[string, number, number[], number[] | undefined, number[]]>([
    ['per-line parts kept as they are', 300, [1000, 2000], [100, 200], [100, 200]],
    ['two reductions over one line: the overflow goes to the other lines by what is left', 1500, [1000, 1000], [1500, 0], [1000, 500]],
    ['overflow spread by largest remainder over what is left (ties: earlier line)', 1001, [1000, 500, 500], [1001, 0, 0], [1000, 1, 0]],
    ['no per-line parts: spread over all lines in proportion', 100, [1000, 2000], undefined, [33, 67]],
    ['everything free', 3000, [1000, 2000], [1000, 2000], [1000, 2000]],
    ['nothing to give', 0, [1000], [0], [0]],
  ])('%s', (_name, total, amounts, wanted, expected) => {
    const parts = allocateLineDiscounts(total, amounts, wanted);
    expect(parts).toEqual(expected);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
  });
});
