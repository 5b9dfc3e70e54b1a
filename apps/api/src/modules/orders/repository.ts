import { and, asc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { eventTypeOfStatus } from '@resto/domain/order-events';
import { queryRows, type Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { insertJsonRows } from '../../db/json-rows.ts';
import { mailOutbox, orderEvents, orderLines, orderOffers, orders, payments, users } from '../../db/schema.ts';
import { appendOrderEvent, appendOrderEvents, orderEventCtes, orderEventNotifySql, type NewOrderEvent } from './events.ts';
import type { NewOutboxMail } from '../mail/index.ts';
import { counterHitsSql, readCountedHits, type CounterHit } from '../../db/counters-sql.ts';
import { slotLockSql } from '../capacity/index.ts';
import { documentNumberSql } from '../../db/document-numbers.ts';
import { assignCustomers, joinCustomersOfOrder, knownCustomerKeysSql, newOrderCustomerCtes, type KnownCustomerKey } from '../customers/index.ts';

/** SQL of orders. No rules here: the service decides, this writes and reads. */

export type NewOrder = typeof orders.$inferInsert;
export type OrderRow = typeof orders.$inferSelect;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'orderId'>;

/** What one new order writes: its row, lines, offer uses, receipt numbering when placed now, and its e-mails (outbox rows). */
/** An order just written: its id, its secret and, when placed, its receipt and invoice numbers (null otherwise). */
export interface WrittenOrder {
  orderId: number;
  secret: string;
  receiptNumber: number | null;
  invoiceNumber: number | null;
  /** The customer record the order was written with, when it joined two customers (a merge is due); else null. */
  join?: number | null;
}

interface OrderWrite {
  order: NewOrder;
  lines: readonly NewOrderLine[];
  offerUses?: readonly Omit<typeof orderOffers.$inferInsert, 'orderId'>[];
  placedAt?: Date | null;
  mails?: NewOrderMails;
  /** The staff member who placed it (a phone order, docs/decisions/036): its `placed` event's actor; else the customer. */
  placedBy?: { staffId: number; name: string } | undefined;
  /**
   * Its customer (docs/decisions/037): its e-mail's and phone's keys, and those the first read
   * found (readBeforeOrder's `customers`). Absent: an anonymous order, no customer.
   */
  customer?: { keys: readonly string[]; known: readonly KnownCustomerKey[] };
}

/** The order written under `localId`: its id and secret, or undefined. */
export async function findOrderByLocalId(db: Database, localId: string): Promise<{ orderId: number; secret: string } | undefined> {
  const rows = await db.select({ orderId: orders.orderId, secret: orders.secret }).from(orders).where(eq(orders.localId, localId));
  return rows[0];
}

/**
 * What checkout reads before an order, in one round trip (docs/decisions/025-order-creation-cost.md):
 * the order already written under `localId` (a retry), the e-mail of the account `userId` (null:
 * a guest, or an account that no longer exists) and the offers used under any of `customerKeys`
 * (orders of any status, for allow_repeat); and, only when no order has that local_id, it counts
 * the request `limits` (auth/repository.ts counterHitsSql: a retry is never counted) and returns
 * what they counted (`counted`: [] for a retry), for RateLimiter.planHits's `settle`; and the
 * customers of `contactKeys` (the order's e-mail and phone keys, docs/decisions/037): which of
 * them is known, whose customer, blocked or not (`customers`, customers/repository.ts).
 */
export async function readBeforeOrder(
  db: Database,
  localId: string,
  userId: number | null,
  customerKeys: readonly string[],
  limits?: { counters: readonly CounterHit[]; now: Date },
  contactKeys: readonly string[] = [],
): Promise<{
  existing: { orderId: number; secret: string } | undefined;
  accountEmail: string | null;
  usedOfferIds: Set<number>;
  counted: { count: number; windowStart: Date }[];
  customers: KnownCustomerKey[];
}> {
  const hits = limits?.counters.length
    ? counterHitsSql(limits.counters, limits.now, sql`not exists (select 1 from ${orders} where ${orders.localId} = ${localId})`)
    : undefined;
  const [row] = await queryRows<{
    existing: { orderId: number; secret: string } | null;
    account_email: string | null;
    used: number[];
    counted: unknown;
    customers: KnownCustomerKey[] | null;
  }>(
    db,
    sql`${hits ? sql`with ${hits.ctes} ` : sql``}select
      (select json_build_object('orderId', ${orders.orderId}, 'secret', ${orders.secret}) from ${orders} where ${orders.localId} = ${localId}) as existing,
      (select ${users.email} from ${users} where ${users.id} = ${userId ?? 0}) as account_email,
      (select coalesce(json_agg(distinct ${orderOffers.offerId}), '[]') from ${orderOffers}
        where ${orderOffers.customerKey} in (select json_array_elements_text(${JSON.stringify(customerKeys)}::json))) as used,
      ${hits ? hits.counted : sql`'[]'::json`} as counted,
      ${contactKeys.length ? knownCustomerKeysSql(contactKeys) : sql`'[]'::json`} as customers`,
  );
  return {
    existing: row?.existing ? { orderId: Number(row.existing.orderId), secret: row.existing.secret } : undefined,
    accountEmail: userId ? (row?.account_email ?? null) : null,
    usedOfferIds: new Set((row?.used ?? []).map(Number)),
    counted: readCountedHits(row?.counted),
    customers: (row?.customers ?? []).map((known) => ({
      key: known.key,
      record: Number(known.record),
      root: Number(known.root),
      blocked: Boolean(known.blocked),
    })),
  };
}

/** The order holding this secret (see `orders.secret`), or undefined. */
export async function findOrderBySecret(db: Database, secret: string) {
  const rows = await db.select().from(orders).where(eq(orders.secret, secret));
  return rows[0];
}

/**
 * Counts one more edition (shown or printed) of the order's receipt, in `db` (the caller's
 * transaction: the row stays locked until its duplicate's entry is written, docs/decisions/031).
 * @returns the editions after this one: 1 for the original, 2 for the first « DUPLICATA »…
 */
export async function countReceiptEdition(db: Database, orderId: number): Promise<number> {
  const [row] = await db
    .update(orders)
    .set({ receiptEditions: sql`${orders.receiptEditions} + 1` })
    .where(eq(orders.orderId, orderId))
    .returning({ editions: orders.receiptEditions });
  return row?.editions ?? 0;
}

/** A new order's e-mails (outbox rows, mail/service.ts prepareOrderMailRows), rendered once its id and secret are known. */
export type NewOrderMails = (written: { orderId: number; secret: string }) => NewOutboxMail[];

/**
 * Writes an order, its lines, its offer uses, its first event (placed, to its status, by the
 * customer, announced by `pg_notify` at commit), its receipt number when `placedAt` is given (cash:
 * placed now; and an invoice number for business details) and its e-mails (`mails`: the outbox of
 * docs/decisions/010), atomically, keyed by local_id: when another request already wrote that local_id,
 * nothing is written and that order's id and secret are returned. Two round trips
 * (docs/decisions/025-order-creation-cost.md): the order's id from its sequence and a secret,
 * then ONE statement writing everything, whose common table expressions take the numbers from
 * `document_counters` (locked only until that statement commits: concurrent orders queue on them
 * for one statement). Ids of refused writes are skipped, as a failed insert's always were.
 * A write in a transaction (`capacity`, `inTransaction`, a merge) locks its local_id first, then,
 * with `capacity` (docs/decisions/023), the order's slot (lockOrderWrite); an order already written
 * with this local_id is then answered as above, never refused; then `check` runs (counts the slot,
 * may throw slot_full) before the write. A write outside one (a card order) takes the event id's
 * counter only after its order row (docs/decisions/036 « Sent twice at once »).
 * @throws the unique violation of order_offers_once_idx (a once-only offer already used), ApiError from `check`.
 */
export async function insertOrder(
  db: Database,
  write: OrderWrite & {
    capacity?: { slotKey: string; check: (tx: Database) => Promise<void> };
    /** Runs in the order's transaction once it is written (the books' receipt, docs/decisions/031); when it throws, nothing is written. */
    inTransaction?: (tx: Database, written: WrittenOrder) => Promise<void>;
  },
): Promise<{ orderId: number; secret: string; created: boolean }> {
  const { capacity, inTransaction } = write;
  // An order whose keys are two customers' already joins them: order and merge in one transaction.
  const joinsKnown = new Set((write.customer?.known ?? []).map((known) => known.root)).size > 1;
  const writeThen = async (tx: Database, inTx = true, existingFirst = false) => {
    const written = await writeOrder(tx, write, existingFirst);
    if ('existing' in written) return { ...written.existing, created: false };
    // The order joined two customers (known so, or another order wrote one of its keys meanwhile): one
    // customer, in its transaction. A write outside any (a card order, no merge known before) that
    // finds a key written meanwhile runs the merge in one of its own right after: a crash in
    // between leaves two customers until the next order of those keys joins them.
    if (written.join && write.customer) {
      const join = write.customer;
      const customerId = written.join;
      await (inTx ? joinCustomersOfOrder(tx, join.keys, customerId) : tx.transaction((own) => joinCustomersOfOrder(own, join.keys, customerId)));
    }
    if (inTransaction) await inTransaction(tx, written);
    return { orderId: written.orderId, secret: written.secret, created: true };
  };
  const { localId } = write.order;
  try {
    if (!capacity && !inTransaction && !joinsKnown) return await writeThen(db, false);
    return await db.transaction(async (tx) => {
      // The same order sent twice waits here for the first to commit, then is answered with it: it
      // never reaches the write, whose unique local_id could wait on a transaction changing that
      // order while holding what that transaction waits for (docs/decisions/036 « Sent twice at once »).
      await lockOrderWrite(tx, localId, capacity ? { slotKey: capacity.slotKey, isPickup: write.order.isPickup } : null);
      // Without a slot to count, the write's first statement looks for the order itself (one round trip less).
      if (!capacity) return writeThen(tx, true, true);
      const existing = await findOrderByLocalId(tx, localId);
      if (existing) return { ...existing, created: false };
      await capacity.check(tx);
      return writeThen(tx);
    });
  } catch (error) {
    // Another request wrote this local_id first; the violation is raised once it committed.
    if (!isUniqueViolation(error, 'orders_local_id_idx')) throw error;
    const existing = await findOrderByLocalId(db, localId);
    if (!existing) throw error;
    return { ...existing, created: false };
  }
}

/**
 * Serialises the writes of one local_id (an order sent twice) across connections and API
 * instances until the transaction ends, then, when given, the orders of its slot (capacity's
 * lockSlot), in one statement: the local_id's lock first, always, so two locks never cross.
 */
async function lockOrderWrite(tx: Database, localId: string, slot: { slotKey: string; isPickup: boolean } | null): Promise<void> {
  const localIdLock = sql`pg_advisory_xact_lock(hashtextextended(${`order ${localId}`}, 0))`;
  await tx.execute(slot ? sql`select ${localIdLock}, ${slotLockSql(slot.slotKey, slot.isPickup)}` : sql`select ${localIdLock}`);
}

/**
 * The write of `insertOrder`: the order's id and secret taken, then one statement. `existingFirst`
 * (the local_id locked, lockOrderWrite): the first statement also looks for an order written with
 * that local_id meanwhile; when there is one, nothing is written and it is returned as `existing`.
 */
async function writeOrder(db: Database, write: OrderWrite, existingFirst = false): Promise<WrittenOrder | { existing: { orderId: number; secret: string } }> {
  const { order, lines, offerUses = [], placedAt = null, mails, placedBy, customer } = write;
  // Its customer (docs/decisions/037): the oldest of those its keys have, else a new one.
  const knownRoots = [...new Set((customer?.known ?? []).map((known) => known.root))].sort((a, b) => a - b);
  const unknownKeys = (customer?.keys ?? []).filter((key) => !customer?.known.some((known) => known.key === key));
  const newCustomer = Boolean(customer?.keys.length) && knownRoots.length === 0;
  // The id first: the e-mails, rendered before the write, show it. The secret as orders.secret's default makes it.
  const [taken] = await queryRows<{ orderId: number; secret: string; customerId: number | null; existing: { orderId: number; secret: string } | null }>(
    db,
    sql`select nextval(pg_get_serial_sequence('orders', 'order_id'))::int as "orderId", replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') as secret,
      ${newCustomer ? sql`nextval(pg_get_serial_sequence('customer_records', 'id'))::int` : sql`null::int`} as "customerId",
      ${existingFirst ? sql`(select json_build_object('orderId', ${orders.orderId}, 'secret', ${orders.secret}) from ${orders} where ${orders.localId} = ${order.localId})` : sql`null::json`} as existing`,
  );
  if (taken!.existing) return { existing: { orderId: Number(taken!.existing.orderId), secret: taken!.existing.secret } };
  const orderId = Number(taken!.orderId);
  const secret = taken!.secret;
  const customerId = newCustomer ? Number(taken!.customerId) : (knownRoots[0] ?? null);
  const customerCtes =
    customer && customerId !== null ? newOrderCustomerCtes({ customerId, newCustomer, unknown: unknownKeys, now: order.createdAt ?? new Date() }) : null;
  const mailRows = mails?.({ orderId, secret }) ?? [];
  const counter = (series: 'receipt' | 'invoice') => sql`(select last from ${sql.identifier(`${series}_counter`)})`;
  const numbers: Partial<Record<'receiptNumber' | 'invoiceNumber' | 'placedAt', SQL>> = placedAt
    ? {
        receiptNumber: counter('receipt'),
        invoiceNumber: order.business ? counter('invoice') : sql`null::int`,
        placedAt: sql`${placedAt.toISOString()}::timestamptz`,
      }
    : {};
  const row = { ...order, orderId, secret, customerId } as NewOrder; // order_id is GENERATED ALWAYS: given here with overriding
  const newOrder = insertJsonRows<typeof orders, 'receiptNumber' | 'invoiceNumber' | 'placedAt'>(orders, [row], sql`returning ${sql.identifier(orders.orderId.name)}`, {
    columns: numbers,
    overridingSystemValue: true,
  });
  const fromNewOrder = { columns: { orderId: sql`${orderId}::int` } };
  const event = orderEventCtes({
    orderId,
    type: 'placed',
    fromStatus: null,
    toStatus: order.status ?? 'pending',
    ...(placedBy ? { actor: 'staff' as const, staffId: placedBy.staffId, actorName: placedBy.name } : { actor: 'customer' as const }),
    at: order.createdAt ?? new Date(),
    // The event id's counter, a row every event-writing transaction locks until it commits, is taken
    // once the order's row passed its unique local_id: that check may wait for a transaction
    // changing the same order sent twice, which itself waits for the counter (docs/decisions/036).
  }, sql`new_order`);
  const result = await db.execute<{ receipt_number: number | null; invoice_number: number | null; key_records: number[] | null }>(
    sql`with ${customerCtes ? sql`${customerCtes}, ` : sql``}${placedAt ? sql`receipt_counter as (${documentNumberSql('receipt')}), ` : sql``}
      ${placedAt && order.business ? sql`invoice_counter as (${documentNumberSql('invoice')}), ` : sql``}
      new_order as (${newOrder}),
      ${lines.length ? sql`new_lines as (${insertJsonRows(orderLines, lines, sql``, fromNewOrder)}), ` : sql``}
      ${offerUses.length ? sql`new_uses as (${insertJsonRows(orderOffers, offerUses, sql``, fromNewOrder)}), ` : sql``}
      ${mailRows.length ? sql`new_mails as (${insertJsonRows(mailOutbox, mailRows, sql`on conflict do nothing`)}), ` : sql``}
      ${event}
      select ${orderEventNotifySql}, ${placedAt ? sql`(select last from receipt_counter)` : sql`null::int`} as receipt_number,
        ${placedAt && order.business ? sql`(select last from invoice_counter)` : sql`null::int`} as invoice_number,
        ${unknownKeys.length && customerCtes ? sql`(select json_agg(record_id) from customer_keys_written)` : sql`null::json`} as key_records`,
  );
  const placed = result.rows[0];
  // A merge is due when its keys were two customers', or when a key was written meanwhile by another order.
  const raced = (placed?.key_records ?? []).some((record) => Number(record) !== customerId);
  const join = customerId !== null && (knownRoots.length > 1 || raced) ? customerId : null;
  return { orderId, secret, receiptNumber: placed?.receipt_number ?? null, invoiceNumber: placed?.invoice_number ?? null, join };
}

/** A past order to write as it happened: its row, its lines and its status history (oldest first), written as order events. */
export interface PastOrder {
  order: NewOrder;
  lines: readonly NewOrderLine[];
  history: readonly { status: string; at: Date }[];
}

/**
 * Writes past orders (the demo history, apps/api/src/seeding/demo-history.ts) with their lines and
 * their whole status history, in one transaction, by batches of `batchSize` orders: two INSERT
 * statements a batch (db/json-rows.ts), where `insertOrder` would take one transaction an order
 * (about 9 s instead of 1 s for 3,000 orders on PGlite). The histories become order events at the
 * end: sorted by time, their ids reserved with one update of the counter and inserted in one
 * statement (orders/events.ts, appendOrderEvents), so ids grow with time as live events' do. Orders whose local_id is already there are
 * skipped with their lines, so writing the same orders twice adds nothing. No offer uses, no
 * receipt numbers, no e-mails: these orders are history, not placed now.
 * @returns how many orders were written.
 */
export async function insertPastOrders(db: Database, rows: readonly PastOrder[], batchSize = 1000): Promise<number> {
  let inserted = 0;
  const events: NewOrderEvent[] = [];
  await db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += batchSize) {
      const batch = rows.slice(start, start + batchSize);
      const result = await tx.execute<{ orderId: number; localId: string }>(
        insertJsonRows(
          orders,
          batch.map((row) => row.order),
          sql`on conflict (${sql.identifier(orders.localId.name)}) do nothing returning ${sql.identifier(orders.orderId.name)} as "orderId", ${sql.identifier(orders.localId.name)} as "localId"`,
        ),
      );
      const idByLocalId = new Map(result.rows.map((r) => [r.localId, Number(r.orderId)]));
      const lineRows: (typeof orderLines.$inferInsert)[] = [];
      for (const row of batch) {
        const orderId = idByLocalId.get(row.order.localId);
        if (orderId === undefined) continue;
        for (const line of row.lines) lineRows.push({ ...line, orderId });
        let from: string | null = null;
        for (const step of row.history) {
          events.push({
            orderId,
            type: eventTypeOfStatus(from === null ? 'pending' : step.status),
            fromStatus: from,
            toStatus: step.status,
            actor: from === null ? 'customer' : step.status === 'paid' ? 'payment' : 'staff',
            at: step.at,
          });
          from = step.status;
        }
      }
      if (lineRows.length) await tx.execute(insertJsonRows(orderLines, lineRows));
      inserted += idByLocalId.size;
    }
    // Stable sort: steps of one order at the same instant keep their order.
    events.sort((a, b) => (a.at as Date).getTime() - (b.at as Date).getTime());
    await appendOrderEvents(tx, events);
    // Their customers (docs/decisions/037): chains followed, in SQL.
    await assignCustomers(tx);
  });
  return inserted;
}

