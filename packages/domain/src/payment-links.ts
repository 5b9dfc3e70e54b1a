import { amountDueCents } from './sale-documents.ts';

/**
 * Card payment links (docs/decisions/038-payment-links.md): a page of ours, `/payer/<token>`,
 * where a customer pays by card what is left to pay on an order — a phone order paid at the
 * counter until then (docs/decisions/036), or a changed order whose new total is above what was
 * paid. Pure. Amounts are integer cents.
 */

/** How long a link stays valid after it is made: 24 hours (ms). */
export const paymentLinkLifetimeMs = 24 * 60 * 60 * 1000;

/** A link's token: 32 characters of base64url (24 random bytes, 192 bits): unguessable, and safe in a path. */
export const paymentLinkTokenPattern = /^[A-Za-z0-9_-]{32}$/;

/** Why an order cannot be paid by a link now. */
export type PaymentLinkRefusal = 'cancelled' | 'already_paid' | 'not_placed';

/** What a link needs of its order. `status`: the order's (docs/decisions/019); `paymentMethod`: 'cash' or 'card'. */
export interface PaymentLinkOrder {
  status: string;
  paymentMethod: string;
  /** The order's total TTC (cents). */
  totalCents: number;
}

/**
 * What a link asks of an order now: `amountDueCents(total, paid)` (the counter's « Reste à payer »),
 * or why it cannot be paid — refused or cancelled (`cancelled`), nothing left (`already_paid`), a
 * card order the customer has not paid at checkout yet (`not_placed`: the checkout pays it, not a link).
 * @param paidCents what the order's payments already cover, net of reversals and refunds (paymentsSummary).
 */
export function paymentLinkDue(order: PaymentLinkOrder, paidCents: number): { ok: true; dueCents: number } | { ok: false; refusal: PaymentLinkRefusal } {
  if (order.status === 'rejected' || order.status === 'cancelled') return { ok: false, refusal: 'cancelled' };
  if (order.paymentMethod === 'card' && order.status === 'pending') return { ok: false, refusal: 'not_placed' };
  const dueCents = amountDueCents(order.totalCents, paidCents);
  if (dueCents === 0) return { ok: false, refusal: 'already_paid' };
  return { ok: true, dueCents };
}

/** A stored link, as its state is read. */
export interface PaymentLinkFacts {
  /** The amount the link asks (cents), fixed when it was made. */
  amountCents: number;
  expiresAt: Date;
  paidAt: Date | null;
  /** Made again for another amount (the order's amount due changed): no longer payable. */
  replaced: boolean;
}

/** Where a link stands for its customer. */
export type PaymentLinkState =
  { state: 'payable'; dueCents: number } | { state: 'paid' } | { state: 'expired' } | { state: 'refused'; refusal: PaymentLinkRefusal };

/**
 * Where a link stands at `now`: paid (by this link), else refused when its order cannot be paid
 * (paymentLinkDue), expired when past its 24 h, replaced, or asking another amount than what is
 * due now (a payment was taken at the counter since: the link's amount is no longer the
 * order's), else payable for its amount.
 */
export function paymentLinkState(link: PaymentLinkFacts, order: PaymentLinkOrder, paidCents: number, now: Date): PaymentLinkState {
  if (link.paidAt) return { state: 'paid' };
  const due = paymentLinkDue(order, paidCents);
  if (!due.ok) return { state: 'refused', refusal: due.refusal };
  if (link.replaced || now.getTime() >= link.expiresAt.getTime() || due.dueCents !== link.amountCents) return { state: 'expired' };
  return { state: 'payable', dueCents: due.dueCents };
}

/** Whether a stored link may be answered again to staff asking for one: not paid, not replaced, valid for another minute, for this amount due. */
export function paymentLinkReusable(link: PaymentLinkFacts, dueCents: number, now: Date): boolean {
  return !link.paidAt && !link.replaced && link.expiresAt.getTime() - now.getTime() > 60_000 && link.amountCents === dueCents;
}

/** The metadata of a link's payment intent: its order (as every intent of ours names one) and the link. */
export function paymentLinkMetadata(linkId: number, orderId: number): Record<string, string> {
  return { order_id: String(orderId), payment_link: String(linkId) };
}

/** The idempotency key of a link's intent at the provider: one intent per link, whatever the retries. */
export const paymentLinkIntentKey = (token: string) => `payment-link-${token}`;

/**
 * What a link's card payment brought beyond what the order owed when it was recorded (cents):
 * all of it for an order refused or cancelled meanwhile or already paid in full (a payment at the
 * counter for the same rest, seconds before), the part above the amount due otherwise, else 0.
 * Given back on the link's own intent (docs/decisions/038, « Paid twice »).
 * @param paidCentsBefore what the order's payments covered before this one (paymentsSummary).
 */
export function linkPaidAboveCents(order: PaymentLinkOrder, paidCentsBefore: number, linkAmountCents: number): number {
  const due = paymentLinkDue(order, paidCentsBefore);
  return due.ok ? Math.max(0, linkAmountCents - due.dueCents) : linkAmountCents;
}

/**
 * The key of the refund of a link's card payment (refunds.refund_key, one refund per key): `whole`
 * gives the whole payment back (the order refused or cancelled, or paid above by all of it),
 * `above` only the part paid above what was due (the order still stands).
 */
export function linkRefundKey(orderId: number, linkId: number, part: 'whole' | 'above'): string {
  return part === 'whole' ? `link-${orderId}-${linkId}` : `link-${orderId}-${linkId}-above`;
}

/** The link a link refund's key names (linkRefundKey), and whether it gives back only the part above; null for another key. */
export function parseLinkRefundKey(refundKey: string): { linkId: number; part: 'whole' | 'above' } | null {
  const match = /^link-\d+-(\d+)(-above)?$/u.exec(refundKey);
  return match ? { linkId: Number(match[1]), part: match[2] ? 'above' : 'whole' } : null;
}
