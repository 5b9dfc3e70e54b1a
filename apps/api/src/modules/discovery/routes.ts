import { getRecommendations, listPopularItems } from '@resto/contract/discovery.routes';
import { ok, routes, serve } from '../../http/openapi.ts';
import type { DiscoveryService } from './service.ts';

/** POST /v2/recommendations and GET /v2/public/recommendations/popular (spec section 7). */
export function discoveryRoutes(discovery: DiscoveryService) {
  const app = routes();
  serve(app, getRecommendations, async (c) => {
    const body = c.req.valid('json');
    const ids = await discovery.recommendations(body.cartItems, body.maxRecommendations);
    return ok(c, { recommendations: ids.map((itemId) => ({ itemId })) });
  });
  serve(
    app,
    listPopularItems,
    async (c) => {
      const { limit } = c.req.valid('query');
      const ids = await discovery.popular(limit);
      return ok(c, { popular: ids.map((itemId) => ({ itemId })) });
    },
    { invalidMessage: () => 'La limite doit être un nombre entier entre 1 et 12.' },
  );
  return app;
}
