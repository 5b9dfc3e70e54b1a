import { createRoute } from '@hono/zod-openapi';
import {
  CapacityUpdateSchema,
  CapacityViewSchema,
  FullSlotsSchema,
  SlotsQuerySchema,
  type CapacityView,
  type FullSlots,
} from '@resto/contract/backoffice-capacity';
import { success } from '../../http/errors.ts';
import { bodyErrors, declare, errorAnswer, jsonBody, routes, successAnswer } from '../../http/openapi.ts';
import { requireStaff } from '../staff/index.ts';
import { fullSlots, readCapacity, updateCapacity, type CapacityDeps } from './service.ts';

const tags = ['Restaurant : capacité'];

const readRoute = createRoute({
  method: 'get',
  path: '/capacity',
  tags,
  summary: 'La capacité par créneau de 15 minutes : commandes et plats par type de commande, catégories comptées, et la version de chaque réglage.',
  description: 'Tout membre du restaurant peut la lire ; seul le propriétaire la modifie. Session du personnel (cookie resto_staff).',
  responses: {
    200: successAnswer(CapacityViewSchema, 'Les réglages de capacité (null : aucune limite).'),
    401: errorAnswer('Pas de session de l’espace restaurant (staff_login_required).'),
  },
});

const updateRoute = createRoute({
  method: 'put',
  path: '/capacity',
  tags,
  summary: 'Modifier la capacité : seulement les réglages changés, chacun avec la version lue. Propriétaire seulement.',
  description:
    'Une transaction (catalogEdit) : versions vérifiées, réglages écrits avec la nouvelle version, une ligne du journal par réglage changé (« Capacité à emporter : 8 → 6 commandes par créneau »).',
  request: { body: jsonBody(CapacityUpdateSchema) },
  responses: {
    200: successAnswer(CapacityViewSchema, 'Les réglages après la modification.'),
    ...bodyErrors,
    400: errorAnswer('Limite négative, nulle, non entière ou trop grande, catégorie inconnue (invalid_request), avec le champ fautif.'),
    401: errorAnswer('Pas de session de l’espace restaurant (staff_login_required).'),
    403: errorAnswer('Réservé au propriétaire (staff_forbidden).'),
    409: errorAnswer('Un réglage a changé depuis la lecture (stale_edit) : `payload.current` est la capacité actuelle ; rien n’est écrit.'),
  },
});

const slotsRoute = createRoute({
  method: 'get',
  path: '/slots',
  tags: ['Créneaux'],
  summary: 'Les créneaux complets d’un jour pour un type de commande (et le panier du visiteur : `items`, ses plats comptés). Jamais mis en cache.',
  request: { query: SlotsQuerySchema },
  responses: {
    200: successAnswer(FullSlotsSchema, 'Les débuts (HH:MM) des créneaux complets, et si « dès que possible » est complet aujourd’hui.'),
    400: errorAnswer('Date ou type de commande illisible (invalid_request).'),
  },
});

/** GET and PUT /v2/restaurant/capacity (mounted under /v2/restaurant: no-store, same-site only). */
export function capacityRoutes(deps: CapacityDeps) {
  const app = routes();
  declare(app, readRoute, async (c) => {
    await requireStaff(c, deps.db, deps.clock());
    return success<CapacityView>(c, await readCapacity(deps));
  });
  declare(app, updateRoute, async (c, input) => {
    const staff = await requireStaff(c, deps.db, deps.clock(), 'owner');
    const body = await input.body();
    return success<CapacityView>(c, await updateCapacity(deps, { staffId: staff.staffId, name: staff.name }, body));
  });
  return app;
}

/** GET /v2/public/slots. */
export function publicSlotRoutes(deps: CapacityDeps) {
  const app = routes();
  declare(app, slotsRoute, async (c, input) => {
    const answer = await fullSlots(deps, input.query());
    c.header('Cache-Control', 'no-store');
    return success<FullSlots>(c, answer);
  });
  return app;
}
