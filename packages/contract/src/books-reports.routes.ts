import { createRoute } from '@hono/zod-openapi';
import { SalesReportQuerySchema, SalesReportSchema } from './books-reports.ts';
import { apiTags, errorAnswer, staffOnly, successAnswer } from './route-kit.ts';

/** GET /v2/restaurant/books/report: the sales of a day, week, month or range (owner; docs/decisions/031). */
export const readSalesReport = createRoute(
  staffOnly('owner', {
    operationId: 'readSalesReport',
    method: 'get',
    path: '/v2/restaurant/books/report',
    tags: [apiTags.staffBooks.name],
    summary: 'Les ventes d’une période (propriétaire).',
    description:
      'Depuis le journal des ventes réel (jamais la simulation) : CA TTC et HT, TVA par taux, moyens de paiement, canaux, commandes, panier moyen, avoirs et remboursements, remises, frais de livraison, plats vendus, commandes par heure, clients nouveaux et fidèles. Les jours clos sont égaux à leurs clôtures au centime.',
    request: { query: SalesReportQuerySchema },
    responses: { 200: successAnswer(SalesReportSchema, 'Le rapport.'), 400: errorAnswer('Période refusée (invalid_request), avec le champ fautif.') },
  }),
);
