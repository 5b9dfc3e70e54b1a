import { useMemo } from 'react';
import { calculateCartTotals, type CartTotals } from '@resto/domain/cart';
import { pricedLineFromItem } from '@resto/domain/catalogue';
import { readTaxSettings, type SettingsList } from '@resto/domain/settings';
import { useCartStore, type CartLine } from './cart-store.ts';

/** Prices cart lines with the same domain code the server uses (spec section 9). */
export function priceCart(lines: readonly CartLine[], isPickup: boolean, settings: SettingsList): CartTotals {
  return calculateCartTotals({
    lines: lines.map((line) => pricedLineFromItem(line.item, line.choices, line.quantity)),
    isPickup,
    tax: readTaxSettings(settings),
    deliveryCents: 0,
    discountCents: 0,
  });
}

/** The cart's lines and totals, recomputed when the cart, the order type or the settings change. */
export function useCartTotals(settings: SettingsList) {
  const lines = useCartStore((s) => s.lines);
  const isPickup = useCartStore((s) => s.is_pickup);
  const totals = useMemo(() => priceCart(lines, isPickup, settings), [lines, isPickup, settings]);
  return { lines, isPickup, totals };
}
