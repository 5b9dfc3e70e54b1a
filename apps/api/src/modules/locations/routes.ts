import { Hono, type Context } from 'hono';
import { LocationQuerySchema } from '@resto/domain/location-schemas';
import { ApiError, success, zodFieldErrors } from '../../http/errors.ts';
import type { LocationService } from './service.ts';

function readQuery(value: string | undefined, path: string): string {
  const parsed = LocationQuerySchema.safeParse(value ?? '');
  if (!parsed.success) {
    const errors = zodFieldErrors(parsed.error, [path]);
    throw new ApiError('invalid_request', errors[0]!.message, errors);
  }
  return parsed.data;
}

/**
 * GET /v2/public/locations/?query= (suggestions) and GET /v2/public/locations/distance?location=
 * (the distance record), spec section 7. Anything but success marks the query invalid (section 8).
 */
export function locationRoutes(
  locations: LocationService,
  /** Counts one search of this caller (RequestLimits.locations); @throws ApiError 429. */
  limit: (c: Context) => Promise<void> = async () => {},
) {
  return new Hono({ strict: false })
    .get('/', async (c) => {
      const query = readQuery(c.req.query('query'), 'query');
      await limit(c);
      return success(c, await locations.suggest(query));
    })
    .get('/distance', async (c) => {
      const location = readQuery(c.req.query('location'), 'location');
      await limit(c);
      return success(c, await locations.distance(location));
    });
}
