import { randomBytes, timingSafeEqual } from 'node:crypto';
import { isIntentStatus, testCardBehaviour, testCardRefundRefused, cardLast4, type IntentStatus } from '@resto/domain/payments';
import { paymentAnswers } from '@resto/copy/storefront/payment';
import type { Database } from '../../../db/client.ts';
import type { Logger } from '../../../logger.ts';
import * as repository from './test-processor-repository.ts';
import { signWebhookPayload, verifyWebhookEvent } from './webhook-signature.ts';
import { ProviderError, type NewIntent, type PaymentProvider, type ProviderEvent, type ProviderIntent, type ProviderRefund } from './types.ts';

/**
 * Sends one signed webhook (body and Stripe-Signature header) to our own endpoint.
 * @returns the HTTP status the endpoint answered.
 */
export type WebhookDelivery = (body: string, signature: string) => Promise<number>;

const token = (bytes = 12) => randomBytes(bytes).toString('hex');

/** Delays between delivery attempts of one event, in ms (Stripe retries too, over days). */
const retryDelaysMs = [0, 500, 2000];

/**
 * The built-in test processor (docs/decisions/016, section 5; docs/decisions/007): Stripe's test mode in our
 * own database, shared by every API instance. Its cards (packages/domain/src/payments.ts):
 * 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0027 6000 3184 asks for an
 * authentication step, 4000 0000 0000 5126 succeeds but its refunds are refused. Each outcome is sent as a Stripe-shaped event (payment_intent.succeeded
 * or payment_intent.payment_failed), signed like Stripe, to our webhook endpoint, so both
 * providers go through the same finalisation. Unlike Stripe, the test card number reaches our
 * server (only its last 4 digits are stored): never type a real card here.
 */
