import type { z as zod } from 'zod';
import type { Weekday } from './catalogue.ts';
import { weekdays } from './catalogue.ts';
import { formatNumber, formatPrice } from './format.ts';
import { eurosToCents } from './money.ts';
import type { Offer, OfferType } from './offers.ts';
import { OfferSchema, offerProblems } from './restaurant-file.ts';
import { offerEditAnswers, offerConditions as t, weekdayShort } from '@resto/copy/staff/offers';

/**
 * The back office's offers and coupons (docs/decisions/023-back-office.md,
 * section « Offres et codes promo »). Pure: what an offer's form holds, which fields each type
 * uses, the checks beyond the restaurant file's schema, and an offer's conditions in words.
 */

/**
 * An offer as the back office's form and API write it: the restaurant file's `OfferSchema`
 * without its id (the server gives new ids). Amounts in euros, `value` percent or euros.
 */
export const OfferEditFields = OfferSchema.omit({ id: true });

/** What the form holds and the API receives (before `checkOfferEdit`). */
export type OfferEdit = zod.output<typeof OfferEditFields>;
export type OfferEditInput = zod.input<typeof OfferEditFields>;

/** Which of an offer's fields a type uses (the form shows only those). */
export interface OfferTypeFields {
  /** 'percent' (percentage, cheapest_item), 'euros' (fixed_amount) or null (no value). */
  value: 'percent' | 'euros' | null;
  /** free_item: `items[0]` is the gift, the scope is menus and categories only. */
  gift: boolean;
  /** cheapest_item: `min_units`. */
  minUnits: boolean;
}

/** The fields `type` uses. */
export function offerTypeFields(type: OfferType): OfferTypeFields {
  return {
    value: type === 'percentage' || type === 'cheapest_item' ? 'percent' : type === 'fixed_amount' ? 'euros' : null,
    gift: type === 'free_item',
    minUnits: type === 'cheapest_item',
  };
}

/**
 * The checks of an offer edited in the back office beyond its schema (the form and the API
 * both run them, through `OfferEditSchema`): the shared cross-checks without references
 * (`offerProblems`: a percentage at most 100), a value above 0 where the type has one, a code
 * exactly when the offer is applied by code, one gift for free_item.
 * @returns the problems, `path` inside the offer, [] when none.
 */
export function checkOfferEdit(offer: OfferEdit): { path: (string | number)[]; message: string }[] {
  const fields = offerTypeFields(offer.type);
  const problems = offerProblems(offer, null);
  if (fields.value !== null && !(offer.value > 0)) problems.push({ path: ['value'], message: offerEditAnswers.valueRequired });
  if (offer.auto_apply === 'No' && offer.code === null) problems.push({ path: ['code'], message: offerEditAnswers.codeRequired });
  if (offer.auto_apply === 'Yes' && offer.code !== null) problems.push({ path: ['code'], message: offerEditAnswers.codeWithAutomatic });
  if (fields.gift && offer.items.length !== 1) problems.push({ path: ['items'], message: offerEditAnswers.giftRequired });
  return problems;
}

/** `checkOfferEdit` as a zod refinement (of OfferEditFields and what extends it). */
export function refineOfferEdit(offer: OfferEdit, ctx: zod.RefinementCtx): void {
  for (const problem of checkOfferEdit(offer)) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
}

/** `OfferEditFields` with `checkOfferEdit`: the form's resolver and the API's create body. */
export const OfferEditSchema = OfferEditFields.superRefine(refineOfferEdit);

/**
 * An offer body as typed, made canonical before validation: the code trimmed and upper-cased
 * (codes are compared case-insensitively, and stored as the customer's check reads them),
 * an empty code is none. Anything else is returned as is.
 */
export function normaliseOfferInput<T>(body: T): T {
  if (typeof body !== 'object' || body === null || !('code' in body)) return body;
  const code = (body as { code: unknown }).code;
  if (typeof code !== 'string') return body;
  const trimmed = code.trim().toUpperCase();
  return { ...body, code: trimmed === '' ? null : trimmed };
}