export async function findOrder(db: Database, orderId: number) {
  const rows = await db.select().from(orders).where(eq(orders.orderId, orderId));
  return rows[0];
}

export async function findOrderLines(db: Database, orderId: number) {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));
}

/** An order's statuses with their times, oldest first: its events that changed (or set) the status. */
export async function findStatusHistory(db: Database, orderId: number): Promise<{ orderId: number; status: string; at: Date }[]> {
  return findStatusHistories(db, [orderId]);
}

/** The statuses of several orders with their times (events with a to_status), by event id. */
export async function findStatusHistories(db: Database, orderIds: readonly number[]): Promise<{ orderId: number; status: string; at: Date }[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ orderId: orderEvents.orderId, status: orderEvents.toStatus, at: orderEvents.at })
    .from(orderEvents)
    .where(and(inArray(orderEvents.orderId, [...orderIds]), isNotNull(orderEvents.toStatus)))
    .orderBy(asc(orderEvents.id));
  return rows.map((row) => ({ orderId: row.orderId, status: row.status!, at: row.at }));
}

/** Records a finalisation: transaction id, and a status event when the status changes. */
export async function updateOrderStatus(db: Database, orderId: number, status: string, transactionId: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    // As board/repository.ts lockOrder: its events' foreign-key checks must not wait for this lock.
    const current = await tx.select({ status: orders.status }).from(orders).where(eq(orders.orderId, orderId)).for('no key update');
    await tx.update(orders).set({ status, transactionId, updatedAt: new Date() }).where(eq(orders.orderId, orderId));
    const from = current[0]?.status ?? null;
    if (from !== status) await appendOrderEvent(tx, { orderId, type: eventTypeOfStatus(status), fromStatus: from, toStatus: status, actor: 'customer' });
  });
}

