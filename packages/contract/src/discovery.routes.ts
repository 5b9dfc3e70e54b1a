import { createRoute } from '@hono/zod-openapi';
import { PopularAnswerSchema, PopularQuerySchema, RecommendationsAnswerSchema, RecommendationsSchema } from './discovery.ts';
import { apiTags, bodyErrors, errorAnswer, jsonBody, successAnswer } from './route-kit.ts';

/** Dishes suggested beside the cart and the most ordered ones (spec section 7). */
const tags = [apiTags.suggestions.name];

/** POST /v2/recommendations: the dishes often ordered with the cart's. */
export const getRecommendations = createRoute({
  operationId: 'getRecommendations',
  method: 'post',
  path: '/v2/recommendations',
  tags,
  summary: 'Les plats souvent pris avec ceux du panier (section 7).',
  description: '`cartItems` : les ids des plats du panier ; `maxRecommendations` : combien en suggérer (1 à 12, 12 par défaut). Les plats du panier ne sont jamais suggérés.',
  request: { body: jsonBody(RecommendationsSchema) },
  responses: { 200: successAnswer(RecommendationsAnswerSchema, 'Les plats suggérés.'), ...bodyErrors },
});

/** GET /v2/public/recommendations/popular?limit=: the most ordered dishes. */
export const listPopularItems = createRoute({
  operationId: 'listPopularItems',
  method: 'get',
  path: '/v2/public/recommendations/popular',
  tags,
  summary: 'Les plats les plus commandés (section 7).',
  description: 'Au plus `limit` plats (1 à 12, 12 par défaut), les plus commandés d’abord.',
  request: { query: PopularQuerySchema },
  responses: {
    200: successAnswer(PopularAnswerSchema, 'Les plats les plus commandés.'),
    400: errorAnswer('Limite hors de 1 à 12 (invalid_request).'),
  },
});
