import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderEvents } from '../../db/schema.ts';
import { takeDocumentNumber } from '../orders/numbering.ts';

/** The PostgreSQL channel on which every committed order event is announced (payload: its id). */
export const orderEventsChannel = 'order_events';

/** An event to append to an order's history (issue 13, part 3). Times are instants. */
export type NewOrderEvent = Omit<typeof orderEvents.$inferInsert, 'id'>;

/**
 * Appends one event to an order's history inside `tx`, the transaction that changes the order,
 * and announces it with `pg_notify` (delivered to listeners when `tx` commits, never if it rolls
 * back). The id comes from the 'order_event' row of `document_counters`, whose row lock is held
 * until commit: two transactions writing events take ids in the order they commit, so a board
 * that saw event N and asks for "everything after N" cannot miss an event committed later with a
 * smaller id (issue 13, part 5). @returns the event's id. @throws on a database error (the
 * caller's transaction then rolls back with it).
 */
export async function appendOrderEvent(tx: Database, event: NewOrderEvent): Promise<number> {
  const id = await takeDocumentNumber(tx, 'order_event');
  await tx.insert(orderEvents).values({ ...event, id });
  await tx.execute(sql`select pg_notify(${orderEventsChannel}, ${String(id)})`);
  return id;
}
