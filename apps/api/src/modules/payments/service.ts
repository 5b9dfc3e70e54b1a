import { queueOrderTickets } from '../printing/index.ts';
import { createHash, randomUUID } from 'node:crypto';
import {
  awaitingOrderMetadata,
  canMovePaymentStatus,
  checkIntentPaysOrder,
  intentAmountCents,
  intentBindingAllows,
  intentProvesOrder,
  isAwaitingOrder,
  isIntentStatus,
  paymentCurrency,
  webhookAction,
} from '@resto/domain/payments';
import type { PaymentIntentAnswer } from '@resto/contract/payments';
import { centsToEuros } from '@resto/domain/money';
import { orderAnswers } from '@resto/copy/errors/orders';
import { paymentAnswers } from '@resto/copy/storefront/payment';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { OrderMailOutbox } from '../orders/index.ts';
import { recordSale, type BooksService } from '../books/index.ts';
import type { Logger } from '../../logger.ts';
import * as repository from './repository.ts';
import { ProviderError, WebhookSignatureError, type PaymentProvider, type ProviderIntent } from './providers/types.ts';

/** What the browser gets back from POST stripe-payment-intent (section 7, plus status and amount): the contract's answer. */
type IntentAnswer = PaymentIntentAnswer;

/** A card order finalised by PUT, a webhook or reconciliation. */
export interface FinaliseResult {
  order_id: number;
  status: 'paid';
}

const hash = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

/**
 * Card payments (spec sections 3, 4, 7, 8; docs/decisions/007). The order is written first (orders module);
 * here: the provider customer, one intent per order for the order's repriced total, and the
 * finalisation that marks the order paid only when the provider says its intent succeeded for
 * that order, amount and currency. PUT, webhooks and the reconciliation pass share that code.
 * Provider calls never run inside a database transaction (PGlite serialises them).
 */
export class PaymentService {
  constructor(
    private readonly db: Database,
    readonly provider: PaymentProvider,
    private readonly logger: Logger,
    private readonly clock: () => Date = () => new Date(),
    /** Where a paid order's e-mails are written, in the transaction that marks it paid (docs/decisions/010). */
    private readonly mails?: OrderMailOutbox,
    /** The books (docs/decisions/031): the receipt and the online payment, journaled in the transaction that marks the order paid. */
    private readonly books?: BooksService,
  ) {}

  private otherIntents: ((intentId: string) => Promise<unknown>) | undefined;

  /**
   * Who applies the webhooks of intents that are no order's checkout payment: the payment links'
   * (docs/decisions/038, PaymentLinkService.sync), given by app.ts. Called when `sync` says 'unknown'.
   */
  applyOtherIntents(apply: (intentId: string) => Promise<unknown>): void {
    this.otherIntents = apply;
  }

  /** POST stripe-customer: a provider customer; the same e-mail, name and phone give the same one. */
  async createCustomer(input: { email: string; name: string; phone: string }): Promise<{ customer: string }> {
    const key = `customer-${hash(`${input.email.toLowerCase()}|${input.name}|${input.phone}`)}`;
    const customer = await this.provider.createCustomer(input, key).catch(providerFailure);
    return { customer: customer.id };
  }

