import { z } from './zod-fr.ts';
import { requestErrors } from '@resto/copy/errors/request';
import { OrderPayloadSchema, PersonalSchema } from './checkout.ts';

/**
 * Phone orders (docs/decisions/036-phone-orders.md): staff take an order for a customer who calls.
 * The order goes through the storefront's order creation (same pricing, offers, capacity, slots,
 * sold-out, pause and delivery rules); only its source and who placed it differ.
 */

/** Where an order came from: the storefront, or staff on the phone. The `orders.source` column. */
export const orderSources = ['online', 'phone'] as const;
export type OrderSource = (typeof orderSources)[number];

/** The customer of a phone order: first and last name and phone as the checkout requires them (normalised to E.164), the e-mail optional. */
export const PhoneCustomerSchema = PersonalSchema.extend({
  email: z
    .string()
    .trim()
    .max(254, { error: requestErrors.invalidEmail })
    .refine((value) => value === '' || z.email().safeParse(value).success, { error: requestErrors.invalidEmail })
    .optional()
    .default(''),
});

/**
 * The body of POST /v2/restaurant/orders/phone: the storefront's order payload (section 3, « Order
 * payload ») with the customer's e-mail optional, paid at the counter (cash-type: unpaid until
 * « Encaisser »), and no account (staff order for someone, never in a customer account's name).
 */
export const PhoneOrderPayloadSchema = OrderPayloadSchema.omit({ user_id: true, transaction_id: true }).extend({
  customer: PhoneCustomerSchema,
  payment_method: z.literal('cash'),
});
export type PhoneOrderPayload = z.input<typeof PhoneOrderPayloadSchema>;
