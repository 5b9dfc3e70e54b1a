import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { BooksArchiveParamsSchema, BooksArchiveSchema, BooksArchivesSchema, BooksVerificationSchema, CreateBooksArchiveSchema } from './books-archives.ts';
import { apiTags, bodyErrors, errorAnswer, jsonBody, staffOnly, successAnswer } from './route-kit.ts';

/**
 * The owner's register (docs/decisions/031-the-books.md): the archives of the closed months and
 * fiscal years, listed, downloaded and written on request, and the journal's verification. Owner only; never cached.
 */
const tags = [apiTags.staffBooks.name];

/** GET /v2/restaurant/books/archives: the archives written, newest first (owner). */
export const listBooksArchives = createRoute(
  staffOnly('owner', {
    operationId: 'listBooksArchives',
    method: 'get',
    path: '/v2/restaurant/books/archives',
    tags,
    summary: 'Les archives du journal des ventes (propriétaire).',
    description: 'Une archive par mois et par exercice clos et par chaîne, la plus récente d’abord, avec son empreinte SHA-256 inscrite au journal.',
    responses: { 200: successAnswer(BooksArchivesSchema, 'Les archives.') },
  }),
);

/** GET /v2/restaurant/books/archives/{name}: an archive's file (owner). */
export const downloadBooksArchive = createRoute(
  staffOnly('owner', {
    operationId: 'downloadBooksArchive',
    method: 'get',
    path: '/v2/restaurant/books/archives/{name}',
    tags,
    summary: 'Télécharger une archive (propriétaire).',
    description: 'Le fichier tar, en pièce jointe. Son README.fr.txt dit comment le vérifier avec sha256sum et openssl.',
    request: { params: BooksArchiveParamsSchema },
    responses: {
      200: { description: 'L’archive (tar POSIX).', content: { 'application/x-tar': { schema: z.string().meta({ format: 'binary' }) } } },
      404: errorAnswer('Pas d’archive de ce nom (archive_not_found).'),
    },
  }),
);

/** POST /v2/restaurant/books/archives: archives a closed month now (owner). */
export const createBooksArchive = createRoute(
  staffOnly('owner', {
    operationId: 'createBooksArchive',
    method: 'post',
    path: '/v2/restaurant/books/archives',
    tags,
    summary: 'Archiver un mois clos (propriétaire).',
    description: 'Écrit l’archive du mois du journal réel si elle ne l’est pas encore (une écriture « archive » au journal) ; sinon répond celle qui existe.',
    request: { body: jsonBody(CreateBooksArchiveSchema) },
    responses: {
      200: successAnswer(BooksArchiveSchema, 'L’archive du mois.'),
      ...bodyErrors,
      422: errorAnswer('Mois pas encore clôturé (period_not_closed).'),
    },
  }),
);

/** POST /v2/restaurant/books/verification: verifies the whole journal (owner). */
export const verifyBooks = createRoute(
  staffOnly('owner', {
    operationId: 'verifyBooks',
    method: 'post',
    path: '/v2/restaurant/books/verification',
    tags,
    summary: 'Vérifier l’intégrité du journal des ventes (propriétaire).',
    description: 'Recalcule chaque empreinte, signature, séquence, numérotation et total de clôture, comme npm run books:verify. La vérification est elle-même une écriture du journal.',
    responses: { 200: successAnswer(BooksVerificationSchema, 'Le rapport : intact, ou la première écriture cassée de chaque chaîne.') },
  }),
);