  /**
   * POST stripe-payment-intent: the one intent of a pending card order, created once (idempotency
   * key per order, from its local_id) or reused, for the order's repriced total — never the browser's figure.
   * @throws ApiError 404 unknown order, 422 not a card order or not pending, 409 with the right
   * amount when `amount` (euros) differs from the order's total, 502 provider unreachable.
   */
  async createIntent(input: { order_id: number; customer_id: string; amount: number; payment_intent_id?: string | null }): Promise<IntentAnswer> {
    const order = await repository.findOrderForPayment(this.db, input.order_id);
    if (!order) throw new ApiError('order_not_found', orderAnswers.unknownOrder, [{ path: 'order_id', message: orderAnswers.unknownOrder }]);
    if (order.paymentMethod !== 'card')
      throw new ApiError('payment_not_for_order', paymentAnswers.paymentNotForOrder, [{ path: 'order_id', message: paymentAnswers.paymentNotForOrder }]);
    const amountCents = intentAmountCents(input.amount);
    if (amountCents !== order.totalCents) {
      throw new ApiError('payment_amount_changed', paymentAnswers.paymentAmountChanged, [{ path: 'amount', message: paymentAnswers.paymentAmountChanged }], {
        amount: centsToEuros(order.totalCents),
      });
    }
    const existing = await repository.findPaymentByOrder(this.db, order.orderId);
    if (existing) {
      if (input.payment_intent_id && input.payment_intent_id !== existing.intentId)
        this.logger.warn({ orderId: order.orderId }, 'intention de paiement du navigateur ignorée : une autre est liée à la commande');
      let intent = await this.provider.retrieveIntent(existing.intentId).catch(providerFailure);
      if (intent.status !== 'succeeded' && intent.customerId !== input.customer_id) {
        intent = await this.provider
          .updateIntent(existing.intentId, { customerId: input.customer_id }, `intent-${order.localId}-customer-${hash(input.customer_id)}`)
          .catch(providerFailure);
      }
      return this.answer(intent);
    }
    if (order.status !== 'pending')
      throw new ApiError('order_status_refused', orderAnswers.orderStatusRefused, [{ path: 'order_id', message: orderAnswers.orderStatusRefused }]);
    const intent = await this.provider
      .createIntent(
        { amountCents: order.totalCents, currency: paymentCurrency, customerId: input.customer_id, metadata: { order_id: String(order.orderId) } },
        // The local_id, not the order number: numbers restart with a new database, keys live 24 h at Stripe.
        `intent-${order.localId}`,
      )
      .catch(providerFailure);
    // Two requests racing for one order: the idempotency key gave both the same intent, and the
    // unique order_id keeps one row.
    await repository.insertPayment(this.db, {
      orderId: order.orderId,
      provider: this.provider.name,
      intentId: intent.id,
      customerId: input.customer_id,
      amountCents: intent.amountCents,
      currency: intent.currency,
      status: intent.status,
    });
    return this.answer(intent);
  }

  /**
   * POST stripe-payment-intent without `order_id`, as section 7 has it: an intent for `customer_id`
   * and `amount` (euros, 2 decimals) only, marked as awaiting its order (awaitingOrderMetadata). No
   * order is read: the answer tells nothing of any order. `payment_intent_id` is reused when it is
   * such an intent of the same customer, bound to no order and still open (its amount updated);
   * otherwise a new intent is made. The order that carries its id binds it at PUT (`bindIntent`).
   * docs/decisions/015-payment-intent-without-order.md.
   * @throws ApiError 400 amount with more than 2 decimals, 422 unknown customer, 502 provider unreachable.
   */
  async createCustomerIntent(input: { customer_id: string; amount: number; payment_intent_id?: string | null }): Promise<IntentAnswer> {
    const amountCents = intentAmountCents(input.amount);
    if (amountCents === null)
      throw new ApiError('invalid_request', paymentAnswers.paymentAmountInvalid, [{ path: 'amount', message: paymentAnswers.paymentAmountInvalid }]);
    const reusable = input.payment_intent_id ? await this.reusableIntent(input.payment_intent_id, input.customer_id) : undefined;
    if (reusable) {
      if (reusable.amountCents === amountCents) return this.answer(reusable);
      const updated = await this.provider.updateIntent(reusable.id, { amountCents }, `intent-${reusable.id}-amount-${amountCents}`).catch(providerFailure);
      return this.answer(updated);
    }
    const intent = await this.provider
      .createIntent({ amountCents, currency: paymentCurrency, customerId: input.customer_id, metadata: { ...awaitingOrderMetadata } }, `intent-${randomUUID()}`)
      .catch((error: unknown) => {
        if (error instanceof ProviderError && error.refused)
          throw new ApiError('payment_customer_unknown', paymentAnswers.paymentCustomerUnknown, [
            { path: 'customer_id', message: paymentAnswers.paymentCustomerUnknown },
          ]);
        return providerFailure(error);
      });
    return this.answer(intent);
  }

