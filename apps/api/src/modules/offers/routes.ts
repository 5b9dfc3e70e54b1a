import { createRoute } from '@hono/zod-openapi';
import {
  BackOfficeOfferSchema,
  BackOfficeOffersSchema,
  OfferActiveBodySchema,
  OfferCreateBodySchema,
  OfferDeletedSchema,
  OfferDeleteQuerySchema,
  OfferParamsSchema,
  OfferUpdateBodySchema,
  type BackOfficeOffer,
  type BackOfficeOffers,
  type OfferDeleted,
} from '@resto/contract/backoffice-offers';
import { normaliseOfferInput } from '@resto/domain/backoffice-offers';
import { requestErrors } from '@resto/copy/errors/request';
import type { Context } from 'hono';
import type { Database } from '../../db/client.ts';
import { ApiError, success } from '../../http/errors.ts';
import { bodyErrors, declare, errorAnswer, jsonBody, routes, security, successAnswer } from '../../http/openapi.ts';
import { requireStaff } from '../staff/index.ts';
import { createOffer, deleteOffer, listOffers, setOfferActive, updateOffer } from './service.ts';

const tags = ['Restaurant : offres et codes promo'];
const ownerErrors = {
  401: errorAnswer('Pas de session de l’espace restaurant (staff_login_required).'),
  403: errorAnswer('Réservé au propriétaire (staff_forbidden).'),
};
const staleError = {
  409: errorAnswer(
    'L’offre a changé depuis le formulaire (stale_edit : `payload.current` = ses valeurs actuelles, null si supprimée), ou le code est déjà pris (already_used, champ `code`).',
  ),
};
const editErrors = {
  ...bodyErrors,
  400: errorAnswer(
    'Champ refusé (invalid_request) : schéma du fichier restaurant, pourcentage > 100, référence inconnue (`menus.0`, `items.2`…), code manquant ; JSON illisible (invalid_json).',
  ),
};

const listRoute = createRoute({
  method: 'get',
  path: '/offers',
  tags,
  security: security.staff,
  summary:
    'Les offres et codes promo (sauf archivés), avec leur version, leur usage (commandes passées, ni refusées ni annulées, et remise totale en euros) et les cartes, catégories et plats qu’une offre peut viser.',
  responses: { 200: successAnswer(BackOfficeOffersSchema, 'Les offres et les choix de portée.'), ...ownerErrors },
});

const createOfferRoute = createRoute({
  method: 'post',
  path: '/offers',
  tags,
  security: security.staff,
  summary: 'Créer une offre ou un code promo (numéro = plus grand + 1). Le code est mis en majuscules.',
  request: { body: jsonBody(OfferCreateBodySchema) },
  responses: { 201: successAnswer(BackOfficeOfferSchema, 'L’offre créée.'), ...editErrors, ...ownerErrors, ...staleError },
});

const updateOfferRoute = createRoute({
  method: 'put',
  path: '/offers/{offer_id}',
  tags,
  security: security.staff,
  summary: 'Modifier une offre (toute l’offre, et la `version` lue : `expected_version`).',
  request: { params: OfferParamsSchema, body: jsonBody(OfferUpdateBodySchema) },
  responses: { 200: successAnswer(BackOfficeOfferSchema, 'L’offre modifiée.'), ...editErrors, ...ownerErrors, ...staleError },
});

const activeRoute = createRoute({
  method: 'post',
  path: '/offers/{offer_id}/active',
  tags,
  security: security.staff,
  summary: 'Mettre en pause (`is_active: false`) ou reprendre une offre.',
  request: { params: OfferParamsSchema, body: jsonBody(OfferActiveBodySchema) },
  responses: { 200: successAnswer(BackOfficeOfferSchema, 'L’offre.'), ...bodyErrors, ...ownerErrors, ...staleError },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/offers/{offer_id}',
  tags,
  security: security.staff,
  summary: 'Supprimer une offre : archivée si des commandes l’ont utilisée (son code reste réservé), effacée sinon.',
  request: { params: OfferParamsSchema, query: OfferDeleteQuerySchema },
  responses: {
    200: successAnswer(OfferDeletedSchema, '`archived` ou `deleted`.'),
    400: errorAnswer('`expected_version` absent (invalid_request).'),
    ...ownerErrors,
    ...staleError,
  },
});

/** The body as JSON, its coupon code made canonical (normaliseOfferInput) before the route's schema reads it. */
async function offerBody(c: Context): Promise<unknown> {
  try {
    return normaliseOfferInput(await c.req.json());
  } catch {
    throw new ApiError('invalid_json', requestErrors.invalidJson);
  }
}

/**
 * The offers page's routes under /v2/restaurant (docs/decisions/023), the owner's only (a staff
 * member gets 403 staff_forbidden); app.ts makes every /v2/restaurant answer no-store and
 * same-site only. docs/decisions/023-back-office.md.
 */
export function offerRoutes(deps: { db: Database; clock: () => Date }) {
  const { db, clock } = deps;
  const app = routes();
  const owner = async (c: Context) => {
    const staff = await requireStaff(c, db, clock(), 'owner');
    return { staffId: staff.staffId, name: staff.name };
  };
  declare(app, listRoute, async (c) => {
    await owner(c);
    return success<BackOfficeOffers>(c, await listOffers(db));
  });
  declare(app, createOfferRoute, async (c, input) => {
    const author = await owner(c);
    const body = input.checkBody(await offerBody(c));
    return success<BackOfficeOffer>(c, await createOffer(db, author, body), 201);
  });
  declare(app, updateOfferRoute, async (c, input) => {
    const author = await owner(c);
    const offerId = Number(input.params().offer_id);
    const { expected_version, ...offer } = input.checkBody(await offerBody(c));
    return success<BackOfficeOffer>(c, await updateOffer(db, author, offerId, offer, expected_version));
  });
  declare(app, activeRoute, async (c, input) => {
    const author = await owner(c);
    const offerId = Number(input.params().offer_id);
    const body = await input.body();
    return success<BackOfficeOffer>(c, await setOfferActive(db, author, offerId, body.is_active, body.expected_version));
  });
  declare(app, deleteRoute, async (c, input) => {
    const author = await owner(c);
    const offerId = Number(input.params().offer_id);
    const { expected_version } = input.query();
    return success<OfferDeleted>(c, await deleteOffer(db, author, offerId, expected_version, clock()));
  });
  return app;
}
