import { formatPrice } from './format.ts';
import { otherTypePrice } from '@resto/copy/storefront/cart';
import { roundDiv } from './money.ts';

/**
 * Cart pricing: one implementation for the browser (what the visitor sees) and the server
 * (what is charged). Spec sections 3 and 9; the rounding rules are docs/decisions/016, section 6.
 * All amounts are integer cents; tax rates are basis points (10 % = 1000).
 */

/** One chosen option value of a line: its unit price in cents and how many of it. */
interface PricedOptionValue {
  priceCents: number;
  quantity: number;
}

/** What pricing needs of a cart line, whatever side it is on. */
export interface PricedLine {
  priceDeliveryCents: number;
  pricePickupCents: number;
  /** The item's tax rate in basis points, or null for the cart's default rate. */
  taxRateBp: number | null;
  options: readonly PricedOptionValue[];
  quantity: number;
}

/** The cart's tax settings (spec section 3, Cart: enabled and inclusive by default, 10 %). */
export interface TaxSettings {
  enabled: boolean;
  inclusive: boolean;
  defaultRateBp: number;
}

export const defaultTaxSettings: TaxSettings = { enabled: true, inclusive: true, defaultRateBp: 1000 };

export interface CartPricingInput {
  lines: readonly PricedLine[];
  isPickup: boolean;
  tax: TaxSettings;
  /** Delivery fee in cents, already 0 for pickup or free delivery (section 9). */
  deliveryCents?: number;
  /** Sum of every reduction (offers, coupon, promotion) in cents; capped at the subtotal here. */
  discountCents?: number;
  /**
   * The part of discountCents each line bears, in input order (offers' `lineDiscountCents`;
   * docs/decisions/011-vat-per-line.md). Absent: the discount is spread over all lines in
   * proportion to their amounts, as a fixed amount on the whole cart would be.
   */
  lineDiscountCents?: readonly number[];
  /** The part of discountCents the coupon brought (shown apart, already inside discountCents). */
  couponCents?: number;
}

interface TaxLine {
  rateBp: number;
  /** Amount the tax is computed on, in cents (reduced lines at that rate, plus that rate's share of the delivery fee). */
  baseCents: number;
  taxCents: number;
}

export interface CartTotals {
  /** Unit price and amount of each input line, in input order. */
  lines: { unitCents: number; amountCents: number }[];
  /** The reduction each line bears after the cap, in input order; sums to discountCents. */
  lineDiscountCents: number[];
  /** The part of the delivery fee taxed at each rate (same rates as taxByRate; sums to deliveryCents). */
  deliveryByRate: { rateBp: number; deliveryCents: number }[];
  subtotalCents: number;
  discountCents: number;
  couponCents: number;
  deliveryCents: number;
  taxCents: number;
  totalCents: number;
  /** Tax per rate, sorted by rate, for the recap (docs/decisions/016, section 6.6). */
  taxByRate: TaxLine[];
}

/**
 * Unit price of a line for the order type: price_pickup for pickup, price_delivery for delivery
 * (section 9), plus each chosen option value's price × its quantity (docs/decisions/016, section 6.1).
 */
export function calculateUnitPrice(line: PricedLine, isPickup: boolean): number {
  const base = isPickup ? line.pricePickupCents : line.priceDeliveryCents;
  return line.options.reduce((sum, value) => sum + value.priceCents * value.quantity, base);
}

/**
 * What the same line (or one dish, quantity 1) costs for the other order type, as the customer reads
 * it beside its price: « 22,50 € en livraison » while picking up, « 21,50 € à emporter » while having
 * it delivered; null when both types cost the same (section 9: price_pickup and price_delivery may
 * differ, and a line that changes price when the type switches must say why).
 */
export function describeOtherTypePrice(line: PricedLine, isPickup: boolean): string | null {
  const hereCents = calculateUnitPrice(line, isPickup) * line.quantity;
  const thereCents = calculateUnitPrice(line, !isPickup) * line.quantity;
  if (hereCents === thereCents) return null;
  return isPickup ? otherTypePrice.whenDelivered(formatPrice(thereCents)) : otherTypePrice.whenPickedUp(formatPrice(thereCents));
}

