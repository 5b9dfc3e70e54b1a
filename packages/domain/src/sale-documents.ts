import { counterPaymentErrors, meansLabels } from '@resto/copy/staff/books';
import type { DocumentLine, MeansOfPayment, SaleDocument, SalesChannel, VatTotals } from './books.ts';
import { formatPrice } from './format.ts';
import { roundDiv } from './money.ts';

/**
 * What the books say about one order (docs/decisions/031-the-books.md): its receipt (and invoice)
 * as a journal document, the credit note that cancels it, and the payments taken at the counter.
 * Pure. Amounts are integer cents, rates basis points. The receipt shown to the customer
 * (receipt.ts, buildReceipt) and this document are built from the same stored order, so their
 * numbers and totals agree.
 */

/** What a sale document needs of a stored order (apps/api `orders` row). Cents; rates in basis points. */
export interface SaleOrder {
  orderId: number;
  receiptNumber: number;
  invoiceNumber: number | null;
  isPickup: boolean;
  /** Entered by staff on the phone (the channel 'phone' of docs/decisions/031); false for the storefront's orders. */
  byPhone?: boolean;
  subtotalCents: number;
  discountCents: number;
  deliveryCents: number;
  taxCents: number;
  totalCents: number;
  taxByRate: readonly { rateBp: number; baseCents: number; taxCents: number }[];
  deliveryByRate: readonly { rateBp: number; deliveryCents: number }[];
}

/** What a sale document needs of a stored order line. */
export interface SaleOrderLine {
  itemName: string;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
  taxRateBp: number;
  /** The reductions this line bears (cents). */
  discountCents: number;
  options: readonly { name: string; quantity: number }[];
}

/** 42 → 'A-000042', a credit note's number (its own series). */
export const formatCreditNoteNumber = (n: number) => `A-${String(n).padStart(6, '0')}`;
const receiptNumberText = (n: number) => `R-${String(n).padStart(6, '0')}`;
const invoiceNumberText = (n: number) => `F-${String(n).padStart(6, '0')}`;

/** The channel an order counts in (docs/decisions/031): the phone, else pickup or delivery. */
export function channelOf(order: Pick<SaleOrder, 'isPickup' | 'byPhone'>): SalesChannel {
  if (order.byPhone) return 'phone';
  return order.isPickup ? 'pickup' : 'delivery';
}

/** A line's label: the dish with its options, 'Pizza Reine (Grande, Chèvre ×2)'. */
export function lineLabel(line: Pick<SaleOrderLine, 'itemName' | 'options'>): string {
  const options = line.options.map((o) => (o.quantity > 1 ? `${o.name} ×${o.quantity}` : o.name)).join(', ');
  return options ? `${line.itemName} (${options})` : line.itemName;
}

/** HT and VAT of an amount charged (net of its reductions) at `rateBp`, prices including tax or not. */
function split(amountCents: number, rateBp: number, inclusive: boolean): { ht: number; vat: number } {
  if (inclusive) {
    const ht = roundDiv(amountCents * 10_000, 10_000 + rateBp);
    return { ht, vat: amountCents - ht };
  }
  return { ht: amountCents, vat: roundDiv(amountCents * rateBp, 10_000) };
}

/**
 * The receipt of a placed order as the journal keeps it: a line per dish (net of the reductions it
 * bears) and one per delivery fee's rate, and the totals per rate as the order stored them (decision
 * record 011: each rate's base includes its share of the delivery fee), so that the journal's VAT is
 * the receipt's to the cent. The lines' own HT and VAT are rounded each; the totals per rate are
 * the order's. Prices include tax when total = subtotal + delivery − discount (as buildReceipt reads it).
 */
