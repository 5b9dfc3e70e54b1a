import { describe, expect, test } from 'vitest';
import type { MenuItem } from './catalogue.ts';
import { buildSearchIndex, normalizeForSearch, searchItems } from './search.ts';
import { isFreeOf } from './allergens.ts';

const item = (item_id: number, item_name: string, item_description: string, item_score: number): MenuItem => ({
  item_id,
  item_menu_id: 1,
  item_category_id: 1,
  item_name,
  item_description,
  item_image: '/images/items/x.svg',
  item_score,
  item_price: { price_delivery: 10, price_pickup: 9, tax_rate: null },
  item_is_available: true,
  item_allergens: [],
  item_diets: [],
  options: [],
});

const menu = [
  item(1, 'Crème brûlée', 'À la vanille de Madagascar', 50),
  item(2, 'Œuf mollet', 'Façon grand-mère, crème de cèpes', 70),
  item(3, 'Bûche de Noël', 'Chocolat et marrons', 90),
  item(4, 'Poulet façon basquaise', 'Piperade maison', 60),
  item(5, 'Salade verte', 'Vinaigrette à la moutarde', 10),
];
const index = buildSearchIndex(menu);
const ids = (query: string) => searchItems(index, query).map((i) => i.item_id);

describe('section 5: product search', () => {
  test.each([
    ['Crème Brûlée', 'creme brulee'],
    ['Œuf', 'oeuf'],
    ['ÆSOP', 'aesop'],
    ['Façon', 'facon'],
    ['Noël', 'noel'],
    ["l'été", 'l ete'],
  ])('normalises %s to %s (accents, case, ligatures)', (text, expected) => {
    expect(normalizeForSearch(text)).toBe(expected);
  });

  test.each([
    ['creme brulee', [1]],
    ['CRÈME', [2, 1]], // description of 2 has "crème"; score 70 before 50
    ['oeuf', [2]],
    ['œuf', [2]],
    ['facon', [2, 4]],
    ['noel', [3]],
    ['buche noel', [3]],
    ['moutarde', [5]],
    ['xyz', []],
  ])('"%s" finds %j, best item_score first', (query, expected) => {
    expect(ids(query)).toEqual(expected);
  });

  test.each(['', 'c', ' é ', '  '])('fewer than 2 characters (%j) gives nothing', (query) => {
    expect(ids(query)).toEqual([]);
  });

  test('at most 10 results (section 9)', () => {
    const many = buildSearchIndex(Array.from({ length: 25 }, (_, i) => item(100 + i, `Pizza ${i}`, 'Tomate', i)));
    const found = searchItems(many, 'pizza');
    expect(found).toHaveLength(10);
    expect(found.map((i) => i.item_score)).toEqual([24, 23, 22, 21, 20, 19, 18, 17, 16, 15]);
  });
});

describe('EU 1169/2011: allergen filter', () => {
  test.each([
    [['gluten', 'milk'], ['milk'], false],
    [['gluten'], ['milk'], true],
    [[], ['milk', 'eggs'], true],
    [['eggs'], [], true],
  ])('dish with %j, hiding %j → shown: %s', (dish, hidden, shown) => {
    expect(isFreeOf(dish, new Set(hidden))).toBe(shown);
  });
});
