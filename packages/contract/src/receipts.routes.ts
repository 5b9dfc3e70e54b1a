import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { successBody } from './common.ts';
import { ReceiptParamsSchema, ReceiptSchema } from './receipts.ts';
import { apiTags, errorAnswer } from './route-kit.ts';

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
