import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';

/** SQL of popularity over past orders (co-occurrence: co-orders.ts). No rules here. */

/** Orders whose status means they did not happen: they count for nothing (SQL list, for `status not in`). */
export const notHappened = sql`('rejected', 'cancelled')`;

/** Items by units ordered since `since`, most first (free lines excluded). */
export async function findMostOrdered(db: Database, since: Date, limit: number): Promise<{ itemId: number; units: number }[]> {
  const rows = await queryRows<{ item_id: number; units: number }>(
    db,
    sql`
    select l.item_id, sum(l.quantity)::int as units
    from order_lines l
    join orders o on o.order_id = l.order_id
    where o.created_at >= ${since.toISOString()} and o.status not in ${notHappened} and not l.is_free
    group by l.item_id
    order by units desc, l.item_id
    limit ${limit}`,
  );
  return rows.map((row) => ({ itemId: Number(row.item_id), units: Number(row.units) }));
}
