import Stripe from 'stripe';
import { isIntentStatus } from '@resto/domain/payments';
import { verifyWebhookEvent } from './webhook-signature.ts';
import { ProviderError, type NewIntent, type PaymentProvider, type ProviderEvent, type ProviderIntent, type ProviderRefund } from './types.ts';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where the SDK sends its calls; Stripe's API by default. Tests point it at a local HTTP server. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/**
 * Stripe through its official SDK (PaymentIntents, Customers, signed webhooks; docs/decisions/007). The SDK
 * retries network failures with the same idempotency key, so a retried call never charges twice.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(options: StripeProviderOptions) {
    this.publishableKey = options.publishableKey;
    this.webhookSecret = options.webhookSecret;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 15_000,
      telemetry: false,
      ...(options.api ?? {}),
    });
  }

  async createCustomer(input: { email: string; name: string; phone: string }, idempotencyKey: string) {
    const customer = await this.call(() => this.stripe.customers.create(input, { idempotencyKey }));
    return { id: customer.id };
  }

  async createIntent(input: NewIntent, idempotencyKey: string): Promise<ProviderIntent> {
    const intent = await this.call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          customer: input.customerId,
          metadata: input.metadata,
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey },
      ),
    );
    return toProviderIntent(intent);
  }

  async updateIntent(id: string, input: { amountCents?: number; customerId?: string }, idempotencyKey: string): Promise<ProviderIntent> {
    const params: { amount?: number; customer?: string } = {};
    if (input.amountCents !== undefined) params.amount = input.amountCents;
    if (input.customerId !== undefined) params.customer = input.customerId;
    return toProviderIntent(await this.call(() => this.stripe.paymentIntents.update(id, params, { idempotencyKey })));
  }

  async retrieveIntent(id: string): Promise<ProviderIntent> {
    return toProviderIntent(await this.call(() => this.stripe.paymentIntents.retrieve(id)));
  }

  async verifyWebhook(rawBody: string, signature: string | undefined): Promise<ProviderEvent> {
    return verifyWebhookEvent(rawBody, signature, this.webhookSecret);
  }

  /**
   * `stripe.refunds.create({ payment_intent, amount }, { idempotencyKey })`
   * (https://docs.stripe.com/api/refunds/create): the SDK retries a network failure with the same
   * key, and Stripe answers a replayed key with the first refund. A refusal (already refunded,
   * unknown intent, a card error) is a ProviderError marked `refused`, with Stripe's message.
   */
  async refund(input: { intentId: string; amountCents: number }, idempotencyKey: string): Promise<ProviderRefund> {
    const refund = await this.call(() => this.stripe.refunds.create({ payment_intent: input.intentId, amount: input.amountCents }, { idempotencyKey }));
    const status = refundStatuses.find((known) => known === refund.status) ?? 'pending';
    return { id: refund.id, amountCents: refund.amount, status, failureReason: refund.failure_reason ?? null };
  }

  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const refused = error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError;
      throw new ProviderError(error instanceof Error ? error.message : 'Stripe', error, refused);
    }
  }
}

const refundStatuses = ['succeeded', 'pending', 'failed', 'canceled', 'requires_action'] as const;

/** The PaymentIntent fields we rely on (https://docs.stripe.com/api/payment_intents/object). */
interface StripeIntentJson {
  id: string;
  client_secret: string | null;
  amount: number;
  currency: string;
  status: string;
  customer: string | { id: string } | null;
  metadata: Record<string, string> | null;
  last_payment_error?: { message?: string | null } | null;
}

function toProviderIntent(intent: StripeIntentJson): ProviderIntent {
  if (!isIntentStatus(intent.status)) throw new ProviderError(`statut inconnu ${intent.status}`);
  return {
    id: intent.id,
    clientSecret: intent.client_secret,
    amountCents: intent.amount,
    currency: intent.currency,
    status: intent.status,
    customerId: typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null),
    metadata: intent.metadata ?? {},
    lastError: intent.last_payment_error?.message ?? null,
  };
}
