import { getLocationDistance, suggestLocations } from '@resto/contract/locations.routes';
import { api } from '../../lib/api.ts';

/*
 * The location search's two API calls (spec sections 3 and 7), with the API client and their zod
 * schemas. location-search.tsx imports this module when a search starts (or when its field gets
 * the focus), not with the location dialog: the menu preloads that dialog once the page is idle,
 * and evaluating zod there was the menu's longest task after hydration (docs/decisions/027). Failures are
 * the client's `ApiCallError`s (lib/api-error.ts).
 */

/** GET /v2/public/locations?query=…: the suggestions for a typed address (at most a few). */
export function findLocations(query: string) {
  return api.call(suggestLocations, { query: { query } });
}

/** GET /v2/public/locations/distance?location=…: the distance record of a place id, an address or "lat,lng", or its refusal. */
export function distanceTo(location: string) {
  return api.call(getLocationDistance, { query: { location } });
}
