import { sql } from 'drizzle-orm';
import type { CustomerDetail, CustomerList, CustomerListQuery, CustomerMarkBody, CustomerNotice, CustomerRow } from '@resto/contract/customers';
import {
  averageBasketCents,
  compareCustomers,
  customerHaystack,
  customerKeysOf,
  customerMatcher,
  groupCustomers,
  parseCustomerKey,
  type CustomerFigures,
  type CustomerGroup,
  type CustomerKey,
} from '@resto/domain/customers';
import { centsToEuros } from '@resto/domain/money';
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

/** A customer as the service computes them: the group's keys, figures (cents, ms) and record. */
interface Customer extends CustomerFigures {
  keys: CustomerKey[];
  countedOrders: number;
  record: repository.CustomerRecord | null;
  /** The folded name and e-mails the search box reads (`customerHaystack`). */
  haystack: string;
}

/** How long the customers computed for a fingerprint may serve at most, whatever it says. */
const customersMaxAgeMs = 60_000;

/** Who changes a note or a mark. */
export interface CustomerEditor {
  staffId: number;
  name: string;
  role: 'owner' | 'staff';
}

/** The record a customer's keys point at (the first found: a record is shared by all its keys). */
function recordOf(keys: readonly string[], records: Map<string, repository.CustomerRecord>): repository.CustomerRecord | null {
  for (const key of keys) {
    const record = records.get(key);
    if (record) return record;
  }
  return null;
}

/** One group of contact rows as a customer: sums, extremes, the latest name. */
function customerOf(group: CustomerGroup<repository.ContactFigures>): Omit<Customer, 'record'> {
  let orders = 0;
  let counted = 0;
  let spent = 0;
  let noShows = 0;
  let first = Infinity;
  let last = -Infinity;
  let name = '';
  for (const row of group.rows) {
    orders += Number(row.orders);
    counted += Number(row.counted);
    spent += Number(row.spent_cents);
    noShows += Number(row.no_shows);
    first = Math.min(first, instant(row.first_at).getTime());
    const lastMs = instant(row.last_at).getTime();
    if (lastMs > last) {
      last = lastMs;
      name = (row.name ?? '').trim();
    }
  }
  const emails = group.keys.filter((key) => key.startsWith('email:')).map((key) => key.slice(6));
  const phones = group.keys.filter((key) => key.startsWith('phone:')).map((key) => key.slice(6));
  const shownName = name || emails[0] || formatPhone(phones[0] ?? '');
  return {
    haystack: customerHaystack({ name: shownName, emails }),
    keys: group.keys,
    name: shownName,
    emails,
    phones,
    orders,
    countedOrders: counted,
    spentCents: spent,
    firstOrderMs: first,
    lastOrderMs: last,
    noShows,
  };
}

function rowView(customer: Customer): CustomerRow {
  return {
    key: customer.keys[0]!,
    name: customer.name,
    emails: customer.emails,
    phones: customer.phones,
    orders: customer.orders,
    spent: centsToEuros(customer.spentCents),
    average_basket: centsToEuros(averageBasketCents(customer.spentCents, customer.countedOrders)),
    first_order_at: new Date(customer.firstOrderMs).toISOString(),
    last_order_at: new Date(customer.lastOrderMs).toISOString(),
    no_shows: customer.noShows,
    mark: customer.record?.mark ?? null,
    has_note: Boolean(customer.record?.note),
  };
}

const invalidRequest = (path: string, message: string) => new ApiError('invalid_request', message, [{ path, message }]);

/**
 * The customers (docs/decisions/037-customers.md): the orders grouped by e-mail or phone (the
 * domain's `groupCustomers`), their figures from the orders, and what the restaurant writes about
 * them — a staff note, a flag or a block — with the audit log's line for each change.
 */
export class CustomersService {
  constructor(
    private readonly db: Database,
    private readonly catalog: CatalogService,
    private readonly clock: () => Date,
  ) {}

  /** The customers last computed, with the database's fingerprint they were computed at. */
  private computed: { fingerprint: string; at: number; customers: Promise<Omit<Customer, 'record'>[]> } | null = null;