/** Names of the menus, categories and dishes an offer may name, by id (unknown ids are shown as removed). */
export interface OfferScopeNames {
  menus: ReadonlyMap<number, string>;
  categories: ReadonlyMap<number, string>;
  items: ReadonlyMap<number, string>;
}

/** 'lun., mar., mer.' — or 'lun. au ven.' for consecutive days (three or more). */
export function formatDays(days: readonly Weekday[]): string {
  const sorted = weekdays.filter((d) => days.includes(d));
  const first = sorted[0];
  const last = sorted.at(-1);
  if (first && last && sorted.length >= 3 && weekdays.indexOf(last) - weekdays.indexOf(first) === sorted.length - 1)
    return `${weekdayShort[first]} au ${weekdayShort[last]}`;
  return sorted.map((d) => weekdayShort[d]).join(', ');
}

/**
 * An offer's conditions in French, one short sentence each, in this order: what it gives
 * (« 10 % de remise », « Pizza offert »), on what (« Sur : Pizzas, Desserts » / « Toute la
 * carte »), when (« lun. au jeu. de 11:30 à 14:00 »), order type, minimum, once per customer,
 * automatic or by code, shown on the menu. For the back office's list.
 */
export function describeOffer(
  offer: Pick<
    Offer,
    | 'type'
    | 'value'
    | 'code'
    | 'is_public'
    | 'auto_apply'
    | 'allow_repeat'
    | 'delivery_pickup'
    | 'minimum_amount'
    | 'menus'
    | 'categories'
    | 'items'
    | 'active_times'
    | 'min_units'
  >,
  names: OfferScopeNames,
): string[] {
  const nameOf = (map: ReadonlyMap<number, string>, id: number) => map.get(id) ?? t.unknownRef(id);
  const fields = offerTypeFields(offer.type);
  const lines: string[] = [];
  switch (offer.type) {
    case 'percentage':
      lines.push(t.percentOff(formatNumber(offer.value, 2)));
      break;
    case 'fixed_amount':
      lines.push(t.eurosOff(formatPrice(eurosToCents(offer.value))));
      break;
    case 'free_delivery':
      lines.push(t.freeDelivery);
      break;
    case 'free_item':
      lines.push(t.freeItem(offer.items[0] === undefined ? '?' : nameOf(names.items, offer.items[0])));
      break;
    case 'buy_one_get_one':
      lines.push(t.buyOneGetOne);
      break;
    case 'cheapest_item':
      lines.push(`${t.cheapestOff(formatNumber(offer.value, 2))}${offer.min_units > 1 ? `, ${t.fromUnits(offer.min_units)}` : ''}`);
      break;
  }
  const scope = [
    ...offer.menus.map((id) => nameOf(names.menus, id)),
    ...offer.categories.map((id) => nameOf(names.categories, id)),
    ...(fields.gift ? [] : offer.items.map((id) => nameOf(names.items, id))),
  ];
  // Same rule as offers.ts isLineInScope: a public offer naming nothing applies to nothing.
  lines.push(scope.length > 0 ? t.scopeOn(scope.join(', ')) : offer.is_public && !fields.gift ? t.scopeNone : t.scopeAll);
  lines.push(offer.active_times.length === 0 ? t.always : offer.active_times.map((w) => t.window(formatDays(w.days), w.start, w.end)).join(' ; '));
  lines.push(offer.delivery_pickup === 'pickup' ? t.pickupOnly : offer.delivery_pickup === 'delivery' ? t.deliveryOnly : t.bothTypes);
  if (offer.minimum_amount > 0) lines.push(t.minimum(formatPrice(eurosToCents(offer.minimum_amount))));
  if (!offer.allow_repeat) lines.push(t.oncePerCustomer);
  lines.push(offer.code !== null ? t.byCode(offer.code) : t.automatic);
  if (offer.is_public) lines.push(t.shownOnMenu);
  return lines;
}
