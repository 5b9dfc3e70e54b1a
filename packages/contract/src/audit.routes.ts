import { createRoute } from '@hono/zod-openapi';
import { AuditPageSchema, AuditQuerySchema, ImportPreviewSchema, ImportQuerySchema, ImportResultSchema, RestaurantFileBodySchema } from './backoffice-audit.ts';
import { apiTags, bodyErrors, errorAnswer, staffOnly, successAnswer } from './route-kit.ts';

/**
 * The back office's audit log, export and import (docs/decisions/023-back-office.md), all the
 * owner's. The import's body is the restaurant file, documented by a reference to its schema
 * rather than a zod schema: the API reads it itself and checks it with the restaurant file's
 * schema (400 restaurant_file_invalid, every error by path), not as a refused request.
 */
const tags = [apiTags.staffAudit.name];

/** The restaurant file as the import routes' body (up to 5 MB), read and checked by the API itself. */
const restaurantFileBody = {
  required: true,
  description: 'Le fichier du restaurant (5 Mo au plus).',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/RestaurantFile' } } },
};

/** GET /v2/restaurant/audit?before_id=&entity=: a page of the log, newest first (owner). */
export const listAuditEntries = createRoute(
  staffOnly('owner', {
    operationId: 'listAuditEntries',
    method: 'get',
    path: '/v2/restaurant/audit',
    tags,
    summary: 'Le journal des modifications du back-office : qui, quand, quoi, avant, après ; 50 par page, les plus récentes d’abord.',
    description:
      '`before_id` : la page suivante (le `next_before_id` de la précédente) ; `entity` : un type seulement (item, offer, settings…). Propriétaire seulement.',
    request: { query: AuditQuerySchema },
    responses: { 200: successAnswer(AuditPageSchema, 'Une page du journal.'), 400: errorAnswer('Paramètre refusé (invalid_request).') },
  }),
);

/** GET /v2/restaurant/export: the restaurant file, as an attachment (owner). */
export const exportRestaurantFile = createRoute(
  staffOnly('owner', {
    operationId: 'exportRestaurantFile',
    method: 'get',
    path: '/v2/restaurant/export',
    tags,
    summary: 'Le fichier du restaurant (celui que lit npm run restaurant:import), construit depuis la base, en pièce jointe restaurant-AAAA-MM-JJ.json.',
    description:
      'Le fichier lui-même, pas l’enveloppe `{status, payload}` : JSON indenté, Content-Disposition attachment, daté du jour à Paris. L’importer redonne la même carte.',
    responses: {
      200: { description: 'Le fichier du restaurant.', content: { 'application/json': { schema: RestaurantFileBodySchema } } },
    },
  }),
);

/** POST /v2/restaurant/import/preview: what importing a file would change, nothing written (owner). */
export const previewRestaurantImport = createRoute(
  staffOnly('owner', {
    operationId: 'previewRestaurantImport',
    method: 'post',
    path: '/v2/restaurant/import/preview',
    tags,
    summary:
      'Ce que l’import d’un fichier du restaurant changerait : cartes, catégories, plats, offres et fermetures ajoutés, supprimés ou modifiés (champs, prix avant → après), réglages. Rien n’est écrit.',
    description:
      'Le corps est le fichier (5 Mo au plus). Un fichier invalide : 400 restaurant_file_invalid, chaque erreur avec son chemin (menus.0.categories.1.items.3.price_pickup).',
    request: { body: restaurantFileBody },
    responses: {
      200: successAnswer(ImportPreviewSchema, 'L’aperçu, et la version du catalogue à renvoyer avec l’import.'),
      ...bodyErrors,
      400: errorAnswer('JSON illisible (invalid_json) ou fichier invalide (restaurant_file_invalid), les erreurs par chemin.'),
      413: errorAnswer('Fichier de plus de 5 Mo (body_too_large).'),
    },
  }),
);

/** POST /v2/restaurant/import?expected_catalog_version=: replaces the restaurant by the file's (owner). */
export const importRestaurantFile = createRoute(
  staffOnly('owner', {
    operationId: 'importRestaurantFile',
    method: 'post',
    path: '/v2/restaurant/import',
    tags,
    summary: 'Remplace toute la carte, les offres, les fermetures et les réglages par ceux du fichier, en une transaction, avec son entrée au journal.',
    description:
      '`expected_catalog_version` : la version de l’aperçu ; une autre modification depuis : 409 stale_edit (`payload.current` : la version actuelle), rien n’est écrit. Un fichier invalide ne change rien.',
    request: { query: ImportQuerySchema, body: restaurantFileBody },
    responses: {
      200: successAnswer(ImportResultSchema, 'Importé : la nouvelle version du catalogue et la phrase du journal.'),
      ...bodyErrors,
      400: errorAnswer('JSON illisible (invalid_json), version absente (invalid_request) ou fichier invalide (restaurant_file_invalid).'),
      413: errorAnswer('Fichier de plus de 5 Mo (body_too_large).'),
      409: errorAnswer('Le restaurant a changé depuis l’aperçu (stale_edit).'),
    },
  }),
);
