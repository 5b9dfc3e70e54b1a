import { z } from './zod-fr.ts';
import { maxDatabaseInteger, OrderProofFields } from './checkout.ts';
import { orderAnswers } from '@resto/copy/errors/orders';
import { requestErrors } from '@resto/copy/errors/request';

/** Bodies of the card payment calls (spec section 7; docs/decisions/007), shared by the API and the storefront. */

const orderId = z
  .number({ error: orderAnswers.orderIdRequired })
  .int()
  .positive({ error: orderAnswers.orderIdRequired })
  .max(maxDatabaseInteger, { error: orderAnswers.unknownOrder });

/** POST /v2/public/checkout/stripe-customer: email, name, phone. */
export const StripeCustomerSchema = z.object({
  email: z.email({ error: requestErrors.invalidEmail }).max(254),
  name: z.string().trim().min(1, { error: requestErrors.required }).max(200),
  phone: z.string().trim().max(40).default(''),
});

/**
 * The amount of section 7 (euros, 2 decimals): a JSON number (23.5) or a string of digits with at
 * most 2 decimals ("23.50"), as a client written against the specification may send it.
 */
const intentAmount = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,9}(?:\.\d{1,2})?$/)
        .transform(Number),
    ],
    { error: 'Montant attendu en euros.' },
  )
  .pipe(z.number().positive().max(100_000));

/**
 * POST /v2/public/checkout/stripe-payment-intent (section 7): customer_id, amount (euros, 2
 * decimals, a number or a string), optional payment_intent_id. `order_id` is our optional
 * extension: with it, the intent is the order's, for its total (docs/decisions/007); without it,
 * the intent is for a customer and an amount only, bound to an order at PUT
 * (docs/decisions/015-payment-intent-without-order.md).
 */
export const StripePaymentIntentSchema = z.object({
  order_id: orderId.nullish(),
  customer_id: z.string().trim().min(1, { error: requestErrors.required }).max(255),
  amount: intentAmount,
  payment_intent_id: z.string().trim().max(255).nullish(),
  /** The order's secret or local_id (docs/decisions/014): the intent and its client_secret go only to the order's owner. */
  ...OrderProofFields,
});

/** POST /v2/public/checkout/test-processor/confirm: the test card form (test mode only). */
export const TestConfirmSchema = z.object({
  client_secret: z.string().min(1).max(255),
  number: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(8),
});

/** POST /v2/public/checkout/test-processor/authenticate: the test 3-D Secure answer. */
export const TestAuthenticateSchema = z.object({
  client_secret: z.string().min(1).max(255),
  approve: z.boolean(),
});
