import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';

/** SQL of recommendations and popularity over past orders. No rules here. */

/** Orders whose status means they did not happen: they count for nothing. */
const notHappened = sql`('rejected', 'cancelled')`;

/** How many of each cart dish's most recent orders co-occurrence looks at: bounded cost, fresh tastes. */
const recentOrdersPerItem = 2000;

/**
 * Items most often ordered together with any of `cartItemIds`, as [itemId, orders] pairs: the
 * number of distinct past orders holding both, among each cart dish's 2,000 most recent orders,
 * most first. Cart items, free lines, rejected and cancelled orders excluded.
 */
export async function findCoOrdered(db: Database, cartItemIds: readonly number[], limit: number): Promise<{ itemId: number; orders: number }[]> {
  if (cartItemIds.length === 0) return [];
  const ids = sql.join(
    cartItemIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{ item_id: number; orders: number }>(
    db,
    sql`
    with cart_orders as (
      select distinct recent.order_id
      from unnest(array[${ids}]::int[]) as cart(item_id)
      cross join lateral (
        select l.order_id from order_lines l
        where l.item_id = cart.item_id
        order by l.item_id desc, l.order_id desc
        limit ${recentOrdersPerItem}
      ) recent
    )
    select other.item_id, count(distinct other.order_id)::int as orders
    from cart_orders c
    join orders o on o.order_id = c.order_id and o.status not in ${notHappened}
    join order_lines other on other.order_id = c.order_id and not other.is_free
    where other.item_id not in (${ids})
    group by other.item_id
    order by orders desc, other.item_id
    limit ${limit}`,
  );
  return rows.map((row) => ({ itemId: Number(row.item_id), orders: Number(row.orders) }));
}

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
