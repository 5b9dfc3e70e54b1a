import type { LatLng, LocationSuggestion, ResolvedAddress } from '@resto/domain/location';
import { ProviderError, type AddressProvider } from './types.ts';

/**
 * The Base Adresse Nationale (the French state's free address API, street level): GET
 * `{baseUrl}/search/?q=&limit=&autocomplete=1` and `{baseUrl}/reverse/?lon=&lat=`, answering
 * GeoJSON FeatureCollections whose features carry `properties.label`, `name`, `postcode`,
 * `city`, `context`, `type`, `score` and a Point geometry [lng, lat].
 * Selected with LOCATIONS_PROVIDER=ban (BAN_URL to point elsewhere).
 */

interface BanFeature {
  geometry?: { type?: string; coordinates?: [number, number] };
  properties?: { label?: string; name?: string; postcode?: string; city?: string; context?: string; type?: string; score?: number };
}

/** Below this score the first result of a typed address is not taken for it. */
const minResolveScore = 0.4;
const timeoutMs = 3000;

export function createBanAddressProvider(baseUrl: string, fetchImpl: typeof fetch = fetch): AddressProvider {
  const root = baseUrl.replace(/\/+$/, '');

  async function features(path: string, params: Record<string, string>): Promise<BanFeature[]> {
    const url = `${root}${path}?${new URLSearchParams(params)}`;
    let response: Response;
    try {
      response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs), headers: { Accept: 'application/json' } });
    } catch (error) {
      throw new ProviderError('ban', error instanceof Error ? error.message : 'no answer');
    }
    if (!response.ok) throw new ProviderError('ban', `HTTP ${response.status}`);
    const body = (await response.json().catch(() => null)) as { features?: unknown } | null;
    if (!body || !Array.isArray(body.features)) throw new ProviderError('ban', 'not a FeatureCollection');
    return body.features as BanFeature[];
  }

  return {
    name: 'ban',
    async suggest(query, limit, near) {
      const found = await features('/search/', { q: query, limit: String(limit), autocomplete: '1', ...proximity(near) });
      return found.flatMap((f) => {
        const place = toResolved(f);
        return place ? [toSuggestion(f, place)] : [];
      });
    },
    async resolve(location, near) {
      const [best] = await features('/search/', { q: location, limit: '1', ...proximity(near) });
      if (!best || (best.properties?.score ?? 0) < minResolveScore) return null;
      return toResolved(best);
    },
    async reverse(point: LatLng) {
      const [best] = await features('/reverse/', { lon: String(point.lng), lat: String(point.lat), limit: '1' });
      return best ? toResolved(best) : null;
    },
  };
}

/** The BAN's `lat`/`lon` parameters favour results near a point (the restaurant). */
const proximity = (near: LatLng | null | undefined): Record<string, string> => (near ? { lat: String(near.lat), lon: String(near.lng) } : {});

function toResolved(feature: BanFeature): ResolvedAddress | null {
  const p = feature.properties;
  const coordinates = feature.geometry?.coordinates;
  if (!p?.label || !p.postcode || !p.city || !coordinates) return null;
  const [lng, lat] = coordinates;
  const isStreetLevel = p.type === 'housenumber' || p.type === 'street' || p.type === 'locality';
  return {
    address: isStreetLevel ? (p.name ?? '') : '',
    city: p.city,
    postal_code: p.postcode,
    // context: '69, Rhône, Auvergne-Rhône-Alpes' → 'Rhône, Auvergne-Rhône-Alpes'
    state: (p.context ?? '').split(', ').slice(1).join(', '),
    country: 'France',
    formatted_address: isStreetLevel ? `${p.name}, ${p.postcode} ${p.city}` : `${p.postcode} ${p.city}`,
    lat,
    lng,
  };
}

function toSuggestion(feature: BanFeature, place: ResolvedAddress): LocationSuggestion {
  return {
    description: place.formatted_address,
    structured_formatting: place.address
      ? { main_text: place.address, secondary_text: `${place.postal_code} ${place.city}, France` }
      : { main_text: place.city, secondary_text: `${place.postal_code}, ${place.state}` },
    // The BAN has no lookup by id: the label is searched again, and comes back first.
    place_id: feature.properties?.label ?? place.formatted_address,
  };
}
