import { readSetting, type SettingsList } from './settings.ts';
import { eurosToCents } from './money.ts';
import type { PaymentMethod } from './checkout.ts';
import { isOrderStatus, transition } from './order-lifecycle.ts';

/**
 * Card payment rules (spec sections 3, 4, 7 and 8; docs/decisions/007). Pure: the provider's answers, the
 * order and the clock come in as arguments. Amounts are integer cents; the currency is 'eur'.
 */

/** The only currency the restaurant charges in (spec section 9: EUR). Stripe writes it lowercase. */
export const paymentCurrency = 'eur';

/** A PaymentIntent's status as Stripe names them (the test processor uses the same names). */
const intentStatuses = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'succeeded', 'canceled'] as const;
export type IntentStatus = (typeof intentStatuses)[number];

export function isIntentStatus(value: string): value is IntentStatus {
  return (intentStatuses as readonly string[]).includes(value);
}

/**
 * The methods the payment tab offers (spec section 3, settings `payments.cod.active` → cash,
 * `payments.stripe.active` → card). `payments.paypal.active` is read and reported, never offered
 * (docs/decisions/007-card-payments.md).
 */
export function readPaymentMethods(settings: SettingsList): { methods: PaymentMethod[]; paypalRequested: boolean } {
  const methods: PaymentMethod[] = [];
  if (readSetting(settings, 'payments.cod.active', false)) methods.push('cash');
  if (readSetting(settings, 'payments.stripe.active', false)) methods.push('card');
  return { methods, paypalRequested: readSetting(settings, 'payments.paypal.active', false) };
}

/**
 * The method the payment tab shows after delivery validation (section 4): the chosen one when
 * offered, else card when cash is off and card on, else the first offered; null when none is.
 */
export function resolvePaymentMethod(chosen: PaymentMethod, offered: readonly PaymentMethod[]): PaymentMethod | null {
  if (offered.includes(chosen)) return chosen;
  if (!offered.includes('cash') && offered.includes('card')) return 'card';
  return offered[0] ?? null;
}

/**
 * The amount the browser sends to POST stripe-payment-intent (euros, 2 decimals, section 7) in
 * cents, or null when it is not a positive amount with at most 2 decimals.
 */
export function intentAmountCents(euros: number): number | null {
  if (!Number.isFinite(euros) || euros <= 0) return null;
  const cents = eurosToCents(euros);
  return Math.abs(cents - euros * 100) < 1e-6 ? cents : null;
}

/**
 * Whether an order may move from `from` to `to` through payment: pending → paid only, as the
 * order's state machine says (order-lifecycle.ts, action `pay`). Paid never goes back to pending,
 * and a later status (accepted, ready…) is not payment's to change.
 */
export function canMoveOrderStatus(from: string, to: string): boolean {
  if (!isOrderStatus(from)) return false;
  const result = transition({ status: from, paymentMethod: 'card' }, 'pay');
  return result.ok && result.to === to;
}

/**
 * Whether a payment record may take the intent status `next` after `current`: a succeeded
 * payment is final (a failed event arriving after success changes nothing); otherwise the
 * provider's latest word wins.
 */
export function canMovePaymentStatus(current: IntentStatus, next: IntentStatus): boolean {
  if (current === 'succeeded' || current === 'canceled') return current === next;
  return true;
}

/** An intent as the provider reports it, reduced to what finalisation checks. */
export interface IntentFacts {
  id: string;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
}

export type IntentCheck =
  | { ok: true }
  | { ok: false; reason: 'not_succeeded' | 'amount_mismatch' | 'currency_mismatch' | 'other_order' | 'other_intent' };

/**
 * The metadata of an intent created without an order (section 7's customer_id and amount only;
 * docs/decisions/015-payment-intent-without-order.md): it names no order until the one that
 * carries its id binds it, once.
 */
export const awaitingOrderMetadata = { awaiting_order: 'true' } as const;

/** Whether an intent was created without an order (`awaitingOrderMetadata`) and names none. */
export function isAwaitingOrder(intent: Pick<IntentFacts, 'metadata'>): boolean {
  return intent.metadata.awaiting_order === 'true' && intent.metadata.order_id === undefined;
}

/**
 * Whether an order may be marked paid from this intent (docs/decisions/007, "the server never believes a
 * browser that says paid"): the intent is the one stored for the order, it succeeded, for the
 * order's exact total in cents, in euros, and its metadata.order_id is that order — or, for an
 * intent created without an order, it names no order (the stored binding is the order's).
 */
export function checkIntentPaysOrder(intent: IntentFacts, order: { orderId: number; totalCents: number; intentId: string }): IntentCheck {
  if (intent.id !== order.intentId) return { ok: false, reason: 'other_intent' };
  if (intent.metadata.order_id !== String(order.orderId) && !isAwaitingOrder(intent)) return { ok: false, reason: 'other_order' };
  if (intent.currency.toLowerCase() !== paymentCurrency) return { ok: false, reason: 'currency_mismatch' };
  if (intent.amountCents !== order.totalCents) return { ok: false, reason: 'amount_mismatch' };
  if (intent.status !== 'succeeded') return { ok: false, reason: 'not_succeeded' };
  return { ok: true };
}

/** What is known of an intent named by a PUT that carries no other proof of its order (intentProvesOrder). */
export interface IntentProofFacts {
  /** The intent id the PUT names (`transaction_id`). */
  intentId: string;
  /** The intent as the provider reports it; undefined when the provider does not know it. */
  intent: IntentFacts | undefined;
  /** The order the PUT names: its card payment, total in cents, and the transaction_id it was created with. */
  order: { orderId: number; paymentMethod: string; totalCents: number; transactionId: string | null };
  /** The order the intent's payment row binds it to (null: unbound). */
  intentBoundTo: number | null;
  /** The intent the order's payment row binds (null: none). */
  orderBoundTo: string | null;
  /** Whether another order was created carrying this intent id as its transaction_id. */
  carriedByAnotherOrder: boolean;
}