export class TestProcessor implements PaymentProvider {
  readonly name = 'test' as const;
  readonly publishableKey = null;
  private deliver: WebhookDelivery | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private secret: Promise<string> | undefined;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
    options: { deliver?: WebhookDelivery } = {},
  ) {
    this.deliver = options.deliver;
  }

  /** Where events go when no delivery was given at construction (createApp: our own endpoint). */
  useDefaultDelivery(deliver: WebhookDelivery): void {
    this.deliver ??= deliver;
  }

  /** Resolves once every event emitted so far was delivered or given up (tests, bench, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  /** The webhook signing secret shared by every instance on this database (whsec_…). */
  webhookSecret(): Promise<string> {
    this.secret ??= repository.getOrCreateSecret(this.db, `whsec_test_${token(24)}`).catch((error: unknown) => {
      this.secret = undefined; // the database was unreachable: ask again next time
      throw error;
    });
    return this.secret;
  }

  async createCustomer(input: { email: string; name: string; phone: string }, idempotencyKey: string) {
    const row = await repository.upsertCustomer(this.db, { id: `cus_test_${token()}`, idempotencyKey, ...input });
    return { id: row.id };
  }

  async createIntent(input: NewIntent, idempotencyKey: string): Promise<ProviderIntent> {
    if (!(await repository.customerExists(this.db, input.customerId))) throw new ProviderError(`client inconnu ${input.customerId}`, undefined, true);
    const id = `pi_test_${token()}`;
    const row = await repository.upsertIntent(this.db, {
      id,
      idempotencyKey,
      clientSecret: `${id}_secret_${token(16)}`,
      amountCents: input.amountCents,
      currency: input.currency,
      customerId: input.customerId,
      metadata: input.metadata,
      status: 'requires_payment_method',
      lastError: null,
    });
    return toProviderIntent(row);
  }

  async updateIntent(id: string, input: { amountCents?: number; customerId?: string }): Promise<ProviderIntent> {
    if (input.customerId && !(await repository.customerExists(this.db, input.customerId)))
      throw new ProviderError(`client inconnu ${input.customerId}`, undefined, true);
    await repository.updateOpenIntent(this.db, id, input);
    return this.retrieveIntent(id);
  }

  async retrieveIntent(id: string): Promise<ProviderIntent> {
    const row = await repository.findIntent(this.db, id);
    if (!row) throw new ProviderError(`intention de paiement inconnue ${id}`, undefined, true);
    return toProviderIntent(row);
  }

  async verifyWebhook(rawBody: string, signature: string | undefined): Promise<ProviderEvent> {
    return verifyWebhookEvent(rawBody, signature, await this.webhookSecret());
  }

  /**
   * Refunds a succeeded intent, as Stripe's Refunds API does (docs/decisions/019): one refund per
   * idempotency key (a replay answers the first), never more than the intent's amount. Refused
   * (ProviderError `refused`, a refund recorded 'failed' under the key) when the intent is unknown
   * or not paid, already refunded, or was paid with the test card 4000 0000 0000 5126.
   */
  async refund(input: { intentId: string; amountCents: number }, idempotencyKey: string): Promise<ProviderRefund> {
    const known = await repository.findRefundByKey(this.db, idempotencyKey);
    if (known) return answerRefund(known);
    const intent = await repository.findIntent(this.db, input.intentId);
    if (!intent) throw new ProviderError(`No such payment_intent: '${input.intentId}'`, undefined, true);
    if (intent.status !== 'succeeded') throw new ProviderError(`This PaymentIntent (${input.intentId}) does not have a successful charge to refund.`, undefined, true);
    const refused = testCardRefundRefused(intent.cardLast4);
    const row = await repository.insertRefund(this.db, {
      id: `re_test_${token()}`,
      idempotencyKey,
      intentId: intent.id,
      amountCents: input.amountCents,
      status: refused ? 'failed' : 'succeeded',
      failureReason: refused ? 'expired_or_canceled_card' : null,
    });
    if (row === 'exceeds') throw new ProviderError(`Charge for ${input.intentId} has already been refunded.`, undefined, true);
    return answerRefund(row);
  }

  /**
   * Confirms an intent with a test card (what Stripe.js does in the browser with Stripe), found by
   * its client secret. A succeeded intent is answered as is: a second confirmation never charges
   * twice. @returns the intent after confirmation, or null when the client secret is unknown.
   */
  async confirm(clientSecret: string, cardNumber: string): Promise<(ProviderIntent & { nextAction: 'authenticate' | null }) | null> {
    const row = await this.findBySecret(clientSecret);
    if (!row) return null;
    const open = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
    const last4 = cardLast4(cardNumber);
    const behaviour = testCardBehaviour(cardNumber);
    if (behaviour === 'succeeds') {
      if (await repository.transitionOpenIntent(this.db, row.id, open, { status: 'succeeded', lastError: null, cardLast4: last4 }))
        await this.emit(row.id, 'payment_intent.succeeded');
    } else if (behaviour === 'declined') {
      const lastError = { code: 'card_declined', message: paymentAnswers.cardDeclined };
      if (await repository.transitionOpenIntent(this.db, row.id, open, { status: 'requires_payment_method', lastError, cardLast4: last4 }))
        await this.emit(row.id, 'payment_intent.payment_failed');
    } else {
      await repository.transitionOpenIntent(this.db, row.id, open, { status: 'requires_action', lastError: null, cardLast4: last4 });
    }
    const after = toProviderIntent((await repository.findIntent(this.db, row.id))!);
    return { ...after, nextAction: after.status === 'requires_action' ? 'authenticate' : null };
  }

  /**
   * The test 3-D Secure step: approve → succeeded, refuse → failed (requires_payment_method with
   * authentication_failed), as Stripe's 4000 0027 6000 3184 does. @returns null for an unknown secret.
   */
  async authenticate(clientSecret: string, approve: boolean): Promise<ProviderIntent | null> {
    const row = await this.findBySecret(clientSecret);
    if (!row) return null;
    if (approve) {
      if (await repository.transitionOpenIntent(this.db, row.id, ['requires_action'], { status: 'succeeded', lastError: null }))
        await this.emit(row.id, 'payment_intent.succeeded');
    } else {
      const lastError = { code: 'authentication_failed', message: paymentAnswers.cardAuthenticationFailed };
      if (await repository.transitionOpenIntent(this.db, row.id, ['requires_action'], { status: 'requires_payment_method', lastError }))
        await this.emit(row.id, 'payment_intent.payment_failed');
    }
    return toProviderIntent((await repository.findIntent(this.db, row.id))!);
  }

  private async findBySecret(clientSecret: string) {
    const id = clientSecret.split('_secret_')[0] ?? '';
    const row = id ? await repository.findIntent(this.db, id) : undefined;
    if (!row) return undefined;
    const a = Buffer.from(row.clientSecret);
    const b = Buffer.from(clientSecret);
    return a.length === b.length && timingSafeEqual(a, b) ? row : undefined;
  }

  /** Builds a Stripe-shaped event of the intent's current state and delivers it in the background. */
  private async emit(intentId: string, type: 'payment_intent.succeeded' | 'payment_intent.payment_failed') {
    const row = await repository.findIntent(this.db, intentId);
    if (!row) return;
    const body = JSON.stringify({
      id: `evt_test_${token()}`,
      object: 'event',
      api_version: null,
      created: Math.floor(Date.now() / 1000),
      data: { object: toStripeJson(row) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
    const delivery = this.deliverWithRetries(body).finally(() => this.inFlight.delete(delivery));
    this.inFlight.add(delivery);
  }

  private async deliverWithRetries(body: string): Promise<void> {
    const secret = await this.webhookSecret();
    for (const delay of retryDelaysMs) {
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      if (!this.deliver) return;
      try {
        // Signed at each attempt, as Stripe does: the timestamp is the attempt's.
        const status = await this.deliver(body, signWebhookPayload(body, secret));
        if (status >= 200 && status < 300) return;
        this.logger.warn({ status }, 'processeur de test : webhook refusé');
      } catch (error) {
        this.logger.warn({ err: error }, 'processeur de test : webhook non livré');
      }
    }
  }
}

/** A recorded refund as the provider answers it: a refused one throws, as Stripe's error does. */
function answerRefund(row: repository.TestRefundRow): ProviderRefund {
  if (row.status === 'failed') throw new ProviderError(`Refund refused: the card was expired or canceled (${row.failureReason ?? 'failed'}).`, undefined, true);
  return { id: row.id, amountCents: row.amountCents, status: 'succeeded', failureReason: null };
}

function toProviderIntent(row: repository.TestIntentRow): ProviderIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    amountCents: row.amountCents,
    currency: row.currency,
    status: isIntentStatus(row.status) ? row.status : ('requires_payment_method' satisfies IntentStatus),
    customerId: row.customerId,
    metadata: row.metadata,
    lastError: row.lastError?.message ?? null,
  };
}

/** The intent as Stripe's PaymentIntent object (the fields our code and Stripe's docs rely on). */
function toStripeJson(row: repository.TestIntentRow) {
  return {
    id: row.id,
    object: 'payment_intent',
    amount: row.amountCents,
    amount_received: row.status === 'succeeded' ? row.amountCents : 0,
    currency: row.currency,
    customer: row.customerId,
    metadata: row.metadata,
    status: row.status,
    last_payment_error: row.lastError ? { code: row.lastError.code, message: row.lastError.message, type: 'card_error' } : null,
    livemode: false,
    created: Math.floor(row.createdAt.getTime() / 1000),
  };
}
