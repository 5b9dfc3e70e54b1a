import type { MenuItem, Weekday } from './catalogue.ts';
import { toRestaurantTime } from './clock.ts';
import { offerAnswers, offerBadges } from '@resto/copy/storefront/cart';
import { spreadProportionally } from './cart.ts';
import { formatNumber, formatPrice, formatPriceShort } from './format.ts';
import { eurosToCents, roundDiv } from './money.ts';

/**
 * Offers, coupons and the Monday-to-Thursday promotion (spec sections 3, 4 and 9; docs/decisions/016,
 * sections 6.2–6.4). Pure: the clock, the cart and what the customer already used come in
 * as arguments. Amounts in integer cents inside; offers keep the API's shape (euros, percent).
 */

export const offerTypes = ['percentage', 'fixed_amount', 'free_delivery', 'free_item', 'buy_one_get_one', 'cheapest_item'] as const;
export type OfferType = (typeof offerTypes)[number];

/** A time window of an offer: on these weekdays, from start to end ('HH:MM', Europe/Paris, end included). */
export interface OfferWindow {
  days: Weekday[];
  start: string;
  end: string;
}

/**
 * An offer as GET /v2/public/offers (automatic offers) and GET /v2/public/offers/{coupon}
 * serve it. `value`: percent for percentage and cheapest_item, euros for fixed_amount.
 * `cheapest_item` is the data form of the spec's hard-coded promotion: value % of the lowest
 * price_delivery among the units in scope, once per order, from `min_units` units.
 */
export interface Offer {
  id: number;
  name: string;
  description: string;
  code: string | null;
  is_public: boolean;
  is_active: boolean;
  type: OfferType;
  value: number;
  auto_apply: 'Yes' | 'No';
  allow_repeat: boolean;
  delivery_pickup: 'both' | 'pickup' | 'delivery';
  minimum_amount: number;
  menus: number[];
  categories: number[];
  items: number[];
  active_times: OfferWindow[];
  min_units: number;
}

/** What offers need of a cart line: its item's ids, its unit price for the order type, quantity. */
export interface OfferLine {
  item: Pick<MenuItem, 'item_id' | 'item_menu_id' | 'item_category_id' | 'item_price'>;
  unitCents: number;
  quantity: number;
}

export interface OfferContext {
  lines: readonly OfferLine[];
  isPickup: boolean;
  /** The moment the order is placed (docs/decisions/016, section 6.2), read in Europe/Paris. */
  now: Date;
  /** Offers the customer already used (by user id, else e-mail): those without allow_repeat no longer apply. */
  usedOfferIds?: ReadonlySet<number>;
}

interface AppliedOffer {
  offer_id: number;
  name: string;
  type: OfferType;
  /** Cents taken off the subtotal (0 for free_delivery and free_item). */
  amountCents: number;
  isCoupon: boolean;
}

export interface OfferResult {
  applied: AppliedOffer[];
  /** Sum of reductions, before the cap at the subtotal that calculateCartTotals applies. */
  discountCents: number;
  couponCents: number;
  /**
   * The reductions each line bears, in cents, in the context's line order; sums to discountCents
   * (Pricing 6: VAT follows the goods, docs/decisions/011-vat-per-line.md).
   */
  lineDiscountCents: number[];
  freeDelivery: boolean;
  /** Items given at no charge, once each (spec section 3, Cart free_items). */
  freeItems: { item_id: number; offer_id: number }[];
  /** Why the coupon does not apply, in French; null when it applies or when there is none. */
  couponRefusal: string | null;
  /** The same refusal as a stable word, for the API's error code; null with couponRefusal. */
  couponRefusalReason: OfferRefusalReason | null;
  /** A coupon that applies but brings nothing (a larger fixed amount won), in French; not a refusal. */
  couponNotice: string | null;
}

const subtotalOf = (lines: readonly OfferLine[]) => lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);

/**
 * Whether a line is in an offer's scope. Menus, when listed, must contain the line's menu. Then
 * the spec's applicability rule (section 4): the offer lists the item, or lists no items but the
 * item's category. A non-public offer listing neither items nor categories covers every line;
 * for free_item the items list names the gift, not the scope.
 */
