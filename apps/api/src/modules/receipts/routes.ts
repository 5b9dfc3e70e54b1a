import { getReceipt } from '@resto/contract/receipts.routes';
import { ok, routes, serve } from '../../http/openapi.ts';
import { renderReceiptPdf } from './pdf.ts';
import type { ReceiptService } from './service.ts';

/**
 * GET /v2/public/receipts/{secret} (JSON) and GET /v2/public/receipts/{secret}.pdf
 * (application/pdf, as an attachment). Never cached: the secret is the only key.
 * docs/decisions/013-receipts.md.
 */
export function receiptRoutes(receipts: ReceiptService) {
  const app = routes();
  app.use('/v2/public/receipts/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  serve(app, getReceipt, async (c) => {
    const { file } = c.req.valid('param');
    if (!file.endsWith('.pdf')) return ok(c, await receipts.receiptOf(file));
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
