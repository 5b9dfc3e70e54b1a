import { buildReceipt, type Receipt } from '@resto/domain/receipt';
import { receiptAnswers } from '@resto/copy/documents/receipts';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { CatalogService } from '../catalog/index.ts';
import * as orders from '../orders/index.ts';

/** A secret as orders.secret holds it (hex); anything else is not looked up. */
const secretPattern = /^[0-9a-f]{32,128}$/;

/** Receipts of placed orders, by the order's secret (docs/decisions/013-receipts.md). */
export class ReceiptService {
  constructor(
    private readonly db: Database,
    private readonly catalog: CatalogService,
  ) {}

  /**
   * The receipt of the order holding `secret`.
   * @throws ApiError 404 unknown secret; 409 an order not placed yet (a card order not paid).
   */
  async receiptOf(secret: string): Promise<Receipt> {
    const order = secretPattern.test(secret) ? await orders.findOrderBySecret(this.db, secret) : undefined;
    if (!order) throw new ApiError('receipt_not_found', receiptAnswers.unknownReceipt);
    if (order.receiptNumber === null || order.placedAt === null) throw new ApiError('receipt_not_ready', receiptAnswers.receiptNotYet);
    const [lines, catalog, testModeOrders] = await Promise.all([
      orders.findOrderLines(this.db, order.orderId),
      this.catalog.getCatalog(),
      orders.findTestModeOrders(this.db, [order.orderId]),
    ]);
    return buildReceipt(
      { ...order, receiptNumber: order.receiptNumber, placedAt: order.placedAt, testMode: testModeOrders.has(order.orderId) },
      lines.map((line) => ({ ...line, options: line.options.map((o) => ({ name: o.name, quantity: o.quantity })) })),
      catalog.settings,
    );
  }
}
