import { eq, sql, type SQL } from 'drizzle-orm';
import { accentInsensitivePattern, type HistorySearch } from '@resto/domain/order-history';
import type { CustomerKey, CustomerSort } from '@resto/domain/customers';
import { queryRows, type Database } from '../../db/client.ts';
import { auditLog, customerRecords } from '../../db/schema.ts';

/**
 * SQL of the customers (docs/decisions/037-customers.md). No rules here: the service decides.
 * A customer is a `customer_records` row that is not merged (`merged_into` null); the records
 * merged into it, the keys pointing at any of them and the orders whose `customer_id` is any of
 * them are theirs. Every read groups by `coalesce(merged_into, id)`: no grouping in memory.
 */

/** The customer (root record id) of the record aliased `r`. */
const rootOf = (r: string) => sql.raw(`coalesce(${r}.merged_into, ${r}.id)`);

/** The orders that count for a customer: placed (never a card order not paid) and still holding personal data. */
const countedOrders = sql`o.placed_at is not null and o.anonymised_at is null`;

/** The orders closed « Non récupérée » (the partial index order_events_not_collected_idx, migration 0022). */
const noShowOrders = sql`(select distinct order_id from order_events where reason = 'not_collected')`;

/** What was refunded of each order: its succeeded refunds, full and partial (docs/decisions/035), cents. */
const refundedOrders = sql`(select order_id, sum(amount_cents) as cents from refunds where status = 'succeeded' group by order_id)`;

/**
 * The records making the customers `roots` (an `int[]` expression: them and those merged into
 * them): SQL for `o.customer_id in (…)`. `= any(array)` on each index: the planner knows how many.
 */
const recordsOf = (roots: SQL) => sql`(select id from customer_records where id = any(${roots}) or merged_into = any(${roots}))`;
/** The customer `customerId` as the `int[]` of recordsOf. */
const oneCustomer = (customerId: number) => sql`array[${customerId}::int]`;
/** Ids as a PostgreSQL `int[]` parameter. */
const idArray = (ids: Iterable<number>) => sql`${`{${[...new Set(ids)].join(',')}}`}::int[]`;

/** A customer's figures as read: counts, cents, instants, their name (latest order's), e-mails and phones (sorted), first key. */
export interface CustomerFiguresRow extends Record<string, unknown> {
  customer_id: number;
  orders: number | string;
  counted: number | string;
  spent_cents: number | string;
  first_at: Date | string;
  last_at: Date | string;
  no_shows: number | string;
  name: string | null;
  emails: string[] | null;
  phones: string[] | null;
  note: string;
  mark: 'flagged' | 'blocked' | null;
  total?: number | string;
}

/**
 * The figures of every customer (or those of `roots`, an `int[]` expression): orders, those not refused nor cancelled,
 * spent — what was paid (a placed card order was paid; a cash order unless refused or cancelled)
 * minus what was refunded (succeeded refunds) —, first and last order, no-shows.
 */
function figuresSql(roots: SQL | null, withName: boolean): SQL {
  return sql`select ${rootOf('r')} as customer_id,
      count(*) as orders,
      count(*) filter (where o.status not in ('rejected', 'cancelled')) as counted,
      coalesce(sum(o.total_cents) filter (where o.payment_method = 'card' or o.status not in ('rejected', 'cancelled')), 0)
        - coalesce(sum(rf.cents), 0) as spent_cents,
      min(o.created_at) as first_at, max(o.created_at) as last_at,
      count(nc.order_id) as no_shows
      ${withName ? sql`, (array_agg(concat_ws(' ', o.customer->>'first_name', o.customer->>'last_name') order by o.created_at desc))[1] as name` : sql``}
    from orders o join customer_records r on r.id = o.customer_id
      left join ${noShowOrders} nc on nc.order_id = o.order_id
      left join ${refundedOrders} rf on rf.order_id = o.order_id
    where ${countedOrders} ${roots ? sql`and o.customer_id in ${recordsOf(roots)}` : sql``}
    group by 1`;
}

/** The e-mails and phones (sorted, from their keys) of the customers `roots`. */
const keysSql = (roots: SQL) => sql`select ${rootOf('r')} as customer_id,
    array_agg(substr(k.key, 7) order by k.key) filter (where k.key like 'email:%') as emails,
    array_agg(substr(k.key, 7) order by k.key) filter (where k.key like 'phone:%') as phones
  from customer_record_keys k join customer_records r on r.id = k.record_id where k.record_id in ${recordsOf(roots)} group by 1`;

