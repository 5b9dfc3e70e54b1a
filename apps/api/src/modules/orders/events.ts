import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { insertJsonRows } from '../../db/json-rows.ts';
import { documentCounters, orderEvents } from '../../db/schema.ts';
import { documentNumberSql } from '../../db/document-numbers.ts';

/** The PostgreSQL channel on which every committed order event is announced (payload: its id). */
export const orderEventsChannel = 'order_events';

/** An event to append to an order's history (docs/decisions/019). Times are instants. */
export type NewOrderEvent = Omit<typeof orderEvents.$inferInsert, 'id'>;

/** An order event as stored. */
export type OrderEventRow = typeof orderEvents.$inferSelect;

/**
 * The common table expressions that append `event`: `order_event_id` takes its id from the
 * 'order_event' row of `document_counters` (column `last`), `new_order_event` inserts it. For a
 * statement that writes an order and its event at once (orders/repository.ts); announce the event
 * with `orderEventNotifySql` in that statement's select list. `after`: the expression of that
 * statement whose write must come before the id is taken (documentNumberSql).
 */
export function orderEventCtes(event: NewOrderEvent, after?: SQL): SQL {
  const insert = insertJsonRows(orderEvents, [event], sql``, { columns: { id: sql`order_event_id.last` }, from: sql`order_event_id` });
  return sql`order_event_id as (${documentNumberSql('order_event', after)}), new_order_event as (${insert})`;
}

/** `pg_notify` of the event appended by `orderEventCtes` in the same statement: delivered at commit. */
export const orderEventNotifySql = sql`pg_notify(${orderEventsChannel}, (select last from order_event_id)::text)`;

/**
 * Appends one event to an order's history inside `tx`, the transaction that changes the order,
 * and announces it with `pg_notify` (delivered to listeners when `tx` commits, never if it rolls
 * back), in one statement (orderEventCtes). The id comes from the 'order_event' row of
 * `document_counters`, whose row lock is held until commit: two transactions writing events take
 * ids in the order they commit, so a board that saw event N and asks for "everything after N"
 * cannot miss an event committed later with a smaller id (docs/decisions/021). @returns the event's
 * id. @throws on a database error (the caller's transaction then rolls back with it).
 */
export async function appendOrderEvent(tx: Database, event: NewOrderEvent): Promise<number> {
  const rows = await queryRows<{ id: number }>(tx, sql`with ${orderEventCtes(event)} select last as id, ${orderEventNotifySql} from order_event_id`);
  return Number(rows[0]!.id);
}

/**
 * Appends many events at once inside `tx` (the demo history, orders/repository.ts
 * insertPastOrders): the ids are reserved with ONE update of the 'order_event' counter and given
 * in the order of `events` (sort them by time first), the rows go in ONE insert (db/json-rows.ts),
 * and one `pg_notify` announces the last id. @returns the first id given, or null for no event.
 */
export async function appendOrderEvents(tx: Database, events: readonly NewOrderEvent[]): Promise<number | null> {
  if (events.length === 0) return null;
  const rows = await tx
    .insert(documentCounters)
    .values({ name: 'order_event', last: events.length })
    .onConflictDoUpdate({ target: documentCounters.name, set: { last: sql`${documentCounters.last} + ${events.length}` } })
    .returning({ last: documentCounters.last });
  const first = rows[0]!.last - events.length + 1;
  await tx.execute(
    insertJsonRows(
      orderEvents,
      events.map((event, index) => ({ ...event, id: first + index })),
    ),
  );
  await tx.execute(sql`select pg_notify(${orderEventsChannel}, ${String(first + events.length - 1)})`);
  return first;
}