  /** The intent `id` when it awaits its order, belongs to `customerId`, is bound to none and can still be paid; else undefined. */
  private async reusableIntent(id: string, customerId: string): Promise<ProviderIntent | undefined> {
    if (await repository.findPaymentByIntent(this.db, id)) return undefined;
    const intent = await this.provider.retrieveIntent(id).catch((error: unknown) => {
      if (error instanceof ProviderError && error.refused) return undefined;
      return providerFailure(error);
    });
    const open = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
    return intent && isAwaitingOrder(intent) && intent.customerId === customerId && open.includes(intent.status) ? intent : undefined;
  }

  /**
   * Binds to a pending card order that has none the intent `intentId` made without an order
   * (docs/decisions/015-payment-intent-without-order.md): only when the intent awaits its order
   * (made by createCustomerIntent, naming no order), no other order holds it, the order does not
   * carry another transaction_id, and the intent succeeded for the order's exact total in euros. The
   * binding is the payment row (unique order and intent): once bound, PUT, webhooks and
   * reconciliation treat it as any order's intent. @returns the payment row, or undefined when
   * the order cannot take it (not pending) or the provider knows no such intent. @throws ApiError 422 payment_not_for_order, payment_not_confirmed.
   */
  private async bindIntent(order: NonNullable<Awaited<ReturnType<typeof repository.findOrderForPayment>>>, intentId: string) {
    const refuse = () =>
      new ApiError('payment_not_for_order', paymentAnswers.paymentNotForOrder, [{ path: 'transaction_id', message: paymentAnswers.paymentNotForOrder }]);
    if (order.status !== 'pending') return undefined;
    if (order.transactionId && order.transactionId !== intentId) throw refuse();
    if (await repository.findPaymentByIntent(this.db, intentId)) throw refuse();
    const intent = await this.provider.retrieveIntent(intentId).catch((error: unknown) => {
      // No such intent: nothing was paid (as for an order with no intent at all).
      if (error instanceof ProviderError && error.refused) return undefined;
      return providerFailure(error);
    });
    if (!intent) return undefined;
    if (!isAwaitingOrder(intent) || intent.currency.toLowerCase() !== paymentCurrency || intent.amountCents !== order.totalCents) throw refuse();
    // Only a paid intent is bound: one still open stays free for the customer's next try.
    if (intent.status !== 'succeeded')
      throw new ApiError('payment_not_confirmed', paymentAnswers.paymentNotConfirmed, [{ path: 'status', message: paymentAnswers.paymentNotConfirmed }]);
    const payment = await repository.bindPayment(this.db, {
      orderId: order.orderId,
      provider: this.provider.name,
      intentId: intent.id,
      customerId: intent.customerId,
      amountCents: intent.amountCents,
      currency: intent.currency,
      status: intent.status,
    });
    // Two PUTs racing: the unique order and intent keep one binding; another intent lost.
    if (!payment || payment.intentId !== intent.id) throw refuse();
    this.logger.info({ orderId: order.orderId }, 'intention de paiement sans commande liée à sa commande');
    return payment;
  }

