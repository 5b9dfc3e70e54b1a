import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CustomerKey } from '@resto/domain/customers';
import { queryRows, type Database } from '../../db/client.ts';
import { auditLog, customerRecordKeys, customerRecords } from '../../db/schema.ts';

/** SQL of the customers (docs/decisions/037-customers.md). No rules here: the service decides. */

/** The orders that count for a customer: placed (never a card order not paid) and still holding personal data. */
const countedOrders = sql`o.placed_at is not null and o.anonymised_at is null`;

/** The orders closed « Non récupérée » (the partial index order_events_not_collected_idx, migration 0023). */
const noShowOrders = sql`(select distinct order_id from order_events where reason = 'not_collected')`;

/** The figures of the placed orders sharing one lower-cased e-mail and one phone (cents, instants). */
export interface ContactFigures extends Record<string, unknown> {
  email: string | null;
  phone: string | null;
  orders: number | string;
  counted: number | string;
  spent_cents: number | string;
  first_at: Date | string;
  last_at: Date | string;
  no_shows: number | string;
  name: string | null;
}

/**
 * One row per (lower-cased e-mail, phone) of the placed orders still holding personal data, with
 * their figures: how many, how many not refused nor cancelled and their totals, first and last
 * order, no-shows, and the name of the latest. The service joins the rows into customers (the
 * domain's `groupCustomers`): one pass over the orders whatever their number.
 */
export async function findContactFigures(db: Database): Promise<ContactFigures[]> {
  return queryRows<ContactFigures>(
    db,
    sql`select lower(o.customer->>'email') as email, o.customer->>'phone' as phone,
          count(*) as orders,
          count(*) filter (where o.status not in ('rejected', 'cancelled')) as counted,
          coalesce(sum(o.total_cents) filter (where o.status not in ('rejected', 'cancelled')), 0) as spent_cents,
          min(o.created_at) as first_at, max(o.created_at) as last_at,
          count(nc.order_id) as no_shows,
          (array_agg(concat_ws(' ', o.customer->>'first_name', o.customer->>'last_name') order by o.created_at desc))[1] as name
        from orders o left join ${noShowOrders} nc on nc.order_id = o.order_id
        where ${countedOrders}
        group by 1, 2`,
  );
}

/**
 * What changes when a customer's figures may have, as one string: the orders' count, how many are
 * anonymised, their last change, and the last order event (every status change appends one).
 */
