import { createRoute } from '@hono/zod-openapi';
import { CapacityUpdateSchema, CapacityViewSchema, FullSlotsSchema, SlotsQuerySchema } from './backoffice-capacity.ts';
import { apiTags, bodyErrors, errorAnswer, jsonBody, staffOnly, successAnswer } from './route-kit.ts';

/**
 * Capacity per 15-minute slot (docs/decisions/023-back-office.md, « Capacité »): the owner's
 * page, which any staff member may read, and the storefront's full slots.
 */

/** GET /v2/restaurant/capacity: the capacity settings with their versions (any member). */
export const getCapacity = createRoute(
  staffOnly('staff', {
    operationId: 'getCapacity',
    method: 'get',
    path: '/v2/restaurant/capacity',
    tags: [apiTags.staffCapacity.name],
    summary: 'La capacité par créneau de 15 minutes : commandes et plats par type de commande, catégories comptées, et la version de chaque réglage.',
    description: 'Tout membre du restaurant peut la lire ; seul le propriétaire la modifie. Session du personnel (cookie resto_staff).',
    responses: { 200: successAnswer(CapacityViewSchema, 'Les réglages de capacité (null : aucune limite).') },
  }),
);

/** PUT /v2/restaurant/capacity: changes the capacity settings, each with the version read (owner). */
export const updateCapacity = createRoute(
  staffOnly('owner', {
    operationId: 'updateCapacity',
    method: 'put',
    path: '/v2/restaurant/capacity',
    tags: [apiTags.staffCapacity.name],
    summary: 'Modifier la capacité : seulement les réglages changés, chacun avec la version lue. Propriétaire seulement.',
    description:
      'Une transaction (catalogEdit) : versions vérifiées, réglages écrits avec la nouvelle version, une ligne du journal par réglage changé (« Capacité à emporter : 8 → 6 commandes par créneau »).',
    request: { body: jsonBody(CapacityUpdateSchema) },
    responses: {
      200: successAnswer(CapacityViewSchema, 'Les réglages après la modification.'),
      ...bodyErrors,
      400: errorAnswer('Limite négative, nulle, non entière ou trop grande, catégorie inconnue (invalid_request), avec le champ fautif.'),
      409: errorAnswer('Un réglage a changé depuis la lecture (stale_edit) : `payload.current` est la capacité actuelle ; rien n’est écrit.'),
    },
  }),
);

/** GET /v2/public/slots: the full slots of a day for an order type (the storefront's time picker; no session). */
export const listFullSlots = createRoute({
  operationId: 'listFullSlots',
  method: 'get',
  path: '/v2/public/slots',
  tags: [apiTags.slots.name],
  summary: 'Les créneaux complets d’un jour pour un type de commande (et le panier du visiteur : `items`, ses plats comptés). Jamais mis en cache.',
  description:
    '`date` : un jour à Paris (AAAA-MM-JJ) ; `is_pickup` : à emporter (true) ou en livraison (false) ; `items` : les plats du panier que la capacité compte (absent : une commande quelconque). Le sélecteur d’horaire montre ces créneaux « complet ».',
  request: { query: SlotsQuerySchema },
  responses: {
    200: successAnswer(FullSlotsSchema, 'Les débuts (HH:MM) des créneaux complets, et si « dès que possible » est complet aujourd’hui.'),
    400: errorAnswer('Date ou type de commande illisible (invalid_request).'),
  },
});
