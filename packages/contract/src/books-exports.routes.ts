import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { BooksExportParamsSchema, BooksExportQuerySchema, BooksExportsSchema } from './books-exports.ts';
import { apiTags, errorAnswer, staffOnly, successAnswer } from './route-kit.ts';

/**
 * The accountant's exports (docs/decisions/032-the-accountant-s-exports.md): from the live chain of
 * the sales journal, never the simulation. Owner only; never cached.
 */
const tags = [apiTags.staffBooks.name];

/** GET /v2/restaurant/books/exports: what a period holds and the files it gives (owner). */
export const listBooksExports = createRoute(
  staffOnly('owner', {
    operationId: 'listBooksExports',
    method: 'get',
    path: '/v2/restaurant/books/exports',
    tags,
    summary: 'Les exports comptables d’une période (propriétaire).',
    description: 'Le nombre de pièces, de paiements et de journées de la période, et le nom de chaque fichier (null pour le FEC et l’e-reporting sans SIREN).',
    request: { query: BooksExportQuerySchema },
    responses: {
      200: successAnswer(BooksExportsSchema, 'La période et ses fichiers.'),
      400: errorAnswer('Période refusée (invalid_request), avec le champ fautif.'),
    },
  }),
);

/** GET /v2/restaurant/books/exports/{kind}: one file of a period (owner); the download is a technical entry of the journal. */
export const downloadBooksExport = createRoute(
  staffOnly('owner', {
    operationId: 'downloadBooksExport',
    method: 'get',
    path: '/v2/restaurant/books/exports/{kind}',
    tags,
    summary: 'Télécharger un export comptable (propriétaire).',
    description:
      'CSV au format des tableurs français (`;`, virgule décimale, UTF-8 avec BOM) : tickets, lignes, paiements, journal par jour et par taux ; FEC (art. A47 A-1 du LPF, tabulations) ; e-reporting B2C (JSON). Chaque téléchargement est une écriture « export » du journal, avec l’empreinte SHA-256 du fichier (en-tête `X-Content-SHA256`).',
    request: { params: BooksExportParamsSchema, query: BooksExportQuerySchema },
    responses: {
      200: {
        description: 'Le fichier, en pièce jointe.',
        headers: z.object({ 'X-Content-SHA256': z.string().meta({ description: 'Empreinte SHA-256 (hexadécimal) du fichier, celle inscrite au journal.' }) }),
        content: {
          'text/csv': { schema: z.string() },
          'text/plain': { schema: z.string().meta({ description: 'Le FEC.' }) },
          'application/json': { schema: z.string().meta({ description: 'L’e-reporting B2C.' }) },
        },
      },
      400: errorAnswer('Période refusée (invalid_request), avec le champ fautif.'),
      422: errorAnswer('Le SIRET manque dans les réglages : pas de FEC ni d’e-reporting (siren_missing).'),
    },
  }),
);
