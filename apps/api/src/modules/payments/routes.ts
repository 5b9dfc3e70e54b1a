import { Hono, type Context } from 'hono';
import { messages } from '@resto/domain/messages';
import { StripeCustomerSchema, StripePaymentIntentSchema, TestAuthenticateSchema, TestConfirmSchema } from '@resto/domain/payment-schemas';
import { checkTestCard } from '@resto/domain/payments';
import { ApiError, parseJsonBody, success, type FieldError } from '../../http/errors.ts';
import type { PaymentService } from './service.ts';
import { TestProcessor } from './providers/test-processor.ts';

const cardMessages = { number: messages.cardNumberInvalid, expiry: messages.cardExpiryInvalid, cvc: messages.cardCvcInvalid } as const;

/**
 * Card payment routes under /v2/public/checkout (spec section 7; DESIGN.md, beyond section 7):
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
  const routes = new Hono({ strict: false })
    /** Which provider, and Stripe's publishable key: the only payment values the browser sees. */
    .get('/payment-config', (c) => success(c, { provider: payments.provider.name, publishable_key: payments.provider.publishableKey }))
    .post('/stripe-customer', async (c) => {
      const body = await parseJsonBody(c, StripeCustomerSchema);
      await guards.limitCustomer(c, body.email);
      return success(c, await payments.createCustomer(body));
    })
    .post('/stripe-payment-intent', async (c) => {
      const body = await parseJsonBody(c, StripePaymentIntentSchema);
      await guards.limitIntent(c);
      // Section 7's call: customer_id and amount only, bound to its order at PUT (docs/decisions/015).
      if (!body.order_id) return success(c, await payments.createCustomerIntent(body));
      // The order's total, its intent and client_secret go only to whoever placed it (issue 17).
      await guards.proveOwnership(c, body.order_id, body);
      return success(c, await payments.createIntent({ ...body, order_id: body.order_id }));
    })
    // Raw body: the signature covers the exact bytes sent (constructEvent).
    .post('/stripe-webhook', async (c) => success(c, await payments.handleWebhook(await c.req.text(), c.req.header('stripe-signature'))));

  const processor = payments.provider;
  if (processor instanceof TestProcessor) {
    routes
      .post('/test-processor/confirm', async (c) => {
        const body = await parseJsonBody(c, TestConfirmSchema);
        const errors: FieldError[] = checkTestCard(body, clock()).map((e) => ({ path: e.field, message: cardMessages[e.error] }));
        if (errors.length) throw new ApiError('invalid_request', errors[0]!.message, errors);
        const intent = await processor.confirm(body.client_secret, body.number);
        if (!intent) throw new ApiError('payment_intent_unknown', messages.paymentIntentUnknown);
        return success(c, { id: intent.id, status: intent.status, next_action: intent.nextAction, last_payment_error: intent.lastError });
      })
      .post('/test-processor/authenticate', async (c) => {
        const body = await parseJsonBody(c, TestAuthenticateSchema);
        const intent = await processor.authenticate(body.client_secret, body.approve);
        if (!intent) throw new ApiError('payment_intent_unknown', messages.paymentIntentUnknown);
        return success(c, { id: intent.id, status: intent.status, next_action: null, last_payment_error: intent.lastError });
      });
  }
  return routes;
}
