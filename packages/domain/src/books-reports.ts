import { totalsOf, type ClosureTotals, type EntryBody } from './books.ts';
import { addDays, toRestaurantTime } from './clock.ts';
import type { OrderSource } from './phone-order.ts';
import { booksReportErrors } from '@resto/copy/staff/books-reports';

/**
 * The owner's sales report (/restaurant/ventes; docs/decisions/031): any day,
 * ISO week, month or range of business days, from the live chain's entries. Its money figures are
 * `totalsOf`, the closures' own computation, so that a report of closed days equals their closures
 * to the cent. Amounts in cents.
 */

/** A period the report covers: business days 'YYYY-MM-DD', both inclusive. */
export interface ReportPeriod {
  kind: 'day' | 'week' | 'month' | 'range';
  from: string;
  to: string;
}

/** At most a year and a day in one report: wider, the page would wait on a year's entries for nothing. */
export const reportMaxDays = 366;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

function validDay(day: string): boolean {
  if (!isoDay.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** Days from `from` to `to`, both counted ('2026-11-01'…'2026-11-30' → 30). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * The period of a request: `kind` 'day' (from = the day), 'week' (the ISO week, Monday to Sunday,
 * holding `from`), 'month' (the calendar month holding `from`), 'range' (`from` to `to`).
 * @returns the period, or a French error naming the field.
 */
export function reportPeriodOf(kind: ReportPeriod['kind'], from: string, to?: string): { period: ReportPeriod } | { error: string; field: 'from' | 'to' } {
  if (!validDay(from)) return { error: booksReportErrors.invalidDay, field: 'from' };
  if (kind === 'day') return { period: { kind, from, to: from } };
  if (kind === 'week') {
    const weekday = (new Date(`${from}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
    const monday = addDays(from, -weekday);
    return { period: { kind, from: monday, to: addDays(monday, 6) } };
  }
  if (kind === 'month') {
    const first = `${from.slice(0, 7)}-01`;
    const next = new Date(`${first}T00:00:00Z`);
    next.setUTCMonth(next.getUTCMonth() + 1);
    return { period: { kind, from: first, to: addDays(next.toISOString().slice(0, 10), -1) } };
  }
  if (to === undefined || !validDay(to)) return { error: booksReportErrors.invalidDay, field: 'to' };
  if (to < from) return { error: booksReportErrors.endBeforeStart, field: 'to' };
  if (daysBetween(from, to) > reportMaxDays) return { error: booksReportErrors.tooLong(reportMaxDays), field: 'to' };
  return { period: { kind, from, to } };
}

/** An entry of the journal as the report reads it: its time and its body. */
export interface ReportEntry {
  recorded_at: Date;
  body: EntryBody;
}

/** A dish sold in the period: receipts' lines less credit notes' (cents). */
export interface DishSold {
  label: string;
  quantity: number;
  total_ttc: number;
}

/** What the report says of a period (cents; hours are Europe/Paris, 0–23). */
export interface SalesReport {
  period: ReportPeriod;
  /** The closures' computation over the period's entries (its `perpetual_total_ttc` is the period's own total). */
  totals: ClosureTotals;
  /** Receipts less credit notes (each cancels its whole receipt): orders that stood. */
  orders: number;
  /** Sales TTC divided by the orders that stood, rounded to the cent (0 without any). */
  average_basket: number;
  /** Most sold first (by amount, then quantity, then label); only dishes whose quantity stays positive. */
  dishes: DishSold[];
  /** Receipts issued in each local hour, 24 values. */
  orders_per_hour: number[];
  /** Customers whose first live order falls in the period, and the others. */
  customers: { new: number; returning: number };
  /** The orders that stood, by where they came from (docs/decisions/036-phone-orders.md): online and by phone. */
  orders_per_source: Record<OrderSource, number>;
}

/**
 * The report of `period` from its live entries (any order) and `customers` (each order's
 * customer: new when their first placed order is in the period; the API reads it from the orders)
 * and `sources` (the source of each order that stood, for the orders per source; the money stays the journal's).
 */
export function salesReportOf(
  period: ReportPeriod,
  entries: readonly ReportEntry[],
  customers: { new: number; returning: number },
  /** The source of each order that stood (the API reads it from the orders); absent: none counted. */
  sources: readonly OrderSource[] = [],
): SalesReport {
  const totals = totalsOf(
    entries.map((e) => e.body),
    0,
  );
  const dishes = new Map<string, DishSold>();
  const perHour = Array.from({ length: 24 }, () => 0);
  let cancelled = 0;
  for (const { recorded_at: at, body } of entries) {
    if (body.kind !== 'document' || body.document.type === 'invoice') continue;
    const document = body.document;
    if (document.type === 'receipt') perHour[Number(toRestaurantTime(at).time.slice(0, 2))]! += 1;
    else cancelled += 1; // a credit note cancels its whole receipt (books/sales.ts recordCancellation)
    for (const line of document.lines) {
      const dish = dishes.get(line.label) ?? { label: line.label, quantity: 0, total_ttc: 0 };
      // A credit note's lines are negative amounts; its quantities say how many are taken back.
      dish.quantity += document.type === 'credit_note' ? -Math.abs(line.quantity) : line.quantity;
      dish.total_ttc += line.total_ttc;
      dishes.set(line.label, dish);
    }
  }
  const orders = Math.max(0, totals.counts.receipts - cancelled);
  return {
    period,
    totals,
    orders,
    average_basket: orders === 0 ? 0 : Math.round(totals.total_ttc / orders),
    dishes: [...dishes.values()]
      .filter((d) => d.quantity > 0)
      .sort((a, b) => b.total_ttc - a.total_ttc || b.quantity - a.quantity || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0)),
    orders_per_hour: perHour,
    customers,
    orders_per_source: { online: sources.filter((s) => s === 'online').length, phone: sources.filter((s) => s === 'phone').length },
  };
}
