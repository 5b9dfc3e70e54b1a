import { readOrderHistory, searchOrderHistory } from '@resto/contract/order-history.routes';
import type { Database } from '../../db/client.ts';
import { ok, routes, serve } from '../../http/openapi.ts';
import { staffAuthenticator } from '../staff/index.ts';
import type { OrderHistoryService } from './history.ts';

/**
 * Every past order, /v2/restaurant/order-history… (docs/decisions/034-order-history.md), declared
 * in packages/contract/src/order-history.routes.ts: any live staff session, never cached.
 */
export function orderHistoryRoutes(history: OrderHistoryService, db: Database, clock: () => Date) {
  const app = routes({ authenticateStaff: staffAuthenticator(db, clock) });
  for (const path of ['/v2/restaurant/order-history', '/v2/restaurant/order-history/*'])
    app.use(path, async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    });
  serve(app, searchOrderHistory, async (c) => ok(c, await history.search(c.req.valid('query'))));
  serve(app, readOrderHistory, async (c) => ok(c, await history.detail(Number(c.req.valid('param').order_id))));
  return app;
}
