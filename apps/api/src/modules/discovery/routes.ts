import { createRoute } from '@hono/zod-openapi';
import {
  PopularAnswerSchema,
  PopularQuerySchema,
  RecommendationsAnswerSchema,
  RecommendationsSchema,
  type PopularAnswer,
  type RecommendationsAnswer,
} from '@resto/contract/discovery';
import { success } from '../../http/errors.ts';
import { bodyErrors, declare, errorAnswer, jsonBody, routes, successAnswer } from '../../http/openapi.ts';
import type { DiscoveryService } from './service.ts';

const tags = ['Suggestions'];

const recommendationsRoute = createRoute({
  method: 'post',
  path: '/recommendations',
  tags,
  summary: 'Les plats souvent pris avec ceux du panier (section 7).',
  request: { body: jsonBody(RecommendationsSchema) },
  responses: { 200: successAnswer(RecommendationsAnswerSchema, 'Les plats suggérés.'), ...bodyErrors },
});

const popularRoute = createRoute({
  method: 'get',
  path: '/public/recommendations/popular',
  tags,
  summary: 'Les plats les plus commandés (section 7).',
  request: { query: PopularQuerySchema },
  responses: {
    200: successAnswer(PopularAnswerSchema, 'Les plats les plus commandés.'),
    400: errorAnswer('Limite hors de 1 à 12 (invalid_request).'),
  },
});

/** POST /v2/recommendations and GET /v2/public/recommendations/popular (spec section 7). */
export function discoveryRoutes(discovery: DiscoveryService) {
  const app = routes();
  declare(app, recommendationsRoute, async (c, input) => {
    const body = await input.body();
    const ids = await discovery.recommendations(body.cartItems, body.maxRecommendations);
    return success<RecommendationsAnswer>(c, { recommendations: ids.map((itemId) => ({ itemId })) });
  });
  declare(
    app,
    popularRoute,
    async (c, input) => {
      const { limit } = input.query();
      const ids = await discovery.popular(limit);
      return success<PopularAnswer>(c, { popular: ids.map((itemId) => ({ itemId })) });
    },
    { invalidMessage: () => 'La limite doit être un nombre entier entre 1 et 12.' },
  );
  return app;
}