export function receiptDocumentOf(order: SaleOrder, lines: readonly SaleOrderLine[]): SaleDocument {
  const inclusive = order.totalCents === order.subtotalCents + order.deliveryCents - order.discountCents;
  const documentLines: DocumentLine[] = lines.map((line) => {
    const charged = line.amountCents - line.discountCents;
    const { ht, vat } = split(charged, line.taxRateBp, inclusive);
    return { label: lineLabel(line), quantity: line.quantity, unit_price: line.unitPriceCents, total_ht: ht, vat_rate: line.taxRateBp, total_vat: vat, total_ttc: ht + vat };
  });
  for (const fee of order.deliveryByRate) {
    if (fee.deliveryCents === 0) continue;
    const { ht, vat } = split(fee.deliveryCents, fee.rateBp, inclusive);
    documentLines.push({ label: 'Livraison', quantity: 1, unit_price: fee.deliveryCents, total_ht: ht, vat_rate: fee.rateBp, total_vat: vat, total_ttc: ht + vat });
  }
  const vat: VatTotals[] = [...order.taxByRate]
    .sort((a, b) => a.rateBp - b.rateBp)
    .map((rate) => {
      const ht = inclusive ? rate.baseCents - rate.taxCents : rate.baseCents;
      return { vat_rate: rate.rateBp, total_ht: ht, total_vat: rate.taxCents, total_ttc: ht + rate.taxCents };
    });
  return {
    type: 'receipt',
    number: receiptNumberText(order.receiptNumber),
    order_id: order.orderId,
    channel: channelOf(order),
    lines: documentLines,
    vat,
    discount: order.discountCents,
    delivery_fee: order.deliveryCents,
    total_ht: order.totalCents - order.taxCents,
    total_vat: order.taxCents,
    total_ttc: order.totalCents,
  };
}

/** The invoice of a business customer's order: its receipt's content under its own number, referring to it (counts once). */
export function invoiceDocumentOf(receipt: SaleDocument, invoiceNumber: number): SaleDocument {
  return { ...receipt, type: 'invoice', number: invoiceNumberText(invoiceNumber), refers_to: receipt.number };
}

/**
 * The credit note cancelling the whole of `receipt` (a refused, cancelled, uncollected or refunded
 * order): every line and total negated, referring to the receipt. Its sum with the receipt is zero.
 */
export function creditNoteOf(receipt: SaleDocument, creditNoteNumber: number): SaleDocument {
  const negate = (cents: number) => -cents + 0;
  return {
    type: 'credit_note',
    number: formatCreditNoteNumber(creditNoteNumber),
    order_id: receipt.order_id,
    channel: receipt.channel,
    lines: receipt.lines.map((line) => ({
      ...line,
      quantity: negate(line.quantity),
      total_ht: negate(line.total_ht),
      total_vat: negate(line.total_vat),
      total_ttc: negate(line.total_ttc),
    })),
    vat: receipt.vat.map((rate) => ({ vat_rate: rate.vat_rate, total_ht: negate(rate.total_ht), total_vat: negate(rate.total_vat), total_ttc: negate(rate.total_ttc) })),
    discount: negate(receipt.discount),
    delivery_fee: negate(receipt.delivery_fee),
    total_ht: negate(receipt.total_ht),
    total_vat: negate(receipt.total_vat),
    total_ttc: negate(receipt.total_ttc),
    refers_to: receipt.number,
  };
}

// -------------------------------------------------------------------------------------------------
// « Encaisser »: payments taken at the counter

/** The means staff take at the counter (not the online card, which the provider confirms). */
export const counterMeans = ['cash', 'card_terminal', 'meal_voucher_paper', 'meal_voucher_card'] as const satisfies readonly MeansOfPayment[];
export type CounterMeans = (typeof counterMeans)[number];

const isVoucher = (means: MeansOfPayment) => means === 'meal_voucher_paper' || means === 'meal_voucher_card';

/** What staff entered: per means, the amount handed over (cents; cash may be more than due). */
export interface CounterTender {
  means: CounterMeans;
  amount: number;
}

export interface CounterSettlementInput {
  /** The order's total TTC (cents). */
  totalCents: number;
  /** What its payments already cover, net of reversals (cents). */
  paidCents: number;
  /** What meal vouchers already paid on it (cents). */
  voucherPaidCents: number;
  /** What vouchers may pay on it in all: mealVoucherSplit's voucherCents (eligible lines, daily ceiling, total). */
  voucherCapCents: number;
  tenders: readonly CounterTender[];
}

/** A payment to record: the amount applied to the order (cents) and, for cash, what was handed over. */
export interface CounterPayment {
  means: CounterMeans;
  amount: number;
  tendered?: number;
}

export type CounterSettlement =
  | {
      ok: true;
      payments: CounterPayment[];
      /** Cash to hand back (cents). */
      changeCents: number;
      /** Still due after these payments (cents; 0: paid in full). */
      restCents: number;
    }
  | { ok: false; code: 'nothing_due' | 'invalid_amount' | 'above_due' | 'voucher_above_cap' | 'cash_not_needed'; message: string; field?: CounterMeans };

/**
 * Applies what was handed over at the counter to what is due (docs/decisions/031): the card on the
 * terminal and meal vouchers pay what they say, never more than the rest (no change is given on a
 * card or a voucher); vouchers in all never more than `voucherCapCents`; cash pays the rest and
 * its excess is the change. Several means may be combined, several amounts of one means add up,
 * and less than due leaves a rest (paid later). Refusals carry the French sentence the board shows.
 */
