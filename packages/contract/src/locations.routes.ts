import { createRoute } from '@hono/zod-openapi';
import { DistanceAnswerSchema, DistanceQuerySchema, LocationSuggestionsSchema, SuggestQuerySchema } from './locations.ts';
import { apiTags, errorAnswer, successAnswer } from './route-kit.ts';

/** Address search and the distance record of a delivery address (spec section 7). */
const tags = [apiTags.addresses.name];

const limited = { 429: errorAnswer('Trop de recherches depuis cette adresse (rate_limited), avec Retry-After.') };

/** GET /v2/public/locations/?query=: address suggestions for 3 characters or more (spec section 7). */
export const suggestLocations = createRoute({
  operationId: 'suggestLocations',
  method: 'get',
  path: '/v2/public/locations',
  tags,
  summary: 'Des adresses pour une saisie de 3 caractères ou plus (section 7).',
  description: 'Chaque suggestion donne le texte à montrer et le `place_id` à passer au calcul de distance. Compte une recherche de l’adresse IP appelante.',
  request: { query: SuggestQuerySchema },
  responses: {
    200: successAnswer(LocationSuggestionsSchema, 'Les suggestions.'),
    400: errorAnswer('Saisie trop courte ou trop longue (invalid_request).'),
    502: errorAnswer('Service d’adresses indisponible (location_unavailable).'),
    ...limited,
  },
});

/** GET /v2/public/locations/distance?location=: the distance record of an address (spec section 7). */
export const getLocationDistance = createRoute({
  operationId: 'getLocationDistance',
  method: 'get',
  path: '/v2/public/locations/distance',
  tags,
  summary: 'La fiche de distance d’une adresse (section 7) : distance, durée, frais de livraison.',
  description: '`location` : le `place_id` ou le texte d’une suggestion, ou « lat,lng ». Compte une recherche de l’adresse IP appelante.',
  request: { query: DistanceQuerySchema },
  responses: {
    200: successAnswer(DistanceAnswerSchema, 'La fiche de distance, et le motif d’un refus de livraison (null sinon).'),
    400: errorAnswer('Adresse trop courte ou trop longue (invalid_request).'),
    404: errorAnswer('Adresse introuvable (location_not_found).'),
    502: errorAnswer('Service d’adresses ou d’itinéraires indisponible (location_unavailable).'),
    ...limited,
  },
});