  /**
   * Every customer: one aggregate over the orders, grouped in memory. Kept for the next request
   * while the database's fingerprint (`customersFingerprint`: the orders' and records' counts and
   * last changes) is the same, and 60 s at most: every instance checks it against the database, so
   * a change made through another instance is seen on the next request (docs/decisions/017, 1.3).
   */
  private async customers(): Promise<Customer[]> {
    const [fingerprint, records] = await Promise.all([repository.customersFingerprint(this.db), repository.findAllRecords(this.db)]);
    const computed = this.computed;
    let grouped: Promise<Omit<Customer, 'record'>[]>;
    if (computed && computed.fingerprint === fingerprint && Date.now() - computed.at < customersMaxAgeMs) grouped = computed.customers;
    else {
      const customers = (async () => groupCustomers(await repository.findContactFigures(this.db)).map(customerOf))();
      grouped = customers;
      this.computed = { fingerprint, at: Date.now(), customers };
      customers.catch(() => {
        if (this.computed?.customers === customers) this.computed = null;
      });
    }
    // The records are few and read every time: a note or a mark shows at once.
    const byKey = new Map(records.map(({ key, record }) => [key, record]));
    return (await grouped).map((customer) => ({ ...customer, record: recordOf(customer.keys, byKey) }));
  }

  /** The customer having `key`, or customer_not_found (404). */
  private async customer(keyText: string): Promise<Customer> {
    const key = parseCustomerKey(keyText);
    if (!key) throw new ApiError('customer_not_found', customerErrors.invalidKey);
    const found = (await this.customers()).find((customer) => customer.keys.includes(key));
    if (!found) throw new ApiError('customer_not_found', customerErrors.unknownCustomer);
    return found;
  }

  /**
   * GET /v2/restaurant/customers: the customers matching `q`, sorted (last order newest by default), 30 a page.
   * A page past the last answers an empty list.
   */
  async list(query: CustomerListQuery): Promise<CustomerList> {
    const all = await this.customers();
    const matching = query.q ? all.filter(customerMatcher(query.q)) : [...all];
    matching.sort(compareCustomers(query.sort ?? 'last_order'));
    const page = query.page ?? 1;
    return {
      customers: matching.slice((page - 1) * customerPageSize, page * customerPageSize).map(rowView),
      total: matching.length,
      page,
      page_size: customerPageSize,
    };
  }

  /**
   * GET /v2/restaurant/customers/{customer_key}: their figures, orders newest first, note and mark.
   * @throws ApiError customer_not_found (404) a key that is not one, or no placed order has it.
   */
  async detail(keyText: string): Promise<CustomerDetail> {
    return this.detailOf(await this.customer(keyText));
  }

