import { receiptDocument } from '@resto/copy/documents/receipts';
import { paymentAnswers, paymentTexts } from '@resto/copy/storefront/payment';
import { formatLongDateTime, formatPrice } from './format.ts';
import { centsToEuros, roundDiv } from './money.ts';
import { describeSchedule } from './scheduling.ts';
import { readSetting, type SettingsList } from './settings.ts';
import { describePayments, paymentsSummary, type OrderPaymentLine } from './sale-documents.ts';

/**
 * The receipt (and, for a business customer, the invoice) of an order: what the page `/recu`, the
 * PDF and `GET /v2/public/receipts/{secret}` show. Pure: built from the stored order, its lines and
 * the settings. docs/decisions/013-receipts.md; CGI annexe II art. 242 nonies A for the invoice.
 * Amounts in euros with 2 decimals, as the rest of the API (docs/decisions/016, section 3).
 */

/** What the receipt needs of a stored order (apps/api `orders` row). Amounts in cents, rates in basis points. */
export interface ReceiptOrder {
  orderId: number;
  receiptNumber: number;
  invoiceNumber: number | null;
  /** When the order was placed (cash: created; card: paid). */
  placedAt: Date;
  isPickup: boolean;
  paymentMethod: string;
  status: string;
  customer: { first_name: string; last_name: string };
  receiptHideName: boolean;
  business: { company_name: string; address: string; vat_number: string; siren: string } | null;
  location: Record<string, unknown> | null;
  deliveryDate: string | null;
  deliveryTimeRange: string | null;
  subtotalCents: number;
  discountCents: number;
  deliveryCents: number;
  taxCents: number;
  totalCents: number;
  taxByRate: readonly { rateBp: number; baseCents: number; taxCents: number }[];
  appliedOffers: readonly { name: string; amount_cents: number; is_coupon: boolean; type: string }[];
  /** What meal vouchers may pay on site (cents; 0: none chosen). docs/decisions/012. */
  mealVoucherCents?: number;
  /** A card payment on the built-in test processor: no money moved (docs/decisions/014). */
  testMode?: boolean;
  /** Which edition this is: 1 (or absent) the original, 2 the first « DUPLICATA »… (docs/decisions/031). */
  edition?: number;
  /** The payments taken at the counter, from the books (docs/decisions/031; cents, reversals and refunds negative). */
  counterPayments?: readonly OrderPaymentLine[];
}

/** What the receipt needs of a stored order line. */
export interface ReceiptOrderLine {
  itemName: string;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
  taxRateBp: number;
  isFree: boolean;
  options: readonly { name: string; quantity: number }[];
}

interface ReceiptLine {
  name: string;
  /** The chosen options, 'Grande, Chèvre ×2', or ''. */
  details: string;
  quantity: number;
  /** Unit price as charged (including tax when prices include it). */
  unit_price: number;
  /** Unit price excluding tax, rounded to the cent (the invoice's 8°). */
  unit_price_ht: number;
  amount: number;
  /** Percent: 10, 5.5, 20. */
  tax_rate: number;
  free: boolean;
}

export interface Receipt {
  kind: 'receipt' | 'invoice';
  /** 'R-000042': the receipt's gapless number. */
  number: string;
  /** 'F-000007': the invoice's number in its own series, or null without business details. */
  invoice_number: string | null;
  order_id: number;
  issued_at: string;
  /** 'lundi 23 novembre 2026 à 21:05' (Europe/Paris). */
  issued_at_label: string;
  seller: {
    name: string;
    company_name: string;
    legal_form: string;
    registration: string;
    address: string;
    siret: string;
    vat_number: string;
    phone: string;
    email: string;
  };
  /** 'Marie Dupont', or null when the customer asked for no name on the receipt. */
  customer_name: string | null;
  business: { company_name: string; address: string; vat_number: string; siren: string } | null;
  is_pickup: boolean;
  /** 'À emporter (retrait au restaurant)' or 'Livraison'. */
  order_type: string;
  /** 'dès que possible' or 'le mercredi 25 novembre, 12:30–12:45'. */
  schedule: string;
  lines: ReceiptLine[];
  reductions: { name: string; amount: number; coupon: boolean }[];
  subtotal: number;
  discount: number;
  delivery: number;
  total_ht: number;
  tax_by_rate: { rate: number; base_ht: number; tax: number; total_ttc: number }[];
  tax: number;
  total_ttc: number;
  tax_inclusive: boolean;
  payment: { method: string; method_label: string; state: string; state_label: string; meal_voucher_amount: number; test_mode: boolean };
  /** Legal sentences at the foot (invoice payment terms, paper on request). */
  mentions: string[];
  /** A document shown or printed again (docs/decisions/031): its reprint count (1 for the first duplicate), or null for the original. */
  duplicate: { reprint: number; label: string } | null;
}

