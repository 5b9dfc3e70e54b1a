import { findZone, outsideZonesMessage, readDeliverySettings, zoneQuote, type DeliveryQuote, type DeliverySettings } from './delivery.ts';
import { locationMessages } from '@resto/copy/storefront/location';
import { centsToEuros, eurosToCents } from './money.ts';
import { readSetting, type SettingsList } from './settings.ts';

/**
 * Addresses, distances and the delivery quote of an address (spec sections 3, 4, 5, 8 and 9).
 * Distances in the settings' unit (km or miles), durations in minutes, money in cents inside and
 * euros in the distance record (as the API speaks).
 */

export { minLocationQueryLength } from './location-limits.ts';
/** The location panel's sentences live in the catalogue (packages/copy/src/storefront/location.ts). */
export { locationMessages };
/** Suggestions answered per search. */
export const maxSuggestions = 8;
/** A valid choice closes the location panel after this long, ms (section 4). */
export const locationPanelCloseDelayMs = 1000;
const kmPerMile = 1.609344;

/** A suggestion of GET /v2/public/locations/ (section 3, Location suggestions). */
export interface LocationSuggestion {
  /** The whole address, e.g. '12 Rue de la République, 69002 Lyon'. */
  description: string;
  structured_formatting: { main_text: string; secondary_text: string };
  /** What to send as `location` to the distance call (the provider's id of this place). */
  place_id: string;
}

/** A resolved address: what a provider knows of a place. */
export interface ResolvedAddress {
  /** Street line, '12 Rue de la République' (empty for a whole commune). */
  address: string;
  city: string;
  postal_code: string;
  /** Département and region, 'Rhône, Auvergne-Rhône-Alpes'. */
  state: string;
  country: string;
  formatted_address: string;
  lat: number;
  lng: number;
}

/** The distance record (section 3, Location): the address, how far, how long, what delivery costs (euros). */
export interface DistanceRecord extends ResolvedAddress {
  distance: number;
  /** Minutes by road (or estimated from the straight line). */
  duration: number;
  unit: 'km' | 'miles';
  /** Euros: the zone's or the distance tier's fee, before the flat charge under the minimum. */
  delivery_cost: number;
  address2: string;
  /** The delivery zone's name (zone-based delivery), else null. */
  zone: string | null;
}

export interface LatLng {
  lat: number;
  lng: number;
}

/** Great-circle distance in km (haversine, mean Earth radius 6,371 km). */
export function haversineKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Km in the settings' unit, rounded to 0.1. */
export function kmToUnit(km: number, unit: 'km' | 'miles'): number {
  return Math.round((unit === 'miles' ? km / kmPerMile : km) * 10) / 10;
}

/** The restaurant's position (`contacts.latitude`, `contacts.longitude`), or null when not set. */
export function restaurantPosition(settings: SettingsList): LatLng | null {
  const lat = readSetting<number>(settings, 'contacts.latitude', Number.NaN);
  const lng = readSetting<number>(settings, 'contacts.longitude', Number.NaN);
  return Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
}

/** A fee tier of distance-based delivery: up to `up_to` (settings' unit) costs `fee` euros. */
export interface DistanceFeeTier {
  up_to: number;
  fee: number;
}

/**
 * `features.delivery.distance_fees`, sorted by distance. The spec names distance-based delivery
 * but no price per distance: a tier table is what restaurants use (docs/decisions/005).
 */
export function readDistanceFees(settings: SettingsList): DistanceFeeTier[] {
  const tiers = readSetting<unknown>(settings, 'features.delivery.distance_fees', []);
  if (!Array.isArray(tiers)) return [];
  return tiers
    .filter(
      (t): t is DistanceFeeTier =>
        typeof t === 'object' && t !== null && typeof (t as DistanceFeeTier).up_to === 'number' && typeof (t as DistanceFeeTier).fee === 'number',
    )
    .sort((a, b) => a.up_to - b.up_to);
}

/** Why an address cannot be delivered. */
export type DeliveryRefusal = { reason: 'inactive' | 'too_far' | 'outside_zones'; message: string };