/** The records of customer `f.customer_id` as `r2` (a join: the indexes of `id` and `merged_into`, then of the rows pointing at them). */
const ofRow = sql`from customer_records r2`;
const rowRecords = sql`(r2.id = f.customer_id or r2.merged_into = f.customer_id)`;

/** The name of the latest counted order of customer `f.customer_id`. */
const latestName = sql`(select concat_ws(' ', o.customer->>'first_name', o.customer->>'last_name') ${ofRow} join orders o on o.customer_id = r2.id
  where ${rowRecords} and ${countedOrders} order by o.created_at desc limit 1)`;

/** The e-mails or phones (sorted) of customer `f.customer_id`, from their keys. */
const contactsOfRow = (kind: 'email' | 'phone') =>
  sql`(select array_agg(substr(k.key, 7) order by k.key) ${ofRow} join customer_record_keys k on k.record_id = r2.id where ${rowRecords} and k.key like ${`${kind}:%`})`;

/**
 * `ORDER BY` of a sort (the domain's compareCustomers): most first, ties by the last order (newest
 * first); by name A to Z (accents folded), ties by the last order. Then the customer, for stable pages.
 */
function orderBy(sort: CustomerSort): SQL {
  const then = sql`f.last_at desc, f.customer_id`;
  switch (sort) {
    case 'orders':
      return sql`f.orders desc, ${then}`;
    case 'spent':
      return sql`f.spent_cents desc, ${then}`;
    case 'no_shows':
      return sql`f.no_shows desc, ${then}`;
    case 'name':
      return sql`translate(lower(f.name), 'àáâãäåçèéêëìíîïñòóôõöùúûüýÿ', 'aaaaaaceeeeiiiinooooouuuuyy'), f.name, ${then}`;
    default:
      return then;
  }
}

/**
 * Computes again the figures of the customers named stale (docs/decisions/037, « The figures »):
 * the triggers of migration 0027_customer_figures name them in `customer_figures_stale` in the
 * transaction of each change; this takes those rows, then writes their customers' figures (`figuresSql`, the one definition) to `customer_figures` and
 * drops the rows of records merged away or no longer counting. One refresh at a time (an
 * advisory lock): two at once could write older figures over newer ones. A change committed
 * meanwhile keeps its stale row for the next refresh. Nothing to do: one read, no lock.
 * @returns how many customers' figures were written.
 */
export async function refreshCustomerFigures(db: Database): Promise<number> {
  const [pending] = await queryRows<{ stale: boolean }>(db, sql`select exists (select 1 from customer_figures_stale) as stale`);
  if (!pending?.stale) return 0;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('customer_figures'))`);
    // The stale rows taken first, then their customers computed by id: the planner reads only their
    // orders (a change committed in between keeps its own stale row for the next refresh).
    const taken = await queryRows<{ record_id: number; root: number | null }>(
      tx,
      sql`with taken as (delete from customer_figures_stale returning record_id)
        select distinct t.record_id, ${rootOf('r')} as root from taken t left join customer_records r on r.id = t.record_id`,
    );
    if (taken.length === 0) return 0;
    const records = idArray(taken.map((t) => Number(t.record_id)));
    const roots = idArray(taken.flatMap((t) => (t.root === null ? [] : [Number(t.root)])));
    const [row] = await queryRows<{ written: number | string }>(
      tx,
      sql`with
        f as (${figuresSql(roots, true)}),
        contacts as (${keysSql(roots)}),
        written as (
          insert into customer_figures (customer_id, orders, counted, spent_cents, first_at, last_at, no_shows, name, emails, phones)
          select f.customer_id, f.orders, f.counted, f.spent_cents, f.first_at, f.last_at, f.no_shows, f.name, ks.emails, ks.phones
          from f left join contacts ks on ks.customer_id = f.customer_id
          on conflict (customer_id) do update set orders = excluded.orders, counted = excluded.counted,
            spent_cents = excluded.spent_cents, first_at = excluded.first_at, last_at = excluded.last_at,
            no_shows = excluded.no_shows, name = excluded.name, emails = excluded.emails, phones = excluded.phones
          returning customer_id
        ),
        gone as (
          delete from customer_figures
          where (customer_id = any(${records}) or customer_id = any(${roots})) and customer_id not in (select customer_id from f)
          returning customer_id
        )
      select (select count(*) from written) as written, (select count(*) from gone) as gone`,
    );
    return Number(row?.written ?? 0);
  });
}

/** Takes the figures' advisory lock until the transaction ends (a refresh waits, docs/decisions/037). */
export async function lockCustomerFigures(db: Database): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('customer_figures'))`);
}