export function isLineInScope(offer: Offer, item: OfferLine['item']): boolean {
  if (offer.menus.length > 0 && !offer.menus.includes(item.item_menu_id)) return false;
  if (offer.type !== 'free_item' && offer.items.length > 0) return offer.items.includes(item.item_id);
  if (offer.categories.length > 0) return offer.categories.includes(item.item_category_id);
  // Section 4 leaves a public offer listing no items and no categories applying to nothing; a
  // free_item's items are its gift, so its scope is its menus (or any line).
  return !offer.is_public || offer.type === 'free_item';
}

/** Whether `now` (Europe/Paris) falls in one of the offer's windows; no window means always. */
export function isWithinActiveTimes(windows: readonly OfferWindow[], now: Date): boolean {
  if (windows.length === 0) return true;
  const { day, time } = toRestaurantTime(now);
  // A window whose end is before its start runs past midnight: from start to 23:59, and 00:00 to end.
  return windows.some((w) => w.days.includes(day) && (w.start <= w.end ? time >= w.start && time <= w.end : time >= w.start || time <= w.end));
}

/**
 * Why an offer does not apply to this cart, in French, or null when it does (docs/decisions/016,
 * section 6.2: active, time window, order type, minimum on the subtotal before reductions,
 * scope, allow_repeat). The reason is what a coupon refusal shows (422 on the server).
 */
export function offerRefusal(offer: Offer, context: OfferContext): string | null {
  const reason = offerRefusalReason(offer, context, subtotalOf(context.lines));
  return reason === null ? null : offerRefusalMessage(offer, reason);
}

/** Why an offer does not apply, as a stable word (the API's error code follows from it). */
export type OfferRefusalReason = 'expired' | 'out_of_hours' | 'pickup_only' | 'delivery_only' | 'below_minimum' | 'no_item_in_scope' | 'already_used';

/**
 * The first condition of docs/decisions/016, section 6.2 the offer fails on this cart; null when
 * none. `subtotalCents`: the context's subtotal (subtotalOf), computed once per cart by the caller.
 */
function offerRefusalReason(offer: Offer, context: OfferContext, subtotalCents: number): OfferRefusalReason | null {
  return (
    refusalBeforeScope(offer, context, subtotalCents) ??
    (!context.lines.some((l) => isLineInScope(offer, l.item)) ? 'no_item_in_scope' : refusalAfterScope(offer, context))
  );
}

/** The conditions of offerRefusalReason before the scope (cheap: no line is read). */
function refusalBeforeScope(offer: Offer, context: OfferContext, subtotalCents: number): OfferRefusalReason | null {
  if (!offer.is_active) return 'expired';
  if (!isWithinActiveTimes(offer.active_times, context.now)) return 'out_of_hours';
  if (offer.delivery_pickup === 'pickup' && !context.isPickup) return 'pickup_only';
  if (offer.delivery_pickup === 'delivery' && context.isPickup) return 'delivery_only';
  if (subtotalCents < eurosToCents(offer.minimum_amount)) return 'below_minimum';
  return null;
}

/** The condition of offerRefusalReason after the scope. */
function refusalAfterScope(offer: Offer, context: OfferContext): OfferRefusalReason | null {
  return !offer.allow_repeat && context.usedOfferIds?.has(offer.id) ? 'already_used' : null;
}

/**
 * offerRefusalReason, and when the offer applies, the lines in its scope (computed once, for the
 * refusal and the reduction alike).
 */
function offerRefusalWithScope(offer: Offer, context: OfferContext, subtotalCents: number): { reason: OfferRefusalReason | null; inScope: number[] } {
  const before = refusalBeforeScope(offer, context, subtotalCents);
  if (before !== null) return { reason: before, inScope: noLines };
  const inScope = linesInScope(offer, context.lines);
  return { reason: inScope.length === 0 ? 'no_item_in_scope' : refusalAfterScope(offer, context), inScope };
}

const noLines: number[] = [];

/** The indices of the lines in an offer's scope (isLineInScope), in line order. */
function linesInScope(offer: Offer, lines: readonly OfferLine[]): number[] {
  const inScope: number[] = [];
  for (let index = 0; index < lines.length; index++) if (isLineInScope(offer, lines[index]!.item)) inScope.push(index);
  return inScope;
}