export function settleAtCounter(input: CounterSettlementInput): CounterSettlement {
  const due = amountDueCents(input.totalCents, input.paidCents);
  if (due === 0) return { ok: false, code: 'nothing_due', message: counterPaymentErrors.nothingDue };
  const byMeans = new Map<CounterMeans, number>();
  for (const tender of input.tenders) {
    if (!Number.isSafeInteger(tender.amount) || tender.amount < 0)
      return { ok: false, code: 'invalid_amount', message: counterPaymentErrors.badAmount, field: tender.means };
    byMeans.set(tender.means, (byMeans.get(tender.means) ?? 0) + tender.amount);
  }
  const given = [...byMeans.values()].reduce((sum, amount) => sum + amount, 0);
  if (given === 0) return { ok: false, code: 'invalid_amount', message: counterPaymentErrors.noTender };
  let rest = due;
  let vouchers = input.voucherPaidCents;
  const payments: CounterPayment[] = [];
  for (const means of counterMeans) {
    if (means === 'cash') continue;
    const amount = byMeans.get(means) ?? 0;
    if (amount === 0) continue;
    if (amount > rest) return { ok: false, code: 'above_due', message: counterPaymentErrors.aboveDue(capitalise(meansLabels[means]), formatPrice(rest)), field: means };
    if (isVoucher(means)) {
      vouchers += amount;
      const cap = Math.max(0, input.voucherCapCents);
      if (vouchers > cap) return { ok: false, code: 'voucher_above_cap', message: counterPaymentErrors.voucherAboveCap(formatPrice(cap)), field: means };
    }
    payments.push({ means, amount });
    rest -= amount;
  }
  const cash = byMeans.get('cash') ?? 0;
  let changeCents = 0;
  if (cash > 0) {
    if (rest === 0) return { ok: false, code: 'cash_not_needed', message: counterPaymentErrors.cashWithNothingLeft, field: 'cash' };
    const applied = Math.min(cash, rest);
    changeCents = cash - applied;
    payments.push({ means: 'cash', amount: applied, tendered: cash });
    rest -= applied;
  }
  return { ok: true, payments, changeCents, restCents: rest };
}

/**
 * What is left to pay on an order (cents, never below 0): its total TTC minus what its payments
 * already cover, net of reversals and refunds (`paymentsSummary(...).paidCents`). The one rule of
 * « Reste à payer » (docs/decisions/031): the counter's settlement, the board's payments view and
 * the payment link's amount (docs/decisions/038) all read it here.
 */
export function amountDueCents(totalCents: number, paidCents: number): number {
  return Math.max(0, totalCents - paidCents);
}

/** `text` with its first letter in upper case ('espèces' → 'Espèces'). */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One payment as the order shows it: its journal sequence, means and amount (cents; a reversal is negative and names the one it cancels). */
export interface OrderPaymentLine {
  seq: number;
  means: MeansOfPayment;
  amount: number;
  reverses?: number;
}

/**
 * What an order's payments come to: per means, net of reversals (only means with money left, in
 * the order they were first taken), the total paid, and which payments are still standing (not
 * reversed, not a reversal) — the ones staff may reverse.
 */
export function paymentsSummary(lines: readonly OrderPaymentLine[]): { byMeans: { means: MeansOfPayment; amount: number }[]; paidCents: number; standing: number[] } {
  const reversed = new Set(lines.filter((line) => line.reverses !== undefined).map((line) => line.reverses!));
  const totals = new Map<MeansOfPayment, number>();
  for (const line of lines) totals.set(line.means, (totals.get(line.means) ?? 0) + line.amount);
  const byMeans = [...totals].filter(([, amount]) => amount !== 0).map(([means, amount]) => ({ means, amount }));
  return {
    byMeans,
    paidCents: byMeans.reduce((sum, line) => sum + line.amount, 0),
    standing: lines.filter((line) => line.amount > 0 && line.reverses === undefined && !reversed.has(line.seq)).map((line) => line.seq),
  };
}

/** « espèces 12,00 € + titre-restaurant papier 8,50 € »: what an order was paid with, as the board writes it. */
export function describePayments(byMeans: readonly { means: MeansOfPayment; amount: number }[]): string {
  return byMeans.map((line) => `${meansLabels[line.means]} ${formatPrice(line.amount)}`).join(' + ');
}
