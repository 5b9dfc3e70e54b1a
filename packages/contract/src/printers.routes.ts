import { createRoute } from '@hono/zod-openapi';
import { BoardOrderParamsSchema, BoardOrderSchema } from './board.ts';
import {
  PrinterDeletedSchema,
  PrinterDeleteQuerySchema,
  PrinterEditSchema,
  PrinterParamsSchema,
  PrintersPageSchema,
  PrinterSecretBodySchema,
  PrintersStatusSchema,
  PrinterUpdateBodySchema,
  PrinterViewSchema,
  PrintJobParamsSchema,
  PrintJobViewSchema,
  ReprintBodySchema,
  StationBodySchema,
  StationCategoryListSchema,
  StationParamsSchema,
} from './printers.ts';
import { apiTags, bodyErrors, errorAnswer, jsonBody, staffOnly, successAnswer } from './route-kit.ts';

/**
 * The kitchen printers' back office and the boards' printer states (docs/decisions/033-kitchen-printers.md):
 * any staff member reads them, the owner edits. Never cached (/v2/restaurant/*).
 */
const tags = [apiTags.staffPrinters.name];

const unknownPrinter = { 404: errorAnswer('Imprimante inconnue (not_found).') };
const staleError = {
  409: errorAnswer('L’imprimante a changé depuis le formulaire (stale_edit : `payload.current` = ses valeurs actuelles, null si supprimée).'),
};
const editErrors = {
  ...bodyErrors,
  400: errorAnswer(
    'Champ refusé (invalid_request) : nom vide, adresse IP manquante pour une imprimante réseau, secours inconnu ou elle-même ; JSON illisible (invalid_json).',
  ),
};

/** GET /v2/restaurant/printers: the printers with their live state, and each category's station (staff). */
export const listPrinters = createRoute(
  staffOnly('staff', {
    operationId: 'listPrinters',
    method: 'get',
    path: '/v2/restaurant/printers',
    tags,
    summary:
      'Les imprimantes, leur état (prête, hors ligne depuis…, sans papier…), leur dernier contact et leurs tickets en attente ; le poste de chaque catégorie.',
    description: 'Le secret, l’adresse à saisir dans l’imprimante et la commande de l’agent ne sont donnés qu’au propriétaire (null sinon).',
    responses: { 200: successAnswer(PrintersPageSchema, 'Les imprimantes et les postes.') },
  }),
);

/** POST /v2/restaurant/printers: a new printer, with a new secret (owner). */
export const createPrinter = createRoute(
  staffOnly('owner', {
    operationId: 'createPrinter',
    method: 'post',
    path: '/v2/restaurant/printers',
    tags,
    summary: 'Ajouter une imprimante (un secret lui est donné).',
    description: 'Le secours, s’il est donné, est une autre imprimante existante.',
    request: { body: jsonBody(PrinterEditSchema) },
    responses: { 201: successAnswer(PrinterViewSchema, 'L’imprimante ajoutée.'), ...editErrors },
  }),
);

/** PUT /v2/restaurant/printers/{printer_id}: the whole printer, at the version read (owner). */
export const updatePrinter = createRoute(
  staffOnly('owner', {
    operationId: 'updatePrinter',
    method: 'put',
    path: '/v2/restaurant/printers/{printer_id}',
    tags,
    summary: 'Modifier une imprimante (toute l’imprimante, et la `version` lue : `expected_version`).',
    description: 'Les mêmes vérifications qu’à l’ajout. Son secret ne change pas.',
    request: { params: PrinterParamsSchema, body: jsonBody(PrinterUpdateBodySchema) },
    responses: { 200: successAnswer(PrinterViewSchema, 'L’imprimante modifiée.'), ...editErrors, ...staleError },
  }),
);

/** DELETE /v2/restaurant/printers/{printer_id}?expected_version=: deletes a printer and its tickets (owner). */
export const deletePrinter = createRoute(
  staffOnly('owner', {
    operationId: 'deletePrinter',
    method: 'delete',
    path: '/v2/restaurant/printers/{printer_id}',
    tags,
    summary: 'Supprimer une imprimante : ses tickets en attente ne s’impriment pas ; celles qui la prenaient pour secours n’en ont plus.',
    description: '`expected_version` : la version lue.',
    request: { params: PrinterParamsSchema, query: PrinterDeleteQuerySchema },
    responses: { 200: successAnswer(PrinterDeletedSchema, 'Supprimée.'), 400: errorAnswer('`expected_version` absent (invalid_request).'), ...staleError },
  }),
);

