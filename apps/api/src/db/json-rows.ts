import { getTableColumns, sql, type Column, type SQL, type Table } from 'drizzle-orm';

/**
 * `insert into <table> (<columns>) select <columns> from json_populate_recordset(null::<table>, $1)`
 * for rows shaped as Drizzle's insert type of that table: the whole batch travels as one JSON
 * parameter. Multi-row VALUES with one bind parameter per field is 2 to 3 times slower on PGlite,
 * and PostgreSQL refuses more than 65,535 parameters a statement. Columns left out of the rows
 * (identity, serial, defaults) take their defaults; dates travel as ISO 8601 strings.
 * `tail` is appended as is (e.g. `on conflict … do nothing returning …`).
 */
export function insertJsonRows<T extends Table>(table: T, rows: readonly T['$inferInsert'][], tail: SQL = sql``): SQL {
  const columns = getTableColumns(table) as Record<string, Column>;
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((key) => columns[key] !== undefined);
  const names = sql.join(
    keys.map((key) => sql.identifier(columns[key]!.name)),
    sql`, `,
  );
  const records = rows.map((row) =>
    Object.fromEntries(
      keys.map((key) => {
        const value = (row as Record<string, unknown>)[key];
        return [columns[key]!.name, value instanceof Date ? value.toISOString() : (value ?? null)];
      }),
    ),
  );
  return sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${JSON.stringify(records)}::json) ${tail}`;
}
