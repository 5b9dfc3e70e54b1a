import { partialRefundDocument, partialRefundErrors } from '@resto/copy/staff/partial-refunds';
import type { DocumentLine, SaleDocument, VatTotals } from './books.ts';
import { formatPrice } from './format.ts';
import { roundDiv } from './money.ts';
import { formatCreditNoteNumber } from './sale-documents.ts';

/**
 * Partial refunds of a card order by staff (docs/decisions/035-partial-refunds.md). Pure. Amounts
 * are integer cents (TTC, what the customer paid), rates basis points. What is left to refund is
 * what was paid minus every refund succeeded or pending (the full refund of a refused or cancelled
 * order included); a failed one refunded nothing. A refund is made of parts: a line's units (at
 * the line's own VAT rate) or an amount's share at one of the receipt's rates; its credit note is
 * built from the same parts, so the books credit exactly what was refunded.
 */

export const partialRefundReasons = ['missing_item', 'late', 'goodwill', 'other'] as const;
export type PartialRefundReason = (typeof partialRefundReasons)[number];
export const partialRefundTextMaxLength = 300;

export type RefundStatus = 'pending' | 'succeeded' | 'failed';

/** A line of the order as it can be refunded: its position, its units and what it was charged (amount net of its reductions, cents TTC). */
export interface RefundableLine {
  position: number;
  label: string;
  quantity: number;
  /** Unit price as charged (cents TTC), for the credit note's line. */
  unitPriceCents: number;
  chargedCents: number;
  taxRateBp: number;
}

/**
 * One part of a refund (cents TTC, positive): `position` set for units of a line, null for the
 * share of an amount refund at one VAT rate (quantity 1).
 */
export interface RefundPart {
  position: number | null;
  label: string;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
  taxRateBp: number;
}

/** A refund already recorded for the order. */
export interface PastRefund {
  status: RefundStatus;
  amountCents: number;
  /** Its parts; the full refund of a cancelled order has none (its credit note is the cancellation's). */
  parts: readonly RefundPart[];
}

const counts = (refund: PastRefund) => refund.status !== 'failed';

/** What is left to refund (cents, never below 0): `paidCents` minus every refund succeeded or pending. */
export function refundLeftCents(paidCents: number, refunds: readonly PastRefund[]): number {
  const taken = refunds.filter(counts).reduce((sum, refund) => sum + refund.amountCents, 0);
  return Math.max(0, paidCents - taken);
}

/** Units refunded so far per line position (succeeded or pending refunds). */
function unitsRefunded(refunds: readonly PastRefund[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const refund of refunds.filter(counts))
    for (const part of refund.parts) if (part.position !== null) units.set(part.position, (units.get(part.position) ?? 0) + part.quantity);
  return units;
}

/** Per line, the units still refundable: ordered minus refunded (succeeded or pending), never below 0. */
export function lineUnitsLeft(lines: readonly RefundableLine[], refunds: readonly PastRefund[]): Map<number, number> {
  const refunded = unitsRefunded(refunds);
  return new Map(lines.map((line) => [line.position, Math.max(0, line.quantity - (refunded.get(line.position) ?? 0))]));
}

/**
 * What `units` more units of a line cost when `before` were refunded already (cents): the line's
 * charged amount spread over its units cumulatively, roundDiv(charged × (before + units), quantity)
 * − roundDiv(charged × before, quantity), so that all its units together are exactly its charged amount.
 */
export function lineUnitsCents(line: Pick<RefundableLine, 'chargedCents' | 'quantity'>, before: number, units: number): number {
  return roundDiv(line.chargedCents * (before + units), line.quantity) - roundDiv(line.chargedCents * before, line.quantity);
}

/**
 * An amount apportioned over VAT rates pro rata of `weights` (cents TTC per rate), exact to the
 * cent (docs/decisions/035): each rate gets floor(amount × weight / Σweights); the cents left
 * go one each to the rates with the largest remainders, ties to the larger weight, then the lower
 * rate. Rates weighing 0 get nothing; the shares add up to `amountCents`.
 * @throws RangeError when no rate weighs anything and the amount is not 0.
 */
