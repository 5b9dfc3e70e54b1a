import { useMemo } from 'react';
import { quoteAddressFromSettings } from '@resto/domain/location';
import type { Offer } from '@resto/domain/offers';
import { useCheckoutStore } from '../checkout/checkout-store.ts';
import { priceCart as priceCartInDomain, type PricedCart } from '@resto/domain/pricing';
import type { SettingsList } from '@resto/domain/settings';
import { useCartStore, type CartCoupon, type CartLine } from './cart-store.ts';
import { distanceFor, useLocationStore } from '../location/location-store.ts';

/** What the browser prices with: the menu's settings and automatic offers (from the shell loader). */
export interface PricingData {
  settings: SettingsList;
  offers: Offer[];
}

/**
 * Prices the cart with the same domain code the server uses (spec section 9): offers, the coupon
 * when valid, the order type, the delivery quote of the address typed at checkout (its zone, and
 * its distance when the location panel resolved it), now.
 */
export function priceCart(
  lines: readonly CartLine[],
  isPickup: boolean,
  coupon: CartCoupon | null,
  data: PricingData,
  address: { postal_code: string; city: string; distance: number | null } | null = null,
  now = new Date(),
): PricedCart {
  const quoted = !isPickup && address ? quoteAddressFromSettings(data.settings, address) : null;
  return priceCartInDomain({
    lines,
    isPickup,
    settings: data.settings,
    offers: data.offers,
    coupon: coupon?.validity === 'valid' ? coupon.offer : null,
    now,
    delivery: quoted?.ok ? quoted.quote : null,
  });
}

/** The cart's lines and priced totals, recomputed when the cart, its coupon, the order type or the data change. */
export function useCartTotals(data: PricingData) {
  const lines = useCartStore((s) => s.lines);
  const isPickup = useCartStore((s) => s.is_pickup);
  const coupon = useCartStore((s) => s.coupon);
  const postalCode = useCheckoutStore((s) => s.delivery.postal_code ?? '');
  const city = useCheckoutStore((s) => s.delivery.city ?? '');
  const record = useLocationStore((s) => s._distance);
  const priced = useMemo(
    () =>
      priceCart(
        lines,
        isPickup,
        coupon,
        data,
        postalCode ? { postal_code: postalCode, city, distance: distanceFor(record, { postal_code: postalCode, city }) } : null,
      ),
    [lines, isPickup, coupon, data, postalCode, city, record],
  );
  return { lines, isPickup, coupon, totals: priced.totals, offers: priced.offers, deliveryKnown: priced.deliveryKnown };
}
