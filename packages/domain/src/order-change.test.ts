import { describe, expect, it } from 'vitest';
import {
  changeSettlement,
  comparedSchedule,
  describeDiff,
  diffOrder,
  isChangeable,
  isEmptyDiff,
  orderedPrices,
  withOrderedPrices,
  type ComparedLine,
  type OrderedLine,
  type ComparedSchedule,
} from './order-change.ts';
import { pricedLineFromItem, type ChosenOptionValue, type MenuItem } from './catalogue.ts';
import { calculateUnitPrice } from './cart.ts';

const line = (itemId: number, itemName: string, quantity: number, extra: Partial<ComparedLine> = {}): ComparedLine => ({
  itemId,
  itemName,
  quantity,
  note: '',
  options: [],
  ...extra,
});
const cream = { option_id: 1, option_name: 'Base', id: 12, name: 'Base crème', price_cents: 0, quantity: 1 };
const tomato = { option_id: 1, option_name: 'Base', id: 11, name: 'Base tomate', price_cents: 0, quantity: 1 };
const pickupAsap: ComparedSchedule = { isPickup: true, when: 'dès que possible', address: '' };

describe('isChangeable', () => {
  it.each([
    ['cash', 'pending', true],
    ['cash', 'accepted', true],
    ['cash', 'ready', false],
    ['cash', 'completed', false],
    ['cash', 'cancelled', false],
    ['card', 'pending', false],
    ['card', 'paid', true],
    ['card', 'accepted', true],
    ['card', 'ready', false],
    ['card', 'rejected', false],
  ] as const)('%s order %s → %s', (paymentMethod, status, expected) => {
    expect(isChangeable({ paymentMethod, status })).toBe(expected);
  });
});

describe('diffOrder', () => {
  const cases: [string, ComparedLine[], ComparedLine[], { added: [string, number][]; removed: [string, number][] }][] = [
    ['a dish added', [line(1, 'Margherita', 1)], [line(1, 'Margherita', 1), line(5, 'Tiramisu', 1)], { added: [['Tiramisu', 1]], removed: [] }],
    ['a dish removed', [line(1, 'Margherita', 1), line(7, 'Coca-Cola', 2)], [line(1, 'Margherita', 1)], { added: [], removed: [['Coca-Cola', 2]] }],
    ['more of a dish', [line(5, 'Tiramisu', 1)], [line(5, 'Tiramisu', 3)], { added: [['Tiramisu', 2]], removed: [] }],
    ['fewer of a dish', [line(5, 'Tiramisu', 3)], [line(5, 'Tiramisu', 1)], { added: [], removed: [['Tiramisu', 2]] }],
    [
      'an option changed: one taken away, one added',
      [line(1, 'Margherita', 1, { options: [tomato] })],
      [line(1, 'Margherita', 1, { options: [cream] })],
      { added: [['Margherita (Base crème)', 1]], removed: [['Margherita (Base tomate)', 1]] },
    ],
    [
      'a note changed',
      [line(1, 'Margherita', 1)],
      [line(1, 'Margherita', 1, { note: 'sans oignons' })],
      { added: [['Margherita', 1]], removed: [['Margherita', 1]] },
    ],
    ['two lines of one dish count together', [line(5, 'Tiramisu', 1), line(5, 'Tiramisu', 1)], [line(5, 'Tiramisu', 2)], { added: [], removed: [] }],
    [
      'free dishes follow the offers',
      [line(1, 'Margherita', 1)],
      [line(1, 'Margherita', 1), line(9, 'Boisson offerte', 1, { isFree: true })],
      { added: [], removed: [] },
    ],
  ];
  it.each(cases)('%s', (_name, before, after, expected) => {
    const diff = diffOrder({ lines: before, schedule: pickupAsap }, { lines: after, schedule: pickupAsap });
    expect(diff.added.map((u) => [u.label, u.quantity])).toEqual(expected.added);
    expect(diff.removed.map((u) => [u.label, u.quantity])).toEqual(expected.removed);
    expect(diff.schedule).toBeNull();
  });

  it('reads the stored location', () => {
    expect(
      comparedSchedule({
        isPickup: false,
        deliveryDate: null,
        deliveryTimeRange: null,
        location: { address: '3 rue de la Paix', postal_code: '75002', city: 'Paris', lat: 48.8 },
      }),
    ).toEqual({
      isPickup: false,
      when: 'dès que possible',
      address: '3 rue de la Paix, 75002 Paris',
    });
    expect(comparedSchedule({ isPickup: true, deliveryDate: '2026-12-03', deliveryTimeRange: '12:30 - 12:45', location: null })).toEqual({
      isPickup: true,
      when: 'jeudi 3 décembre, 12:30–12:45',
      address: '',
    });
  });

  it('the slot, the order type and the address', () => {
    const lines = [line(1, 'Margherita', 1)];
    const delivery = { isPickup: false, when: 'jeu. 3 déc., 12:30 – 12:45', address: '3 rue de la Paix, 75002 Paris' };
    const moved = diffOrder({ lines, schedule: pickupAsap }, { lines, schedule: delivery });
    expect(moved.schedule).toEqual({ from: 'dès que possible', to: 'jeu. 3 déc., 12:30 – 12:45' });
    expect(moved.order_type).toEqual({ from_pickup: true, to_pickup: false });
    expect(moved.address).toEqual({ from: '', to: delivery.address });
    expect(describeDiff(moved)).toBe(
      'Passe en livraison ; Créneau : dès que possible → jeu. 3 déc., 12:30 – 12:45 ; Nouvelle adresse : 3 rue de la Paix, 75002 Paris',
    );
    const elsewhere = diffOrder({ lines, schedule: delivery }, { lines, schedule: { ...delivery, address: '8 rue Oberkampf, 75011 Paris' } });
    expect(elsewhere.address).toEqual({ from: delivery.address, to: '8 rue Oberkampf, 75011 Paris' });
    expect(isEmptyDiff(elsewhere)).toBe(false);
    expect(isEmptyDiff(diffOrder({ lines, schedule: delivery }, { lines, schedule: delivery }))).toBe(true);
  });

  it('describes units with their note', () => {
    const diff = diffOrder(
      { lines: [line(7, 'Coca-Cola', 1)], schedule: pickupAsap },
      { lines: [line(1, 'Margherita', 2, { note: 'bien cuite' })], schedule: pickupAsap },
    );
    expect(describeDiff(diff)).toBe('+ 2 × Margherita « bien cuite » ; − 1 × Coca-Cola');
  });
});