export function apportionByRate(amountCents: number, weights: readonly { rateBp: number; weightCents: number }[]): { rateBp: number; amountCents: number }[] {
  const live = weights.filter((w) => w.weightCents > 0);
  const total = live.reduce((sum, w) => sum + w.weightCents, 0);
  if (amountCents === 0) return [];
  if (total === 0) throw new RangeError('no VAT rate to apportion over');
  const shares = live.map((w) => ({ ...w, share: Math.floor((amountCents * w.weightCents) / total), remainder: (amountCents * w.weightCents) % total }));
  let left = amountCents - shares.reduce((sum, s) => sum + s.share, 0);
  const byRemainder = [...shares].sort((a, b) => b.remainder - a.remainder || b.weightCents - a.weightCents || a.rateBp - b.rateBp);
  for (const share of byRemainder) {
    if (left === 0) break;
    share.share += 1;
    left -= 1;
  }
  return shares
    .filter((s) => s.share > 0)
    .sort((a, b) => a.rateBp - b.rateBp)
    .map((s) => ({ rateBp: s.rateBp, amountCents: s.share }));
}

/** What staff asked: units of lines, or an amount (cents). */
export type PartialRefundRequest = { kind: 'lines'; lines: readonly { position: number; quantity: number }[] } | { kind: 'amount'; amountCents: number };

export interface PartialRefundInput {
  /** What the customer paid by card (cents). */
  paidCents: number;
  lines: readonly RefundableLine[];
  /** The receipt's totals per VAT rate (its `vat`, delivery included): what an amount is apportioned over. */
  receiptVat: readonly VatTotals[];
  refunds: readonly PastRefund[];
  request: PartialRefundRequest;
  reason: PartialRefundReason;
  reasonText?: string | null | undefined;
}

export type PartialRefundError = {
  ok: false;
  code: 'nothing_left' | 'above_left' | 'zero_amount' | 'no_line' | 'unknown_line' | 'quantity_above_left' | 'reason_text_required' | 'reason_text_too_long';
  /** The request's field: 'amount', 'lines', 'lines.<i>.quantity', 'lines.<i>.position', 'reason_text'. */
  field: string;
  message: string;
};

export type PartialRefund = { ok: true; amountCents: number; parts: RefundPart[]; reason: PartialRefundReason; reasonText: string | null };

/**
 * A partial refund from lines or an amount, checked (docs/decisions/035): something left to
 * refund; the reason's text given (trimmed, at most 300 characters) for « autre » only; per
 * line, a position of the order and at most its units left, each line once; an amount above 0
 * (units of lines: at least one unit); the whole at most what is left. Lines' parts carry their
 * own rate; an amount's parts are its shares over what is left of the receipt's rates
 * (apportionByRate: the receipt's TTC per rate minus the parts refunded at it).
 * @returns the refund (amount and parts) or the first refusal, its French message on its field.
 */
