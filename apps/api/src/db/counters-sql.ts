import { sql, type SQL } from 'drizzle-orm';

/**
 * The SQL of the rate limits' fixed-window counters (table rate_limits; docs/decisions/006, docs/decisions/014): shared
 * database code beside the schema, as json-rows.ts, so that the accounts' limits
 * (modules/auth/repository.ts) and the statements of other modules (modules/orders/repository.ts
 * readBeforeOrder) count them alike without one module reaching into another.
 */

/** The upsert of `hitCounter` (only when `when` holds), returning `count` and `window_start`. */
function counterUpsert(key: string, windowSeconds: number, at: string, when: SQL = sql`true`): SQL {
  return sql`insert into rate_limits (key, window_start, count) select ${key}, ${at}::timestamptz, 1 where ${when}
        on conflict (key) do update set
          count = case when rate_limits.window_start <= ${at}::timestamptz - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= ${at}::timestamptz - make_interval(secs => ${windowSeconds}) then ${at}::timestamptz else rate_limits.window_start end
        returning count, window_start`;
}

/** Counters to hit in one statement: each its rate_limits key, window and maximum (hitCounters, counterHitsSql). */
export type CounterHit = { key: string; windowSeconds: number; max: number };

/**
 * The SQL of `hitCounters`, to run alone or inside another statement (the order's first read,
 * orders/repository.ts readBeforeOrder; docs/decisions/025-order-creation-cost.md): `ctes`, common
 * table expressions `hit0`, `hit1`… to put after `with`, and `counted`, a scalar expression: the
 * JSON array of the counters counted, `[{position, count, window_start}]` in order (read it with
 * `readCountedHits`). `when`: a condition of the first upsert, which the others follow (e.g. no order under this
 * local_id yet); when false, nothing is counted and `counted` is `[]`.
 */
export function counterHitsSql(hits: readonly CounterHit[], now: Date, when?: SQL): { ctes: SQL; counted: SQL } {
  const at = now.toISOString();
  const name = (index: number) => sql.identifier(`hit${index}`);
  const ctes = hits.map((hit, index) => {
    const previous = index === 0 ? when : sql`exists (select 1 from ${name(index - 1)} where count <= ${hits[index - 1]!.max})`;
    return sql`${name(index)} as (${counterUpsert(hit.key, hit.windowSeconds, at, previous)})`;
  });
  const rows = sql.join(
    hits.map((_, index) => sql`select ${index}::int as position, count, window_start from ${name(index)}`),
    sql` union all `,
  );
  return {
    ctes: sql.join(ctes, sql`, `),
    counted: sql`(select coalesce(json_agg(h order by h.position), '[]') from (${rows}) as h)`,
  };
}

/** The counters counted as `counterHitsSql`'s `counted` gives them (JSON, parsed or not), in order. */
export function readCountedHits(counted: unknown): { count: number; windowStart: Date }[] {
  const rows = (typeof counted === 'string' ? JSON.parse(counted) : (counted ?? [])) as { count: number; window_start: string }[];
  return rows.map((row) => ({ count: Number(row.count), windowStart: new Date(row.window_start) }));
}
