import { Hono } from 'hono';
import { success } from '../../http/errors.ts';
import { renderReceiptPdf } from './pdf.ts';
import type { ReceiptService } from './service.ts';

/**
 * GET /v2/public/receipts/{secret} (JSON) and GET /v2/public/receipts/{secret}.pdf
 * (application/pdf, as an attachment). Never cached: the secret is the only key.
 * docs/decisions/013-receipts.md.
 */
export function receiptRoutes(receipts: ReceiptService) {
  return new Hono({ strict: false })
    .use('*', async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    })
    .get('/:file', async (c) => {
      const file = c.req.param('file');
      if (!file.endsWith('.pdf')) return success(c, await receipts.receiptOf(file));
      const receipt = await receipts.receiptOf(file.slice(0, -'.pdf'.length));
      const pdf = await renderReceiptPdf(receipt);
      const name = `${receipt.invoice_number ? `facture-${receipt.invoice_number}` : `recu-${receipt.number}`}.pdf`;
      return c.body(new Uint8Array(pdf), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${name}"`,
        'Cache-Control': 'no-store',
      });
    });
}