/**
 * One page of the customers matching `search` (the domain's parseHistorySearch of the box: a
 * whole phone, 6 digits or more of one, else words found in « name e-mails », accents and case
 * ignored), sorted, with the total: read from `customer_figures` (refreshed first by the
 * service, refreshCustomerFigures), one row per customer, no order read.
 */
export async function findCustomersPage(
  db: Database,
  query: { search: HistorySearch; sort: CustomerSort; limit: number; offset: number },
): Promise<CustomerFiguresRow[]> {
  const { search, sort } = query;
  const text = search.text ?? (search.number !== undefined ? String(search.number) : '');
  const words = search.phone === undefined && text ? text.split(' ') : [];
  const byPhone =
    search.phone !== undefined
      ? sql`k.key = ${`phone:${search.phone}`}`
      : search.phoneDigits !== undefined
        ? sql`k.key like 'phone:%' and position(${search.phoneDigits} in k.key) > 0`
        : null;
  // A phone (whole or in part) finds the customers by their keys.
  const phoneRoots = byPhone
    ? sql`(select ${rootOf('r')} as id from customer_record_keys k join customer_records r on r.id = k.record_id where ${byPhone})`
    : null;
  const haystack = sql`concat_ws(' ', f.name, array_to_string(f.emails, ' '))`;
  const all = words.length
    ? sql.join(
        words.map((word) => sql`${haystack} ~* ${accentInsensitivePattern(word)}`),
        sql` and `,
      )
    : null;
  // « 612345 »: part of a phone, or a word of the name or e-mails.
  const match = phoneRoots ? (all ? sql`(f.customer_id in ${phoneRoots} or (${all}))` : sql`f.customer_id in ${phoneRoots}`) : (all ?? sql`true`);
  return queryRows<CustomerFiguresRow>(
    db,
    sql`with page as (
        select f.*, count(*) over () as total from customer_figures f
        where ${match}
        order by ${orderBy(sort)} limit ${query.limit} offset ${query.offset}
      )
      select f.customer_id, f.orders, f.counted, f.spent_cents, f.first_at, f.last_at, f.no_shows, f.total,
        f.emails, f.phones, f.name, c.note, c.mark
      from page f join customer_records c on c.id = f.customer_id
      order by ${orderBy(sort)}`,
  );
}

