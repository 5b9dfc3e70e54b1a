import type { Weekday } from '../catalogue.ts';
import { calculateUnitPrice, type CartPricingInput, type CartTotals, type PricedLine } from '../cart.ts';
import type { ChosenOptionValue, MenuItem } from '../catalogue.ts';
import { restaurantTimeZone } from '../clock.ts';
import { calculateDeliveryFee } from '../delivery.ts';
import { messages } from '../messages.ts';
import { formatPrice } from '../format.ts';
import { eurosToCents, percentToBasisPoints, roundDiv } from '../money.ts';
import { type Offer, type OfferContext, type OfferLine, type OfferRefusalReason, type OfferResult, type OfferWindow } from '../offers.ts';
import type { PriceCartInput, PricedCart } from '../pricing.ts';
import { readTaxSettings } from '../settings.ts';

type AppliedOffer = OfferResult['applied'][number];
type TaxLine = CartTotals['taxByRate'][number];

/**
 * The pricing code as it was before issue 15 made it faster (toRestaurantTime, spreadProportionally,
 * calculateOffers, calculateCartTotals, pricedLineFromItem and priceCart), kept verbatim for pricing-equivalence.test.ts only: the new code
 * must price every cart exactly as this does. Not used by the product.
 */

const partsFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: restaurantTimeZone,
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

// Intl formatting costs microseconds and pricing asks the same minute many times (once per offer).
let lastMinute = Number.NaN;
let lastResult: { day: Weekday; time: string } = { day: 'mon', time: '00:00' };

/** The weekday ('mon'..'sun') and 'HH:MM' of an instant in Europe/Paris, whatever the host's zone. */
export function toRestaurantTimeBefore(instant: Date): { day: Weekday; time: string } {
  const minute = Math.floor(instant.getTime() / 60_000);
  if (minute === lastMinute) return lastResult;
  const parts = Object.fromEntries(partsFormatter.formatToParts(instant).map((p) => [p.type, p.value]));
  const day = String(parts.weekday).toLowerCase().slice(0, 3) as Weekday;
  lastMinute = minute;
  lastResult = { day, time: `${parts.hour}:${parts.minute}` };
  return lastResult;
}

/**
 * Spreads `total` cents over `weights` in proportion, by largest remainder, so the parts add up
 * exactly to `total`. Weights are non-negative integers; all-zero weights give all-zero parts.
 */
