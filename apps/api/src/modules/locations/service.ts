import {
  buildDistanceRecord,
  locationMessages,
  maxSuggestions,
  parseLatLng,
  quoteAddressFromSettings,
  restaurantPosition,
  type AddressQuote,
  type LocationSuggestion,
} from '@resto/domain/location';
import { kmToUnit } from '@resto/domain/location';
import { readDeliverySettings } from '@resto/domain/delivery';
import type { SettingsList } from '@resto/domain/settings';
import type { DistanceAnswer } from '@resto/contract/locations';
import { ApiError } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import type { CatalogService } from '../catalog/index.ts';
import { ProviderError, type AddressProvider, type RoutingProvider } from './providers/types.ts';

/**
 * Address search and the distance record (spec sections 3, 4 and 7), over the configured
 * providers. A provider failure is an invalid query for the visitor (502 with a French message),
 * never a 500.
 */
export class LocationService {
  constructor(
    private readonly addresses: AddressProvider,
    private readonly routing: RoutingProvider,
    private readonly catalog: CatalogService,
    private readonly logger: Logger,
  ) {}

  /** Suggestions for a query of 3 characters or more (section 5). @throws ApiError 502 when the provider fails. */
  async suggest(query: string): Promise<LocationSuggestion[]> {
    const near = restaurantPosition((await this.catalog.getCatalog()).settings);
    return this.guard(() => this.addresses.suggest(query, maxSuggestions, near));
  }

  /**
   * The distance record of a suggestion's place_id, a typed address or 'lat,lng' (section 3); for
   * 'lat,lng', the address at that point and the route to the point itself (its lat/lng in the record).
   * @throws ApiError 404 when nothing matches, 502 when a provider fails.
   */
  async distance(location: string): Promise<DistanceAnswer> {
    const point = parseLatLng(location);
    const { settings } = await this.catalog.getCatalog();
    const origin = restaurantPosition(settings);
    const found = await this.guard(() => (point ? this.addresses.reverse(point) : this.addresses.resolve(location, origin)));
    if (!found) throw new ApiError('location_not_found', locationMessages.notFound, [{ path: 'location', message: locationMessages.notFound }]);
    // "lat,lng" is the place itself: its address is the reverse geocoder's, its route goes to that very point, as an
    // order's quote routes to its stored lat/lng (quoteOrderAddress), so a changed order's kept address gets the
    // same distance on the screen and on the server (docs/decisions/039).
    const place = point ? { ...found, lat: point.lat, lng: point.lng } : found;
    const route = origin ? await this.guard(() => this.routing.route(origin, place)) : { km: 0, minutes: 0 };
    const { record, refusal } = buildDistanceRecord(settings, place, route);
    return { ...record, refusal };
  }

  /**
   * The delivery quote of an order's address, computed again on the server (section 9). The
   * distance comes from the address's lat/lng, else from the typed address; when no provider can
   * tell, zone-based delivery goes on with the zone alone (an order is never lost to a geocoder
   * outage) and distance-based delivery is refused.
   */
  async quoteOrderAddress(
    settings: SettingsList,
    address: { address: string; postal_code: string; city: string; lat?: number | null | undefined; lng?: number | null | undefined },
  ): Promise<AddressQuote> {
    const origin = restaurantPosition(settings);
    let distance: number | null = null;
    try {
      const point =
        typeof address.lat === 'number' && typeof address.lng === 'number'
          ? { lat: address.lat, lng: address.lng }
          : await this.addresses.resolve(`${address.address}, ${address.postal_code} ${address.city}`, origin);
      if (origin && point) distance = kmToUnit((await this.routing.route(origin, point)).km, readDeliverySettings(settings).unit);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      this.logger.warn({ err: error.message }, 'distance inconnue pour une commande : la zone seule décide');
    }
    return quoteAddressFromSettings(settings, { postal_code: address.postal_code, city: address.city, distance });
  }

  private async guard<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      this.logger.warn({ err: error.message }, 'fournisseur d’adresses en échec');
      throw new ApiError('location_unavailable', locationMessages.unavailable, [{ path: 'location', message: locationMessages.unavailable }]);
    }
  }
}
