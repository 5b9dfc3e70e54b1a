import { Hono } from 'hono';
import { z } from 'zod';
import { parseJsonBody, success, ApiError, zodFieldErrors } from '../../http/errors.ts';
import { maxRecommendations, type DiscoveryService } from './service.ts';

const RecommendationsSchema = z.object({
  cartItems: z.array(z.number().int().positive().max(2_147_483_647)).max(100),
  maxRecommendations: z.number().int().min(1).max(maxRecommendations).default(maxRecommendations),
});

const LimitSchema = z.coerce.number().int().min(1).max(maxRecommendations).default(maxRecommendations);

/** POST /v2/recommendations and GET /v2/public/recommendations/popular (spec section 7). */
export function discoveryRoutes(discovery: DiscoveryService) {
  return new Hono({ strict: false })
    .post('/recommendations', async (c) => {
      const body = await parseJsonBody(c, RecommendationsSchema);
      const ids = await discovery.recommendations(body.cartItems, body.maxRecommendations);
      return success(c, { recommendations: ids.map((itemId) => ({ itemId })) });
    })
    .get('/public/recommendations/popular', async (c) => {
      const limit = LimitSchema.safeParse(c.req.query('limit'));
      if (!limit.success) throw new ApiError('invalid_request', 'La limite doit être un nombre entier entre 1 et 12.', zodFieldErrors(limit.error, ['limit']));
      const ids = await discovery.popular(limit.data);
      return success(c, { popular: ids.map((itemId) => ({ itemId })) });
    });
}
