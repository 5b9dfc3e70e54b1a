import { spreadProportionally } from './cart.ts';
import { eurosToCents } from './money.ts';
import { readSetting, type SettingsList } from './settings.ts';

/**
 * Meal vouchers (titres-restaurant, paper or card) paid on site
 * (docs/decisions/012-personal-data-and-meal-vouchers.md). Pure: amounts are integer cents.
 *
 * French rule (Code du travail R3262-4 and the 2026 daily ceiling): a voucher pays for food
 * ready to eat and non-alcoholic drinks, never alcohol nor a delivery fee, up to a daily ceiling
 * per person (25 € by default). The rest of the order is paid by another method.
 */

/** The daily ceiling when `payments.meal_voucher.daily_limit` is not set: 25 € (2026). */
const defaultMealVoucherDailyLimitCents = 2500;

export interface MealVoucherSettings {
  /** `payments.meal_voucher.active` (default off). */
  active: boolean;
  /** `payments.meal_voucher.daily_limit` in euros (default 25), here in cents. */
  dailyLimitCents: number;
}

/** The meal-voucher settings: off and 25 € unless set; a negative or non-number limit reads as the default. */
export function readMealVoucherSettings(settings: SettingsList): MealVoucherSettings {
  const limit = readSetting(settings, 'payments.meal_voucher.daily_limit', defaultMealVoucherDailyLimitCents / 100);
  return {
    active: readSetting(settings, 'payments.meal_voucher.active', false),
    dailyLimitCents: Number.isFinite(limit) && limit >= 0 ? eurosToCents(limit) : defaultMealVoucherDailyLimitCents,
  };
}

/** One priced cart line, as far as vouchers care: its amount (unit × quantity, cents) and whether it is alcohol. */
export interface VoucherLine {
  amountCents: number;
  alcoholic: boolean;
}

export interface MealVoucherInput {
  lines: readonly VoucherLine[];
  /** Every reduction of the order (offers, coupon), cents, as in CartTotals.discountCents. */
  discountCents: number;
  /** The delivery fee charged, cents (0 for pickup). */
  deliveryCents: number;
  /** The order's total, cents. */
  totalCents: number;
  /** The daily ceiling, cents. */
  dailyLimitCents: number;
}

export interface MealVoucherSplit {
  /** Food and non-alcoholic drinks after their share of the discount, before the ceiling (cents). */
  eligibleCents: number;
  /** What vouchers may pay on this order: the eligible amount capped by the ceiling and the total (cents). */
  voucherCents: number;
  /** What is left for another method (cash or card on site): total − voucherCents (cents). */
  restCents: number;
}

/**
 * The part of an order meal vouchers may pay (docs/decisions/012). The discount is spread over the
 * lines in proportion to their amounts (largest remainder, as for tax), so alcohol keeps its share;
 * the eligible amount is the non-alcoholic lines after their share, never above the total minus the
 * delivery fee; the voucher amount is that, capped by the daily ceiling.
 * Invariants (property-tested): 0 ≤ voucherCents ≤ min(dailyLimitCents, eligibleCents, totalCents),
 * voucherCents + restCents = totalCents.
 */
export function mealVoucherSplit(input: MealVoucherInput): MealVoucherSplit {
  const amounts = input.lines.map((line) => Math.max(0, line.amountCents));
  const subtotal = amounts.reduce((sum, amount) => sum + amount, 0);
  const discount = Math.min(Math.max(0, input.discountCents), subtotal);
  const shares = spreadProportionally(discount, amounts);
  const food = input.lines.reduce((sum, line, index) => (line.alcoholic ? sum : sum + (amounts[index] ?? 0) - (shares[index] ?? 0)), 0);
  const total = Math.max(0, input.totalCents);
  const goods = Math.max(0, total - Math.max(0, input.deliveryCents));
  const eligibleCents = Math.max(0, Math.min(food, goods));
  const voucherCents = Math.max(0, Math.min(eligibleCents, Math.max(0, input.dailyLimitCents), total));
  return { eligibleCents, voucherCents, restCents: total - voucherCents };
}
