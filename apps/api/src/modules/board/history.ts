import type { OrderHistoryDetail, OrderHistoryPage, OrderHistoryQuery, OrderHistoryRow } from '@resto/contract/order-history';
import type { EntryBody } from '@resto/domain/books';
import { addDays } from '@resto/domain/clock';
import { centsToEuros } from '@resto/domain/money';
import { decodeHistoryCursor, encodeHistoryCursor, historyRangeOf, parseHistorySearch } from '@resto/domain/order-history';
import { formatInvoiceNumber, formatReceiptNumber } from '@resto/domain/receipt';
import { describePayments, paymentsSummary } from '@resto/domain/sale-documents';
import { restaurantInstant } from '@resto/domain/scheduling';
import { orderHistoryErrors, orderHistoryPage } from '@resto/copy/staff/order-history';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { findOrderPayments } from '../books/index.ts';
import { findHistoryPage, findOrderDocuments, findOrderMails, type HistoryRow } from './history-repository.ts';
import type { BoardService } from './service.ts';

/** Orders a page of the history holds. */
const historyPageSize = 30;

const finalStatuses = new Set(['completed', 'rejected', 'cancelled']);

/** A Paris day's midnight as an instant (a day always has one: clocks change at 2 or 3 am). */
const parisMidnight = (day: string) => restaurantInstant(day, '00:00') ?? new Date(`${day}T00:00:00Z`);

const instant = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** A row's customer: pg returns jsonb parsed, PGlite too; a string is parsed once more to be safe. */
const customerOf = (row: HistoryRow) =>
  typeof row.customer === 'string' ? (JSON.parse(row.customer) as Exclude<HistoryRow['customer'], string>) : row.customer;

/**
 * Every past order (docs/decisions/034-order-history.md): the search's pages and one order's
 * whole life. Reads only; the actions stay the board's (the same routes and state machine).
 */
export class OrderHistoryService {
  constructor(
    private readonly db: Database,
    private readonly board: BoardService,
  ) {}

  /**
   * GET /v2/restaurant/order-history: a page of placed orders, newest first, after `cursor`.
   * @throws ApiError invalid_request (400) a day that is not one, an end before the start (field `to`), a cursor that is not one.
   */
  async search(query: OrderHistoryQuery): Promise<OrderHistoryPage> {
    const range = historyRangeOf(query.from, query.to);
    if ('error' in range) throw new ApiError('invalid_request', range.error, [{ path: range.field, message: range.error }]);
    const after = query.cursor ? decodeHistoryCursor(query.cursor) : null;
    if (query.cursor && !after)
      throw new ApiError('invalid_request', orderHistoryErrors.invalidCursor, [{ path: 'cursor', message: orderHistoryErrors.invalidCursor }]);
    const rows = await findHistoryPage(
      this.db,
      {
        search: parseHistorySearch(query.q ?? ''),
        fromInstant: range.from ? parisMidnight(range.from) : null,
        untilInstant: range.to ? parisMidnight(addDays(range.to, 1)) : null,
        status: query.status ?? null,
        isPickup: query.channel === 'pickup' ? true : query.channel === 'delivery' ? false : null,
        source: query.channel === 'phone' ? 'phone' : null,
        means: query.means ?? null,
        after,
      },
      historyPageSize + 1,
    );
    const page = rows.slice(0, historyPageSize);
    const payments = await findOrderPayments(
      this.db,
      page.map((row) => row.order_id),
    );
    const last = page.at(-1);
    return {
      orders: page.map((row) => rowView(row, payments.get(row.order_id) ?? [])),
      next_cursor:
        rows.length > historyPageSize && last ? encodeHistoryCursor({ orderedAtMs: instant(last.created_at).getTime(), orderId: last.order_id }) : null,
      page_size: historyPageSize,
    };
  }

  /**
   * GET /v2/restaurant/order-history/{order_id}: the order as the board shows it (lines, amounts,
   * events, the journal's payments and reversals, the refund), its documents in the books, its
   * e-mails still in the outbox and its receipt page.
   * @throws ApiError order_not_found (404) unknown, or a card order never paid.
   */
  async detail(orderId: number): Promise<OrderHistoryDetail> {
    const [order, documents, mails, secret] = await Promise.all([
      this.board.boardOrder(orderId),
      findOrderDocuments(this.db, orderId),
      findOrderMails(this.db, orderId),
      this.board.secretOf(orderId),
    ]);
    if (!order || !order.placed_at) throw new ApiError('order_not_found', orderHistoryErrors.unknownOrder);
    return {
      order,
      documents: documents.map((row) => {
        const body = (JSON.parse(row.content) as { body: EntryBody }).body;
        const at = row.recordedAt.toISOString();
        if (body.kind === 'duplicate')
          return { kind: 'duplicate' as const, number: body.duplicate.number, reprint: body.duplicate.reprint, chain: row.chain, at };
        if (body.kind !== 'document') throw new Error(`écriture inattendue : ${body.kind}`);
        return { kind: body.document.type, number: body.document.number, reprint: null, chain: row.chain, at };
      }),
      mails: mails.map((mail) => ({
        kind: mail.kind,
        recipient: mail.recipient,
        subject: mail.subject,
        created_at: mail.createdAt.toISOString(),
        attempts: mail.attempts,
        last_error: mail.lastError,
      })),
      receipt_path: secret ? `/recu?commande=${secret}` : null,
      on_board: !finalStatuses.has(order.status),
    };
  }
}

/** A list row: the receipt's number as printed, the customer's name, the journal's payments (euros). */
function rowView(row: HistoryRow, payments: Parameters<typeof paymentsSummary>[0]): OrderHistoryRow {
  const customer = customerOf(row);
  const summary = paymentsSummary(payments);
  return {
    order_id: row.order_id,
    receipt_number:
      row.invoice_number !== null ? formatInvoiceNumber(row.invoice_number) : row.receipt_number !== null ? formatReceiptNumber(row.receipt_number) : null,
    ordered_at: instant(row.created_at).toISOString(),
    status: row.status as OrderHistoryRow['status'],
    is_pickup: row.is_pickup,
    source: row.source === 'phone' ? 'phone' : 'online',
    customer_name: row.anonymised_at ? orderHistoryPage.anonymised : `${customer.first_name} ${customer.last_name}`.trim(),
    phone: customer.phone,
    email: customer.email,
    anonymised: row.anonymised_at !== null,
    total: centsToEuros(row.total_cents),
    payment_method: row.payment_method,
    payments: summary.byMeans.length ? describePayments(summary.byMeans) : null,
  };
}