/** Offers used under any of a customer's keys (orders of any status), for allow_repeat. */
export async function findUsedOfferIds(db: Database, customerKeys: string[], exceptOrderId?: number): Promise<Set<number>> {
  if (!customerKeys.length) return new Set();
  const rows = await db
    .selectDistinct({ offerId: orderOffers.offerId })
    .from(orderOffers)
    .where(and(inArray(orderOffers.customerKey, customerKeys), exceptOrderId === undefined ? undefined : ne(orderOffers.orderId, exceptOrderId)));
  return new Set(rows.map((r) => r.offerId));
}

/**
 * The orders among `orderIds` whose card payment runs on the built-in test processor (payments.provider
 * 'test'): shown as "Mode test" to staff and customers (docs/decisions/014).
 */
export async function findTestModeOrders(db: Database, orderIds: readonly number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(and(inArray(payments.orderId, [...orderIds]), eq(payments.provider, 'test')));
  return new Set(rows.map((row) => row.orderId));
}

/**
 * Writes a changed order's new content (docs/decisions/039-changing-an-order.md) in the change's
 * transaction, the order locked: its lines replaced, its order type, address, slot, totals, offers
 * and meal vouchers set, its revision moved to `revision`, and its offers' uses replaced (a
 * once-only offer another order of the customer took meanwhile collides on order_offers_once_idx).
 * The customer, the payment, the status and the receipt's numbers are not this function's.
 */