/** The French sentence of a refusal reason. */
function offerRefusalMessage(offer: Offer, reason: OfferRefusalReason): string {
  switch (reason) {
    case 'expired':
      return offerAnswers.expiredCoupon;
    case 'out_of_hours':
      return offerAnswers.offerOutOfHours;
    case 'pickup_only':
      return offerAnswers.offerPickupOnly;
    case 'delivery_only':
      return offerAnswers.offerDeliveryOnly;
    case 'below_minimum':
      return offerAnswers.offerMinimum(formatPrice(eurosToCents(offer.minimum_amount)));
    case 'no_item_in_scope':
      return offerAnswers.offerNoItem;
    case 'already_used':
      return offerAnswers.couponAlreadyUsed;
  }
}

/**
 * The reduction one offer brings on each line, in cents, in line order, computed on undiscounted
 * line amounts (docs/decisions/016, section 6.3) and placed on the goods it was computed on (docs/decisions/016, section 6.6,
 * docs/decisions/011-vat-per-line.md): a percentage on each line in scope; buy_one_get_one on the
 * lines whose units became free; cheapest_item on the line of the unit it halved (ties: the earlier
 * line); fixed_amount, capped at its scope's amount, spread over the lines in scope in proportion
 * to their amounts (largest remainder, ties to the earlier line). Lines out of scope get 0.
 */
function calculateReductionByLine(offer: Offer, lines: readonly OfferLine[], inScope: readonly number[] = linesInScope(offer, lines)): number[] {
  const parts = new Array<number>(lines.length).fill(0);
  addReductionByLine(offer, lines, inScope, parts);
  return parts;
}

/**
 * Adds calculateReductionByLine's parts into `parts` (one per line, in line order) and returns
 * their sum. Loops over line indices into one array rather than arrays of objects: this runs for
 * every offer of every cart priced (docs/decisions/025); pricing-equivalence.test.ts proves the results unchanged.
 */
function addReductionByLine(offer: Offer, lines: readonly OfferLine[], inScope: readonly number[], parts: number[]): number {
  let sum = 0;
  switch (offer.type) {
    case 'percentage': {
      const basisPoints = Math.round(offer.value * 100);
      for (const index of inScope) {
        const cents = roundDiv(lines[index]!.unitCents * lines[index]!.quantity * basisPoints, 10_000);
        parts[index] = parts[index]! + cents;
        sum += cents;
      }
      return sum;
    }
    case 'fixed_amount': {
      const amounts = new Array<number>(inScope.length);
      let scopeCents = 0;
      for (let k = 0; k < inScope.length; k++) {
        amounts[k] = lines[inScope[k]!]!.unitCents * lines[inScope[k]!]!.quantity;
        scopeCents += amounts[k]!;
      }
      const spread = spreadProportionally(Math.min(eurosToCents(offer.value), scopeCents), amounts);
      for (let k = 0; k < inScope.length; k++) {
        parts[inScope[k]!] = parts[inScope[k]!]! + spread[k]!;
        sum += spread[k]!;
      }
      return sum;
    }
    case 'buy_one_get_one': {
      // Every unit in scope, priced high to low (equal prices: earlier line first): in each pair
      // the cheaper one is free; an odd last unit pays. A line's units are next to each other in
      // that order, so the lines are sorted and each is given its units at odd positions.
      const ordered = inScope.slice().sort((a, b) => lines[b]!.unitCents - lines[a]!.unitCents || a - b);
      let position = 0;
      for (const index of ordered) {
        const { unitCents } = lines[index]!;
        // As many units as Array.from({ length: quantity }) would make.
        const quantity = Number.isNaN(lines[index]!.quantity) ? 0 : Math.max(0, Math.trunc(lines[index]!.quantity));
        if (quantity === 0) continue;
        // Odd positions among position .. position + quantity - 1.
        const free = Math.floor((position + quantity) / 2) - Math.floor(position / 2);
        if (free > 0) {
          parts[index] = parts[index]! + unitCents * free;
          sum += unitCents * free;
        }
        position += quantity;
      }
      return sum;
    }
    case 'cheapest_item': {
      let units = 0;
      for (const index of inScope) units += lines[index]!.quantity;
      if (units < Math.max(offer.min_units, 1)) return 0;
      let cheapestCents = 0;
      let cheapestIndex = -1;
      for (const index of inScope) {
        const cents = eurosToCents(lines[index]!.item.item_price.price_delivery);
        if (cheapestIndex === -1 || cents < cheapestCents) {
          cheapestCents = cents;
          cheapestIndex = index;
        }
      }
      if (cheapestIndex === -1) return 0;
      const cents = roundDiv(cheapestCents * Math.round(offer.value * 100), 10_000);
      parts[cheapestIndex] = parts[cheapestIndex]! + cents;
      return cents;
    }
    case 'free_delivery':
    case 'free_item':
      return 0;
  }
}

