import type { IntentStatus } from '@resto/domain/payments';

/**
 * A payment provider (docs/decisions/017, section 3; docs/decisions/007): Stripe, or the built-in test processor
 * that behaves like Stripe's test mode. Amounts are integer cents, currency 'eur'. Every call that
 * creates or changes something takes an idempotency key, so a retried request never makes a
 * second customer, intent or charge. No call may run inside a database transaction.
 */
export interface PaymentProvider {
  /** 'test' for the built-in processor, 'stripe' for Stripe, 'none' when card payments are off: shown to the browser. */
  readonly name: 'test' | 'stripe' | 'none';
  /** Stripe's publishable key (pk_…), null for the test processor: the only key the browser sees. */
  readonly publishableKey: string | null;
  /** Creates a customer; the same key answers the same customer. @returns its id (cus_…). */
  createCustomer(input: { email: string; name: string; phone: string }, idempotencyKey: string): Promise<{ id: string }>;
  /** Creates a PaymentIntent; the same key answers the same intent. */
  createIntent(input: NewIntent, idempotencyKey: string): Promise<ProviderIntent>;
  /** Changes an intent's amount or customer before it is paid. */
  updateIntent(id: string, input: { amountCents?: number; customerId?: string }, idempotencyKey: string): Promise<ProviderIntent>;
  /** The intent as the provider knows it now: what finalisation believes, never the browser. */
  retrieveIntent(id: string): Promise<ProviderIntent>;
  /**
   * Verifies a webhook's `Stripe-Signature` header over the raw body with the `stripe` package's
   * `webhooks.constructEvent` (signature and a 300 s timestamp tolerance).
   * @throws WebhookSignatureError when the signature is wrong, missing or stale.
   */
  verifyWebhook(rawBody: string, signature: string | undefined): Promise<ProviderEvent>;
  /**
   * Refunds `amountCents` of a succeeded intent (docs/decisions/019): Stripe's Refunds API. The same
   * key answers the same refund: a retried call never refunds twice. @returns the refund; its
   * status 'failed' when the provider accepted the request but the refund did not go through.
   * @throws ProviderError: `refused` when the provider refused it (unknown intent, already
   * refunded, the test card whose refunds are refused), else unreachable (retry with the same key).
   */
  refund(input: { intentId: string; amountCents: number }, idempotencyKey: string): Promise<ProviderRefund>;
}

/** A refund as the provider answered it (Stripe's Refund object, reduced). */
export interface ProviderRefund {
  id: string;
  amountCents: number;
  /** Stripe's statuses; a card refund is 'succeeded' at once. */
  status: 'succeeded' | 'pending' | 'failed' | 'canceled' | 'requires_action';
  /** Why it failed (Stripe's failure_reason), else null. */
  failureReason: string | null;
}

export interface NewIntent {
  amountCents: number;
  currency: 'eur';
  customerId: string;
  /** Always carries order_id: the intent is bound to one order. */
  metadata: Record<string, string>;
}

/** A PaymentIntent reduced to what the service needs; client_secret goes only to the paying browser. */
export interface ProviderIntent {
  id: string;
  clientSecret: string | null;
  amountCents: number;
  currency: string;
  status: IntentStatus;
  customerId: string | null;
  metadata: Record<string, string>;
  /** The last payment error's message (declined, authentication failed), or null. */
  lastError: string | null;
}

/** A verified provider event: Stripe's Event, reduced to its id, type and the intent id it is about. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** data.object.id when data.object is a PaymentIntent, else null. */
  intentId: string | null;
}

/** A webhook whose signature or timestamp does not verify: answered 400, nothing applied. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/**
 * The provider could not be reached or refused the call: answered 502, the browser may retry.
 * `refused`: the provider answered that the request names nothing it knows (an unknown customer
 * or intent), which no retry mends.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
    readonly refused = false,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
