import { z } from '@resto/domain/zod-fr';
import { StripeCustomerSchema, StripePaymentIntentSchema, TestAuthenticateSchema, TestConfirmSchema } from '@resto/domain/payment-schemas';

/**
 * Card payments under /v2/public/checkout (spec section 7; docs/decisions/017, section 2.5: beyond section 7). The
 * request schemas live in packages/domain/src/payment-schemas.ts and are re-exported here.
 */
export { StripeCustomerSchema, StripePaymentIntentSchema, TestAuthenticateSchema, TestConfirmSchema };

/** GET /v2/public/checkout/payment-config: which provider, and Stripe's publishable key (null otherwise). */
export const PaymentConfigSchema = z.object({ provider: z.enum(['test', 'stripe', 'none']), publishable_key: z.string().nullable() });
export type PaymentConfig = z.infer<typeof PaymentConfigSchema>;

/** POST /v2/public/checkout/stripe-customer: the provider's customer id. */
export const StripeCustomerAnswerSchema = z.object({ customer: z.string() });
export type StripeCustomerAnswer = z.infer<typeof StripeCustomerAnswerSchema>;

/**
 * POST /v2/public/checkout/stripe-payment-intent (section 7, plus status and amount): the intent's
 * id, its client_secret, status, and amount in euros with 2 decimals (the order's total).
 */
export const PaymentIntentAnswerSchema = z.object({ id: z.string(), client_secret: z.string().nullable(), status: z.string(), amount: z.number() });
export type PaymentIntentAnswer = z.infer<typeof PaymentIntentAnswerSchema>;

/** POST /v2/public/checkout/stripe-webhook: the event was taken (or had been already). */
export const WebhookAnswerSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
export type WebhookAnswer = z.infer<typeof WebhookAnswerSchema>;

/**
 * POST /v2/public/checkout/test-processor/confirm and /authenticate (test mode only): the test
 * intent after the card form or the 3-D Secure answer.
 */
export const TestProcessorIntentSchema = z.object({
  id: z.string(),
  status: z.string(),
  next_action: z.enum(['authenticate']).nullable(),
  last_payment_error: z.string().nullable(),
});
export type TestProcessorIntent = z.infer<typeof TestProcessorIntentSchema>;