export async function replaceOrderContent(
  tx: Database,
  orderId: number,
  write: {
    order: NewOrder;
    lines: readonly NewOrderLine[];
    offerUses: readonly { offerId: number; customerKey: string; allowRepeat: boolean }[];
    revision: number;
    at: Date;
  },
): Promise<void> {
  const { order } = write;
  await tx
    .update(orders)
    .set({
      isPickup: order.isPickup,
      location: order.location ?? null,
      deliveryDate: order.deliveryDate ?? null,
      deliveryTimeRange: order.deliveryTimeRange ?? null,
      slotKey: order.slotKey ?? null,
      subtotalCents: order.subtotalCents,
      discountCents: order.discountCents,
      couponCents: order.couponCents ?? 0,
      deliveryCents: order.deliveryCents,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      taxByRate: order.taxByRate,
      deliveryByRate: order.deliveryByRate ?? [],
      couponCode: order.couponCode ?? null,
      appliedOffers: order.appliedOffers ?? [],
      mealVoucher: order.mealVoucher ?? false,
      mealVoucherCents: order.mealVoucherCents ?? 0,
      revision: write.revision,
      updatedAt: write.at,
    })
    .where(eq(orders.orderId, orderId));
  await tx.delete(orderLines).where(eq(orderLines.orderId, orderId));
  if (write.lines.length) await tx.insert(orderLines).values(write.lines.map((line) => ({ ...line, orderId })));
  await tx.delete(orderOffers).where(eq(orderOffers.orderId, orderId));
  if (write.offerUses.length) await tx.insert(orderOffers).values(write.offerUses.map((use) => ({ ...use, orderId })));
}