/**
 * The reduction one offer brings, in cents, computed on undiscounted line amounts
 * (docs/decisions/016, section 6.3): the sum of calculateReductionByLine. fixed_amount is capped at its
 * scope's amount here; which fixed_amount offer wins is decided by calculateOffers.
 */
export function calculateReduction(offer: Offer, lines: readonly OfferLine[]): number {
  return calculateReductionByLine(offer, lines).reduce((a, b) => a + b, 0);
}

/**
 * Applies the automatic offers (public ones and auto_apply Yes) and at most one coupon to a cart
 * (docs/decisions/016, sections 6.2–6.4): reductions add up, each on undiscounted amounts; of all
 * fixed_amount offers only the largest applies; free_delivery and free_item change delivery and
 * free_items, not the discount. The cap at the subtotal is calculateCartTotals' job.
 */
export function calculateOffers(automatic: readonly Offer[], coupon: Offer | null, context: OfferContext): OfferResult {
  // Each offer's scope and the subtotal are computed once per cart, for the refusal and the
  // reduction alike (docs/decisions/025: this runs for every cart priced).
  const { lines } = context;
  const subtotalCents = subtotalOf(lines);
  const applicable: { offer: Offer; isCoupon: boolean; inScope: number[] }[] = [];
  for (const offer of automatic) {
    if (offer.auto_apply !== 'Yes' && !offer.is_public) continue;
    const { reason, inScope } = offerRefusalWithScope(offer, context, subtotalCents);
    if (reason === null) applicable.push({ offer, isCoupon: false, inScope });
  }
  let couponRefusalReason: OfferRefusalReason | null = null;
  if (coupon) {
    const { reason, inScope } = offerRefusalWithScope(coupon, context, subtotalCents);
    couponRefusalReason = reason;
    if (reason === null) applicable.push({ offer: coupon, isCoupon: true, inScope });
  }
  const couponRefusal = coupon && couponRefusalReason !== null ? offerRefusalMessage(coupon, couponRefusalReason) : null;

  // Of all fixed amounts, the largest value applies (section 9), the coupon on a tie, else the first.
  let fixed: (typeof applicable)[number] | undefined;
  for (const candidate of applicable) {
    if (candidate.offer.type !== 'fixed_amount') continue;
    if (!fixed || candidate.offer.value > fixed.offer.value || (candidate.offer.value === fixed.offer.value && candidate.isCoupon && !fixed.isCoupon))
      fixed = candidate;
  }

  const applied: AppliedOffer[] = [];
  const freeItems: OfferResult['freeItems'] = [];
  const lineDiscountCents = new Array<number>(lines.length).fill(0);
  // One offer's parts at a time: they join lineDiscountCents only if the offer is applied.
  const byLine = new Array<number>(lines.length).fill(0);
  let freeDelivery = false;
  let discountCents = 0;
  let couponCents = 0;
  for (const { offer, isCoupon, inScope } of applicable) {
    if (offer.type === 'fixed_amount' && offer !== fixed?.offer) continue;
    const amountCents = addReductionByLine(offer, lines, inScope, byLine);
    if (offer.type === 'free_delivery') freeDelivery = true;
    if (offer.type === 'free_item' && offer.items[0] !== undefined && !freeItems.some((f) => f.item_id === offer.items[0])) {
      freeItems.push({ item_id: offer.items[0], offer_id: offer.id });
    }
    if (amountCents > 0 || offer.type === 'free_delivery' || offer.type === 'free_item' || isCoupon) {
      applied.push({ offer_id: offer.id, name: offer.name, type: offer.type, amountCents, isCoupon });
      for (const index of inScope) lineDiscountCents[index] = lineDiscountCents[index]! + byLine[index]!;
      discountCents += amountCents;
      if (isCoupon) couponCents += amountCents;
    }
    for (const index of inScope) byLine[index] = 0;
  }
  const couponNotice = coupon && couponRefusal === null && coupon.type === 'fixed_amount' && fixed?.offer !== coupon ? offerAnswers.couponOutdone : null;
  return { applied, discountCents, couponCents, lineDiscountCents, freeDelivery, freeItems, couponRefusal, couponRefusalReason, couponNotice };
}

