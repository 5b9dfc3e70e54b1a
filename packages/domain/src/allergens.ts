/**
 * The 14 allergens of EU regulation 1169/2011, annex II, and the diet labels a dish may carry,
 * with their French names as the menu shows them.
 */
import { allergenNames, dietNames } from '@resto/copy/storefront/menu';
export const allergens = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soybeans',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export type Allergen = (typeof allergens)[number];

export const allergenLabels: Record<Allergen, string> = allergenNames;

export const diets = ['vegetarian', 'vegan', 'halal', 'gluten_free'] as const;
export type Diet = (typeof diets)[number];

export const dietLabels: Record<Diet, string> = dietNames;

/**
 * Whether a dish stays on the menu when the visitor hides some allergens: the dish itself must
 * contain none of them (its options are flagged in the product dialog, not hidden).
 */
export function isFreeOf(itemAllergens: readonly string[], hidden: ReadonlySet<string>): boolean {
  return !itemAllergens.some((a) => hidden.has(a));
}