/** The customer (root record id) having `key`, or undefined. */
export async function findCustomerIdByKey(db: Database, key: CustomerKey): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select ${rootOf('r')} as id from customer_record_keys k join customer_records r on r.id = k.record_id where k.key = ${key}`,
  );
  return row ? Number(row.id) : undefined;
}

/** One customer's figures (as a page's row), or undefined when none of their orders counts. */
export async function findCustomerFigures(db: Database, customerId: number): Promise<CustomerFiguresRow | undefined> {
  const [row] = await queryRows<CustomerFiguresRow>(
    db,
    sql`with f as (${figuresSql(oneCustomer(customerId), false)})
      select f.*, ${latestName} as name,
        ${contactsOfRow('email')} as emails, ${contactsOfRow('phone')} as phones,
        c.note, c.mark
      from f join customer_records c on c.id = f.customer_id`,
  );
  return row;
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

/** The customer's placed orders (personal data kept), newest first. */
export async function findOrdersOfCustomer(db: Database, customerId: number): Promise<CustomerOrderRow[]> {
  return queryRows<CustomerOrderRow>(
    db,
    sql`select o.order_id, o.created_at, o.status, o.is_pickup, o.total_cents, (nc.order_id is not null) as not_collected
        from orders o left join ${noShowOrders} nc on nc.order_id = o.order_id
        where ${countedOrders} and o.customer_id in ${recordsOf(oneCustomer(customerId))}
        order by o.created_at desc, o.order_id desc`,
  );
}

export type CustomerRecord = typeof customerRecords.$inferSelect;

/** A customer's record (its note and mark), locked until the transaction ends. */
export async function lockRecord(db: Database, customerId: number): Promise<CustomerRecord | undefined> {
  const [row] = await db.select().from(customerRecords).where(eq(customerRecords.id, customerId)).for('update');
  return row;
}

/** Writes `values` on a customer's record and its audit line (modules/audit's table, entity 'customer'). */
export async function updateRecordWithAudit(
  db: Database,
  customerId: number,
  values: Partial<Omit<CustomerRecord, 'id'>>,
  entry: { at: Date; staffId: number; staffName: string; entityId: string; action: string; summary: string; before: unknown; after: unknown },
): Promise<void> {
  await db.update(customerRecords).set(values).where(eq(customerRecords.id, customerId));
  await db.insert(auditLog).values({ ...entry, entity: 'customer' });
}

/**
 * Merges into one the customers holding `keys` (a new order joined them; docs/decisions/037): the
 * oldest (smallest id) stays; the others, and the records merged into them, point at it
 * (`merged_into`); it keeps its note, else takes the first other's, and the strongest mark. Their
 * orders and keys are not rewritten (`orderCustomer`: the record a new order was written with, joined too) (they resolve through `merged_into`). Runs after the customers'
 * advisory lock (`lockCustomers`): the customers are read again here, so two merges at once on
 * several instances are applied one after the other, each on what the other left.
 * @returns how many customers were merged into another (0 when the keys were already one customer).
 */
export async function mergeCustomersOfKeys(db: Database, keys: readonly string[], orderCustomer?: number): Promise<number> {
  const [row] = await queryRows<{ merged: number | string }>(
    db,
    sql`with roots as (
          select distinct ${rootOf('r')} as id from customer_record_keys k join customer_records r on r.id = k.record_id
          where k.key in (select json_array_elements_text(${JSON.stringify(keys)}::json))
          ${orderCustomer === undefined ? sql`` : sql`union select ${rootOf('r')} from customer_records r where r.id = ${orderCustomer}`}
        ),
        target as (select min(id) as id from roots),
        absorbed as (select * from customer_records where id in (select id from roots) and id <> (select id from target)),
        noted as (select * from absorbed where note <> '' order by id limit 1),
        marked as (select * from absorbed where mark is not null order by (mark = 'blocked') desc, id limit 1),
        kept as (
          update customer_records t set
            note = case when t.note <> '' or (select id from noted) is null then t.note else (select note from noted) end,
            note_by_name = case when t.note <> '' or (select id from noted) is null then t.note_by_name else (select note_by_name from noted) end,
            note_at = case when t.note <> '' or (select id from noted) is null then t.note_at else (select note_at from noted) end,
            mark = case when m.id is null or (t.mark = 'blocked' or (t.mark = 'flagged' and m.mark = 'flagged')) then t.mark else m.mark end,
            mark_reason = case when m.id is null or (t.mark = 'blocked' or (t.mark = 'flagged' and m.mark = 'flagged')) then t.mark_reason else m.mark_reason end,
            mark_by_staff_id = case when m.id is null or (t.mark = 'blocked' or (t.mark = 'flagged' and m.mark = 'flagged')) then t.mark_by_staff_id else m.mark_by_staff_id end,
            mark_by_name = case when m.id is null or (t.mark = 'blocked' or (t.mark = 'flagged' and m.mark = 'flagged')) then t.mark_by_name else m.mark_by_name end,
            mark_at = case when m.id is null or (t.mark = 'blocked' or (t.mark = 'flagged' and m.mark = 'flagged')) then t.mark_at else m.mark_at end
          from (select 1) one left join marked m on true
          where t.id = (select id from target) and exists (select 1 from absorbed)
          returning t.id
        ),
        moved as (
          update customer_records set merged_into = (select id from target)
          where id in (select id from absorbed) or merged_into in (select id from absorbed)
          returning id
        )
      select (select count(*) from absorbed) as merged`,
  );
  return Number(row?.merged ?? 0);
}

/** The customers' advisory lock, until the transaction ends: merges and writes of notes and marks take it, one at a time. */
export async function lockCustomers(db: Database): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('customer_records'))`);
}

/**
 * Gives a customer to the orders that have none (written in bulk: the demo history, benches):
 * the migration's function `customers_assign_orders` (apps/api/drizzle/0026_customers_key.sql),
 * chains followed, customers joined by these orders merged.
 * @returns how many orders it gave a customer.
 */