/**
 * Spreads `total` cents over `weights` in proportion, by largest remainder, so the parts add up
 * exactly to `total`. Weights are non-negative integers; all-zero weights give all-zero parts.
 */
export function spreadProportionally(total: number, weights: readonly number[]): number[] {
  const count = weights.length;
  let weightSum = 0;
  for (let index = 0; index < count; index++) weightSum += weights[index]!;
  const parts = new Array<number>(count).fill(0);
  if (weightSum === 0 || total === 0) return parts;
  let left = total;
  for (let index = 0; index < count; index++) {
    parts[index] = Math.floor((total * weights[index]!) / weightSum);
    left -= parts[index]!;
  }
  if (left <= 0) return parts;
  // The cents left go one each to the largest remainders, ties to the earlier weight.
  const remainders = new Array<number>(count);
  for (let index = 0; index < count; index++) remainders[index] = (total * weights[index]!) % weightSum;
  if (count <= 32) {
    const taken = Number.NEGATIVE_INFINITY;
    // Fewer cents left than weights: picking the largest remainder `left` times is the sort's
    // order without its arrays (a cart's lines and rates are few; pricing runs for every cart).
    for (; left > 0; left--) {
      let best = -1;
      for (let index = 0; index < count; index++) if (remainders[index]! !== taken && (best === -1 || remainders[index]! > remainders[best]!)) best = index;
      if (best === -1) break;
      parts[best] = parts[best]! + 1;
      remainders[best] = taken;
    }
    return parts;
  }
  const order = Array.from({ length: count }, (_, index) => index).sort((a, b) => remainders[b]! - remainders[a]! || a - b);
  for (const index of order) {
    if (left <= 0) break;
    parts[index] = parts[index]! + 1;
    left -= 1;
  }
  return parts;
}

/**
 * Caps each line's reduction at the line's amount, and moves what overflows (two reductions on one
 * line, or a discount given without per-line parts) onto the other lines in proportion to what is
 * left of their amounts, largest remainder, ties to the earlier line. `total` ≤ Σ amounts.
 * Returns one reduction per line, in cents, summing to `total`.
 */
