import type { Context } from 'hono';
import { getLocationDistance, suggestLocations } from '@resto/contract/locations.routes';
import { ok, routes, serve } from '../../http/openapi.ts';
import type { LocationService } from './service.ts';

/**
 * GET /v2/public/locations/?query= (suggestions) and GET /v2/public/locations/distance?location=
 * (the distance record), spec section 7. Anything but success marks the query invalid (section 8).
 * The query is checked before the search is counted.
 */
export function locationRoutes(
  locations: LocationService,
  /** Counts one search of this caller (RequestLimits.locations); @throws ApiError 429. */
  limit: (c: Context) => Promise<void> = async () => {},
) {
  const app = routes();
  serve(app, suggestLocations, async (c) => {
    const { query } = c.req.valid('query');
    await limit(c);
    return ok(c, await locations.suggest(query));
  });
  serve(app, getLocationDistance, async (c) => {
    const { location } = c.req.valid('query');
    await limit(c);
    return ok(c, await locations.distance(location));
  });
  return app;
}
