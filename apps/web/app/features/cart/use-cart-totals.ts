import { useMemo } from 'react';
import type { Offer } from '@resto/domain/offers';
import { priceCart as priceCartInDomain, type PricedCart } from '@resto/domain/pricing';
import type { SettingsList } from '@resto/domain/settings';
import { useCartStore, type CartCoupon, type CartLine } from './cart-store.ts';

/** What the browser prices with: the menu's settings and automatic offers (from the shell loader). */
export interface PricingData {
  settings: SettingsList;
  offers: Offer[];
}

/**
 * Prices the cart with the same domain code the server uses (spec section 9): offers, the coupon
 * when valid, the order type, now. Delivery fees arrive with issue 4 (pickup only for now).
 */
export function priceCart(lines: readonly CartLine[], isPickup: boolean, coupon: CartCoupon | null, data: PricingData, now = new Date()): PricedCart {
  return priceCartInDomain({
    lines,
    isPickup,
    settings: data.settings,
    offers: data.offers,
    coupon: coupon?.validity === 'valid' ? coupon.offer : null,
    now,
    deliveryFeeCents: 0,
  });
}

/** The cart's lines and priced totals, recomputed when the cart, its coupon, the order type or the data change. */
export function useCartTotals(data: PricingData) {
  const lines = useCartStore((s) => s.lines);
  const isPickup = useCartStore((s) => s.is_pickup);
  const coupon = useCartStore((s) => s.coupon);
  const priced = useMemo(() => priceCart(lines, isPickup, coupon, data), [lines, isPickup, coupon, data]);
  return { lines, isPickup, coupon, totals: priced.totals, offers: priced.offers };
}