/** 'lundi 23 novembre 2026 à 21:05' in Europe/Paris: the receipt's date, as format.ts writes a long instant. */
export function formatReceiptDate(instant: Date): string {
  return formatLongDateTime(instant);
}

/** 42 → 'R-000042', the receipt's printed number. */
export const formatReceiptNumber = (n: number) => `R-${String(n).padStart(6, '0')}`;
/** 7 → 'F-000007', the invoice's printed number (its own series). */
export const formatInvoiceNumber = (n: number) => `F-${String(n).padStart(6, '0')}`;

/** A rate in basis points as the percent the API writes (550 → 5.5). */
const percent = (bp: number) => bp / 100;

/**
 * The payment method and state as a customer reads them. `isPickup`: cash is paid at the counter,
 * or at the door for a delivery, and the receipt says which one. `mealVoucherCents`: the part meal
 * vouchers may pay (docs/decisions/012); `testMode`: a card payment on the test processor, labelled
 * as such (docs/decisions/009). `counter`: what the counter took on a cash order (docs/decisions/031,
 * cents): paid in full, it reads « Payée — espèces 12,00 € + titre-restaurant papier 8,50 € »; in part, what was
 * paid and the rest due.
 */
export function describePayment(
  method: string,
  status: string,
  isPickup: boolean,
  mealVoucherCents = 0,
  testMode = false,
  counter: { payments: readonly OrderPaymentLine[]; totalCents: number } | null = null,
): Receipt['payment'] {
  if (method === 'card') {
    const refunded = status === 'cancelled' || status === 'rejected';
    return {
      method,
      method_label: testMode ? receiptDocument.cardOnlineTestMode(paymentAnswers.paymentTestMode) : receiptDocument.cardOnline,
      state: refunded ? 'refunded' : 'paid',
      state_label: refunded ? receiptDocument.paidThenRefunded : receiptDocument.paidOnline,
      meal_voucher_amount: 0,
      test_mode: testMode,
    };
  }
  const cancelled = status === 'cancelled' || status === 'rejected';
  const where = isPickup ? receiptDocument.cashWhereOnSite : receiptDocument.cashWhereAtDoor;
  const taken = counter ? paymentsSummary(counter.payments) : null;
  const paid = !cancelled && taken !== null && taken.paidCents > 0 ? taken : null;
  return {
    method,
    method_label:
      mealVoucherCents > 0
        ? receiptDocument.cashWithMealVouchers(where, paymentTexts.mealVoucherPayable(formatPrice(mealVoucherCents)))
        : receiptDocument.cashOnHandover(where),
    state: cancelled ? 'cancelled' : paid && paid.paidCents >= counter!.totalCents ? 'paid' : 'due',
    state_label: cancelled
      ? receiptDocument.cancelledNothingDue
      : paid
        ? paid.paidCents >= counter!.totalCents
          ? receiptDocument.paidAtCounter(describePayments(paid.byMeans))
          : receiptDocument.partlyPaidAtCounter(describePayments(paid.byMeans), formatPrice(counter!.totalCents - paid.paidCents))
        : isPickup
          ? receiptDocument.dueAtPickup
          : receiptDocument.dueOnDelivery,
    meal_voucher_amount: centsToEuros(mealVoucherCents),
    test_mode: false,
  };
}

/**
 * Builds the receipt of a placed order. Tax per rate comes from the order as stored (decision
 * record 011: each rate's base includes its share of the delivery fee). Prices included tax when
 * total = subtotal + delivery − discount (the order's own figures say so, not today's settings).
 */
