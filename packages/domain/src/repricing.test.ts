import { describe, expect, test } from 'vitest';
import type { MenuItem } from './catalogue.ts';
import { linePriceChanges, mergePriceChanges } from './repricing.ts';

const item = (pickup: number, delivery: number, extra = 1.5): MenuItem => ({
  item_id: 7,
  item_menu_id: 1,
  item_category_id: 1,
  item_name: 'Pizza Margherita',
  item_description: '',
  item_image: '/images/x.svg',
  item_score: 0,
  item_price: { price_pickup: pickup, price_delivery: delivery, tax_rate: null },
  item_is_available: true,
  item_allergens: [],
  item_diets: [],
  item_is_alcoholic: false,
  options: [
    {
      option_id: 3,
      option_name: 'Supplément',
      selected: 2,
      required: false,
      option_options: [{ id: 31, name: 'Burrata', price: extra, tax_rate: null, allergens: [] }],
    },
  ],
});

describe('linePriceChanges', () => {
  const line = { line_id: 'a', item: item(11.5, 12.5), choices: [{ option_id: 3, option_option_id: 31, quantity: 2 }] };

  test('the unit price with options, for the cart’s order type', () => {
    const fresh = new Map([[7, { ...item(12.5, 12.5), item_name: 'Pizza Margherita' }]]);
    expect(linePriceChanges([line], fresh, true)).toEqual([{ line_id: 'a', item_id: 7, name: 'Pizza Margherita', beforeCents: 1450, afterCents: 1550 }]);
    // In delivery the dish's price did not move: nothing to say.
    expect(linePriceChanges([line], fresh, false)).toEqual([]);
  });

  test('an option value’s price counts; a dish gone from the menu is not a price change', () => {
    expect(linePriceChanges([line], new Map([[7, item(11.5, 12.5, 2)]]), true)).toEqual([expect.objectContaining({ beforeCents: 1450, afterCents: 1550 })]);
    expect(linePriceChanges([line], new Map(), true)).toEqual([]);
  });
});

describe('mergePriceChanges', () => {
  const change = (line_id: string, beforeCents: number, afterCents: number) => ({ line_id, item_id: 7, name: 'Pizza', beforeCents, afterCents });
  test('keeps the first price, takes the latest, drops a line back where it was', () => {
    expect(mergePriceChanges([change('a', 1150, 1250)], [change('a', 1250, 1300), change('b', 900, 950)])).toEqual([
      change('a', 1150, 1300),
      change('b', 900, 950),
    ]);
    expect(mergePriceChanges([change('a', 1150, 1250)], [change('a', 1250, 1150)])).toEqual([]);
  });
});
