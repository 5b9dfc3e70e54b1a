import type { MenuItem } from './catalogue.ts';

/** Product search (spec sections 5 and 9): at least 2 characters, at most 10 results. */
export const searchMinLength = 2;
const searchMaxResults = 10;

/**
 * Text as search compares it: lower case, accents removed, ligatures spelt out (œ → oe, æ → ae),
 * apostrophes and punctuation turned into spaces: 'Crème brûlée' → 'creme brulee', 'Œuf' → 'oeuf'.
 */
export function normalizeForSearch(text: string): string {
  return text
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** An item prepared once for search: its normalised name and description. */
export interface SearchEntry {
  item: MenuItem;
  name: string;
  description: string;
}

export function buildSearchIndex(items: readonly MenuItem[]): SearchEntry[] {
  return items.map((item) => ({ item, name: normalizeForSearch(item.item_name), description: normalizeForSearch(item.item_description) }));
}

/**
 * Searches dishes (section 5): from 2 characters, accents and case ignored; every word of the
 * query must appear in the name or the description; sorted by item_score descending (then name),
 * at most 10 results. Fewer than 2 characters: no results.
 */
export function searchItems(index: readonly SearchEntry[], query: string, limit = searchMaxResults): MenuItem[] {
  const normalized = normalizeForSearch(query);
  if (normalized.replace(/ /g, '').length < searchMinLength) return [];
  const words = normalized.split(' ');
  return index
    .filter((entry) => words.every((word) => entry.name.includes(word) || entry.description.includes(word)))
    .sort((a, b) => b.item.item_score - a.item.item_score || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map((entry) => entry.item);
}