export async function customersFingerprint(db: Database): Promise<string> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select count(*) as orders, count(*) filter (where anonymised_at is not null) as anonymised, max(updated_at) as changed,
          (select max(id) from order_events) as last_event
        from orders`,
  );
  return JSON.stringify(row);
}

/** `key` split into the column it matches: SQL for « this order has this key ». */
function orderHasKeys(keys: readonly CustomerKey[]): SQL {
  const emails = keys.filter((key) => key.startsWith('email:')).map((key) => key.slice(6));
  const phones = keys.filter((key) => key.startsWith('phone:')).map((key) => key.slice(6));
  const arms: SQL[] = [];
  if (emails.length)
    arms.push(
      sql`lower(o.customer->>'email') in (${sql.join(
        emails.map((e) => sql`${e}`),
        sql`, `,
      )})`,
    );
  if (phones.length)
    arms.push(
      sql`(o.customer->>'phone') in (${sql.join(
        phones.map((p) => sql`${p}`),
        sql`, `,
      )})`,
    );
  return arms.length ? sql`(${sql.join(arms, sql` or `)})` : sql`false`;
}

/** A customer's order on their page. */
export interface CustomerOrderRow extends Record<string, unknown> {
  order_id: number;
  created_at: Date | string;
  status: string;
  is_pickup: boolean;
  total_cents: number;
  not_collected: boolean;
}

/** The placed orders (personal data kept) having one of `keys`, newest first. */
export async function findOrdersWithKeys(db: Database, keys: readonly CustomerKey[]): Promise<CustomerOrderRow[]> {
  return queryRows<CustomerOrderRow>(
    db,
    sql`select o.order_id, o.created_at, o.status, o.is_pickup, o.total_cents, (nc.order_id is not null) as not_collected
        from orders o left join ${noShowOrders} nc on nc.order_id = o.order_id
        where ${countedOrders} and ${orderHasKeys(keys)}
        order by o.created_at desc, o.order_id desc`,
  );
}

/** The no-show orders of any of these contacts: their id, lower-cased e-mail and phone (few: the partial index first). */
export async function findNoShowsOf(db: Database, keys: readonly CustomerKey[]): Promise<{ order_id: number; email: string; phone: string }[]> {
  if (keys.length === 0) return [];
  return queryRows(
    db,
    sql`select o.order_id, lower(o.customer->>'email') as email, o.customer->>'phone' as phone
        from ${noShowOrders} nc join orders o on o.order_id = nc.order_id
        where ${countedOrders} and ${orderHasKeys(keys)}`,
  );
}

export type CustomerRecord = typeof customerRecords.$inferSelect;

/** Every record and its keys (few: one per customer the restaurant wrote about). */
export async function findAllRecords(db: Database): Promise<{ key: string; record: CustomerRecord }[]> {
  return db
    .select({ key: customerRecordKeys.key, record: customerRecords })
    .from(customerRecordKeys)
    .innerJoin(customerRecords, eq(customerRecords.id, customerRecordKeys.recordId));
}

/** The records having one of `keys` (several when a new order joined two customers), each with its key. */
export async function findRecordsByKeys(db: Database, keys: readonly string[]): Promise<{ key: string; record: CustomerRecord }[]> {
  if (keys.length === 0) return [];
  return db
    .select({ key: customerRecordKeys.key, record: customerRecords })
    .from(customerRecordKeys)
    .innerJoin(customerRecords, eq(customerRecords.id, customerRecordKeys.recordId))
    .where(inArray(customerRecordKeys.key, [...keys]));
}

/** Every key of these records, by record id. */
export async function findKeysOfRecords(db: Database, ids: readonly number[]): Promise<Map<number, CustomerKey[]>> {
  const keys = new Map<number, CustomerKey[]>();
  if (ids.length === 0) return keys;
  const rows = await db
    .select()
    .from(customerRecordKeys)
    .where(inArray(customerRecordKeys.recordId, [...ids]));
  for (const row of rows) keys.set(row.recordId, [...(keys.get(row.recordId) ?? []), row.key as CustomerKey]);
  return keys;
}

/** Locks the records of these ids (a note and a mark written at once stay one record). */
export async function lockRecords(db: Database, ids: readonly number[]): Promise<CustomerRecord[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(customerRecords)
    .where(inArray(customerRecords.id, [...ids]))
    .for('update');
}

export async function insertRecord(db: Database, now: Date): Promise<CustomerRecord> {
  const [row] = await db.insert(customerRecords).values({ updatedAt: now }).returning();
  return row!;
}

export async function updateRecord(db: Database, id: number, values: Partial<Omit<CustomerRecord, 'id'>>): Promise<void> {
  await db.update(customerRecords).set(values).where(eq(customerRecords.id, id));
}

export async function deleteRecords(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length) await db.delete(customerRecords).where(inArray(customerRecords.id, [...ids]));
}

/** Points every key at `recordId` (a key another record held moves to it). */
export async function pointKeys(db: Database, keys: readonly string[], recordId: number): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insert(customerRecordKeys)
    .values(keys.map((key) => ({ key, recordId })))
    .onConflictDoUpdate({ target: customerRecordKeys.key, set: { recordId } });
}

/** One line of the audit log (modules/audit's table), entity 'customer'. */
export async function appendAudit(
  db: Database,
  entry: { at: Date; staffId: number; staffName: string; entityId: string; action: string; summary: string; before: unknown; after: unknown },
): Promise<void> {
  await db.insert(auditLog).values({ ...entry, entity: 'customer' });
}

/**
 * Erases the records none of whose keys is on an order still holding personal data (docs/decisions/037,
 * with the retention job of modules/privacy): once the retention has anonymised every order of a
 * customer, their note and mark go too. One statement, safe to run on several instances at once.
 * @returns how many records were erased.
 */
export async function eraseForgottenRecords(db: Database): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from customer_records r
        where not exists (
          select 1 from customer_record_keys k join orders o
            on (k.key = 'email:' || lower(o.customer->>'email') or k.key = 'phone:' || (o.customer->>'phone'))
          where k.record_id = r.id and o.anonymised_at is null)
        returning r.id`,
  );
  return rows.length;
}
