import { createRoute } from '@hono/zod-openapi';
import { AvailabilityBodySchema, AvailabilityItemSchema, AvailabilityListSchema, ItemIdParamsSchema } from './backoffice-images.ts';
import { apiTags, bodyErrors, errorAnswer, jsonBody, staffOnly, successAnswer } from './route-kit.ts';

/**
 * Dishes' availability (docs/decisions/023-back-office.md), for staff and owners: « disponible »,
 * « épuisé aujourd'hui » (`sold_out_until`, back by itself at the next opening) and « jusqu'à
 * nouvel ordre » (`is_available` false). Any staff session.
 */
const tags = [apiTags.staffAvailability.name];

const crossSite = { 403: errorAnswer('Requête d’un autre site (cross_site_refused).') };

/** GET /v2/restaurant/availability: every dish not archived with its state (staff). */
export const listAvailability = createRoute(
  staffOnly('staff', {
    operationId: 'listAvailability',
    method: 'get',
    path: '/v2/restaurant/availability',
    tags,
    summary: 'Chaque plat (non archivé) avec son état : disponible, épuisé aujourd’hui (et jusqu’à quand) ou jusqu’à nouvel ordre.',
    description: 'Dans l’ordre des cartes, catégories et plats. Personnel et propriétaire.',
    responses: { 200: successAnswer(AvailabilityListSchema, 'Les plats.'), ...crossSite },
  }),
);

/** PUT /v2/restaurant/items/{item_id}/availability: marks a dish available or sold out (staff). */
export const setItemAvailability = createRoute(
  staffOnly('staff', {
    operationId: 'setItemAvailability',
    method: 'put',
    path: '/v2/restaurant/items/{item_id}/availability',
    tags,
    summary: 'Marquer un plat disponible, épuisé aujourd’hui (retour automatique à la prochaine ouverture) ou épuisé jusqu’à nouvel ordre.',
    description: 'Personnel et propriétaire. `expected_version` : la `version` lue ; une autre est refusée (409 stale_edit, `payload.current` le plat actuel).',
    request: { params: ItemIdParamsSchema, body: jsonBody(AvailabilityBodySchema) },
    responses: {
      200: successAnswer(AvailabilityItemSchema, 'Le plat après le changement.'),
      ...bodyErrors,
      ...crossSite,
      404: errorAnswer('Plat inconnu ou archivé (not_found).'),
      409: errorAnswer('Le plat a changé depuis l’écran (stale_edit) : `payload.current` est le plat actuel.'),
    },
  }),
);
