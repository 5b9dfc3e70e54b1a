import type { BoardOrder, PartialRefundBody } from '@resto/contract/board';
import { partialRefundErrors } from '@resto/copy/staff/partial-refunds';
import { formatPrice } from '@resto/domain/format';
import { eurosToCents } from '@resto/domain/money';
import { lineUnitsCents, partialRefundReasons, type PartialRefundReason } from '@resto/domain/partial-refunds';

/*
 * The form « Rembourser une partie » (docs/decisions/035) apart from React: what it holds, read
 * from a posted form (the history's order page works without JavaScript: its route's action posts
 * it) or from the component's state, the amount it asks, its checks, and the API's body.
 */

/** What the form holds as typed: units per line `position`, the amount as typed ('4,50'), the reason and its text. */
export interface RefundFormValues {
  mode: 'lines' | 'amount';
  units: Record<number, number>;
  amountText: string;
  reason: PartialRefundReason;
  reasonText: string;
}

/** A refusal shown on its field (`lines`, `lines.<i>.quantity`, `amount`, `reason_text`), or above the buttons (`field` null). */
export interface RefundFormError {
  message: string;
  field: string | null;
}

/**
 * What the route's action answers to a posted form (the page then draws the component from it):
 * `form` the form open (asked, edited, or refused: `error`, with what was typed in `values`);
 * `confirm` the confirmation step of `values`; `done` refunded (`done`, the amount formatted, '4,50 €').
 */
export interface PartialRefundSubmission {
  step: 'form' | 'confirm' | 'done';
  values: RefundFormValues | null;
  error: RefundFormError | null;
  done: string | null;
}

/** The form's field names, posted with `intent=partial_refund` (hidden `refund_key`, the button's `step`). */
export const refundFields = {
  intent: 'partial_refund',
  mode: 'mode',
  quantity: (position: number) => `quantity-${position}`,
  amount: 'amount',
  reason: 'reason',
  reasonText: 'reason_text',
  refundKey: 'refund_key',
  step: 'step',
} as const;

/**
 * A fresh key for one refund the form asks (the API's `refund_key`, 8 to 64 of [A-Za-z0-9_-]: the
 * same key is the same refund). The history's page makes it on the server when it renders; the
 * component makes a new one when the form is changed.
 */
export function newRefundKey(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `ecran-${random}`.slice(0, 64);
}

/** '4,50' or '4.5' → 450 cents; null when it is not euros with at most two decimals. */
export function centsOfInput(text: string): number | null {
  const clean = text.trim().replace(/\s|€/gu, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/u.test(clean)) return null;
  return eurosToCents(Number(clean));
}

/** The form's values from a posted form (anything unreadable as nothing: 0 units, the first reason). */
export function refundFormValuesOf(form: FormData): RefundFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const units: Record<number, number> = {};
  for (const [name, value] of form.entries()) {
    const position = /^quantity-(\d+)$/u.exec(name)?.[1];
    const quantity = typeof value === 'string' && /^\d{1,3}$/u.test(value.trim()) ? Number(value.trim()) : 0;
    if (position !== undefined && quantity > 0) units[Number(position)] = quantity;
  }
  const reason = partialRefundReasons.find((value) => value === text(refundFields.reason)) ?? partialRefundReasons[0];
  return {
    mode: text(refundFields.mode) === 'amount' ? 'amount' : 'lines',
    units,
    amountText: text(refundFields.amount),
    reason,
    reasonText: text(refundFields.reasonText),
  };
}

/** What the form needs of the order (`BoardOrder`): its lines with their units left, and what is left to refund (euros). */
export type RefundableOrder = Pick<BoardOrder, 'refundable_lines' | 'refund_left'>;

/** The lines of the order that still have units to refund. */
export function linesLeftOf(order: RefundableOrder): BoardOrder['refundable_lines'] {
  return order.refundable_lines.filter((line) => line.quantity_left > 0);
}

/**
 * What the form asks, in cents: per line, its units priced by the domain's `lineUnitsCents` after
 * the units already refunded; or the amount typed (null when unreadable).
 */
export function refundFormCents(order: RefundableOrder, values: RefundFormValues): number | null {
  if (values.mode === 'amount') return centsOfInput(values.amountText);
  return linesLeftOf(order).reduce((sum, line) => {
    const asked = Math.min(values.units[line.position] ?? 0, line.quantity_left);
    return (
      sum + (asked > 0 ? lineUnitsCents({ chargedCents: eurosToCents(line.charged), quantity: line.quantity }, line.quantity - line.quantity_left, asked) : 0)
    );
  }, 0);
}

/**
 * The form's own checks before its confirmation step (the API checks again, as the domain's
 * buildPartialRefund): no unit, an unreadable or zero amount, above what is left, « autre »
 * without text. @returns the first refusal, or null.
 */
export function checkRefundForm(order: RefundableOrder, values: RefundFormValues): RefundFormError | null {
  const cents = refundFormCents(order, values);
  if (values.mode === 'lines' && cents === 0) return { message: partialRefundErrors.noLine, field: 'lines' };
  if (values.mode === 'amount' && cents === null) return { message: partialRefundErrors.badAmount, field: 'amount' };
  if (values.mode === 'amount' && cents === 0) return { message: partialRefundErrors.zeroAmount, field: 'amount' };
  const leftCents = eurosToCents(order.refund_left);
  if ((cents ?? 0) > leftCents) return { message: partialRefundErrors.aboveLeft(formatPrice(leftCents)), field: values.mode };
  if (values.reason === 'other' && !values.reasonText.trim()) return { message: partialRefundErrors.reasonTextRequired, field: 'reason_text' };
  return null;
}

/**
 * The body of POST /v2/restaurant/orders/{id}/refunds for the form's values under `refundKey`:
 * the lines with units (by position) or the amount in euros, the reason, its text for « autre ».
 * @returns the body, or the refusal of an amount that is not euros (the API would not read it).
 */
export function refundBodyOf(values: RefundFormValues, refundKey: string): PartialRefundBody | { error: RefundFormError } {
  const base = { refund_key: refundKey, reason: values.reason, ...(values.reason === 'other' ? { reason_text: values.reasonText.trim() } : {}) };
  if (values.mode === 'lines') {
    const lines = Object.entries(values.units)
      .filter(([, quantity]) => quantity > 0)
      .map(([position, quantity]) => ({ position: Number(position), quantity }));
    return { ...base, lines };
  }
  const cents = centsOfInput(values.amountText);
  if (cents === null) return { error: { message: partialRefundErrors.badAmount, field: 'amount' } };
  return { ...base, amount: cents / 100 };
}
