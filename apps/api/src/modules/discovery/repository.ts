import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';

/** SQL of popularity over past orders (its counts and co-occurrence's: co-orders.ts). No rules here. */

/** Orders whose status means they did not happen: they count for nothing (SQL list, for `status not in`). */
export const notHappened = sql`('rejected', 'cancelled')`;

/**
 * Items by units ordered since `since`, most first (free lines excluded; rejected and cancelled
 * orders not counted): the whole UTC days after `since`'s from `item_units_by_day` (kept by the
 * fold, co-orders.ts; docs/decisions/004), the rest of `since`'s day from the orders themselves, so the
 * window starts at `since` exactly while reading at most one day of orders.
 */
export async function findMostOrdered(db: Database, since: Date, limit: number): Promise<{ itemId: number; units: number }[]> {
  const dayAfter = new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), since.getUTCDate() + 1));
  const rows = await queryRows<{ item_id: number; units: number }>(
    db,
    sql`
    select item_id, sum(units)::int as units
    from (
      select item_id, units from item_units_by_day where day >= ${dayAfter.toISOString().slice(0, 10)}::date
      union all
      select l.item_id, l.quantity
      from orders o join order_lines l on l.order_id = o.order_id
      where o.created_at >= ${since.toISOString()} and o.created_at < ${dayAfter.toISOString()}
        and o.status not in ${notHappened} and not l.is_free
    ) counted
    group by item_id
    having sum(units) > 0
    order by units desc, item_id
    limit ${limit}`,
  );
  return rows.map((row) => ({ itemId: Number(row.item_id), units: Number(row.units) }));
}
