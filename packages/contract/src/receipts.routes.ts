import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { successBody } from './common.ts';
import { PrintReceiptBodySchema, PrintReceiptResultSchema, ReceiptParamsSchema, ReceiptSchema } from './receipts.ts';
import { apiTags, bodyErrors, errorAnswer, jsonBody, staffOnly, successAnswer } from './route-kit.ts';
import { BoardOrderParamsSchema } from './board.ts';

/** GET /v2/public/receipts/{file}: a past order's receipt or invoice by its secret, JSON or PDF (docs/decisions/013-receipts.md). */
export const getReceipt = createRoute({
  operationId: 'getReceipt',
  method: 'get',
  path: '/v2/public/receipts/{file}',
  tags: [apiTags.receipts.name],
  summary: 'Le reçu ou la facture d’une commande passée, par son secret.',
  description: '`{secret}` : le reçu en JSON. `{secret}.pdf` : le même en PDF, en pièce jointe (facture-F-….pdf ou recu-R-….pdf). Jamais mis en cache.',
  request: { params: ReceiptParamsSchema },
  responses: {
    200: {
      description: 'Le reçu (JSON), ou son PDF quand le chemin finit par .pdf.',
      content: {
        'application/json': { schema: successBody(ReceiptSchema) },
        'application/pdf': { schema: z.string().meta({ format: 'binary' }) },
      },
    },
    404: errorAnswer('Secret inconnu (receipt_not_found).'),
    409: errorAnswer('Commande pas encore passée, une commande par carte non payée (receipt_not_ready).'),
  },
});

/** POST /v2/restaurant/orders/{order_id}/receipt-print: the customer's receipt on the counter's printer (docs/decisions/033). */
export const printReceipt = createRoute(
  staffOnly('staff', {
    operationId: 'printReceipt',
    method: 'post',
    path: '/v2/restaurant/orders/{order_id}/receipt-print',
    tags: [apiTags.receipts.name],
    summary: 'Imprimer le reçu du client sur l’imprimante du comptoir.',
    description:
      'Le reçu est émis à la demande (une édition de plus : « DUPLICATA » à partir de la deuxième, inscrite au journal) et mis en file sur l’imprimante désignée, ou la première imprimante du comptoir en service. Il s’imprime tel qu’émis, même renvoyé.',
    request: { params: BoardOrderParamsSchema, body: jsonBody(PrintReceiptBodySchema) },
    responses: {
      200: successAnswer(PrintReceiptResultSchema, 'Le reçu est en file.'),
      ...bodyErrors,
      404: errorAnswer('Commande inconnue (receipt_not_found).'),
      409: errorAnswer('Commande pas encore passée (receipt_not_ready).'),
      422: errorAnswer('Aucune imprimante du comptoir en service (no_receipt_printer).'),
    },
  }),
);
