import { getCapacity, listFullSlots, updateCapacity as updateCapacityRoute } from '@resto/contract/capacity.routes';
import { ok, routes, serve } from '../../http/openapi.ts';
import { staffAuthenticator } from '../staff/index.ts';
import { fullSlots, readCapacity, updateCapacity, type CapacityDeps } from './service.ts';

/**
 * GET and PUT /v2/restaurant/capacity, declared in packages/contract/src/capacity.routes.ts (no-store
 * and same-site only, as every /v2/restaurant answer): any staff member reads, the owner changes.
 */
export function capacityRoutes(deps: CapacityDeps) {
  const app = routes({ authenticateStaff: staffAuthenticator(deps.db, deps.clock) });
  serve(app, getCapacity, async (c) => ok(c, await readCapacity(deps)));
  serve(app, updateCapacityRoute, async (c) => {
    const { staffId, name } = c.var.staff;
    return ok(c, await updateCapacity(deps, { staffId, name }, c.req.valid('json')));
  });
  return app;
}

/** GET /v2/public/slots (packages/contract/src/capacity.routes.ts): the storefront's full slots, never cached. */
export function publicSlotRoutes(deps: CapacityDeps) {
  const app = routes();
  serve(app, listFullSlots, async (c) => {
    const answer = await fullSlots(deps, c.req.valid('query'));
    c.header('Cache-Control', 'no-store');
    return ok(c, answer);
  });
  return app;
}
