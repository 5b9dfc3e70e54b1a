import { getReceipt, printReceipt } from '@resto/contract/receipts.routes';
import { ok, routes, serve } from '../../http/openapi.ts';
import type { Database } from '../../db/client.ts';
import { staffAuthenticator } from '../staff/index.ts';
import { renderReceiptPdf } from './pdf.ts';
import type { ReceiptService } from './service.ts';

/**
 * GET /v2/public/receipts/{secret} (JSON) and GET /v2/public/receipts/{secret}.pdf
 * (application/pdf, as an attachment). Never cached: the secret is the only key.
 * docs/decisions/013-receipts.md. POST /v2/restaurant/orders/{order_id}/receipt-print (staff):
 * the receipt on the counter's printer (docs/decisions/033).
 */
export function receiptRoutes(receipts: ReceiptService, db: Database, clock: () => Date) {
  const app = routes({ authenticateStaff: staffAuthenticator(db, clock) });
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
  serve(app, printReceipt, async (c) => {
    const { order_id } = c.req.valid('param');
    const { printer_id } = c.req.valid('json');
    const queued = await receipts.printReceipt(Number(order_id), printer_id ?? null, clock());
    return ok(c, { job_id: queued.jobId, printer_id: queued.printer.id, printer_name: queued.printer.name });
  });
  return app;
}
