import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { ReceiptParamsSchema, ReceiptSchema, type Receipt } from '@resto/contract/receipts';
import { successBody } from '@resto/contract/common';
import { success } from '../../http/errors.ts';
import { declare, errorAnswer, routes } from '../../http/openapi.ts';
import { renderReceiptPdf } from './pdf.ts';
import type { ReceiptService } from './service.ts';

const receiptRoute = createRoute({
  method: 'get',
  path: '/{file}',
  tags: ['Reçus'],
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

/**
 * GET /v2/public/receipts/{secret} (JSON) and GET /v2/public/receipts/{secret}.pdf
 * (application/pdf, as an attachment). Never cached: the secret is the only key.
 * docs/decisions/013-receipts.md.
 */
export function receiptRoutes(receipts: ReceiptService) {
  const app = routes();
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  declare(app, receiptRoute, async (c, input) => {
    const { file } = input.params();
    if (!file.endsWith('.pdf')) return success<Receipt>(c, await receipts.receiptOf(file));
    const receipt = await receipts.receiptOf(file.slice(0, -'.pdf'.length));
    const pdf = await renderReceiptPdf(receipt);
    const name = `${receipt.invoice_number ? `facture-${receipt.invoice_number}` : `recu-${receipt.number}`}.pdf`;
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
    });
  });
  return app;
}
