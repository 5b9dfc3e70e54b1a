import type { PGlite } from '@electric-sql/pglite';

/** One table's counters from `pg_stat_user_tables` (rows, not pages). */
export interface TableActivity {
  table: string;
  liveRows: number;
  deadRows: number;
  modifiedSinceAnalyze: number;
}

/** What one table needs from a maintenance pass: VACUUM (with ANALYZE or not), ANALYZE alone, or nothing. */
export type TableMaintenance = { table: string; vacuum: boolean; analyze: boolean };

/**
 * PostgreSQL's own autovacuum rule with its default settings (autovacuum_vacuum_threshold 50,
 * autovacuum_vacuum_scale_factor 0.2, autovacuum_analyze_threshold 50,
 * autovacuum_analyze_scale_factor 0.1): a table is vacuumed when its dead rows pass
 * 50 + 20 % of its live rows, analysed when its rows changed since the last ANALYZE pass
 * 50 + 10 % of them. @returns only the tables with something to do, in the order given.
 */
export function tablesToMaintain(activity: readonly TableActivity[]): TableMaintenance[] {
  return activity
    .map(({ table, liveRows, deadRows, modifiedSinceAnalyze }) => ({
      table,
      vacuum: deadRows > 50 + 0.2 * liveRows,
      analyze: modifiedSinceAnalyze > 50 + 0.1 * liveRows,
    }))
    .filter((task) => task.vacuum || task.analyze);
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * One autovacuum-like pass over a PGlite database, which has no autovacuum (single-user mode):
 * reads the tables' counters and vacuums / analyses only the tables that need it, one statement
 * per table with the event loop let through between them. PGlite runs in this thread, so a
 * database-wide `VACUUM` (every table and the catalogue, about 1.7 s with the demo history on a
 * busy machine) stalled every request for its whole length (docs/decisions/014, docs/decisions/026).
 * @returns the tables maintained.
 */
export async function maintainPglite(client: PGlite): Promise<TableMaintenance[]> {
  // In single-user mode the statistics are flushed lazily: ask for them first.
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<{ table: string; live: number; dead: number; modified: number }>(
    `select relname as "table", n_live_tup::int as live, n_dead_tup::int as dead, n_mod_since_analyze::int as modified
       from pg_stat_user_tables where schemaname = 'public' order by relname`,
  );
  const tasks = tablesToMaintain(rows.map((row) => ({ table: row.table, liveRows: row.live, deadRows: row.dead, modifiedSinceAnalyze: row.modified })));
  for (const { table, vacuum, analyze } of tasks) {
    await new Promise((resolve) => setImmediate(resolve));
    await client.exec(`${vacuum ? (analyze ? 'VACUUM (ANALYZE)' : 'VACUUM') : 'ANALYZE'} ${quoteIdentifier(table)}`);
  }
  return tasks;
}
