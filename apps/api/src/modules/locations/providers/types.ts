import type { LatLng, LocationSuggestion, ResolvedAddress } from '@resto/domain/location';

/**
 * Address search and routing behind one interface each (docs/decisions/016, section 5): the offline
 * communes index by default, the Base Adresse Nationale and OSRM when configured.
 */

/** Finds addresses. Every method throws ProviderError when the service fails (never a 500). */
export interface AddressProvider {
  readonly name: string;
  /**
   * Up to `limit` suggestions for what the visitor typed (3 characters or more), best first;
   * among places of the same name, those nearest `near` (the restaurant) first.
   */
  suggest(query: string, limit: number, near?: LatLng | null): Promise<LocationSuggestion[]>;
  /** The place of a suggestion's place_id or of a typed address; null when nothing matches. */
  resolve(location: string, near?: LatLng | null): Promise<ResolvedAddress | null>;
  /** The address at a position (the "use my position" button); null when none is near. */
  reverse(point: LatLng): Promise<ResolvedAddress | null>;
}

/** Distance and duration between two points. Throws ProviderError when the service fails. */
export interface RoutingProvider {
  readonly name: string;
  /** Km and minutes from `from` to `to`. */
  route(from: LatLng, to: LatLng): Promise<{ km: number; minutes: number }>;
}

/** A provider that did not answer, or answered something unusable. */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    message: string,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'ProviderError';
  }
}