  private async detailOf(customer: Customer): Promise<CustomerDetail> {
    const orders = await repository.findOrdersWithKeys(this.db, customer.keys);
    const record = customer.record;
    return {
      customer: rowView(customer),
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
    const customer = await this.customer(keyText);
    const now = this.clock();
    await this.edit(customer, editor, now, (record) => ({
      values: { note, noteByName: editor.name, noteAt: now },
      audit: { action: 'note', summary: customerAudit.note(customer.name), before: { note: record.note }, after: { note } },
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
    const customer = await this.customer(keyText);
    const now = this.clock();
    await this.edit(customer, editor, now, (record) => {
      if (editor.role !== 'owner' && (body.mark === 'blocked' || record.mark === 'blocked'))
        throw new ApiError('customer_blocked_by_owner', customerErrors.blockedNeedsOwner);
      const before = { mark: record.mark, reason: record.markReason };
      if (!body.mark)
        return {
          values: { mark: null, markReason: null, markByStaffId: editor.staffId, markByName: editor.name, markAt: now },
          audit: { action: 'unmark', summary: customerAudit.unmark(customer.name), before, after: { mark: null, reason: null } },
        };
      return {
        values: { mark: body.mark, markReason: reason, markByStaffId: editor.staffId, markByName: editor.name, markAt: now },
        audit: {
          action: body.mark === 'blocked' ? 'block' : 'flag',
          summary: body.mark === 'blocked' ? customerAudit.block(customer.name, reason) : customerAudit.flag(customer.name, reason),
          before,
          after: { mark: body.mark, reason },
        },
      };
    });
    return this.detail(keyText);
  }

  /**
   * One change of a customer's record in one transaction: the writes of customer records are
   * serialised (an advisory lock: two first notes at once make one record); the records of the
   * customer's keys are joined into one (a new order may have joined two customers), every key of
   * theirs points at it, then `change` decides the values and the audit line written with them.
   */
  private async edit(
    customer: Customer,
    editor: CustomerEditor,
    now: Date,
    change: (record: repository.CustomerRecord) => {
      values: Partial<repository.CustomerRecord>;
      audit: { action: string; summary: string; before: unknown; after: unknown };
    },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('customer_records'))`);
      const found = await repository.findRecordsByKeys(tx, customer.keys);
      const ids = [...new Set(found.map((row) => row.record.id))].sort((a, b) => a - b);
      const locked = await repository.lockRecords(tx, ids);
      let record = locked[0] ?? (await repository.insertRecord(tx, now));
      if (locked.length > 1) {
        // Joined customers: the first record keeps the first note and the strongest mark.
        const note = locked.map((r) => r.note).find(Boolean) ?? '';
        const marked = locked.find((r) => r.mark === 'blocked') ?? locked.find((r) => r.mark === 'flagged');
        const merged = {
          note,
          mark: marked?.mark ?? null,
          markReason: marked?.markReason ?? null,
          markByName: marked?.markByName ?? null,
          markAt: marked?.markAt ?? null,
        };
        await repository.updateRecord(tx, record.id, merged);
        await repository.deleteRecords(
          tx,
          locked.slice(1).map((r) => r.id),
        );
        record = { ...record, ...merged };
      }
      await repository.pointKeys(tx, customer.keys, record.id);
      const { values, audit } = change(record);
      await repository.updateRecord(tx, record.id, { ...values, updatedAt: now });
      await repository.appendAudit(tx, { at: now, staffId: editor.staffId, staffName: editor.name, entityId: customer.keys[0]!, ...audit });
    });
  }

  /**
   * The check of the order's creation (modules/orders): a customer the restaurant blocked, by the
   * order's e-mail or phone, is refused with a polite French message and the restaurant's phone.
   * @throws ApiError customer_blocked (422).
   */
  async refuseBlocked(customer: { email: string; phone: string }): Promise<void> {
    const records = await repository.findRecordsByKeys(this.db, customerKeysOf(customer));
    if (!records.some(({ record }) => record.mark === 'blocked')) return;
    const { settings } = await this.catalog.getCatalog();
    const phone = readSetting(settings, 'contacts.phone', '');
    const message = customerErrors.orderBlocked(phone ? formatPhone(phone) : '');
    throw new ApiError('customer_blocked', message, [{ path: 'customer', message }]);
  }
}

/**
 * What the board shows of each order's customer (docs/decisions/037): the staff note, the flag or
 * block and its reason, and how many of their other orders were never collected, found by the
 * order's own e-mail and phone and, when the restaurant wrote about the customer, by every key of
 * their record (the chain as it was when written). Null for a customer the restaurant has nothing
 * about. Three queries whatever the number of orders.
 */
export async function findCustomerNotices(
  db: Database,
  orders: readonly { orderId: number; customer: { email: string; phone: string } }[],
): Promise<Map<number, CustomerNotice | null>> {
  const keysOf = new Map(orders.map((order) => [order.orderId, customerKeysOf(order.customer)]));
  const allKeys = [...new Set([...keysOf.values()].flat())];
  const records = await repository.findRecordsByKeys(db, allKeys);
  const recordByKey = new Map(records.map(({ key, record }) => [key, record]));
  const recordKeys = await repository.findKeysOfRecords(db, [...new Set(records.map(({ record }) => record.id))]);
  const searched = (keys: CustomerKey[]) => {
    const record = recordOf(keys, recordByKey);
    return { record, keys: [...new Set([...keys, ...((record ? recordKeys.get(record.id) : undefined) ?? [])])] };
  };
  const noShows = await repository.findNoShowsOf(db, [...new Set([...allKeys, ...[...recordKeys.values()].flat()])]);
  const notices = new Map<number, CustomerNotice | null>();
  for (const [orderId, orderKeys] of keysOf) {
    const { record, keys } = searched(orderKeys);
    const missed = noShows.filter((row) => row.order_id !== orderId && customerKeysOf(row).some((key) => keys.includes(key))).length;
    notices.set(
      orderId,
      record?.note || record?.mark || missed
        ? { note: record?.note || null, mark: record?.mark ?? null, mark_reason: record?.mark ? record.markReason : null, no_shows: missed }
        : null,
    );
  }
  return notices;
}
