import { createRoute } from '@hono/zod-openapi';
import {
  AvailabilityBodySchema,
  AvailabilityItemSchema,
  AvailabilityListSchema,
  ItemIdParamsSchema,
  type AvailabilityItem,
} from '@resto/contract/backoffice-images';
import type { Database } from '../../db/client.ts';
import { success } from '../../http/errors.ts';
import { bodyErrors, declare, errorAnswer, jsonBody, routes, security, successAnswer } from '../../http/openapi.ts';
import { requireStaff } from '../staff/index.ts';
import { listAvailability, setAvailability } from './service.ts';

/**
 * Dishes' availability (docs/decisions/023-back-office.md), for staff and owners:
 * « disponible », « épuisé aujourd'hui » (`sold_out_until` = soldOutTodayUntil, back by itself) and
 * « jusqu'à nouvel ordre » (`is_available` false). Every change goes through catalogEdit (version,
 * audit entry, catalogue rebuilt at once).
 */

const tags = ['Restaurant : disponibilités'];
const signedIn = {
  401: errorAnswer('Pas de session de l’espace restaurant (staff_login_required).'),
  403: errorAnswer('Requête d’un autre site (cross_site_refused).'),
};

const listRoute = createRoute({
  method: 'get',
  path: '/availability',
  tags,
  summary: 'Chaque plat (non archivé) avec son état : disponible, épuisé aujourd’hui (et jusqu’à quand) ou jusqu’à nouvel ordre.',
  description: 'Dans l’ordre des cartes, catégories et plats. Personnel et propriétaire.',
  security: security.staff,
  responses: { 200: successAnswer(AvailabilityListSchema, 'Les plats.'), ...signedIn },
});

const setRoute = createRoute({
  method: 'put',
  path: '/items/{item_id}/availability',
  tags,
  summary: 'Marquer un plat disponible, épuisé aujourd’hui (retour automatique à la prochaine ouverture) ou épuisé jusqu’à nouvel ordre.',
  description: 'Personnel et propriétaire. `expected_version` : la `version` lue ; une autre est refusée (409 stale_edit, `payload.current` le plat actuel).',
  security: security.staff,
  request: { params: ItemIdParamsSchema, body: jsonBody(AvailabilityBodySchema) },
  responses: {
    200: successAnswer(AvailabilityItemSchema, 'Le plat après le changement.'),
    ...bodyErrors,
    ...signedIn,
    404: errorAnswer('Plat inconnu ou archivé (not_found).'),
    409: errorAnswer('Le plat a changé depuis l’écran (stale_edit) : `payload.current` est le plat actuel.'),
  },
});


/**
 * GET /v2/restaurant/availability and PUT /v2/restaurant/items/{item_id}/availability, behind any
 * staff session (staff may toggle availability: docs/decisions/023).
 */
export function availabilityRoutes(deps: { db: Database; clock: () => Date }) {
  const app = routes();
  declare(app, listRoute, async (c) => {
    await requireStaff(c, deps.db, deps.clock());
    const now = deps.clock();
    return success<AvailabilityItem[]>(c, await listAvailability(deps.db, now));
  });
  declare(app, setRoute, async (c, input) => {
    const staff = await requireStaff(c, deps.db, deps.clock());
    const itemId = Number(input.params().item_id);
    const body = await input.body();
    const now = deps.clock();
    return success<AvailabilityItem>(c, await setAvailability(deps.db, { staffId: staff.staffId, name: staff.name }, itemId, body, now));
  });
  return app;
}
