import { and, between, eq, inArray, sql } from 'drizzle-orm';
import type { SalesReportAnswer } from '@resto/contract/books-reports';
import type { EntryBody } from '@resto/domain/books';
import { reportPeriodOf, salesReportOf, type ReportEntry, type ReportPeriod } from '@resto/domain/books-reports';
import { toRestaurantDate } from '@resto/domain/clock';
import { centsToEuros } from '@resto/domain/money';
import type { OrderSource } from '@resto/domain/phone-order';
import { queryRows, type Database } from '../../db/client.ts';
import { journalEntries, journalHeads } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';

/** The entries a report reads: what makes sales and money (decision 031: `totalsOf` ignores the rest). */
const reportKinds = ['document', 'payment', 'refund'];

/**
 * The live chain's sales report of a period (packages/domain/src/books-reports.ts; docs/decisions/031):
 * its entries by business day (index journal_entries_day_idx), each order's customer new or
 * returning by their first live placed order (the orders' `customer.email`), in euros.
 * `from` defaults to today in Paris.
 * @throws ApiError invalid_request (400) a day that is not one, an end before the start, a range over 366 days.
 */
export async function readSalesReport(
  db: Database,
  now: Date,
  query: { period: ReportPeriod['kind']; from?: string; to?: string },
): Promise<SalesReportAnswer> {
  const asked = reportPeriodOf(query.period, query.from ?? toRestaurantDate(now), query.to);
  if ('error' in asked) throw new ApiError('invalid_request', asked.error, [{ path: asked.field, message: asked.error }]);
  const { period } = asked;
  const [rows, [head]] = await Promise.all([
    db
      .select({ recordedAt: journalEntries.recordedAt, content: journalEntries.content })
      .from(journalEntries)
      .where(and(eq(journalEntries.chain, 'live'), between(journalEntries.businessDate, period.from, period.to), inArray(journalEntries.kind, reportKinds))),
    db.select({ closedThrough: journalHeads.closedThrough }).from(journalHeads).where(eq(journalHeads.chain, 'live')),
  ]);
  const entries: ReportEntry[] = rows.map((row) => ({ recorded_at: row.recordedAt, body: (JSON.parse(row.content) as { body: EntryBody }).body }));
  // The customers of the orders that stood: a credit note cancels its order's receipt.
  const documents = entries.flatMap((e) => (e.body.kind === 'document' ? [e.body.document] : []));
  const cancelled = new Set(documents.filter((d) => d.type === 'credit_note').map((d) => d.order_id));
  const sold = [...new Set(documents.filter((d) => d.type === 'receipt' && !cancelled.has(d.order_id)).map((d) => d.order_id))];
  const [customers, sources] = await Promise.all([customersOf(db, sold, period.from), sourcesOf(db, sold)]);
  const report = salesReportOf(period, entries, customers, sources);
  const t = report.totals;
  const euros = <K extends string>(record: Record<K, number>) =>
    Object.fromEntries(Object.entries(record).map(([k, v]) => [k, centsToEuros(v as number)])) as Record<K, number>;
  return {
    period,
    live: head?.closedThrough == null || head.closedThrough < period.to,
    total_ttc: centsToEuros(t.total_ttc),
    total_ht: centsToEuros(t.total_ht),
    total_vat: centsToEuros(t.total_vat),
    vat: t.vat.map((v) => ({
      rate: v.vat_rate / 100,
      total_ht: centsToEuros(v.total_ht),
      total_vat: centsToEuros(v.total_vat),
      total_ttc: centsToEuros(v.total_ttc),
    })),
    payments: euros(t.payments),
    refunds: euros(t.refunds),
    channels: euros(t.channels),
    counts: t.counts,
    orders: report.orders,
    average_basket: centsToEuros(report.average_basket),
    discounts: centsToEuros(t.discounts),
    delivery_fees: centsToEuros(t.delivery_fees),
    dishes: report.dishes.map((d) => ({ label: d.label, quantity: d.quantity, total_ttc: centsToEuros(d.total_ttc) })),
    orders_per_hour: report.orders_per_hour,
    customers: report.customers,
    orders_per_source: report.orders_per_source,
  };
}

/** The source of each order of `orderIds` (docs/decisions/036-phone-orders.md): 'online' or 'phone'. One query, the ids one array parameter. */
export async function sourcesOf(db: Database, orderIds: readonly number[]): Promise<OrderSource[]> {
  if (orderIds.length === 0) return [];
  const rows = await queryRows<{ source: string }>(db, sql`select source from orders where order_id = any(${sql.param([...orderIds])}::int[])`);
  return rows.map((row) => (row.source === 'phone' ? 'phone' : 'online'));
}

/**
 * Of the customers of `orderIds` (by e-mail, lower case): those whose first live placed order is
 * on or after `from` (new), and the others (returning). One query, the ids one array parameter:
 * a long period's tens of thousands of orders stay under the protocol's 65,535 parameters.
 */
export async function customersOf(db: Database, orderIds: readonly number[], from: string): Promise<{ new: number; returning: number }> {
  if (orderIds.length === 0) return { new: 0, returning: 0 };
  const [row] = await queryRows<{ new: number; returning: number }>(
    db,
    sql`with period as (select distinct lower(coalesce(nullif(customer->>'email', ''), customer->>'phone')) as email from orders where order_id = any(${sql.param([...orderIds])}::int[])),
      earlier as (select distinct lower(coalesce(nullif(o.customer->>'email', ''), o.customer->>'phone')) as email from orders o join period p on lower(coalesce(nullif(o.customer->>'email', ''), o.customer->>'phone')) = p.email
        where o.books_chain = 'live' and o.placed_at is not null and (o.placed_at at time zone 'Europe/Paris')::date < ${from}::date)
      select (select count(*)::int from period where email not in (select email from earlier)) as new, (select count(*)::int from earlier) as returning`,
  );
  return row ?? { new: 0, returning: 0 };
}
