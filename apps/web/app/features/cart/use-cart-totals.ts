import { useMemo } from 'react';
import { findZone, readDeliverySettings, zoneQuote } from '@resto/domain/delivery';
import type { Offer } from '@resto/domain/offers';
import { useCheckoutStore } from '../checkout/checkout-store.ts';
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
 * when valid, the order type, the delivery zone of the address typed at checkout, now.
 */
export function priceCart(
  lines: readonly CartLine[],
  isPickup: boolean,
  coupon: CartCoupon | null,
  data: PricingData,
  address: { postal_code: string; city: string } | null = null,
  now = new Date(),
): PricedCart {
  const zone = !isPickup && address ? findZone(readDeliverySettings(data.settings).zones, address) : null;
  return priceCartInDomain({
    lines,
    isPickup,
    settings: data.settings,
    offers: data.offers,
    coupon: coupon?.validity === 'valid' ? coupon.offer : null,
    now,
    delivery: zone ? zoneQuote(zone) : null,
  });
}

/** The cart's lines and priced totals, recomputed when the cart, its coupon, the order type or the data change. */
export function useCartTotals(data: PricingData) {
  const lines = useCartStore((s) => s.lines);
  const isPickup = useCartStore((s) => s.is_pickup);
  const coupon = useCartStore((s) => s.coupon);
  const postalCode = useCheckoutStore((s) => s.delivery.postal_code ?? '');
  const city = useCheckoutStore((s) => s.delivery.city ?? '');
  const priced = useMemo(
    () => priceCart(lines, isPickup, coupon, data, postalCode ? { postal_code: postalCode, city } : null),
    [lines, isPickup, coupon, data, postalCode, city],
  );
  return { lines, isPickup, coupon, totals: priced.totals, offers: priced.offers, deliveryKnown: priced.deliveryKnown };
}