export function buildPartialRefund(input: PartialRefundInput): PartialRefund | PartialRefundError {
  const fail = (code: PartialRefundError['code'], field: string, message: string): PartialRefundError => ({ ok: false, code, field, message });
  const left = refundLeftCents(input.paidCents, input.refunds);
  const fieldOfAmount = input.request.kind === 'amount' ? 'amount' : 'lines';
  if (left === 0) return fail('nothing_left', fieldOfAmount, partialRefundErrors.nothingLeft);
  const reasonText = input.reason === 'other' ? (input.reasonText ?? '').trim() : '';
  if (input.reason === 'other' && !reasonText) return fail('reason_text_required', 'reason_text', partialRefundErrors.reasonTextRequired);
  if (reasonText.length > partialRefundTextMaxLength) return fail('reason_text_too_long', 'reason_text', partialRefundErrors.reasonTextTooLong);
  const parts: RefundPart[] = [];
  if (input.request.kind === 'lines') {
    const unitsLeft = lineUnitsLeft(input.lines, input.refunds);
    const refunded = unitsRefunded(input.refunds);
    const seen = new Set<number>();
    for (const [index, asked] of input.request.lines.entries()) {
      const line = input.lines.find((l) => l.position === asked.position);
      if (!line || seen.has(asked.position)) return fail('unknown_line', `lines.${index}.position`, partialRefundErrors.unknownLine);
      seen.add(asked.position);
      if (!Number.isInteger(asked.quantity) || asked.quantity < 0)
        return fail('quantity_above_left', `lines.${index}.quantity`, partialRefundErrors.quantityAboveLeft(unitsLeft.get(line.position) ?? 0));
      if (asked.quantity === 0) continue;
      const unitsAvailable = unitsLeft.get(line.position) ?? 0;
      if (asked.quantity > unitsAvailable) return fail('quantity_above_left', `lines.${index}.quantity`, partialRefundErrors.quantityAboveLeft(unitsAvailable));
      const amountCents = lineUnitsCents(line, refunded.get(line.position) ?? 0, asked.quantity);
      parts.push({
        position: line.position,
        label: line.label,
        quantity: asked.quantity,
        unitPriceCents: line.unitPriceCents,
        amountCents,
        taxRateBp: line.taxRateBp,
      });
    }
    if (parts.length === 0) return fail('no_line', 'lines', partialRefundErrors.noLine);
  } else {
    const amount = input.request.amountCents;
    if (!Number.isSafeInteger(amount) || amount <= 0) return fail('zero_amount', 'amount', partialRefundErrors.zeroAmount);
    if (amount > left) return fail('above_left', 'amount', partialRefundErrors.aboveLeft(formatPrice(left)));
    const taken = new Map<number, number>();
    for (const refund of input.refunds.filter(counts))
      for (const part of refund.parts) taken.set(part.taxRateBp, (taken.get(part.taxRateBp) ?? 0) + part.amountCents);
    const weights = input.receiptVat.map((rate) => ({ rateBp: rate.vat_rate, weightCents: Math.max(0, rate.total_ttc - (taken.get(rate.vat_rate) ?? 0)) }));
    const usable = weights.some((w) => w.weightCents > 0) ? weights : input.receiptVat.map((rate) => ({ rateBp: rate.vat_rate, weightCents: rate.total_ttc }));
    for (const share of apportionByRate(amount, usable))
      parts.push({
        position: null,
        label: partialRefundDocument.amountLine(rateText(share.rateBp)),
        quantity: 1,
        unitPriceCents: share.amountCents,
        amountCents: share.amountCents,
        taxRateBp: share.rateBp,
      });
  }
  const amountCents = parts.reduce((sum, part) => sum + part.amountCents, 0);
  if (amountCents === 0) return fail('zero_amount', fieldOfAmount, partialRefundErrors.zeroAmount);
  if (amountCents > left) return fail('above_left', fieldOfAmount, partialRefundErrors.aboveLeft(formatPrice(left)));
  return { ok: true, amountCents, parts, reason: input.reason, reasonText: input.reason === 'other' ? reasonText : null };
}

/** 1000 → '10 %', 550 → '5,5 %'. */
function rateText(rateBp: number): string {
  return `${String(rateBp / 100).replace('.', ',')} %`;
}

/** HT and VAT of an amount TTC at `rateBp` (the HT rounded half away from zero, the VAT the rest). */
function splitTtc(ttc: number, rateBp: number): { ht: number; vat: number } {
  const ht = roundDiv(ttc * 10_000, 10_000 + rateBp);
  return { ht, vat: ttc - ht };
}

function totalsOf(lines: readonly DocumentLine[]): VatTotals[] {
  const byRate = new Map<number, VatTotals>();
  for (const line of lines) {
    const rate = byRate.get(line.vat_rate) ?? { vat_rate: line.vat_rate, total_ht: 0, total_vat: 0, total_ttc: 0 };
    rate.total_ht += line.total_ht;
    rate.total_vat += line.total_vat;
    rate.total_ttc += line.total_ttc;
    byRate.set(line.vat_rate, rate);
  }
  return [...byRate.values()].sort((a, b) => a.vat_rate - b.vat_rate);
}

function documentOf(receipt: SaleDocument, number: string, lines: DocumentLine[], vat: VatTotals[]): SaleDocument {
  const sum = (key: 'total_ht' | 'total_vat' | 'total_ttc') => vat.reduce((total, rate) => total + rate[key], 0) + 0;
  return {
    type: 'credit_note',
    number,
    order_id: receipt.order_id,
    channel: receipt.channel,
    lines,
    vat,
    discount: 0,
    delivery_fee: 0,
    total_ht: sum('total_ht'),
    total_vat: sum('total_vat'),
    total_ttc: sum('total_ttc'),
    refers_to: receipt.number,
  };
}