  /**
   * PUT /v2/public/checkout/ with status 'paid': the order becomes paid only when its own
   * intent (`transaction_id`) succeeded with the provider. An order with no intent yet takes the
   * one `transaction_id` names when it was made without an order for this order's exact total
   * (`bindIntent`). Idempotent: an order already paid answers paid.
   * @throws ApiError 404, 422 (not a card order, another intent, not succeeded).
   */
  async finaliseFromBrowser(orderId: number, transactionId: string | null | undefined): Promise<FinaliseResult> {
    const order = await repository.findOrderForPayment(this.db, orderId);
    if (!order) throw new ApiError('order_not_found', orderAnswers.unknownOrder, [{ path: 'order_id', message: orderAnswers.unknownOrder }]);
    let payment = await repository.findPaymentByOrder(this.db, orderId);
    // The intent named by the PUT, or the one the order carried from its creation (section 3's transaction_id).
    const named = transactionId || order.transactionId;
    if (!payment && order.paymentMethod === 'card' && named) payment = await this.bindIntent(order, named);
    if (order.paymentMethod !== 'card' || !payment)
      throw new ApiError('payment_not_confirmed', paymentAnswers.paymentNotConfirmed, [{ path: 'status', message: paymentAnswers.paymentNotConfirmed }]);
    if (transactionId && transactionId !== payment.intentId)
      throw new ApiError('payment_not_for_order', paymentAnswers.paymentNotForOrder, [{ path: 'transaction_id', message: paymentAnswers.paymentNotForOrder }]);
    if (order.status === 'paid') return { order_id: orderId, status: 'paid' };
    const outcome = await this.sync(payment.intentId);
    if (outcome !== 'paid')
      throw new ApiError('payment_not_confirmed', paymentAnswers.paymentNotConfirmed, [{ path: 'status', message: paymentAnswers.paymentNotConfirmed }]);
    return { order_id: orderId, status: 'paid' };
  }

  /**
   * Whether the intent `intentId` alone proves order `orderId` to a PUT status « paid » that
   * carries no secret, local_id nor token (intentProvesOrder, docs/decisions/014): bound to this
   * order only, and succeeded for its exact total as the provider reports it now. An intent the
   * provider does not know proves nothing. Writes nothing. @throws ApiError 502 provider unreachable.
   */
  async intentProvesOrder(orderId: number, intentId: string): Promise<boolean> {
    const order = await repository.findOrderForPayment(this.db, orderId);
    if (!order || order.paymentMethod !== 'card') return false;
    const [byIntent, byOrder] = await Promise.all([repository.findPaymentByIntent(this.db, intentId), repository.findPaymentByOrder(this.db, orderId)]);
    const facts = { intentId, order, intentBoundTo: byIntent?.orderId ?? null, orderBoundTo: byOrder?.intentId ?? null, carriedByAnotherOrder: false };
    // The bindings first: an intent bound elsewhere never reaches the provider.
    if (!intentBindingAllows(facts)) return false;
    const intent = await this.provider.retrieveIntent(intentId).catch((error: unknown) => {
      if (error instanceof ProviderError && error.refused) return undefined;
      return providerFailure(error);
    });
    if (!intentProvesOrder({ ...facts, intent })) return false;
    // Last, as it reads every order's transaction_id (no index): only for an intent that proves all else.
    return intentProvesOrder({ ...facts, intent, carriedByAnotherOrder: await repository.otherOrderCarries(this.db, intentId, orderId) });
  }

