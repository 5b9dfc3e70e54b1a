/**
 * The restaurant's books (docs/decisions/031-the-books.md): what the journal's entries say, and
 * the closures computed from them. Pure: the API (apps/api/src/modules/books) stores each entry's
 * content as RFC 8785 canonical JSON, chains, hashes and signs it; this module decides what a
 * closure's totals are, so that closures, reports and verification compute them one way.
 *
 * Amounts are integer cents, VAT rates basis points (1000 = 10 %), dates 'YYYY-MM-DD' in
 * Europe/Paris. A sale document's amounts are positive; a credit note's are negative (it cancels
 * a receipt, or part of one). A payment's amount is positive; its reversal is a new entry whose
 * amount is negative: nothing is ever edited.
 */

/** How the money came in (decision 031): online card, or at the counter. */
export const meansOfPayment = ['online_card', 'cash', 'card_terminal', 'meal_voucher_paper', 'meal_voucher_card'] as const;
export type MeansOfPayment = (typeof meansOfPayment)[number];

/** How the order reached the restaurant. */
export const salesChannels = ['pickup', 'delivery', 'phone'] as const;
export type SalesChannel = (typeof salesChannels)[number];

/** A line of a sale document. Amounts in cents (negative on a credit note), rate in basis points. */
export interface DocumentLine {
  label: string;
  quantity: number;
  /** Unit price as charged, tax included. */
  unit_price: number;
  total_ht: number;
  vat_rate: number;
  total_vat: number;
  total_ttc: number;
}

/** One VAT rate's totals (cents; the rate in basis points). */
export interface VatTotals {
  vat_rate: number;
  total_ht: number;
  total_vat: number;
  total_ttc: number;
}

/**
 * A receipt, an invoice or a credit note as the journal keeps it. A receipt is the sale; an
 * invoice, issued for a business customer beside its receipt (`refers_to` the receipt), is the
 * same sale and counts once; a credit note (`A-000001`) cancels all or part of the receipt it
 * `refers_to`, with negative lines.
 */
export interface SaleDocument {
  type: 'receipt' | 'invoice' | 'credit_note';
  /** 'R-000042', 'F-000007', 'A-000001'. */
  number: string;
  order_id: number;
  channel: SalesChannel;
  lines: DocumentLine[];
  vat: VatTotals[];
  /** What offers and coupons took off (cents, positive on a receipt). */
  discount: number;
  delivery_fee: number;
  total_ht: number;
  total_vat: number;
  total_ttc: number;
  /** The receipt an invoice or a credit note is about. */
  refers_to?: string;
}

/** Money taken (positive) or a mistaken payment reversed (negative: a counter-entry naming the payment's sequence). */
export interface PaymentRecord {
  order_id: number;
  means: MeansOfPayment;
  amount: number;
  /** The sequence of the payment entry a reversal cancels. */
  reverses?: number;
  /** Cash handed over (cents), when more than the amount: the change was tendered − amount. */
  tendered?: number;
}

/** Money given back to a customer (a card refund, cash handed back): positive cents. */
export interface RefundRecord {
  order_id: number;
  means: MeansOfPayment;
  amount: number;
  /** The credit note the refund goes with. */
  credit_note?: string;
}

/** What an entry records, by kind. */
export type EntryBody =
  | { kind: 'document'; document: SaleDocument }
  | { kind: 'payment'; payment: PaymentRecord }
  | { kind: 'refund'; refund: RefundRecord }
  | { kind: 'closure'; closure: Closure }
  | { kind: 'duplicate'; duplicate: { number: string; reprint: number } }
  | { kind: 'archive'; archive: { period: ClosurePeriod; file: string; sha256: string } }
  | { kind: 'technical'; technical: { event: TechnicalEvent; detail: Record<string, string | number | boolean | null> } };

/** Technical events the journal records (decision 031, the four conditions' « sécurisation »). */
export type TechnicalEvent = 'journal_opened' | 'signing_key' | 'staff_login' | 'fiscal_settings' | 'export' | 'verification' | 'archive';

/** A closed period: a business day, a month or a fiscal year; `start` and `end` inclusive. */
export interface ClosurePeriod {
  kind: 'day' | 'month' | 'year';
  start: string;
  end: string;
}

/** Counts of a closure. */
export interface ClosureCounts {
  receipts: number;
  credit_notes: number;
  refunds: number;
  payments: number;
}

