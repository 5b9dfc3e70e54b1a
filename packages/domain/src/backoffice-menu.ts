import { formatEuros, formatRate } from './format.ts';
import { allergenLabels, dietLabels, type Allergen, type Diet } from './allergens.ts';
import { menuAudit as t } from '@resto/copy/staff/menu';

/**
 * The menu editor's pure rules (docs/decisions/023-back-office.md): what an
 * edit of a dish changed, in French sentences for the audit log, and how an up/down move
 * reorders siblings.
 */

/** A dish's fields as the back office shows them: prices in euros, VAT in percent (null: the restaurant's default). */
export interface DishFields {
  name: string;
  description: string;
  image: string;
  price_pickup: number;
  price_delivery: number;
  tax_rate: number | null;
  available: boolean;
  allergens: readonly string[];
  diets: readonly string[];
  alcoholic: boolean;
  score: number;
  options: readonly unknown[];
  /** The category's name (a dish moved to another category). */
  category_name: string;
}

const rate = (percent: number | null) => (percent === null ? t.defaultRate : formatRate(percent));
const list = (values: readonly string[], labels: Record<string, string>) => (values.length ? values.map((v) => labels[v] ?? v).join(', ') : t.none);
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');

/**
 * The French sentences of what changed between two versions of a dish, in the form's order,
 * named by the dish's name after the change: ['Prix à emporter de Pizza Margherita : 11,50 € → 12,00 €', …].
 * A rename comes first (« Plat renommé : A → B »). Empty when nothing changed.
 */
export function dishChanges(before: DishFields, after: DishFields): string[] {
  const name = after.name;
  const out: string[] = [];
  if (before.name !== after.name) out.push(t.renamed('Plat', before.name, after.name));
  const l = t.fieldLabels;
  if (before.category_name !== after.category_name) out.push(t.changed(l.category, name, before.category_name, after.category_name));
  if (before.price_pickup !== after.price_pickup) out.push(t.changed(l.price_pickup, name, formatEuros(before.price_pickup), formatEuros(after.price_pickup)));
  if (before.price_delivery !== after.price_delivery)
    out.push(t.changed(l.price_delivery, name, formatEuros(before.price_delivery), formatEuros(after.price_delivery)));
  if (before.tax_rate !== after.tax_rate) out.push(t.changed(l.tax_rate, name, rate(before.tax_rate), rate(after.tax_rate)));
  if (before.available !== after.available)
    out.push(t.changed(l.available, name, t.availableWords[`${before.available}`], t.availableWords[`${after.available}`]));
  if (before.image !== after.image) out.push(t.changed(l.image, name, before.image, after.image));
  if (before.description !== after.description) out.push(t.changedPlain(l.description, name));
  if (!sameList(before.allergens, after.allergens))
    out.push(t.changed(l.allergens, name, list(before.allergens, allergenLabels as Record<Allergen, string>), list(after.allergens, allergenLabels)));
  if (!sameList(before.diets, after.diets))
    out.push(t.changed(l.diets, name, list(before.diets, dietLabels as Record<Diet, string>), list(after.diets, dietLabels)));
  if (before.alcoholic !== after.alcoholic) out.push(t.changed(l.alcoholic, name, before.alcoholic ? 'oui' : 'non', after.alcoholic ? 'oui' : 'non'));
  if (before.score !== after.score) out.push(t.changed(l.score, name, String(before.score), String(after.score)));
  if (JSON.stringify(before.options) !== JSON.stringify(after.options)) out.push(t.changedPlain(l.options, name));
  return out;
}

/** Up or down in a list shown top to bottom. */
export type MoveDirection = 'up' | 'down';

/**
 * The siblings' new order after moving `id` one place `direction` (ids top to bottom).
 * @returns the reordered ids, or null when `id` is absent or already first (up) / last (down).
 */
export function moveWithin<T>(ids: readonly T[], id: T, direction: MoveDirection): T[] | null {
  const from = ids.indexOf(id);
  if (from < 0) return null;
  const to = direction === 'up' ? from - 1 : from + 1;
  if (to < 0 || to >= ids.length) return null;
  const next = [...ids];
  next[from] = ids[to]!;
  next[to] = id;
  return next;
}