export function allocateLineDiscounts(total: number, amounts: readonly number[], wanted: readonly number[] | undefined): number[] {
  const count = amounts.length;
  const parts = new Array<number>(count);
  let given = 0;
  for (let index = 0; index < count; index++) {
    parts[index] = Math.min(amounts[index]!, Math.max(0, wanted?.[index] ?? 0));
    given += parts[index]!;
  }
  // Wanted parts beyond the capped total (the cap at the subtotal) are taken back from the end.
  let surplus = given - total;
  for (let index = count - 1; surplus > 0 && index >= 0; index -= 1) {
    const back = Math.min(parts[index]!, surplus);
    parts[index] = parts[index]! - back;
    surplus -= back;
    given -= back;
  }
  const left = total - given;
  if (left > 0) {
    const room = new Array<number>(count);
    for (let index = 0; index < count; index++) room[index] = amounts[index]! - parts[index]!;
    const extra = spreadProportionally(left, room);
    for (let index = 0; index < count; index++) parts[index] = parts[index]! + extra[index]!;
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
export function calculateCartTotals(input: CartPricingInput): CartTotals {
  const count = input.lines.length;
  const unitCents = new Array<number>(count);
  for (let index = 0; index < count; index++) unitCents[index] = calculateUnitPrice(input.lines[index]!, input.isPickup);
  return calculateTotalsOfUnits(input, unitCents);
}

/**
 * calculateCartTotals, once each line's unit price is known (`unitCents[i]`, calculateUnitPrice of
 * `input.lines[i]`): priceCart has them already from the offers' pass, so they are not computed twice.
 */
export function calculateTotalsOfUnits(input: CartPricingInput, unitCents: readonly number[]): CartTotals {
  const { tax } = input;
  // Loops over plain arrays, the rates in a small sorted list rather than Maps: this runs for every
  // cart priced (docs/decisions/025; pricing-equivalence.test.ts proves the results unchanged).
  const count = input.lines.length;
  const lines = new Array<{ unitCents: number; amountCents: number }>(count);
  const amounts = new Array<number>(count);
  let subtotalCents = 0;
  for (let index = 0; index < count; index++) {
    const amountCents = unitCents[index]! * input.lines[index]!.quantity;
    lines[index] = { unitCents: unitCents[index]!, amountCents };
    amounts[index] = amountCents;
    subtotalCents += amountCents;
  }
  const discountCents = Math.min(Math.max(input.discountCents ?? 0, 0), subtotalCents);
  const couponCents = Math.min(Math.max(input.couponCents ?? 0, 0), discountCents);
  const deliveryCents = Math.max(input.deliveryCents ?? 0, 0);

  const lineDiscountCents = allocateLineDiscounts(discountCents, amounts, input.lineDiscountCents);
  // The lines' rates, ascending, with each rate's reduced base and undiscounted amount.
  const rates: number[] = [];
  const baseByRate: number[] = [];
  const amountByRate: number[] = [];
  for (let index = 0; index < count; index++) {
    const rate = input.lines[index]!.taxRateBp ?? tax.defaultRateBp;
    const at = rateSlot(rates, rate, baseByRate, amountByRate);
    baseByRate[at] = baseByRate[at]! + amounts[index]! - (lineDiscountCents[index] ?? 0);
    amountByRate[at] = amountByRate[at]! + amounts[index]!;
  }

  // The delivery fee is an accessory of the meal: it follows the rates of what was paid for. With
  // every line free it follows the lines' amounts; with no line at all, the default rate.
  const deliveryByRate: CartTotals['deliveryByRate'] = [];
  if (deliveryCents > 0) {
    let weights: readonly number[] = baseByRate;
    if (weights.every((w) => w === 0)) weights = amountByRate;
    if (weights.every((w) => w === 0)) {
      deliveryByRate.push({ rateBp: tax.defaultRateBp, deliveryCents });
    } else {
      const parts = spreadProportionally(deliveryCents, weights);
      for (let index = 0; index < parts.length; index++) if (parts[index]! > 0) deliveryByRate.push({ rateBp: rates[index]!, deliveryCents: parts[index]! });
    }
    for (const part of deliveryByRate) {
      const at = rateSlot(rates, part.rateBp, baseByRate, amountByRate);
      baseByRate[at] = baseByRate[at]! + part.deliveryCents;
    }
  }

  const taxByRate = new Array<TaxLine>(rates.length);
  let taxCents = 0;
  for (let index = 0; index < rates.length; index++) {
    const rateBp = rates[index]!;
    const baseCents = baseByRate[index]!;
    const lineTaxCents = !tax.enabled ? 0 : tax.inclusive ? roundDiv(baseCents * rateBp, 10_000 + rateBp) : roundDiv(baseCents * rateBp, 10_000);
    taxByRate[index] = { rateBp, baseCents, taxCents: lineTaxCents };
    taxCents += lineTaxCents;
  }
  const beforeTax = subtotalCents + deliveryCents - discountCents;
  const totalCents = Math.max(0, tax.enabled && !tax.inclusive ? beforeTax + taxCents : beforeTax);

  return { lines, lineDiscountCents, deliveryByRate, subtotalCents, discountCents, couponCents, deliveryCents, taxCents, totalCents, taxByRate };
}

/**
 * The index of `rate` in the ascending list `rates`, inserted there (with 0 in the parallel sums)
 * when absent (with 0 in `baseByRate` and `amountByRate`, kept parallel). A cart has a handful of rates: a linear scan beats a Map and keeps them sorted.
 */
function rateSlot(rates: number[], rate: number, baseByRate: number[], amountByRate: number[]): number {
  let at = 0;
  while (at < rates.length && rates[at]! < rate) at++;
  if (rates[at] !== rate) {
    rates.splice(at, 0, rate);
    baseByRate.splice(at, 0, 0);
    amountByRate.splice(at, 0, 0);
  }
  return at;
}