/**
 * A closure's totals (decision 031): per VAT rate, per means of payment, per channel, the counts,
 * discounts and delivery fees, the period's grand total TTC and HT, and the perpetual grand total
 * since the journal's first entry. Totals per means of payment are net of reversals and refunds.
 */
export interface ClosureTotals {
  vat: VatTotals[];
  payments: Record<MeansOfPayment, number>;
  refunds: Record<MeansOfPayment, number>;
  channels: Record<SalesChannel, number>;
  counts: ClosureCounts;
  discounts: number;
  delivery_fees: number;
  total_ht: number;
  total_vat: number;
  total_ttc: number;
  /** The perpetual grand total TTC: the previous closure's plus this period's. */
  perpetual_total_ttc: number;
}

/** A closure as its entry holds it: the period, the sequences it covers and its totals. */
export interface Closure extends ClosureTotals {
  period: ClosurePeriod;
  /** The first and last sequence numbers of the entries it sums (null, null: an empty day). */
  first_seq: number | null;
  last_seq: number | null;
}

function byMeans(): Record<MeansOfPayment, number> {
  return { online_card: 0, cash: 0, card_terminal: 0, meal_voucher_paper: 0, meal_voucher_card: 0 };
}

function byChannel(): Record<SalesChannel, number> {
  return { pickup: 0, delivery: 0, phone: 0 };
}

/** Totals with nothing in them, carrying `perpetual` (cents) forward. */
export function emptyTotals(perpetual = 0): ClosureTotals {
  return {
    vat: [],
    payments: byMeans(),
    refunds: byMeans(),
    channels: byChannel(),
    counts: { receipts: 0, credit_notes: 0, refunds: 0, payments: 0 },
    discounts: 0,
    delivery_fees: 0,
    total_ht: 0,
    total_vat: 0,
    total_ttc: 0,
    perpetual_total_ttc: perpetual,
  };
}

function addVat(into: Map<number, VatTotals>, vat: readonly VatTotals[]): void {
  for (const rate of vat) {
    const sum = into.get(rate.vat_rate) ?? { vat_rate: rate.vat_rate, total_ht: 0, total_vat: 0, total_ttc: 0 };
    sum.total_ht += rate.total_ht;
    sum.total_vat += rate.total_vat;
    sum.total_ttc += rate.total_ttc;
    into.set(rate.vat_rate, sum);
  }
}

function sortedVat(vat: Map<number, VatTotals>): VatTotals[] {
  return [...vat.values()].sort((a, b) => a.vat_rate - b.vat_rate);
}

/**
 * The totals of a period from its entries' bodies, in any order (a closure sums, it does not
 * depend on the order). Receipts and credit notes make the sales (an invoice repeats its receipt
 * and adds nothing); payments, reversals and refunds make the money per means; closures,
 * duplicates, archives and technical events add nothing. `previousPerpetual`: the perpetual
 * grand total TTC of the closure before (cents).
 */
export function totalsOf(bodies: Iterable<EntryBody>, previousPerpetual: number): ClosureTotals {
  const totals = emptyTotals();
  const vat = new Map<number, VatTotals>();
  for (const body of bodies) {
    if (body.kind === 'document') {
      const document = body.document;
      if (document.type === 'invoice') continue;
      if (document.type === 'receipt') totals.counts.receipts += 1;
      else totals.counts.credit_notes += 1;
      addVat(vat, document.vat);
      totals.channels[document.channel] += document.total_ttc;
      totals.discounts += document.discount;
      totals.delivery_fees += document.delivery_fee;
      totals.total_ht += document.total_ht;
      totals.total_vat += document.total_vat;
      totals.total_ttc += document.total_ttc;
    } else if (body.kind === 'payment') {
      totals.payments[body.payment.means] += body.payment.amount;
      totals.counts.payments += body.payment.amount >= 0 ? 1 : -1;
    } else if (body.kind === 'refund') {
      totals.refunds[body.refund.means] += body.refund.amount;
      totals.payments[body.refund.means] -= body.refund.amount;
      totals.counts.refunds += 1;
    }
  }
  totals.vat = sortedVat(vat);
  totals.perpetual_total_ttc = previousPerpetual + totals.total_ttc;
  return totals;
}

/**
 * The totals of a month or a fiscal year from its days' (or months') closures, in order: sums of
 * each total, and the perpetual grand total of the last one (the first's previous perpetual plus
 * the period's total). Equal to `totalsOf` over the same entries (a property test says so).
 */