/**
 * The credit note of a partial refund (series A-, as creditNoteOf's): a negative line per part,
 * each split into HT and VAT at its own rate (HT rounded, VAT the rest), the totals per rate
 * their sums, referring to the receipt. Its total TTC is minus the parts' sum, to the cent.
 */
export function partialCreditNoteOf(receipt: SaleDocument, creditNoteNumber: number, parts: readonly RefundPart[]): SaleDocument {
  const lines = parts.map((part): DocumentLine => {
    const { ht, vat } = splitTtc(part.amountCents, part.taxRateBp);
    return {
      label: part.label,
      quantity: -part.quantity,
      unit_price: part.unitPriceCents,
      total_ht: -ht + 0,
      vat_rate: part.taxRateBp,
      total_vat: -vat + 0,
      total_ttc: -part.amountCents + 0,
    };
  });
  return documentOf(receipt, formatCreditNoteNumber(creditNoteNumber), lines, totalsOf(lines));
}

/**
 * The credit note cancelling what is left of a receipt after partial credit notes (an order
 * refused or cancelled after a partial refund): per rate, the receipt's totals plus the partial
 * notes' (negative) ones, negated, as one line « Annulation du solde » per rate with something
 * left. The receipt, the partial notes and this one add up to zero at every rate.
 * Without partial notes it is not this function's: creditNoteOf cancels the receipt line by line.
 */
export function restCreditNoteOf(receipt: SaleDocument, partialNotes: readonly SaleDocument[], creditNoteNumber: number): SaleDocument {
  const rest = new Map<number, VatTotals>(receipt.vat.map((rate) => [rate.vat_rate, { ...rate }]));
  for (const note of partialNotes)
    for (const rate of note.vat) {
      const left = rest.get(rate.vat_rate) ?? { vat_rate: rate.vat_rate, total_ht: 0, total_vat: 0, total_ttc: 0 };
      left.total_ht += rate.total_ht;
      left.total_vat += rate.total_vat;
      left.total_ttc += rate.total_ttc;
      rest.set(rate.vat_rate, left);
    }
  const lines: DocumentLine[] = [...rest.values()]
    .filter((rate) => rate.total_ttc !== 0 || rate.total_ht !== 0 || rate.total_vat !== 0)
    .sort((a, b) => a.vat_rate - b.vat_rate)
    .map((rate) => ({
      label: partialRefundDocument.restLine(rateText(rate.vat_rate)),
      quantity: -1,
      unit_price: rate.total_ttc,
      total_ht: -rate.total_ht + 0,
      vat_rate: rate.vat_rate,
      total_vat: -rate.total_vat + 0,
      total_ttc: -rate.total_ttc + 0,
    }));
  return documentOf(receipt, formatCreditNoteNumber(creditNoteNumber), lines, totalsOf(lines));
}

/** A card payment of the order and what it still holds (cents): the checkout's (`linkId` null) or a paid payment link's. */
export interface HeldCardPayment {
  linkId: number | null;
  cents: number;
}

/**
 * The card payment a partial refund is asked on (docs/decisions/035, « One payment »): the
 * checkout's card when it still holds the whole amount, else the newest paid payment link that
 * does (the order in which a change gives money back, docs/decisions/039). A provider refunds one
 * payment at a time, and a refund split over two would give one set of lines two credit notes: when
 * no single payment holds the amount, it is refused with the most one holds (`mostCents`).
 */
export function partialRefundSource(
  amountCents: number,
  held: readonly HeldCardPayment[],
): { ok: true; linkId: number | null } | { ok: false; mostCents: number } {
  const checkout = held.filter((payment) => payment.linkId === null);
  const links = held.filter((payment) => payment.linkId !== null).sort((a, b) => b.linkId! - a.linkId!);
  const source = [...checkout, ...links].find((payment) => payment.cents >= amountCents);
  if (source) return { ok: true, linkId: source.linkId };
  return { ok: false, mostCents: Math.max(0, ...held.map((payment) => payment.cents)) };
}