  /**
   * Reads the intent from the provider (outside any transaction), then applies it: paid when it
   * pays its order (checkIntentPaysOrder), else its status is recorded (never over a success).
   * @returns 'paid' when the order is paid now, 'unpaid' otherwise, 'unknown' for an intent that is not ours.
   */
  async sync(intentId: string, checkedAt?: Date): Promise<'paid' | 'unpaid' | 'unknown'> {
    const payment = await repository.findPaymentByIntent(this.db, intentId);
    if (!payment) return 'unknown';
    const order = await repository.findOrderForPayment(this.db, payment.orderId);
    if (!order) return 'unknown';
    const intent = await this.provider.retrieveIntent(intentId);
    const check = checkIntentPaysOrder(intent, { orderId: order.orderId, totalCents: order.totalCents, intentId: payment.intentId });
    if (check.ok) {
      const writeMails = await this.mails?.prepareOrderMails();
      // Loaded before the transaction (PGlite runs one at a time). The test processor moves no money: its sales go to the simulation chain.
      const signer = await this.books?.signer();
      const chain = this.provider.name === 'test' ? 'simulation' : 'live';
      const inTransaction = async (tx: Database, orderId: number) => {
        await writeMails?.(tx, orderId);
        // A card order arrives once paid: its kitchen tickets are queued with it (docs/decisions/033).
        await queueOrderTickets(tx, orderId, 'arrival', this.clock());
        if (signer) await recordSale({ tx, signer, now: this.clock() }, orderId, { paidOnline: true });
      };
      if (await repository.markOrderPaid(this.db, order.orderId, intentId, inTransaction, chain)) {
        this.logger.info({ orderId: order.orderId }, 'commande payée par carte');
        this.mails?.kick();
      }
      return 'paid';
    }
    if (check.reason !== 'not_succeeded') this.logger.error({ orderId: order.orderId, intentId, reason: check.reason }, 'intention de paiement incohérente');
    const current = isIntentStatus(payment.status) ? payment.status : 'requires_payment_method';
    if (canMovePaymentStatus(current, intent.status)) await repository.updatePaymentStatus(this.db, intentId, intent.status, intent.lastError, checkedAt);
    else if (checkedAt) await repository.touchChecked(this.db, intentId, checkedAt);
    return order.status === 'paid' ? 'paid' : 'unpaid';
  }

  /**
   * POST stripe-webhook: verifies the signature over the raw body, applies each event id once
   * (replays are acknowledged), and re-reads the intent from the provider, so events arriving
   * late, twice or out of order end in the same state. @throws ApiError 400 bad signature or stale
   * timestamp (nothing applied), 502 provider unreachable (the sender retries).
   */
  async handleWebhook(rawBody: string, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
    let event;
    try {
      event = await this.provider.verifyWebhook(rawBody, signature);
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw new ApiError('payment_webhook_refused', paymentAnswers.paymentWebhookRefused);
      throw error;
    }
    if (await repository.webhookEventSeen(this.db, event.id)) return { received: true, duplicate: true };
    const action = webhookAction(event.type);
    // Recorded only once applied: a failure here leaves the event to the sender's retry.
    if (action !== 'ignore' && event.intentId) {
      const outcome = await this.sync(event.intentId).catch(providerFailure);
      // Not an order's checkout intent: a payment link's, perhaps (docs/decisions/038).
      if (outcome === 'unknown' && this.otherIntents) await this.otherIntents(event.intentId).catch(providerFailure);
    }
    await repository.recordWebhookEvent(this.db, { eventId: event.id, type: event.type, intentId: event.intentId });
    return { received: true, duplicate: false };
  }

  /**
   * The reconciliation pass (docs/decisions/007, Reliability): pending card orders whose intent may have
   * succeeded while both the PUT and the webhook were lost. Asks the provider about at most
   * `limit` intents of the last `maxAgeHours`, each at most once a minute across instances.
   * @returns how many orders it paid.
   */
  async reconcile(options: { limit?: number; maxAgeHours?: number } = {}): Promise<{ checked: number; paid: number }> {
    const now = this.clock();
    const due = await repository.findPaymentsToReconcile(this.db, {
      since: new Date(now.getTime() - (options.maxAgeHours ?? 24) * 3_600_000),
      checkedBefore: new Date(now.getTime() - 60_000),
      limit: options.limit ?? 20,
    });
    let paid = 0;
    for (const { intentId } of due) {
      try {
        if ((await this.sync(intentId, now)) === 'paid') paid += 1;
      } catch (error) {
        this.logger.warn({ err: error, intentId }, 'rapprochement : prestataire injoignable');
      }
    }
    return { checked: due.length, paid };
  }

  private answer(intent: ProviderIntent): IntentAnswer {
    return { id: intent.id, client_secret: intent.clientSecret, status: intent.status, amount: centsToEuros(intent.amountCents) };
  }
}

function providerFailure(error: unknown): never {
  if (error instanceof ProviderError) throw new ApiError('payment_provider_unavailable', paymentAnswers.paymentProviderUnavailable);
  throw error;
}
