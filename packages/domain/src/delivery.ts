import { formatPrice } from './format.ts';
import { deliveryAnswers } from '@resto/copy/storefront/location';
import { eurosToCents } from './money.ts';
import { readSetting, type SettingsList } from './settings.ts';

/**
 * Delivery fees and the minimum order (spec sections 3, 4 and 9; docs/decisions/016, section 6.5).
 * Amounts in integer cents; settings come as the API serves them (euros).
 */

/** A delivery zone of `features.delivery.zones` (euros, as the settings hold them). */
export interface DeliveryZone {
  name: string;
  city: string;
  postal_code: string;
  delivery_fee: number;
  flat_charge: number;
  minimum_order: number;
}

export interface DeliverySettings {
  active: boolean;
  calculationType: 'zone_based' | 'distance';
  /** In `unit`. */
  maxDistance: number;
  unit: 'km' | 'miles';
  minimumOrderCents: number;
  flatChargeCents: number;
  zones: DeliveryZone[];
}

/** The `features.delivery.*` settings, with safe defaults (delivery off). */
export function readDeliverySettings(settings: SettingsList): DeliverySettings {
  const zones = readSetting<unknown>(settings, 'features.delivery.zones', []);
  return {
    active: readSetting(settings, 'features.delivery.active', false),
    calculationType: readSetting<string>(settings, 'features.delivery.calculation_type', 'zone_based') === 'distance' ? 'distance' : 'zone_based',
    maxDistance: readSetting(settings, 'features.delivery.max_distance', 0),
    unit: readSetting<string>(settings, 'features.delivery.unit', 'km') === 'miles' ? 'miles' : 'km',
    minimumOrderCents: eurosToCents(readSetting(settings, 'features.delivery.minimum_order', 0)),
    flatChargeCents: eurosToCents(readSetting(settings, 'features.delivery.flat_charge', 0)),
    zones: Array.isArray(zones) ? (zones as DeliveryZone[]) : [],
  };
}

/** What the fee of one address is made of: fee, plus the flat charge when the subtotal is under the minimum. */
export interface DeliveryQuote {
  baseFeeCents: number;
  flatChargeCents: number;
  minimumOrderCents: number;
  zoneName: string | null;
}

/**
 * The fee of a delivery for a subtotal before reductions (section 9): the base fee, plus the
 * flat charge when the subtotal is under the minimum order.
 */
export function calculateDeliveryFee(quote: DeliveryQuote, subtotalCents: number): number {
  return quote.baseFeeCents + (subtotalCents < quote.minimumOrderCents ? quote.flatChargeCents : 0);
}

const normalizeCity = (city: string) =>
  city
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * The zone of an address: same postal code, and the same city when the zone names one
 * (accents, case and punctuation ignored: 'Lyon 2e' matches 'lyon-2e'). Null outside every zone.
 */
export function findZone(zones: readonly DeliveryZone[], address: { postal_code: string; city: string }): DeliveryZone | null {
  const postalCode = address.postal_code.trim();
  const city = normalizeCity(address.city);
  return zones.find((zone) => zone.postal_code === postalCode && (!zone.city || normalizeCity(zone.city).split(' ')[0] === city.split(' ')[0])) ?? null;
}

/** The quote of a zone (section 9, zone-based). */
export function zoneQuote(zone: DeliveryZone): DeliveryQuote {
  return {
    baseFeeCents: eurosToCents(zone.delivery_fee),
    flatChargeCents: eurosToCents(zone.flat_charge),
    minimumOrderCents: eurosToCents(zone.minimum_order),
    zoneName: zone.name,
  };
}

/** French reason shown when an address is outside every delivery zone. */
export function outsideZonesMessage(postalCode: string): string {
  return deliveryAnswers.outsideZones(postalCode);
}

/**
 * The spec's exception to moving on after choosing delivery (section 4): delivery active, the
 * subtotal under the minimum order and no flat charge to make up for it. Returns the French
 * message to show on the type tab, or null when delivery can be chosen.
 */
export function deliveryChoiceRefusal(delivery: DeliverySettings, subtotalCents: number): string | null {
  if (!delivery.active) return deliveryAnswers.deliveryInactive;
  if (subtotalCents < delivery.minimumOrderCents && delivery.flatChargeCents === 0) {
    return deliveryAnswers.deliveryMinimum(formatPrice(delivery.minimumOrderCents), formatPrice(delivery.minimumOrderCents - subtotalCents));
  }
  return null;
}