export function spreadProportionallyBefore(total: number, weights: readonly number[]): number[] {
  const weightSum = weights.reduce((a, b) => a + b, 0);
  if (weightSum === 0 || total === 0) return weights.map(() => 0);
  const parts = weights.map((w) => Math.floor((total * w) / weightSum));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const byRemainder = weights.map((w, index) => ({ index, remainder: (total * w) % weightSum })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/**
 * Whether a line is in an offer's scope. Menus, when listed, must contain the line's menu. Then
 * the spec's applicability rule (section 4): the offer lists the item, or lists no items but the
 * item's category. A non-public offer listing neither items nor categories covers every line;
 * for free_item the items list names the gift, not the scope.
 */
function isLineInScope(offer: Offer, item: OfferLine['item']): boolean {
  if (offer.menus.length > 0 && !offer.menus.includes(item.item_menu_id)) return false;
  if (offer.type !== 'free_item' && offer.items.length > 0) return offer.items.includes(item.item_id);
  if (offer.categories.length > 0) return offer.categories.includes(item.item_category_id);
  // Section 4 leaves a public offer listing no items and no categories applying to nothing; a
  // free_item's items are its gift, so its scope is its menus (or any line).
  return !offer.is_public || offer.type === 'free_item';
}

const subtotalOf = (lines: readonly OfferLine[]) => lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);

/** Whether `now` (Europe/Paris) falls in one of the offer's windows; no window means always. */
function isWithinActiveTimes(windows: readonly OfferWindow[], now: Date): boolean {
  if (windows.length === 0) return true;
  const { day, time } = toRestaurantTimeBefore(now);
  // A window whose end is before its start runs past midnight: from start to 23:59, and 00:00 to end.
  return windows.some((w) => w.days.includes(day) && (w.start <= w.end ? time >= w.start && time <= w.end : time >= w.start || time <= w.end));
}

/**
 * Why an offer does not apply to this cart, in French, or null when it does (docs/decisions/016,
 * section 6.2: active, time window, order type, minimum on the subtotal before reductions,
 * scope, allow_repeat). The reason is what a coupon refusal shows (422 on the server).
 */
function offerRefusal(offer: Offer, context: OfferContext): string | null {
  const reason = offerRefusalReason(offer, context);
  return reason === null ? null : offerRefusalMessage(offer, reason);
}

/** The first condition of docs/decisions/016, section 6.2 the offer fails on this cart; null when none. */
function offerRefusalReason(offer: Offer, context: OfferContext): OfferRefusalReason | null {
  if (!offer.is_active) return 'expired';
  if (!isWithinActiveTimes(offer.active_times, context.now)) return 'out_of_hours';
  if (offer.delivery_pickup === 'pickup' && !context.isPickup) return 'pickup_only';
  if (offer.delivery_pickup === 'delivery' && context.isPickup) return 'delivery_only';
  if (subtotalOf(context.lines) < eurosToCents(offer.minimum_amount)) return 'below_minimum';
  if (!context.lines.some((l) => isLineInScope(offer, l.item))) return 'no_item_in_scope';
  if (!offer.allow_repeat && context.usedOfferIds?.has(offer.id)) return 'already_used';
  return null;
}

/** The French sentence of a refusal reason. */
function offerRefusalMessage(offer: Offer, reason: OfferRefusalReason): string {
  switch (reason) {
    case 'expired':
      return messages.expiredCoupon;
    case 'out_of_hours':
      return messages.offerOutOfHours;
    case 'pickup_only':
      return messages.offerPickupOnly;
    case 'delivery_only':
      return messages.offerDeliveryOnly;
    case 'below_minimum':
      return messages.offerMinimum(formatPrice(eurosToCents(offer.minimum_amount)));
    case 'no_item_in_scope':
      return messages.offerNoItem;
    case 'already_used':
      return messages.couponAlreadyUsed;
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
function calculateReductionByLine(offer: Offer, lines: readonly OfferLine[]): number[] {
  const parts = lines.map(() => 0);
  const inScope = lines.map((l, index) => ({ l, index })).filter(({ l }) => isLineInScope(offer, l.item));
  switch (offer.type) {
    case 'percentage': {
      const basisPoints = Math.round(offer.value * 100);
      for (const { l, index } of inScope) parts[index] = roundDiv(l.unitCents * l.quantity * basisPoints, 10_000);
      return parts;
    }
    case 'fixed_amount': {
      const amounts = inScope.map(({ l }) => l.unitCents * l.quantity);
      const total = Math.min(
        eurosToCents(offer.value),
        amounts.reduce((a, b) => a + b, 0),
      );
      spreadProportionallyBefore(total, amounts).forEach((cents, k) => (parts[inScope[k]!.index] = cents));
      return parts;
    }
    case 'buy_one_get_one': {
      // Every unit in scope, priced high to low (equal prices: earlier line first): in each pair
      // the cheaper one is free; an odd last unit pays.
      const units = inScope
        .flatMap(({ l, index }) => Array.from({ length: l.quantity }, () => ({ unit: l.unitCents, index })))
        .sort((a, b) => b.unit - a.unit || a.index - b.index);
      units.forEach(({ unit, index }, k) => {
        if (k % 2 === 1) parts[index] = (parts[index] ?? 0) + unit;
      });
      return parts;
    }
    case 'cheapest_item': {
      const units = inScope.reduce((n, { l }) => n + l.quantity, 0);
      if (units < Math.max(offer.min_units, 1)) return parts;
      let cheapest: { cents: number; index: number } | null = null;
      for (const { l, index } of inScope) {
        const cents = eurosToCents(l.item.item_price.price_delivery);
        if (cheapest === null || cents < cheapest.cents) cheapest = { cents, index };
      }
      if (cheapest) parts[cheapest.index] = roundDiv(cheapest.cents * Math.round(offer.value * 100), 10_000);
      return parts;
    }
    case 'free_delivery':
    case 'free_item':
      return parts;
  }
}

/**
 * Applies the automatic offers (public ones and auto_apply Yes) and at most one coupon to a cart
 * (docs/decisions/016, sections 6.2–6.4): reductions add up, each on undiscounted amounts; of all
 * fixed_amount offers only the largest applies; free_delivery and free_item change delivery and
 * free_items, not the discount. The cap at the subtotal is calculateCartTotals' job.
 */
function calculateOffersBefore(automatic: readonly Offer[], coupon: Offer | null, context: OfferContext): OfferResult {
  const candidates = automatic.filter((o) => o.auto_apply === 'Yes' || o.is_public).filter((o) => offerRefusal(o, context) === null);
  const couponRefusalReason = coupon ? offerRefusalReason(coupon, context) : null;
  const couponRefusal = coupon && couponRefusalReason !== null ? offerRefusalMessage(coupon, couponRefusalReason) : null;
  const applicable =
    coupon && couponRefusal === null
      ? [...candidates.map((o) => ({ offer: o, isCoupon: false })), { offer: coupon, isCoupon: true }]
      : candidates.map((o) => ({ offer: o, isCoupon: false }));

  // Of all fixed amounts, the largest value applies (section 9), then capped at its scope.
  const fixed = applicable
    .filter(({ offer }) => offer.type === 'fixed_amount')
    .sort((a, b) => b.offer.value - a.offer.value || Number(b.isCoupon) - Number(a.isCoupon))[0];

  const applied: AppliedOffer[] = [];
  const freeItems: OfferResult['freeItems'] = [];
  const lineDiscountCents = context.lines.map(() => 0);
  let freeDelivery = false;
  for (const { offer, isCoupon } of applicable) {
    if (offer.type === 'fixed_amount' && offer !== fixed?.offer) continue;
    const byLine = calculateReductionByLine(offer, context.lines);
    const amountCents = byLine.reduce((a, b) => a + b, 0);
    if (offer.type === 'free_delivery') freeDelivery = true;
    if (offer.type === 'free_item' && offer.items[0] !== undefined && !freeItems.some((f) => f.item_id === offer.items[0])) {
      freeItems.push({ item_id: offer.items[0], offer_id: offer.id });
    }
    if (amountCents > 0 || offer.type === 'free_delivery' || offer.type === 'free_item' || isCoupon) {
      applied.push({ offer_id: offer.id, name: offer.name, type: offer.type, amountCents, isCoupon });
      byLine.forEach((cents, index) => (lineDiscountCents[index] = (lineDiscountCents[index] ?? 0) + cents));
    }
  }
  const discountCents = applied.reduce((sum, a) => sum + a.amountCents, 0);
  const couponCents = applied.filter((a) => a.isCoupon).reduce((sum, a) => sum + a.amountCents, 0);
  const couponNotice = coupon && couponRefusal === null && coupon.type === 'fixed_amount' && fixed?.offer !== coupon ? messages.couponOutdone : null;
  return { applied, discountCents, couponCents, lineDiscountCents, freeDelivery, freeItems, couponRefusal, couponRefusalReason, couponNotice };
}

/**
 * Caps each line's reduction at the line's amount, and moves what overflows (two reductions on one
 * line, or a discount given without per-line parts) onto the other lines in proportion to what is
 * left of their amounts, largest remainder, ties to the earlier line. `total` ≤ Σ amounts.
 * Returns one reduction per line, in cents, summing to `total`.
 */
function allocateLineDiscounts(total: number, amounts: readonly number[], wanted: readonly number[] | undefined): number[] {
  const parts = amounts.map((amount, index) => Math.min(amount, Math.max(0, wanted?.[index] ?? 0)));
  const given = parts.reduce((a, b) => a + b, 0);
  // Wanted parts beyond the capped total (the cap at the subtotal) are taken back from the end.
  let surplus = given - total;
  for (let index = parts.length - 1; surplus > 0 && index >= 0; index -= 1) {
    const back = Math.min(parts[index] ?? 0, surplus);
    parts[index] = (parts[index] ?? 0) - back;
    surplus -= back;
  }
  const left = total - parts.reduce((a, b) => a + b, 0);
  if (left > 0) {
    const extra = spreadProportionallyBefore(
      left,
      amounts.map((amount, index) => amount - (parts[index] ?? 0)),
    );
    extra.forEach((cents, index) => (parts[index] = (parts[index] ?? 0) + cents));
  }
  return parts;
}

/**
 * Prices a cart. Spec section 9 and docs/decisions/016, section 6 (6.6: VAT follows the goods,
 * docs/decisions/011-vat-per-line.md): subtotal = Σ unit × quantity; discount capped at the
 * subtotal, each line bearing its reductions (`lineDiscountCents`); each rate's base = its reduced
 * lines + its share of the delivery fee (split in proportion to the reduced bases, largest
 * remainder, ties to the lower rate); inclusive: tax = round(B × r / (1 + r)), exclusive:
 * round(B × r); disabled: 0; total = subtotal + delivery − discount (+ tax when exclusive), never
 * negative.
 */
function calculateCartTotalsBefore(input: CartPricingInput): CartTotals {
  const { tax } = input;
  const lines = input.lines.map((line) => {
    const unitCents = calculateUnitPrice(line, input.isPickup);
    return { unitCents, amountCents: unitCents * line.quantity };
  });
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const discountCents = Math.min(Math.max(input.discountCents ?? 0, 0), subtotalCents);
  const couponCents = Math.min(Math.max(input.couponCents ?? 0, 0), discountCents);
  const deliveryCents = Math.max(input.deliveryCents ?? 0, 0);

  const amounts = lines.map((line) => line.amountCents);
  const lineDiscountCents = allocateLineDiscounts(discountCents, amounts, input.lineDiscountCents);
  const baseByRate = new Map<number, number>();
  const amountByRate = new Map<number, number>();
  input.lines.forEach((line, index) => {
    const rate = line.taxRateBp ?? tax.defaultRateBp;
    baseByRate.set(rate, (baseByRate.get(rate) ?? 0) + (amounts[index] ?? 0) - (lineDiscountCents[index] ?? 0));
    amountByRate.set(rate, (amountByRate.get(rate) ?? 0) + (amounts[index] ?? 0));
  });

  // The delivery fee is an accessory of the meal: it follows the rates of what was paid for. With
  // every line free it follows the lines' amounts; with no line at all, the default rate.
  const deliveryByRate: CartTotals['deliveryByRate'] = [];
  if (deliveryCents > 0) {
    const rates = [...baseByRate.keys()].sort((a, b) => a - b);
    let weights = rates.map((rate) => baseByRate.get(rate) ?? 0);
    if (weights.every((w) => w === 0)) weights = rates.map((rate) => amountByRate.get(rate) ?? 0);
    if (weights.every((w) => w === 0)) {
      deliveryByRate.push({ rateBp: tax.defaultRateBp, deliveryCents });
    } else {
      spreadProportionallyBefore(deliveryCents, weights).forEach((cents, index) => {
        if (cents > 0) deliveryByRate.push({ rateBp: rates[index] ?? tax.defaultRateBp, deliveryCents: cents });
      });
    }
    for (const part of deliveryByRate) baseByRate.set(part.rateBp, (baseByRate.get(part.rateBp) ?? 0) + part.deliveryCents);
  }

  const taxByRate: TaxLine[] = [...baseByRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rateBp, baseCents]) => ({
      rateBp,
      baseCents,
      taxCents: !tax.enabled ? 0 : tax.inclusive ? roundDiv(baseCents * rateBp, 10_000 + rateBp) : roundDiv(baseCents * rateBp, 10_000),
    }));
  const taxCents = taxByRate.reduce((sum, line) => sum + line.taxCents, 0);
  const beforeTax = subtotalCents + deliveryCents - discountCents;
  const totalCents = Math.max(0, tax.enabled && !tax.inclusive ? beforeTax + taxCents : beforeTax);

  return { lines, lineDiscountCents, deliveryByRate, subtotalCents, discountCents, couponCents, deliveryCents, taxCents, totalCents, taxByRate };
}

function pricedLineFromItemBefore(item: MenuItem, chosen: readonly ChosenOptionValue[], quantity: number): PricedLine {
  return {
    priceDeliveryCents: eurosToCents(item.item_price.price_delivery),
    pricePickupCents: eurosToCents(item.item_price.price_pickup),
    taxRateBp: item.item_price.tax_rate === null ? null : percentToBasisPoints(item.item_price.tax_rate),
    options: chosen.map((choice) => {
      const value = item.options.find((o) => o.option_id === choice.option_id)?.option_options.find((v) => v.id === choice.option_option_id);
      return { priceCents: value ? eurosToCents(value.price) : 0, quantity: choice.quantity };
    }),
    quantity,
  };
}

/**
 * Prices a cart completely: unit prices for the order type, offers and coupon, delivery, tax and
 * total (spec sections 3, 4, 9; docs/decisions/016, section 6). The storefront shows this and
 * the server charges this: the same function on both sides.
 */
export function priceCartBefore(input: PriceCartInput): PricedCart {
  const priced = input.lines.map((line) => pricedLineFromItemBefore(line.item, line.choices, line.quantity));
  const offers = calculateOffersBefore(input.offers, input.coupon, {
    lines: input.lines.map((line, index) => ({ item: line.item, unitCents: calculateUnitPrice(priced[index]!, input.isPickup), quantity: line.quantity })),
    isPickup: input.isPickup,
    now: input.now,
    usedOfferIds: input.usedOfferIds,
  });
  const subtotalCents = priced.reduce((sum, line) => sum + calculateUnitPrice(line, input.isPickup) * line.quantity, 0);
  const totals = calculateCartTotalsBefore({
    lines: priced,
    isPickup: input.isPickup,
    tax: readTaxSettings(input.settings),
    deliveryCents: input.isPickup || offers.freeDelivery || !input.delivery ? 0 : calculateDeliveryFee(input.delivery, subtotalCents),
    discountCents: offers.discountCents,
    couponCents: offers.couponCents,
    lineDiscountCents: offers.lineDiscountCents,
  });
  return { totals, offers, deliveryKnown: input.isPickup || input.delivery !== null };
}
