import type { Context } from 'hono';
import {
  authenticateTestPayment,
  confirmTestPayment,
  createPaymentIntent,
  createStripeCustomer,
  getPaymentConfig,
  receiveStripeWebhook,
} from '@resto/contract/payments.routes';
import { paymentAnswers } from '@resto/copy/storefront/payment';
import { checkTestCard } from '@resto/domain/payments';
import { ApiError, type FieldError } from '../../http/errors.ts';
import { ok, routes, serve } from '../../http/openapi.ts';
import type { PaymentService } from './service.ts';
import { TestProcessor } from './providers/test-processor.ts';

const cardMessages = { number: paymentAnswers.cardNumberInvalid, expiry: paymentAnswers.cardExpiryInvalid, cvc: paymentAnswers.cardCvcInvalid } as const;

/**
 * Card payment routes under /v2/public/checkout (spec section 7; docs/decisions/017, section 2.5):
 * stripe-customer, stripe-payment-intent, stripe-webhook, the public payment configuration, and
 * the test processor's own confirm and authenticate calls when it is the provider.
 */
export function paymentRoutes(
  payments: PaymentService,
  guards: {
    /** Checks the caller placed the order (proveOrderOwnership); @throws ApiError 403/404. */
    proveOwnership: (c: Context, orderId: number, proof: { secret?: string | null; local_id?: string | null }) => Promise<void>;
    /** Counts a stripe-customer call (RequestLimits.customer); @throws ApiError 429. */
    limitCustomer: (c: Context, email: string) => Promise<void>;
    /** Counts a stripe-payment-intent call (RequestLimits.intent); @throws ApiError 429. */
    limitIntent: (c: Context) => Promise<void>;
  },
  clock: () => Date = () => new Date(),
) {
  const app = routes();
  /** Which provider, and Stripe's publishable key: the only payment values the browser sees. */
  serve(app, getPaymentConfig, (c) => ok(c, { provider: payments.provider.name, publishable_key: payments.provider.publishableKey }));
  serve(app, createStripeCustomer, async (c) => {
    const body = c.req.valid('json');
    await guards.limitCustomer(c, body.email);
    return ok(c, await payments.createCustomer(body));
  });
  serve(app, createPaymentIntent, async (c) => {
    const body = c.req.valid('json');
    await guards.limitIntent(c);
    // Section 7's call: customer_id and amount only, bound to its order at PUT (docs/decisions/015).
    if (!body.order_id) return ok(c, await payments.createCustomerIntent(body));
    // The order's total, its intent and client_secret go only to whoever placed it (docs/decisions/014).
    await guards.proveOwnership(c, body.order_id, body);
    return ok(c, await payments.createIntent({ ...body, order_id: body.order_id }));
  });
  // Raw body, read here and not by the route's schema: the signature covers the exact bytes sent (constructEvent).
  serve(app, receiveStripeWebhook, async (c) => ok(c, await payments.handleWebhook(await c.req.text(), c.req.header('stripe-signature'))));

  const processor = payments.provider;
  if (processor instanceof TestProcessor) {
    serve(app, confirmTestPayment, async (c) => {
      const body = c.req.valid('json');
      const errors: FieldError[] = checkTestCard(body, clock()).map((e) => ({ path: e.field, message: cardMessages[e.error] }));
      if (errors.length) throw new ApiError('invalid_request', errors[0]!.message, errors);
      const intent = await processor.confirm(body.client_secret, body.number);
      if (!intent) throw new ApiError('payment_intent_unknown', paymentAnswers.paymentIntentUnknown);
      return ok(c, { id: intent.id, status: intent.status, next_action: intent.nextAction, last_payment_error: intent.lastError });
    });
    serve(app, authenticateTestPayment, async (c) => {
      const body = c.req.valid('json');
      const intent = await processor.authenticate(body.client_secret, body.approve);
      if (!intent) throw new ApiError('payment_intent_unknown', paymentAnswers.paymentIntentUnknown);
      return ok(c, { id: intent.id, status: intent.status, next_action: null, last_payment_error: intent.lastError });
    });
  }
  return app;
}