describe('changeSettlement', () => {
  it.each([
    ['card, total down: the difference refunded', 'card', 2000, 2500, 0, { kind: 'refund', amountCents: 500, cardCents: 500, links: [] }],
    ['card, total up: the difference due', 'card', 2800, 2500, 0, { kind: 'due', amountCents: 300 }],
    ['card, same total', 'card', 2500, 2500, 0, { kind: 'none', amountCents: 0 }],
    ['card after a partial refund, total down', 'card', 2000, 2200, 0, { kind: 'refund', amountCents: 200, cardCents: 200, links: [] }],
    ['card with an extra paid at the counter, total up again', 'card', 3000, 2500, 300, { kind: 'due', amountCents: 200 }],
    [
      'card with an extra paid at the counter, total down by less than the card',
      'card',
      2600,
      2500,
      300,
      { kind: 'refund', amountCents: 200, cardCents: 200, links: [] },
    ],
    ['card, the new total below what the counter holds: refused', 'card', 200, 2500, 300, { kind: 'paid_above', amountCents: 300 }],
    ['cash unpaid, total up: it stands', 'cash', 3000, 0, 0, { kind: 'none', amountCents: 0 }],
    ['cash partly paid, total still above', 'cash', 1500, 0, 1000, { kind: 'none', amountCents: 0 }],
    ['cash paid more than the new total: refused', 'cash', 800, 0, 1000, { kind: 'paid_above', amountCents: 1000 }],
    ['cash order, a card held by mistake is not the card’s', 'cash', 800, 500, 1000, { kind: 'paid_above', amountCents: 1000 }],
  ] as const)('%s', (_name, paymentMethod, totalAfterCents, cardHeldCents, counterPaidCents, expected) => {
    expect(changeSettlement({ paymentMethod, totalAfterCents, cardHeldCents, counterPaidCents })).toEqual(expected);
  });

  it.each([
    [
      'a phone order paid by its link, made cheaper: the difference back on the link',
      'cash',
      1800,
      0,
      [{ linkId: 4, cents: 2500 }],
      0,
      { kind: 'refund', amountCents: 700, cardCents: 0, links: [{ linkId: 4, cents: 700 }] },
    ],
    [
      'paid 10 € at the counter and the rest by link, made cheaper by less than the link',
      'cash',
      2000,
      0,
      [{ linkId: 4, cents: 1500 }],
      1000,
      { kind: 'refund', amountCents: 500, cardCents: 0, links: [{ linkId: 4, cents: 500 }] },
    ],
    [
      'made cheaper than the counter’s money: refused, the link untouched',
      'cash',
      800,
      0,
      [{ linkId: 4, cents: 1500 }],
      1000,
      { kind: 'paid_above', amountCents: 1000 },
    ],
    [
      'a card order made dearer, the rest paid by link, made cheaper than the first payment: the card, then the link',
      'card',
      2000,
      2500,
      [{ linkId: 4, cents: 500 }],
      0,
      { kind: 'refund', amountCents: 1000, cardCents: 1000, links: [] },
    ],
    [
      'the card already refunded in part, two links: the card’s rest, then the newest link first',
      'card',
      500,
      1000,
      [
        { linkId: 4, cents: 600 },
        { linkId: 7, cents: 400 },
      ],
      0,
      {
        kind: 'refund',
        amountCents: 1500,
        cardCents: 1000,
        links: [
          { linkId: 7, cents: 400 },
          { linkId: 4, cents: 100 },
        ],
      },
    ],
    ['a link given back whole before holds nothing', 'cash', 1000, 0, [{ linkId: 4, cents: 0 }], 1000, { kind: 'none', amountCents: 0 }],
  ] as const)('%s', (_name, paymentMethod, totalAfterCents, cardHeldCents, linksHeld, counterPaidCents, expected) => {
    expect(changeSettlement({ paymentMethod, totalAfterCents, cardHeldCents, linksHeld, counterPaidCents })).toEqual(expected);
  });
});