export type AddressQuote = { ok: true; quote: DeliveryQuote; deliveryCostCents: number; zone: string | null } | ({ ok: false } & DeliveryRefusal);



/**
 * The delivery quote of an address (section 9): refused when delivery is off or the distance is
 * over `max_distance` (when set); zone-based: the zone of its postal code and city (refused
 * outside every zone), with that zone's fee, flat charge and minimum; distance-based: the first
 * tier of `distance_fees` covering the distance (refused past the last tier), with the global
 * `flat_charge` and `minimum_order`. `distance` is in the settings' unit, or null when unknown
 * (then only the zone decides).
 */
export function quoteAddress(
  delivery: DeliverySettings,
  address: { postal_code: string; city: string; distance: number | null },
  tiers: readonly DistanceFeeTier[] = [],
): AddressQuote {
  if (!delivery.active) return { ok: false, reason: 'inactive', message: locationMessages.inactive };
  const { distance } = address;
  if (distance !== null && delivery.maxDistance > 0 && distance > delivery.maxDistance) {
    return { ok: false, reason: 'too_far', message: locationMessages.tooFarDetail(distance, delivery.unit, delivery.maxDistance) };
  }
  if (delivery.calculationType === 'zone_based') {
    const zone = findZone(delivery.zones, address);
    if (!zone) return { ok: false, reason: 'outside_zones', message: outsideZonesMessage(address.postal_code) };
    const quote = zoneQuote(zone);
    return { ok: true, quote, deliveryCostCents: quote.baseFeeCents, zone: zone.name };
  }
  if (distance === null) return { ok: false, reason: 'too_far', message: locationMessages.notFound };
  const tier = tiers.length ? tiers.find((t) => distance <= t.up_to) : { up_to: Infinity, fee: 0 };
  if (!tier) return { ok: false, reason: 'too_far', message: locationMessages.tooFarDetail(distance, delivery.unit, tiers[tiers.length - 1]!.up_to) };
  const quote: DeliveryQuote = {
    baseFeeCents: eurosToCents(tier.fee),
    flatChargeCents: delivery.flatChargeCents,
    minimumOrderCents: delivery.minimumOrderCents,
    zoneName: null,
  };
  return { ok: true, quote, deliveryCostCents: quote.baseFeeCents, zone: null };
}

/** quoteAddress from the settings list. */
export function quoteAddressFromSettings(settings: SettingsList, address: { postal_code: string; city: string; distance: number | null }): AddressQuote {
  return quoteAddress(readDeliverySettings(settings), address, readDistanceFees(settings));
}

/** Estimated minutes by road from a straight line: 1.3 × the distance at 25 km/h in town. */
export function estimateDurationMinutes(km: number): number {
  return Math.max(1, Math.round(((km * 1.3) / 25) * 60));
}

/**
 * Builds the distance record of a resolved address (section 3): distance in the settings' unit,
 * duration in minutes, the delivery cost in euros; or the refusal (too far, outside zones).
 */
export function buildDistanceRecord(
  settings: SettingsList,
  place: ResolvedAddress,
  route: { km: number; minutes: number },
): { record: DistanceRecord; refusal: DeliveryRefusal | null } {
  const delivery = readDeliverySettings(settings);
  const distance = kmToUnit(route.km, delivery.unit);
  const quoted = quoteAddress(delivery, { postal_code: place.postal_code, city: place.city, distance }, readDistanceFees(settings));
  const record: DistanceRecord = {
    ...place,
    address2: '',
    distance,
    duration: Math.round(route.minutes),
    unit: delivery.unit,
    delivery_cost: quoted.ok ? centsToEuros(quoted.deliveryCostCents) : 0,
    zone: quoted.ok ? quoted.zone : null,
  };
  return { record, refusal: quoted.ok ? null : { reason: quoted.reason, message: quoted.message } };
}

/** 'lat,lng' (from "use my position"), or null when the text is not a pair of coordinates in range. */
export function parseLatLng(value: string): LatLng | null {
  const match = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(value);
  if (!match) return null;
  const [lat, lng] = [Number(match[1]), Number(match[2])];
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}
