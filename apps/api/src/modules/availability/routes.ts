import { listAvailability as listAvailabilityRoute, setItemAvailability } from '@resto/contract/availability.routes';
import type { Database } from '../../db/client.ts';
import { ok, routes, serve } from '../../http/openapi.ts';
import { staffAuthenticator } from '../staff/index.ts';
import { listAvailability, setAvailability } from './service.ts';

/**
 * Dishes' availability (docs/decisions/023-back-office.md), for staff and owners:
 * « disponible », « épuisé aujourd'hui » (`sold_out_until` = soldOutTodayUntil, back by itself) and
 * « jusqu'à nouvel ordre » (`is_available` false). Every change goes through catalogEdit (version,
 * audit entry, catalogue rebuilt at once).
 */

/**
 * GET /v2/restaurant/availability and PUT /v2/restaurant/items/{item_id}/availability, declared in
 * packages/contract/src/availability.routes.ts, behind any staff session (staff may toggle
 * availability: docs/decisions/023).
 */
export function availabilityRoutes(deps: { db: Database; clock: () => Date }) {
  const app = routes({ authenticateStaff: staffAuthenticator(deps.db, deps.clock) });
  serve(app, listAvailabilityRoute, async (c) => ok(c, await listAvailability(deps.db, deps.clock())));
  serve(app, setItemAvailability, async (c) => {
    const { staffId, name } = c.var.staff;
    const itemId = Number(c.req.valid('param').item_id);
    return ok(c, await setAvailability(deps.db, { staffId, name }, itemId, c.req.valid('json'), deps.clock()));
  });
  return app;
}