export function combineTotals(parts: readonly ClosureTotals[], previousPerpetual: number): ClosureTotals {
  const totals = emptyTotals();
  const vat = new Map<number, VatTotals>();
  for (const part of parts) {
    addVat(vat, part.vat);
    for (const means of meansOfPayment) {
      totals.payments[means] += part.payments[means];
      totals.refunds[means] += part.refunds[means];
    }
    for (const channel of salesChannels) totals.channels[channel] += part.channels[channel];
    totals.counts.receipts += part.counts.receipts;
    totals.counts.credit_notes += part.counts.credit_notes;
    totals.counts.refunds += part.counts.refunds;
    totals.counts.payments += part.counts.payments;
    totals.discounts += part.discounts;
    totals.delivery_fees += part.delivery_fees;
    totals.total_ht += part.total_ht;
    totals.total_vat += part.total_vat;
    totals.total_ttc += part.total_ttc;
  }
  totals.vat = sortedVat(vat);
  totals.perpetual_total_ttc = previousPerpetual + totals.total_ttc;
  return totals;
}

/**
 * What differs between two closures' totals, as 'total_ttc: 1200 ≠ 1250' sentences (empty when
 * equal): verification compares a stored closure with the one recomputed from its entries.
 */
export function totalsDifferences(stored: ClosureTotals, recomputed: ClosureTotals): string[] {
  const differences: string[] = [];
  const compare = (path: string, a: unknown, b: unknown) => {
    if (!sameValue(a, b)) differences.push(`${path} : ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`);
  };
  for (const key of Object.keys(recomputed) as (keyof ClosureTotals)[]) compare(key, stored[key], recomputed[key]);
  return differences;
}

/** Deep equality of JSON values, whatever the order of the objects' keys (a stored closure is read back from canonical JSON). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => Object.hasOwn(b, key) && sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

// ---------------------------------------------------------------------------------------------
// Months and fiscal years (decision 031, « Closures »)

/** The month of a day 'YYYY-MM-DD': 'YYYY-MM'. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

/** The last day of the month of `day` ('2026-02-14' → '2026-02-28'). */
export function lastDayOfMonth(day: string): string {
  const [year, month] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  // Day 0 of the next month is this month's last day (UTC: no time zone involved).
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/**
 * Whether the month of `day` is the last of a fiscal year that starts with month `firstMonth`
 * (1 = January … 12 = December): the month after it is the first. With January, December ends the year.
 */
export function endsFiscalYear(day: string, firstMonth: number): boolean {
  const month = Number(day.slice(5, 7));
  return (month % 12) + 1 === firstMonth;
}

/**
 * A month's or a fiscal year's closure from its parts, in order (the days' closures of a month,
 * the months' of a year): their totals combined (combineTotals) with `previousPerpetual` (the
 * perpetual grand total of the previous closure of the same kind, 0 before the first), the first
 * and last sequences they cover (null, null when they are all empty). The closing job writes it,
 * the verification recomputes it: one computation.
 */
export function periodClosure(period: ClosurePeriod, parts: readonly Closure[], previousPerpetual: number): Closure {
  const covered = parts.filter((part) => part.first_seq !== null);
  return {
    period,
    first_seq: covered[0]?.first_seq ?? null,
    last_seq: covered.at(-1)?.last_seq ?? null,
    ...combineTotals(parts, previousPerpetual),
  };
}

/** The VAT rates a dish's view names (its own and its options' values'), sorted: what a change of rate changes. */
function vatRatesOf(view: unknown): number[] {
  const rates: number[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'tax_rate' && typeof inner === 'number') rates.push(inner);
        else walk(inner);
      }
  };
  walk(view);
  return rates.sort((a, b) => a - b);
}

/**
 * Whether a back-office change is fiscal, so a technical entry of the journal (decision 031, the
 * « sécurisation » condition: « change of VAT rate or fiscal settings »): a setting of the seller's
 * legal identity (`legal.*`) or of the books (`books.*`), a dish whose VAT rate (or an option's)
 * changed, and the import of a whole restaurant file (it replaces both).
 * `before`/`after`: the audit entry's views (null on create or delete).
 */
export function isFiscalChange(change: { entity: string; entityId: string | number | null; before: unknown; after: unknown }): boolean {
  if (change.entity === 'restaurant') return true;
  if (change.entity === 'settings') return typeof change.entityId === 'string' && /^(legal|books)\./.test(change.entityId);
  if (change.entity === 'item' && change.before != null && change.after != null) return vatRatesOf(change.before).join() !== vatRatesOf(change.after).join();
  return false;
}