/** POST /v2/restaurant/printers/{printer_id}/secret: « Nouveau secret » (owner). */
export const rotatePrinterSecret = createRoute(
  staffOnly('owner', {
    operationId: 'rotatePrinterSecret',
    method: 'post',
    path: '/v2/restaurant/printers/{printer_id}/secret',
    tags,
    summary: 'Donner un nouveau secret à l’imprimante : l’ancienne adresse (ou clé de l’agent) cesse aussitôt de fonctionner.',
    description: 'Avec la `version` lue (`expected_version`).',
    request: { params: PrinterParamsSchema, body: jsonBody(PrinterSecretBodySchema) },
    responses: { 200: successAnswer(PrinterViewSchema, 'L’imprimante, avec sa nouvelle adresse.'), ...bodyErrors, ...staleError },
  }),
);

/** POST /v2/restaurant/printers/{printer_id}/test: « Page de test » (owner). */
export const printTestPage = createRoute(
  staffOnly('owner', {
    operationId: 'printTestPage',
    method: 'post',
    path: '/v2/restaurant/printers/{printer_id}/test',
    tags,
    summary: 'Mettre une page de test dans la file de l’imprimante ; suivre son sort par GET /v2/restaurant/print-jobs/{job_id}.',
    description: 'Refusée pour une imprimante désactivée ou la page du navigateur (invalid_request).',
    request: { params: PrinterParamsSchema },
    responses: {
      201: successAnswer(PrintJobViewSchema, 'La page de test, en attente.'),
      400: errorAnswer('L’imprimante ne reçoit pas de tickets du serveur (invalid_request).'),
      ...unknownPrinter,
    },
  }),
);

/** GET /v2/restaurant/print-jobs/{job_id}: where a ticket is (staff). */
export const getPrintJob = createRoute(
  staffOnly('staff', {
    operationId: 'getPrintJob',
    method: 'get',
    path: '/v2/restaurant/print-jobs/{job_id}',
    tags,
    summary: 'Un ticket d’impression : en attente, envoyé, imprimé (à quelle heure) ou en échec (avec l’erreur de l’imprimante).',
    description: 'La page des imprimantes le consulte toutes les secondes après « Page de test ».',
    request: { params: PrintJobParamsSchema },
    responses: { 200: successAnswer(PrintJobViewSchema, 'Le ticket.'), 404: errorAnswer('Ticket inconnu (not_found).') },
  }),
);

/** PUT /v2/restaurant/stations/{category_id}: which station prints a category's lines (owner). */
export const setCategoryStation = createRoute(
  staffOnly('owner', {
    operationId: 'setCategoryStation',
    method: 'put',
    path: '/v2/restaurant/stations/{category_id}',
    tags,
    summary: 'Le poste qui imprime les lignes d’une catégorie (cuisine, bar, comptoir), ou null : tous les postes.',
    description: 'Vaut pour les tickets faits ensuite (un ticket est fait quand l’imprimante le prend).',
    request: { params: StationParamsSchema, body: jsonBody(StationBodySchema) },
    responses: {
      200: successAnswer(StationCategoryListSchema, 'Les catégories et leurs postes.'),
      ...bodyErrors,
      404: errorAnswer('Catégorie inconnue (not_found).'),
    },
  }),
);

/** GET /v2/restaurant/printers/status: the boards' red banner (staff). */
export const getPrintersStatus = createRoute(
  staffOnly('staff', {
    operationId: 'getPrintersStatus',
    method: 'get',
    path: '/v2/restaurant/printers/status',
    tags,
    summary:
      'L’état de chaque imprimante activée, ses tickets en attente et la phrase du bandeau rouge ; les commandes dont les tickets ont été listés, non imprimés.',
    description: 'Chaque tableau le consulte toutes les 10 secondes et quand il revient au premier plan.',
    responses: { 200: successAnswer(PrintersStatusSchema, 'L’état des imprimantes.') },
  }),
);

/** POST /v2/restaurant/orders/{order_id}/reprint: « Réimprimer » (staff). */
export const reprintOrder = createRoute(
  staffOnly('staff', {
    operationId: 'reprintOrder',
    method: 'post',
    path: '/v2/restaurant/orders/{order_id}/reprint',
    tags,
    summary: 'Réimprimer le ticket d’une commande sur une imprimante (`printer_id`), ou sur chaque imprimante dont le poste en imprime des lignes.',
    description: 'Le ticket dit « RÉIMPRESSION ». La réponse est la commande du tableau, avec ses tickets.',
    request: { params: BoardOrderParamsSchema, body: jsonBody(ReprintBodySchema) },
    responses: {
      200: successAnswer(BoardOrderSchema, 'La commande, avec ses tickets.'),
      ...bodyErrors,
      400: errorAnswer('Champ refusé, ou aucune imprimante activée n’imprime ses lignes (invalid_request).'),
      404: errorAnswer('Commande inconnue (order_not_found).'),
    },
  }),
);
