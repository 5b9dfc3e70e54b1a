import { buildReceipt, formatInvoiceNumber, formatReceiptNumber, type Receipt } from '@resto/domain/receipt';
import { receiptAnswers } from '@resto/copy/documents/receipts';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { findOrderPayments, type BooksService, type Chain } from '../books/index.ts';
import type { CatalogService } from '../catalog/index.ts';
import * as orders from '../orders/index.ts';
import { listPrinters, queueReceipt } from '../printing/index.ts';

/** A secret as orders.secret holds it (hex); anything else is not looked up. */
const secretPattern = /^[0-9a-f]{32,128}$/;

/** Receipts of placed orders, by the order's secret (docs/decisions/013-receipts.md). */
export class ReceiptService {
  constructor(
    private readonly db: Database,
    private readonly catalog: CatalogService,
    private readonly books: BooksService,
  ) {}

  /**
   * The receipt of the order holding `secret`, as one more edition of it: the first is the
   * original, every later one says « DUPLICATA » with its reprint count and is an entry of the
   * order's books chain, written with the count (docs/decisions/031, « a receipt shown or printed again »);
   * a cash order says what the counter took (« Payée — espèces 12,00 € »), from the journal's payments.
   * @throws ApiError 404 unknown secret; 409 an order not placed yet (a card order not paid).
   */
  async receiptOf(secret: string): Promise<Receipt> {
    const order = secretPattern.test(secret) ? await orders.findOrderBySecret(this.db, secret) : undefined;
    if (!order) throw new ApiError('receipt_not_found', receiptAnswers.unknownReceipt);
    if (order.receiptNumber === null || order.placedAt === null) throw new ApiError('receipt_not_ready', receiptAnswers.receiptNotYet);
    const shown = order.business !== null && order.invoiceNumber !== null ? formatInvoiceNumber(order.invoiceNumber) : formatReceiptNumber(order.receiptNumber);
    const edition = await this.countEdition(order.orderId, order.booksChain === 'simulation' ? 'simulation' : 'live', shown);
    const [lines, catalog, testModeOrders, payments] = await Promise.all([
      orders.findOrderLines(this.db, order.orderId),
      this.catalog.getCatalog(),
      orders.findTestModeOrders(this.db, [order.orderId]),
      order.paymentMethod === 'card' ? undefined : findOrderPayments(this.db, [order.orderId]),
    ]);
    const counterPayments = payments?.get(order.orderId) ?? [];
    return buildReceipt(
      { ...order, receiptNumber: order.receiptNumber, placedAt: order.placedAt, testMode: testModeOrders.has(order.orderId), edition, counterPayments },
      lines.map((line) => ({ ...line, options: line.options.map((o) => ({ name: o.name, quantity: o.quantity })) })),
      catalog.settings,
    );
  }

  /**
   * « Imprimer le reçu » (docs/decisions/033): the receipt of order `orderId` issued now (one more
   * edition, as `receiptOf`) and queued on `printerId` or the counter's printer.
   * @throws ApiError receipt_not_found, receipt_not_ready (as receiptOf); no_receipt_printer (422)
   * when there is no printer to print it, checked before the edition is counted.
   */
  async printReceipt(orderId: number, printerId: number | null, now: Date): Promise<{ jobId: number; printer: { id: number; name: string } }> {
    const order = await orders.findOrder(this.db, orderId);
    if (!order) throw new ApiError('receipt_not_found', receiptAnswers.unknownReceipt);
    const printable = (await listPrinters(this.db)).some(
      (printer) => printer.enabled && printer.connection !== 'browser' && (printerId === null ? printer.station === 'counter' : printer.id === printerId),
    );
    if (!printable) throw new ApiError('no_receipt_printer', receiptAnswers.noReceiptPrinter);
    const receipt = await this.receiptOf(order.secret);
    const queued = await queueReceipt(this.db, orderId, receipt, printerId, now);
    if (!queued) throw new ApiError('no_receipt_printer', receiptAnswers.noReceiptPrinter);
    return { jobId: queued.jobId, printer: { id: queued.printer.id, name: queued.printer.name } };
  }

  /** Counts the edition and, from the second on, writes its duplicate's entry in the same transaction. */
  private async countEdition(orderId: number, chain: Chain, number: string): Promise<number> {
    const signer = await this.books.signer();
    return this.db.transaction(async (tx) => {
      const edition = await orders.countReceiptEdition(tx, orderId);
      if (edition > 1) {
        await this.books.append(tx, signer, { chain, orderId, body: { kind: 'duplicate', duplicate: { number, reprint: edition - 1 } } });
      }
      return edition;
    });
  }
}
