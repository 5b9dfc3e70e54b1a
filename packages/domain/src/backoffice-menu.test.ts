import { describe, expect, test } from 'vitest';
import { formatPrice } from './format.ts';
import { dishChanges, moveWithin, type DishFields } from './backoffice-menu.ts';

/** docs/decisions/023: the audit log's sentences of a dish's edit, and up/down moves. */

const margherita: DishFields = {
  name: 'Pizza Margherita',
  description: 'Tomate, mozzarella, basilic',
  image: '/images/items/margherita.svg',
  price_pickup: 11.5,
  price_delivery: 12.5,
  tax_rate: null,
  available: true,
  allergens: ['gluten', 'milk'],
  diets: ['vegetarian'],
  alcoholic: false,
  score: 0,
  options: [],
  category_name: 'Pizzas',
};

// Intl's French spacing (a no-break space before €) as in formatPrice.
const euro = (text: string) => text.replaceAll(/(\d) €/gu, (_, d: string) => `${d}${formatPrice(0).slice(4, -1)}€`);

describe('dishChanges', () => {
  test('nothing changed: no sentence', () => {
    expect(dishChanges(margherita, { ...margherita, allergens: ['milk', 'gluten'] })).toEqual([]);
  });

  test.each([
    [{ price_pickup: 12 }, euro('Prix à emporter de Pizza Margherita : 11,50 € → 12,00 €')],
    [{ price_delivery: 13.9 }, euro('Prix en livraison de Pizza Margherita : 12,50 € → 13,90 €')],
    [{ tax_rate: 5.5 }, 'TVA de Pizza Margherita : par défaut → 5,5 %'],
    [{ available: false }, 'Disponibilité de Pizza Margherita : disponible → épuisé jusqu’à nouvel ordre'],
    [{ allergens: ['gluten'] }, 'Allergènes de Pizza Margherita : Gluten, Lait → Gluten'],
    [{ diets: [] }, 'Régimes de Pizza Margherita : Végétarien → aucun'],
    [{ alcoholic: true }, 'Boisson alcoolisée de Pizza Margherita : non → oui'],
    [{ description: 'Autre' }, 'Description de Pizza Margherita modifiée'],
    [{ options: [{ name: 'Taille' }] }, 'Options de Pizza Margherita modifiée'],
    [{ category_name: 'Spécialités' }, 'Catégorie de Pizza Margherita : Pizzas → Spécialités'],
  ] as [Partial<DishFields>, string][])('%o → %s', (change, sentence) => {
    expect(dishChanges(margherita, { ...margherita, ...change })).toEqual([sentence]);
  });

  test('a rename comes first and the other sentences use the new name', () => {
    expect(dishChanges(margherita, { ...margherita, name: 'Margherita', price_pickup: 12 })).toEqual([
      'Plat renommé : Pizza Margherita → Margherita',
      euro('Prix à emporter de Margherita : 11,50 € → 12,00 €'),
    ]);
  });
});

describe('moveWithin', () => {
  test.each([
    [[1, 2, 3], 2, 'up', [2, 1, 3]],
    [[1, 2, 3], 2, 'down', [1, 3, 2]],
    [[1, 2, 3], 1, 'up', null],
    [[1, 2, 3], 3, 'down', null],
    [[1, 2, 3], 9, 'up', null],
  ] as const)('%o, move %i %s → %o', (ids, id, direction, expected) => {
    expect(moveWithin(ids, id, direction)).toEqual(expected);
  });
});
