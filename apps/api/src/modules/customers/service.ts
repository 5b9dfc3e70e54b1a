import type { CustomerDetail, CustomerList, CustomerListQuery, CustomerMarkBody, CustomerNotice, CustomerRow } from '@resto/contract/customers';
import { averageBasketCents, parseCustomerKey, type CustomerKey } from '@resto/domain/customers';
import { centsToEuros } from '@resto/domain/money';
import { parseHistorySearch } from '@resto/domain/order-history';
import { formatPhone } from '@resto/domain/phone';
import { readSetting } from '@resto/domain/settings';
import { customerAudit, customerErrors } from '@resto/copy/staff/customers';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { CatalogService } from '../catalog/index.ts';
import * as repository from './repository.ts';

/** Customers a page of the list holds. */
const customerPageSize = 30;

const instant = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** Who changes a note or a mark. */
export interface CustomerEditor {
  staffId: number;
  name: string;
  role: 'owner' | 'staff';
}

/** A customer's row of the list from its figures (cents → euros, the key naming them: their first, sorted). */
function rowView(row: repository.CustomerFiguresRow): CustomerRow {
  const emails = row.emails ?? [];
  const phones = row.phones ?? [];
  const spentCents = Number(row.spent_cents);
  return {
    key: [...emails.map((e) => `email:${e}`), ...phones.map((p) => `phone:${p}`)].sort()[0] ?? '',
    name: (row.name ?? '').trim() || emails[0] || formatPhone(phones[0] ?? ''),
    emails,
    phones,
    orders: Number(row.orders),
    spent: centsToEuros(spentCents),
    average_basket: centsToEuros(averageBasketCents(spentCents, Number(row.counted))),
    first_order_at: instant(row.first_at).toISOString(),
    last_order_at: instant(row.last_at).toISOString(),
    no_shows: Number(row.no_shows),
    mark: row.mark ?? null,
    has_note: Boolean(row.note),
  };
}

const invalidRequest = (path: string, message: string) => new ApiError('invalid_request', message, [{ path, message }]);

/**
 * The customers (docs/decisions/037-customers.md): each order carries its customer
 * (`orders.customer_id`, set when it is written, repository `mergeCustomersOfKeys` when an order
 * joins two), the list and pages are SQL grouped by customer, and what the restaurant writes
 * about them — a staff note, a flag or a block — is one small transaction with its audit line.
 */
export class CustomersService {
  constructor(
    private readonly db: Database,
    private readonly catalog: CatalogService,
    private readonly clock: () => Date,
  ) {}

  /**
   * The customer having `key` (their root record's id) in `db`.
   * @throws ApiError customer_not_found (404): a key that is not one, or no order has it.
   */
  private async customerId(db: Database, keyText: string): Promise<{ key: CustomerKey; id: number }> {
    const key = parseCustomerKey(keyText);
    if (!key) throw new ApiError('customer_not_found', customerErrors.invalidKey);
    const id = await repository.findCustomerIdByKey(db, key);
    if (id === undefined) throw new ApiError('customer_not_found', customerErrors.unknownCustomer);
    return { key, id };
  }

  /**
   * GET /v2/restaurant/customers: the customers matching `q`, sorted (last order newest by default), 30 a page,
   * from their stored figures (repository refreshCustomerFigures first: exact as of this request).
   * A page past the last answers an empty list (its total still counted).
   */
  async list(query: CustomerListQuery): Promise<CustomerList> {
    const page = query.page ?? 1;
    // The figures of the customers whose orders changed since the last read, computed now.
    await repository.refreshCustomerFigures(this.db);
    const rows = await repository.findCustomersPage(this.db, {
      search: parseHistorySearch(query.q ?? ''),
      sort: query.sort ?? 'last_order',
      limit: customerPageSize,
      offset: (page - 1) * customerPageSize,
    });
    // Past the last page no row carries the total: counted without the page.
    const total = rows.length
      ? Number(rows[0]!.total)
      : page > 1
        ? Number(
            (await repository.findCustomersPage(this.db, { search: parseHistorySearch(query.q ?? ''), sort: 'last_order', limit: 1, offset: 0 }))[0]?.total ??
              0,
          )
        : 0;
    return { customers: rows.map(rowView), total, page, page_size: customerPageSize };
  }

  /**
   * GET /v2/restaurant/customers/{customer_key}: their figures, orders newest first, note and mark.
   * @throws ApiError customer_not_found (404) a key that is not one, or no placed order has it.
   */
  async detail(keyText: string): Promise<CustomerDetail> {
    const { id } = await this.customerId(this.db, keyText);
    const [figures, orders, record] = await Promise.all([
      repository.findCustomerFigures(this.db, id),
      repository.findOrdersOfCustomer(this.db, id),
      repository.findRecord(this.db, id),
    ]);
    if (!figures) throw new ApiError('customer_not_found', customerErrors.unknownCustomer);
    return {
      customer: rowView(figures),
      orders: orders.map((row) => ({
        order_id: row.order_id,
        ordered_at: instant(row.created_at).toISOString(),
        status: row.status,
        is_pickup: row.is_pickup,
        total: centsToEuros(row.total_cents),
        not_collected: Boolean(row.not_collected),
      })),
      note: { text: record?.note ?? '', by: record?.note ? record.noteByName : null, at: record?.note ? (record.noteAt?.toISOString() ?? null) : null },
      mark:
        record?.mark && record.markAt
          ? { mark: record.mark, reason: record.markReason ?? '', by: record.markByName ?? '', at: record.markAt.toISOString() }
          : null,
    };
  }

