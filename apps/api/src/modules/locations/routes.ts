import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  DistanceAnswerSchema,
  DistanceQuerySchema,
  LocationSuggestionsSchema,
  SuggestQuerySchema,
  type DistanceAnswer,
  type LocationSuggestion,
} from '@resto/contract/locations';
import { success } from '../../http/errors.ts';
import { declare, errorAnswer, routes, successAnswer } from '../../http/openapi.ts';
import type { LocationService } from './service.ts';

const tags = ['Adresses'];

const limited = { 429: errorAnswer('Trop de recherches depuis cette adresse (rate_limited), avec Retry-After.') };

const suggestRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'Des adresses pour une saisie de 3 caractères ou plus (section 7).',
  request: { query: SuggestQuerySchema },
  responses: {
    200: successAnswer(LocationSuggestionsSchema, 'Les suggestions.'),
    400: errorAnswer('Saisie trop courte ou trop longue (invalid_request).'),
    502: errorAnswer('Service d’adresses indisponible (location_unavailable).'),
    ...limited,
  },
});

const distanceRoute = createRoute({
  method: 'get',
  path: '/distance',
  tags,
  summary: 'La fiche de distance d’une adresse (section 7) : distance, durée, frais de livraison.',
  request: { query: DistanceQuerySchema },
  responses: {
    200: successAnswer(DistanceAnswerSchema, 'La fiche de distance, et le motif d’un refus de livraison (null sinon).'),
    400: errorAnswer('Adresse trop courte ou trop longue (invalid_request).'),
    404: errorAnswer('Adresse introuvable (location_not_found).'),
    502: errorAnswer('Service d’adresses ou d’itinéraires indisponible (location_unavailable).'),
    ...limited,
  },
});

/**
 * GET /v2/public/locations/?query= (suggestions) and GET /v2/public/locations/distance?location=
 * (the distance record), spec section 7. Anything but success marks the query invalid (section 8).
 */
export function locationRoutes(
  locations: LocationService,
  /** Counts one search of this caller (RequestLimits.locations); @throws ApiError 429. */
  limit: (c: Context) => Promise<void> = async () => {},
) {
  const app = routes();
  declare(app, suggestRoute, async (c, input) => {
    const { query } = input.query();
    await limit(c);
    return success<LocationSuggestion[]>(c, await locations.suggest(query));
  });
  declare(app, distanceRoute, async (c, input) => {
    const { location } = input.query();
    await limit(c);
    return success<DistanceAnswer>(c, await locations.distance(location));
  });
  return app;
}
