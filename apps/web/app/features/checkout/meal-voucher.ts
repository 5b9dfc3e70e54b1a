import { useMemo } from 'react';
import { mealVoucherSplit, readMealVoucherSettings, type MealVoucherSplit } from '@resto/domain/meal-vouchers';
import { readPaymentMethods } from '@resto/domain/payments';
import type { PricingData } from '../cart/index.ts';
import { useCartTotals } from '../cart/index.ts';
import { useCheckoutStore } from './checkout-store.ts';
import type { CartLine } from '../cart/cart-store.ts';
import type { CartTotals } from '@resto/domain/cart';

/** What vouchers may pay on a priced cart: the domain's split, as the server computes it again. Cents. */
export function cartVoucherSplit(lines: readonly CartLine[], totals: CartTotals, dailyLimitCents: number): MealVoucherSplit {
  return mealVoucherSplit({
    lines: lines.map((line, index) => ({ amountCents: totals.lines[index]?.amountCents ?? 0, alcoholic: line.item.item_is_alcoholic === true })),
    discountCents: totals.discountCents,
    deliveryCents: totals.deliveryCents,
    totalCents: totals.totalCents,
    dailyLimitCents,
  });
}

/**
 * Meal vouchers at checkout (docs/decisions/012): offered when the restaurant
 * takes them (`payments.meal_voucher.active`) and cash on site is on. The split shown is the
 * domain's, as the server computes it again from its own prices.
 */
export function useMealVoucher(data: PricingData): {
  offered: boolean;
  chosen: boolean;
  dailyLimitCents: number;
  split: MealVoucherSplit;
} {
  const { lines, totals } = useCartTotals(data);
  const method = useCheckoutStore((s) => s.method);
  const mealVoucher = useCheckoutStore((s) => s.mealVoucher);
  const settings = readMealVoucherSettings(data.settings);
  const offered = settings.active && readPaymentMethods(data.settings).methods.includes('cash');
  const split = useMemo(() => cartVoucherSplit(lines, totals, settings.dailyLimitCents), [lines, totals, settings.dailyLimitCents]);
  return { offered, chosen: offered && method === 'cash' && mealVoucher && split.voucherCents > 0, dailyLimitCents: settings.dailyLimitCents, split };
}