describe('orderedPrices and withOrderedPrices (a changed order keeps the prices it was ordered at)', () => {
  // The menu now: the pizza went from 11,00 € to 12,00 € to take away (13,00 € delivered), « Grande » from +2,00 € to +3,00 €.
  const menuPizza: MenuItem = {
    item_id: 7,
    item_menu_id: 1,
    item_category_id: 2,
    item_name: 'Pizza du test',
    item_description: '',
    item_image: '',
    item_score: 0,
    item_price: { price_pickup: 12, price_delivery: 13, tax_rate: 10 },
    item_is_available: true,
    item_allergens: [],
    item_diets: [],
    options: [
      {
        option_id: 3,
        option_name: 'Taille',
        selected: 1,
        required: true,
        option_options: [
          { id: 30, name: 'Normale', price: 0, tax_rate: null, allergens: [] },
          { id: 31, name: 'Grande', price: 3, tax_rate: null, allergens: [] },
          { id: 32, name: 'Familiale', price: 6, tax_rate: null, allergens: [] },
        ],
      },
      {
        option_id: 4,
        option_name: 'Suppléments',
        selected: 3,
        required: false,
        option_options: [{ id: 40, name: 'Olives', price: 1, tax_rate: null, allergens: [] }],
      },
    ],
  };
  // Ordered to take away at 11,00 € with « Grande » at +2,00 € and two olives at +0,50 €: 14,00 € a unit.
  const orderedLarge: OrderedLine = {
    itemId: 7,
    unitPriceCents: 1400,
    options: [
      { id: 31, price_cents: 200, quantity: 1 },
      { id: 40, price_cents: 50, quantity: 2 },
    ],
  };
  const unitCents = (item: MenuItem, choices: ChosenOptionValue[], isPickup: boolean) => calculateUnitPrice(pricedLineFromItem(item, choices, 1), isPickup);
  const large = { option_id: 3, option_option_id: 31, quantity: 1 };
  const family = { option_id: 3, option_option_id: 32, quantity: 1 };
  const twoOlives = { option_id: 4, option_option_id: 40, quantity: 2 };

  it.each([
    ['the same dish and options, type kept: the unit price ordered', [orderedLarge], true, true, 7, [large, twoOlives], 1400],
    ['the same dish, fewer olives: the ordered base and olive', [orderedLarge], true, true, 7, [large, { ...twoOlives, quantity: 1 }], 1350],
    ['the same dish, a new option value (« Familiale »): the ordered base, the menu’s +6,00 €', [orderedLarge], true, true, 7, [family], 1700],
    ['the dish with no option: the ordered base', [orderedLarge], true, true, 7, [], 1100],
    ['pickup → delivery: the menu’s delivery price and options', [orderedLarge], true, false, 7, [large, twoOlives], 1300 + 300 + 200],
    ['delivery kept: the ordered base for delivery', [{ ...orderedLarge, unitPriceCents: 1500 }], false, false, 7, [large, twoOlives], 1500],
    ['a free line of the dish: nothing kept', [{ ...orderedLarge, unitPriceCents: 0, options: [], isFree: true }], true, true, 7, [large], 1500],
    ['another dish ordered: the menu’s prices', [{ ...orderedLarge, itemId: 8 }], true, true, 7, [large], 1500],
  ] as const)('%s', (_, lines, wasPickup, isPickup, itemId, choices, expectedCents) => {
    const prices = orderedPrices(lines, wasPickup, isPickup);
    const item = withOrderedPrices(menuPizza, prices.get(itemId), isPickup);
    expect(unitCents(item, [...choices], isPickup)).toBe(expectedCents);
  });

  it('the first paid line of a dish gives its base; the other order type’s price and the menu item stay as they were', () => {
    const prices = orderedPrices([orderedLarge, { itemId: 7, unitPriceCents: 1150, options: [{ id: 30, price_cents: 0, quantity: 1 }] }], true, true);
    expect(prices.get(7)).toEqual({
      baseCents: 1100,
      optionCents: new Map([
        [31, 200],
        [40, 50],
        [30, 0],
      ]),
    });
    const item = withOrderedPrices(menuPizza, prices.get(7), true);
    expect(item.item_price).toEqual({ price_pickup: 11, price_delivery: 13, tax_rate: 10 });
    expect(menuPizza.item_price.price_pickup).toBe(12);
    expect(menuPizza.options[0]!.option_options[1]!.price).toBe(3);
    expect(withOrderedPrices(menuPizza, undefined, true)).toBe(menuPizza);
  });
});
