import { getTableColumns, sql, type Column, type SQL, type Table } from 'drizzle-orm';

/**
 * `insert into <table> (<columns>) select <columns> from json_populate_recordset(null::<table>, $1)`
 * for rows shaped as Drizzle's insert type of that table: the whole batch travels as one JSON
 * parameter. Multi-row VALUES with one bind parameter per field is 2 to 3 times slower on PGlite,
 * and PostgreSQL refuses more than 65,535 parameters a statement. Columns left out of the rows
 * (identity, serial, defaults) take their defaults; dates travel as ISO 8601 strings, bytes as '\x…' hex.
 * `tail` is appended as is (e.g. `on conflict … do nothing returning …`).
 * `joined`: columns whose value is SQL, possibly read from `joined.from` (another relation, such as
 * a common table expression of the same statement: `{ columns: { orderId: sql`new_order.order_id` },
 * from: sql`new_order` }`), one inserted row per row of `rows` and row of `from`; the fields of
 * `rows` are `r.<column>` there; `overridingSystemValue` to give an identity column its value
 * (docs/decisions/025-order-creation-cost.md).
 */
export function insertJsonRows<T extends Table, Joined extends keyof T['$inferInsert'] & string = never>(
  table: T,
  rows: readonly Omit<T['$inferInsert'], Joined>[],
  tail: SQL = sql``,
  joined?: { columns: Partial<Record<Joined, SQL>>; from?: SQL; overridingSystemValue?: boolean },
): SQL {
  const columns = getTableColumns(table) as Record<string, Column>;
  const computed = (joined?.columns ?? {}) as Record<string, SQL>;
  // A field undefined in every row is left out (its default), as Drizzle's insert does.
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row).filter((key) => (row as Record<string, unknown>)[key] !== undefined)))].filter(
    (key) => columns[key] !== undefined && computed[key] === undefined,
  );
  const computedKeys = Object.keys(computed).filter((key) => columns[key] !== undefined);
  // The column lists as text, one chunk each: a chunk per name cost Drizzle more to walk than the
  // statement costs the database to plan (docs/decisions/025-order-creation-cost.md).
  const names = sql.raw([...keys, ...computedKeys].map((key) => quoteIdentifier(columns[key]!.name)).join(', '));
  const fields = keys.map((key) => `r.${quoteIdentifier(columns[key]!.name)}`).join(', ');
  const values = computedKeys.length
    ? sql.join([...(fields ? [sql.raw(fields)] : []), ...computedKeys.map((key) => computed[key]!)], sql`, `)
    : sql.raw(fields);
  const records = rows.map((row) =>
    Object.fromEntries(
      keys.map((key) => {
        const value = (row as Record<string, unknown>)[key];
        return [columns[key]!.name, jsonField(value)];
      }),
    ),
  );
  const from = joined?.from ? sql`, ${joined.from}` : sql``;
  // An identity column GENERATED ALWAYS takes a given value only so (orders.order_id taken beforehand).
  const overriding = joined?.overridingSystemValue ? sql` overriding system value` : sql``;
  return sql`insert into ${table} (${names})${overriding} select ${values} from json_populate_recordset(null::${table}, ${JSON.stringify(records)}::json) as r${from} ${tail}`;
}

/** A column's name as PostgreSQL reads an identifier: in double quotes, its own doubled (as Drizzle's `sql.identifier`). */
function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A field as json_populate_recordset reads it: dates as ISO 8601, bytes (bytea) in PostgreSQL's hex form. */
function jsonField(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
  return value ?? null;
}