/** A dish's name from its id (the menus' items); undefined for a dish not on the menus served. */
export type ItemNameOf = (itemId: number) => string | undefined;

/** The gift of a free_item offer (its first listed item, section 4) by name, when the menus have it. */
function giftName(offer: Pick<Offer, 'items'>, nameOf: ItemNameOf): string | undefined {
  const giftId = offer.items[0];
  return giftId === undefined ? undefined : nameOf(giftId);
}

/**
 * The French badge of an offer on an item (docs/decisions/016, section 2.1; spec section 9). A
 * free_item badge names the gift (« Citronnade maison en cadeau »): a bare « Offert » on a 20 €
 * dish reads as if the dish itself were free. « en cadeau » agrees with any dish's gender.
 */
export function itemBadge(offer: Pick<Offer, 'type' | 'value' | 'items'>, nameOf: ItemNameOf): string {
  switch (offer.type) {
    case 'buy_one_get_one':
      return offerBadges.buyOneGetOne;
    case 'percentage':
      return offerBadges.percentage(formatNumber(offer.value, 2));
    case 'fixed_amount':
      return offerBadges.fixedAmount(formatPriceShort(eurosToCents(offer.value)));
    case 'free_item': {
      const gift = giftName(offer, nameOf);
      return gift ? offerBadges.freeItemNamed(gift) : offerBadges.freeItem;
    }
    default:
      return offerBadges.other;
  }
}

/**
 * The French badge of a category from the kinds of offers it has (spec section 9: BOGO, % OFF,
 * $ OFF, FREE, OFFERS). Gifts only: the one gift by name, as on its dishes; several gifts, « Avec cadeau ».
 */
export function categoryBadge(offers: readonly Pick<Offer, 'type' | 'value' | 'items'>[], nameOf: ItemNameOf): string | null {
  if (offers.length === 0) return null;
  const types = new Set(offers.map((o) => o.type));
  if (types.size > 1) return offerBadges.categoryMixed;
  if (types.has('buy_one_get_one')) return offerBadges.buyOneGetOne;
  if (types.has('percentage')) return offerBadges.categoryPercentage;
  if (types.has('fixed_amount')) return offerBadges.categoryFixedAmount;
  if (types.has('free_item')) {
    const [first, ...others] = new Set(offers.map((o) => itemBadge(o, nameOf)));
    return first !== undefined && others.length === 0 ? first : offerBadges.freeItem;
  }
  return offerBadges.categoryMixed;
}

/** The words of a text, lower case and without accents; '%' and '€' count as words. */
function wordsOf(text: string): string[] {
  return (
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+|[%€]/gu) ?? []
  );
}

/** Whether `words` appear in `text` one after the other; a word of letters may end differently (« acheté », « achetée »). */
function saysAlready(text: string, words: readonly string[]): boolean {
  const tokens = wordsOf(text);
  const fits = (token: string, word: string) => (/^\p{L}+$/u.test(word) ? token.startsWith(word) : token === word);
  return words.length > 0 && tokens.some((_, start) => words.every((word, i) => fits(tokens[start + i] ?? '', word)));
}

/**
 * The heading of an offer in a dish's dialog: « badge · name », or the name alone when it already
 * says what the badge says (« -20 % sur la Pizza Lyonnaise », not « -20 % · -20 % sur la Pizza
 * Lyonnaise »); for a gift, when the name already names the gift.
 */
export function offerHeadline(offer: Pick<Offer, 'type' | 'value' | 'items' | 'name'>, nameOf: ItemNameOf): string {
  const badge = itemBadge(offer, nameOf);
  const gift = offer.type === 'free_item' ? giftName(offer, nameOf) : undefined;
  return saysAlready(offer.name, wordsOf(gift ?? badge)) ? offer.name : offerBadges.headline(badge, offer.name);
}

/** Public offers that apply to an item (spec section 4, "Offer applicability"). */
export function offersForItem(offers: readonly Offer[], item: OfferLine['item']): Offer[] {
  return offers.filter((o) => o.is_public && o.is_active && isLineInScope(o, item));
}