export async function assignCustomers(db: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select customers_assign_orders() as n`);
  return Number(row?.n ?? 0);
}

/** What the board shows of each order's customer: their record's note and mark, and their other orders not collected. */
export async function findNoticesOfOrders(
  db: Database,
  orderIds: readonly number[],
): Promise<{ order_id: number; note: string; mark: 'flagged' | 'blocked' | null; mark_reason: string | null; no_shows: number | string }[]> {
  if (orderIds.length === 0) return [];
  return queryRows(
    db,
    sql`with asked as (
          select o.order_id, ${rootOf('r')} as customer_id from orders o join customer_records r on r.id = o.customer_id
          where o.order_id in (select json_array_elements_text(${JSON.stringify(orderIds)}::json)::int)
        ),
        missed as (
          select ${rootOf('r')} as customer_id, o.order_id
          from ${noShowOrders} nc join orders o on o.order_id = nc.order_id join customer_records r on r.id = o.customer_id
          where ${countedOrders}
        )
      select a.order_id, c.note, c.mark, c.mark_reason,
        (select count(*) from missed m where m.customer_id = a.customer_id and m.order_id <> a.order_id) as no_shows
      from asked a join customer_records c on c.id = a.customer_id`,
  );
}

/**
 * Erases what the retention made forgotten (docs/decisions/037, with the retention job of
 * modules/privacy): the keys (e-mails, phones) no order still holding personal data has, and the
 * customers none of whose orders holds any — their note and mark with them (their anonymised
 * orders' `customer_id` becomes null; their figures with them). One statement, safe to run on several instances at once,
 * after the figures' lock (lockCustomerFigures).
 * @returns how many customers were erased.
 */
export async function eraseForgottenRecords(db: Database): Promise<number> {
  // After the refresh of the figures running, if any (it writes rows referencing the records erased here).
  const rows = await db.transaction(async (tx) => {
    await lockCustomerFigures(tx);
    return queryRows<{ id: number; merged_into: number | null }>(
      tx,
      sql`with live_keys as (
          select 'email:' || lower(trim(customer->>'email')) as key from orders where anonymised_at is null and coalesce(trim(customer->>'email'), '') <> ''
          union
          select 'phone:' || (customer->>'phone') from orders where anonymised_at is null and coalesce(customer->>'phone', '') <> ''
        ),
        forgotten_keys as (delete from customer_record_keys k where k.key not in (select key from live_keys) returning k.key),
        live as (select distinct ${rootOf('r')} as id from orders o join customer_records r on r.id = o.customer_id where o.anonymised_at is null)
      delete from customer_records r where ${rootOf('r')} not in (select id from live) and (select count(*) from forgotten_keys) >= 0
      returning r.id, r.merged_into`,
    );
  });
  return rows.filter((row) => row.merged_into === null).length;
}

/** A customer's record (its note and mark), or undefined. */
export async function findRecord(db: Database, customerId: number): Promise<CustomerRecord | undefined> {
  const [row] = await db.select().from(customerRecords).where(eq(customerRecords.id, customerId));
  return row;
}

/** The name on a customer's latest counted order ('' without one). */
export async function findCustomerName(db: Database, customerId: number): Promise<string> {
  const [row] = await queryRows<{ name: string | null }>(db, sql`select ${latestName} as name from (select ${customerId}::int as customer_id) f`);
  return (row?.name ?? '').trim();
}

/** A key of a new order's customer as its first read found it: the key, the record it points at, that record's customer. */
export interface KnownCustomerKey {
  key: string;
  record: number;
  root: number;
  blocked: boolean;
}

/**
 * SQL reading the customers of `keys` (the order's e-mail and phone keys), for the order's first
 * read (orders/repository.ts readBeforeOrder): a JSON array of KnownCustomerKey.
 */
export function knownCustomerKeysSql(keys: readonly string[]): SQL {
  return sql`(select coalesce(json_agg(json_build_object('key', k.key, 'record', k.record_id, 'root', ${rootOf('r')}, 'blocked', c.mark is not distinct from 'blocked')), '[]')
    from customer_record_keys k join customer_records r on r.id = k.record_id join customer_records c on c.id = ${rootOf('r')}
    where k.key in (select json_array_elements_text(${JSON.stringify(keys)}::json)))`;
}

/**
 * The common table expressions a new order's write adds for its customer (docs/decisions/037):
 * `newCustomer` (an id taken beforehand) is inserted when none of its keys is known; its `unknown`
 * keys are inserted pointing at `customerId`; a key another order inserted meanwhile is answered
 * as it is (ON CONFLICT DO UPDATE locks and returns the committed row): `customer_keys_written`
 * returns the records the keys point at, for the caller to merge when one is not `customerId`.
 * Keys in sorted order, so two orders inserting the same keys wait for each other, never deadlock.
 */
export function newOrderCustomerCtes(write: { customerId: number; newCustomer: boolean; unknown: readonly string[]; now: Date }): SQL | null {
  const ctes: SQL[] = [];
  if (write.newCustomer)
    ctes.push(
      sql`new_customer as (insert into customer_records (id, updated_at) values (${write.customerId}, ${write.now.toISOString()}::timestamptz) returning id)`,
    );
  if (write.unknown.length)
    ctes.push(
      sql`customer_keys_written as (insert into customer_record_keys (key, record_id) values ${sql.join(
        [...write.unknown].sort().map((key) => sql`(${key}, ${write.customerId})`),
        sql`, `,
      )} on conflict (key) do update set key = excluded.key returning record_id)`,
    );
  return ctes.length ? sql.join(ctes, sql`, `) : null;
}