export function buildReceipt(order: ReceiptOrder, lines: readonly ReceiptOrderLine[], settings: SettingsList): Receipt {
  const text = (name: string) => readSetting(settings, name, '');
  const inclusive = order.totalCents === order.subtotalCents + order.deliveryCents - order.discountCents;
  const taxByRate = [...order.taxByRate]
    .sort((a, b) => a.rateBp - b.rateBp)
    .map((t) => {
      const ht = inclusive ? t.baseCents - t.taxCents : t.baseCents;
      return { rate: percent(t.rateBp), base_ht: centsToEuros(ht), tax: centsToEuros(t.taxCents), total_ttc: centsToEuros(ht + t.taxCents), ht };
    });
  const totalHtCents = taxByRate.reduce((sum, t) => sum + t.ht, 0);
  const invoice = order.business !== null && order.invoiceNumber !== null;
  const counter = order.counterPayments ? { payments: order.counterPayments, totalCents: order.totalCents } : null;
  const payment = describePayment(order.paymentMethod, order.status, order.isPickup, order.mealVoucherCents ?? 0, order.testMode ?? false, counter);
  const mentions: string[] = [receiptDocument.paperless];
  if (invoice) {
    mentions.unshift(
      order.paymentMethod === 'card' ? receiptDocument.invoicePaidByCard(formatReceiptDate(order.placedAt)) : receiptDocument.invoicePaymentTerms,
      receiptDocument.latePaymentPenalties,
    );
  }
  return {
    kind: invoice ? 'invoice' : 'receipt',
    number: formatReceiptNumber(order.receiptNumber),
    invoice_number: invoice && order.invoiceNumber !== null ? formatInvoiceNumber(order.invoiceNumber) : null,
    order_id: order.orderId,
    issued_at: order.placedAt.toISOString(),
    issued_at_label: formatReceiptDate(order.placedAt),
    seller: {
      name: text('contacts.name'),
      company_name: text('legal.company_name'),
      legal_form: text('legal.legal_form'),
      registration: text('legal.registration'),
      address: text('contacts.address'),
      siret: text('legal.siret'),
      vat_number: text('legal.vat_number'),
      phone: text('contacts.phone'),
      email: text('contacts.email'),
    },
    customer_name: order.receiptHideName ? null : `${order.customer.first_name} ${order.customer.last_name}`.trim(),
    business: invoice ? order.business : null,
    is_pickup: order.isPickup,
    order_type: order.isPickup ? receiptDocument.takeaway : receiptDocument.delivery,
    schedule: describeSchedule(order.deliveryDate, order.deliveryTimeRange),
    lines: lines.map((line) => ({
      name: line.itemName,
      details: line.options.map((o) => (o.quantity > 1 ? `${o.name} ×${o.quantity}` : o.name)).join(', '),
      quantity: line.quantity,
      unit_price: centsToEuros(line.unitPriceCents),
      unit_price_ht: centsToEuros(inclusive ? roundDiv(line.unitPriceCents * 10_000, 10_000 + line.taxRateBp) : line.unitPriceCents),
      amount: centsToEuros(line.amountCents),
      tax_rate: percent(line.taxRateBp),
      free: line.isFree,
    })),
    reductions: order.appliedOffers.filter((a) => a.amount_cents > 0).map((a) => ({ name: a.name, amount: centsToEuros(a.amount_cents), coupon: a.is_coupon })),
    subtotal: centsToEuros(order.subtotalCents),
    discount: centsToEuros(order.discountCents),
    delivery: centsToEuros(order.deliveryCents),
    total_ht: centsToEuros(totalHtCents),
    tax_by_rate: taxByRate.map(({ ht: _ht, ...t }) => t),
    tax: centsToEuros(order.taxCents),
    total_ttc: centsToEuros(order.totalCents),
    tax_inclusive: inclusive,
    payment,
    mentions,
    duplicate: (order.edition ?? 1) > 1 ? { reprint: order.edition! - 1, label: receiptDocument.duplicate(order.edition! - 1) } : null,
  };
}