  /**
   * PUT …/note: the staff note ('' erases it), with its audit line.
   * @throws ApiError customer_not_found (404).
   */
  async writeNote(keyText: string, note: string, editor: CustomerEditor): Promise<CustomerDetail> {
    const now = this.clock();
    await this.edit(keyText, editor, now, (record, name) => ({
      values: { note, noteByName: editor.name, noteAt: now },
      audit: { action: 'note', summary: customerAudit.note(name), before: { note: record.note }, after: { note } },
    }));
    return this.detail(keyText);
  }

  /**
   * PUT …/mark: flag (any member), block (the owner), or lift (`mark` null; a block by the owner only).
   * @throws ApiError invalid_request (400) a flag or block without a reason; customer_blocked_by_owner (403)
   * a member blocking, or changing a blocked customer's mark; customer_not_found (404).
   */
  async mark(keyText: string, body: CustomerMarkBody, editor: CustomerEditor): Promise<CustomerDetail> {
    const reason = body.reason?.trim() ?? '';
    if (body.mark && !reason) throw invalidRequest('reason', 'Indiquez le motif.');
    const now = this.clock();
    await this.edit(keyText, editor, now, (record, name) => {
      if (editor.role !== 'owner' && (body.mark === 'blocked' || record.mark === 'blocked'))
        throw new ApiError('customer_blocked_by_owner', customerErrors.blockedNeedsOwner);
      const before = { mark: record.mark, reason: record.markReason };
      if (!body.mark)
        return {
          values: { mark: null, markReason: null, markByStaffId: editor.staffId, markByName: editor.name, markAt: now },
          audit: { action: 'unmark', summary: customerAudit.unmark(name), before, after: { mark: null, reason: null } },
        };
      return {
        values: { mark: body.mark, markReason: reason, markByStaffId: editor.staffId, markByName: editor.name, markAt: now },
        audit: {
          action: body.mark === 'blocked' ? 'block' : 'flag',
          summary: body.mark === 'blocked' ? customerAudit.block(name, reason) : customerAudit.flag(name, reason),
          before,
          after: { mark: body.mark, reason },
        },
      };
    });
    return this.detail(keyText);
  }

  /**
   * One change of a customer's record in one small transaction: the customers' advisory lock (a
   * merge or another write waits), the customer found again by `keyText` (a merge may have just
   * moved them), their record locked, then `change` decides the values and the audit line,
   * written in one statement. Five statements whatever the number of orders.
   * @throws ApiError customer_not_found (404), and what `change` throws.
   */
  private async edit(
    keyText: string,
    editor: CustomerEditor,
    now: Date,
    change: (
      record: repository.CustomerRecord,
      name: string,
    ) => {
      values: Partial<repository.CustomerRecord>;
      audit: { action: string; summary: string; before: unknown; after: unknown };
    },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await repository.lockCustomers(tx);
      const { key, id } = await this.customerId(tx, keyText);
      const record = (await repository.lockRecord(tx, id))!;
      const name = await repository.findCustomerName(tx, id);
      const { values, audit } = change(record, name);
      await repository.updateRecordWithAudit(
        tx,
        id,
        { ...values, updatedAt: now },
        { at: now, staffId: editor.staffId, staffName: editor.name, entityId: key, ...audit },
      );
    });
  }

  /**
   * The refusal of an order whose customer the restaurant blocked (modules/orders: the order's
   * creation finds them by its e-mail and phone in its first read, readBeforeOrder), with a
   * polite French message and the restaurant's phone.
   * @throws ApiError customer_blocked (422), always.
   */
  async refuseBlocked(): Promise<never> {
    const { settings } = await this.catalog.getCatalog();
    const phone = readSetting(settings, 'contacts.phone', '');
    const message = customerErrors.orderBlocked(phone ? formatPhone(phone) : '');
    throw new ApiError('customer_blocked', message, [{ path: 'customer', message }]);
  }
}

/**
 * What the board shows of each order's customer (docs/decisions/037): the staff note, the flag or
 * block and its reason, and how many of their other orders were never collected — by the order's
 * customer (`orders.customer_id`, chains followed and merges applied). Null for a customer the
 * restaurant has nothing about. One query whatever the number of orders.
 */
export async function findCustomerNotices(db: Database, orders: readonly { orderId: number }[]): Promise<Map<number, CustomerNotice | null>> {
  const rows = await repository.findNoticesOfOrders(
    db,
    orders.map((order) => order.orderId),
  );
  const notices = new Map<number, CustomerNotice | null>(orders.map((order) => [order.orderId, null]));
  for (const row of rows) {
    const missed = Number(row.no_shows);
    if (row.note || row.mark || missed)
      notices.set(Number(row.order_id), { note: row.note || null, mark: row.mark ?? null, mark_reason: row.mark ? row.mark_reason : null, no_shows: missed });
  }
  return notices;
}

/**
 * Joins into one the customers of a new order's keys and of the record it was written with
 * (docs/decisions/037): the customers' advisory lock, then repository `mergeCustomersOfKeys` on
 * what is committed now. In `db`, the order's transaction.
 * @returns how many customers were merged into another.
 */
export async function joinCustomersOfOrder(db: Database, keys: readonly string[], orderCustomer: number): Promise<number> {
  await repository.lockCustomers(db);
  return repository.mergeCustomersOfKeys(db, keys, orderCustomer);
}
