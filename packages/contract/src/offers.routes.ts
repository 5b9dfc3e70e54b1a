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
} from './backoffice-offers.ts';
import { apiTags, bodyErrors, errorAnswer, jsonBody, staffOnly, successAnswer } from './route-kit.ts';

/**
 * The back office's offers and coupons (docs/decisions/023-back-office.md, « Offres et codes
 * promo »), the owner's only. A body's coupon code is made canonical (trimmed, upper-cased, an
 * empty one is none: domain `normaliseOfferInput`) before the body's schema reads it.
 */
const tags = [apiTags.staffOffers.name];

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

/** GET /v2/restaurant/offers: the offers and coupons with their usage, and what a scope may name (owner). */
export const listBackOfficeOffers = createRoute(
  staffOnly('owner', {
    operationId: 'listBackOfficeOffers',
    method: 'get',
    path: '/v2/restaurant/offers',
    tags,
    summary:
      'Les offres et codes promo (sauf archivés), avec leur version, leur usage (commandes passées, ni refusées ni annulées, et remise totale en euros) et les cartes, catégories et plats qu’une offre peut viser.',
    description:
      'Par numéro d’offre. La `version` de chaque offre est à renvoyer comme `expected_version` pour la modifier, la mettre en pause ou la supprimer.',
    responses: { 200: successAnswer(BackOfficeOffersSchema, 'Les offres et les choix de portée.') },
  }),
);

/** POST /v2/restaurant/offers: a new offer or coupon (owner). */
export const createOffer = createRoute(
  staffOnly('owner', {
    operationId: 'createOffer',
    method: 'post',
    path: '/v2/restaurant/offers',
    tags,
    summary: 'Créer une offre ou un code promo (numéro = plus grand + 1). Le code est mis en majuscules.',
    description:
      'L’offre du fichier du restaurant sans son numéro ; les cartes, catégories et plats visés existent, et le code n’est celui d’aucune autre offre, archivées comprises. Une entrée au journal ; la boutique suit aussitôt.',
    request: { body: jsonBody(OfferCreateBodySchema) },
    responses: { 201: successAnswer(BackOfficeOfferSchema, 'L’offre créée.'), ...editErrors, ...staleError },
  }),
);

/** PUT /v2/restaurant/offers/{offer_id}: replaces a whole offer (owner). */
export const updateOffer = createRoute(
  staffOnly('owner', {
    operationId: 'updateOffer',
    method: 'put',
    path: '/v2/restaurant/offers/{offer_id}',
    tags,
    summary: 'Modifier une offre (toute l’offre, et la `version` lue : `expected_version`).',
    description: 'Les mêmes vérifications qu’à la création. Une entrée au journal, avec l’offre avant et après ; la boutique suit aussitôt.',
    request: { params: OfferParamsSchema, body: jsonBody(OfferUpdateBodySchema) },
    responses: { 200: successAnswer(BackOfficeOfferSchema, 'L’offre modifiée.'), ...editErrors, ...staleError },
  }),
);

/** POST /v2/restaurant/offers/{offer_id}/active: pauses or resumes an offer (owner). */
export const setOfferActive = createRoute(
  staffOnly('owner', {
    operationId: 'setOfferActive',
    method: 'post',
    path: '/v2/restaurant/offers/{offer_id}/active',
    tags,
    summary: 'Mettre en pause (`is_active: false`) ou reprendre une offre.',
    description: 'Avec la `version` lue (`expected_version`). Une offre en pause ne s’applique plus aux commandes ; une entrée au journal.',
    request: { params: OfferParamsSchema, body: jsonBody(OfferActiveBodySchema) },
    responses: { 200: successAnswer(BackOfficeOfferSchema, 'L’offre.'), ...bodyErrors, ...staleError },
  }),
);

/** DELETE /v2/restaurant/offers/{offer_id}?expected_version=: archives or deletes an offer (owner). */
export const deleteOffer = createRoute(
  staffOnly('owner', {
    operationId: 'deleteOffer',
    method: 'delete',
    path: '/v2/restaurant/offers/{offer_id}',
    tags,
    summary: 'Supprimer une offre : archivée si des commandes l’ont utilisée (son code reste réservé), effacée sinon.',
    description: '`expected_version` : la version lue. Dans les deux cas, l’offre quitte la boutique et la liste du back-office ; une entrée au journal.',
    request: { params: OfferParamsSchema, query: OfferDeleteQuerySchema },
    responses: {
      200: successAnswer(OfferDeletedSchema, '`archived` ou `deleted`.'),
      400: errorAnswer('`expected_version` absent (invalid_request).'),
      ...staleError,
    },
  }),
);