/**
 * Whether the intent a PUT status « paid » names proves its order on its own
 * (docs/decisions/014, « Proof of an order »): a client written against section 7 has no `secret`
 * and a guest no token, only the intent id. True when the order is a card order and the intent is
 * bound to it — its payment row, the `transaction_id` the order was created with (section 3), or
 * the intent's metadata.order_id — and to no other order (payment row, metadata, another order's
 * transaction_id), and the provider says it succeeded for the order's exact total in euros
 * (checkIntentPaysOrder). An intent made without an order and bound to none proves nothing: whoever
 * knows its id could otherwise attach it to any order of that total.
 */
export function intentProvesOrder(facts: IntentProofFacts): boolean {
  const { intentId, intent, order } = facts;
  if (!intent || !intentBindingAllows(facts)) return false;
  const named = intent.metadata.order_id;
  if (named !== undefined && named !== String(order.orderId)) return false;
  const bound = facts.intentBoundTo === order.orderId || order.transactionId === intentId || named === String(order.orderId);
  return bound && checkIntentPaysOrder(intent, { orderId: order.orderId, totalCents: order.totalCents, intentId }).ok;
}

/**
 * The part of intentProvesOrder the database answers, before asking the provider: a card order,
 * the intent bound to no other order, the order bound to (or created with) no other intent.
 */
export function intentBindingAllows({ intentId, order, intentBoundTo, orderBoundTo, carriedByAnotherOrder }: Omit<IntentProofFacts, 'intent'>): boolean {
  if (order.paymentMethod !== 'card' || carriedByAnotherOrder) return false;
  if (intentBoundTo !== null && intentBoundTo !== order.orderId) return false;
  if (orderBoundTo !== null && orderBoundTo !== intentId) return false;
  return order.transactionId === null || order.transactionId === intentId;
}

/** What a provider event asks of us. Both actions re-read the intent from the provider. */
export type WebhookAction = 'finalise' | 'record_failure' | 'ignore';

/**
 * The action for a webhook event type (Stripe's names): payment_intent.succeeded → finalise the
 * order; payment_intent.payment_failed → record the failure (never undoing a success); anything
 * else is acknowledged and ignored.
 */
export function webhookAction(eventType: string): WebhookAction {
  if (eventType === 'payment_intent.succeeded') return 'finalise';
  if (eventType === 'payment_intent.payment_failed') return 'record_failure';
  return 'ignore';
}

// -----------------------------------------------------------------------------------------------
// The built-in test processor's cards (docs/decisions/016, section 5: Stripe's test mode).

/** What a test card does on confirmation. */
export type TestCardBehaviour = 'succeeds' | 'declined' | 'requires_authentication';

/** Stripe's documented test numbers this processor knows; any other valid number is declined. */
const testCards: Readonly<Record<string, TestCardBehaviour>> = {
  '4242424242424242': 'succeeds',
  '4000000000000002': 'declined',
  '4000002760003184': 'requires_authentication',
  // Stripe's "refund fails" card: the payment succeeds, its refunds are refused (docs/decisions/019).
  '4000000000005126': 'succeeds',
};

/** The last 4 digits of the test card whose payment succeeds and whose refunds are refused (Stripe's 4000 0000 0000 5126). */
const refundRefusedCardLast4 = '5126';

/**
 * Whether the test processor refuses to refund a payment made with a card ending in `last4`
 * (Stripe's test card 4000 0000 0000 5126, whose refunds fail): lets a test and a person see a
 * refused refund and the board's retry.
 */
export function testCardRefundRefused(last4: string | null): boolean {
  return last4 === refundRefusedCardLast4;
}

/** Digits only: '4242 4242 4242 4242' → '4242424242424242'. */
function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** The Luhn checksum of a card number (digits only). */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A test card's behaviour: the table above, 'declined' for any other number (Stripe's test mode refuses real cards). */
export function testCardBehaviour(number: string): TestCardBehaviour {
  return testCards[cardDigits(number)] ?? 'declined';
}

/** The card form's fields (test processor only). */
export interface TestCardInput {
  number: string;
  /** 'MM/AA' as typed. */
  expiry: string;
  cvc: string;
}

export type CardField = 'number' | 'expiry' | 'cvc';

/**
 * Checks the test card form at `now` (the browser's or the server's clock): a Luhn-valid number,
 * an expiry MM/AA not before the current month, a CVC of 3 or 4 digits.
 * @returns the fields in error, each with its French message key.
 */
export function checkTestCard(input: TestCardInput, now: Date): { field: CardField; error: 'number' | 'expiry' | 'cvc' }[] {
  const errors: { field: CardField; error: 'number' | 'expiry' | 'cvc' }[] = [];
  if (!passesLuhn(cardDigits(input.number))) errors.push({ field: 'number', error: 'number' });
  const expiry = parseExpiry(input.expiry);
  const currentMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (!expiry || expiry.year * 12 + (expiry.month - 1) < currentMonth) errors.push({ field: 'expiry', error: 'expiry' });
  if (!/^\d{3,4}$/.test(input.cvc.trim())) errors.push({ field: 'cvc', error: 'cvc' });
  return errors;
}

/** 'MM/AA' or 'MM/AAAA' → { month 1-12, full year }, or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** The last 4 digits, the only part of a test card number the processor keeps. */
export function cardLast4(number: string): string {
  return cardDigits(number).slice(-4);
}
