import { z } from './zod-fr.ts';
import { receiptAnswers } from '@resto/copy/documents/receipts';
import { orderAnswers } from '@resto/copy/errors/orders';
import { requestErrors } from '@resto/copy/errors/request';
import { paymentAnswers } from '@resto/copy/storefront/payment';
import { normalizePhone } from './phone.ts';
import { maxCartLines, maxLineQuantity } from './catalogue.ts';
import type { CartTotals } from './cart.ts';
import { centsToEuros } from './money.ts';

/**
 * Checkout forms and the order payload (spec sections 3 and 5). The same schemas validate the
 * checkout tabs in the browser and the API bodies on the server.
 */

export const checkoutTabs = ['type', 'personal', 'delivery', 'payment', 'confirmation'] as const;
export type CheckoutTab = (typeof checkoutTabs)[number];

export function isCheckoutTab(value: string): value is CheckoutTab {
  return (checkoutTabs as readonly string[]).includes(value);
}

const requiredText = (message: string, max = 100) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: requestErrors.tooLong(max) });

/** Personal tab (section 5): first and last name at least 1 character, a valid e-mail, a phone. */
export const PersonalSchema = z.object({
  first_name: requiredText(requestErrors.firstNameRequired),
  last_name: requiredText(requestErrors.lastNameRequired),
  email: z
    .string({ error: requestErrors.emailRequired })
    .trim()
    .min(1, { error: requestErrors.emailRequired })
    .max(254, { error: requestErrors.invalidEmail })
    .pipe(z.email({ error: requestErrors.invalidEmail })),
  phone: z
    .string({ error: requestErrors.phoneRequired })
    .trim()
    .min(1, { error: requestErrors.phoneRequired })
    .transform((value, ctx) => {
      const e164 = normalizePhone(value);
      if (!e164) ctx.addIssue({ code: 'custom', message: requestErrors.invalidPhone });
      return e164 ?? value;
    }),
});
export type Personal = z.input<typeof PersonalSchema>;

/** Delivery tab (section 5): address, city and postal code required unless pickup. */
export const DeliverySchema = z
  .object({
    is_pickup: z.boolean(),
    address: z.string().trim().max(200).optional().default(''),
    address2: z.string().trim().max(200).optional().default(''),
    city: z.string().trim().max(100).optional().default(''),
    postal_code: z.string().trim().max(10).optional().default(''),
    country: z.string().trim().max(60).optional().default('France'),
    is_scheduled: z.boolean().optional().default(false),
    delivery_date: z.string().max(10).nullish(),
    delivery_time_range: z.string().max(20).nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.is_pickup) return;
    if (!value.address) ctx.addIssue({ code: 'custom', path: ['address'], message: requestErrors.addressRequired });
    if (!value.city) ctx.addIssue({ code: 'custom', path: ['city'], message: requestErrors.cityRequired });
    if (!value.postal_code) ctx.addIssue({ code: 'custom', path: ['postal_code'], message: requestErrors.postalCodeRequired });
    else if (!/^\d{5}$/.test(value.postal_code)) ctx.addIssue({ code: 'custom', path: ['postal_code'], message: requestErrors.invalidPostalCode });
  });
export type DeliveryForm = z.input<typeof DeliverySchema>;

/**
 * A business customer's details for an invoice (docs/decisions/013-receipts.md; CGI annexe II
 * art. 242 nonies A, 1° and 3°): company name and address required, VAT number and SIREN optional.
 */
export const BusinessSchema = z.object({
  company_name: requiredText(receiptAnswers.businessNameRequired, 120),
  address: requiredText(receiptAnswers.businessAddressRequired, 300),
  vat_number: z
    .string()
    .trim()
    .max(20)
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine((v) => v === '' || /^[A-Z]{2}[A-Z0-9]{8,12}$/.test(v), { error: receiptAnswers.invalidVatNumber })
    .optional()
    .default(''),
  siren: z
    .string()
    .trim()
    .max(20)
    .transform((v) => v.replace(/\s+/g, ''))
    .refine((v) => v === '' || /^\d{9}$/.test(v), { error: receiptAnswers.invalidSiren })
    .optional()
    .default(''),
});
export type BusinessDetails = z.input<typeof BusinessSchema>;

/** The largest id a PostgreSQL integer column holds: larger ids are refused as input, not a 500. */
export const maxDatabaseInteger = 2_147_483_647;

/** The delivery address an order carries (section 3, Location and distance record); unknown keys are dropped. */
const LocationSchema = z.object({
  address: z.string().trim().max(200).optional(),
  address2: z.string().trim().max(200).optional(),
  city: z.string().trim().max(100).optional(),
  state: z.string().trim().max(100).optional(),
  postal_code: z.string().trim().max(10).optional(),
  country: z.string().trim().max(60).optional(),
  formatted_address: z.string().trim().max(300).optional(),
  lat: z.number().min(-90).max(90).nullish(),
  lng: z.number().min(-180).max(180).nullish(),
  is_scheduled: z.boolean().optional(),
  delivery_date: z.string().max(10).nullish(),
  delivery_time_range: z.string().max(20).nullish(),
});

const paymentMethods = ['cash', 'card'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** Payment tab (section 5): a method is required; cash by default (section 9). */
export const PaymentSchema = z.object({
  method: z.enum(paymentMethods, { error: paymentAnswers.paymentMethodRequired }),
  /** Meal vouchers on site for the eligible part (cash only; docs/decisions/012). */
  meal_voucher: z.boolean().optional(),
});

const money = z.number({ error: 'Montant attendu en euros.' }).finite().min(0).max(100_000);

const OrderLineSchema = z.object({
  item_id: z.number().int().positive(),
  item_menu_id: z.number().int().positive(),
  quantity: z
    .number({ error: orderAnswers.quantityRange(maxLineQuantity) })
    .int({ error: orderAnswers.quantityRange(maxLineQuantity) })
    .min(1, { error: orderAnswers.quantityRange(maxLineQuantity) })
    .max(maxLineQuantity, { error: orderAnswers.quantityRange(maxLineQuantity) }),
  note: z.string().trim().max(300, { error: requestErrors.noteTooLong }).optional().default(''),
  options: z
    .array(
      z.object({
        option_id: z.number().int().positive(),
        option_options: z.array(z.object({ id: z.number().int().positive(), quantity: z.number().int().min(1).max(maxLineQuantity).default(1) })).max(50),
      }),
    )
    .max(50)
    .default([]),
});

/**
 * The order payload of POST /v2/public/checkout/ (section 3, "Order payload"). Amounts are euros;
 * the server reprices them and refuses a mismatch. `local_id` is the idempotency key.
 */
export const OrderPayloadSchema = z.object({
  local_id: z
    .string({ error: "L'identifiant local de la commande est obligatoire." })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: "L'identifiant local de la commande est invalide." }),
  items: z.array(OrderLineSchema).min(1, { error: orderAnswers.emptyCart }).max(maxCartLines),
  free_items: z.array(z.unknown()).max(maxCartLines).default([]),
  is_pickup: z.boolean(),
  delivery: money,
  tax: money,
  subtotal: money,
  discount: money,
  total: money,
  /** The coupon code the customer entered (the cart's coupon), repriced and checked by the server. */
  coupon: z.string().trim().max(40).nullish(),
  payment_method: z.enum(paymentMethods, { error: paymentAnswers.paymentMethodRequired }),
  /**
   * Beyond the spec (docs/decisions/012): part of a cash order is paid on site with meal
   * vouchers. Only with payment_method 'cash'; the server computes the voucher amount itself.
   */
  meal_voucher: z.boolean({ error: paymentAnswers.mealVoucherInvalid }).optional().default(false),
  transaction_id: z.string().max(200).nullish(),
  user_id: z.number().int().positive().max(maxDatabaseInteger).nullish(),
  status: z.literal('pending', { error: requestErrors.orderCreatedPending }),
  customer: PersonalSchema,
  location: LocationSchema.nullish(),
  date: z.string().max(40).nullish(),
  /** Scheduled for a slot (true) or as soon as possible (false); read from location when absent. */
  is_scheduled: z.boolean().optional(),
  delivery_date: z.string().max(10).nullish(),
  delivery_time_range: z.string().max(20).nullish(),
  /** "Ne pas faire figurer mon nom sur le reçu" (docs/decisions/013-receipts.md). */
  receipt_hide_name: z.boolean().optional().default(false),
  /** Company details for an invoice, or absent for a plain receipt. */
  business: BusinessSchema.nullish(),
});
export type OrderPayload = z.input<typeof OrderPayloadSchema>;

/**
 * The amounts of the order payload (spec section 3, "Order payload", sent by POST
 * /v2/public/checkout/ in section 7) from a cart's totals (`priceCart`, cart.ts): `deliveryCents`,
 * `taxCents`, `subtotalCents`, `discountCents` and `totalCents`, integer cents, become `delivery`,
 * `tax`, `subtotal`, `discount` and `total` in euros with 2 decimals (1250 → 12.5; money.ts
 * `centsToEuros`, docs/decisions/016, section 3). The coupon's share is inside `discount`; the
 * server reprices the cart and refuses a payload whose amounts differ (`prices_changed`).
 * Every builder of the payload uses it: the storefront, the API's repricing, the tests.
 */
export function orderPayloadTotals(totals: Pick<CartTotals, 'deliveryCents' | 'taxCents' | 'subtotalCents' | 'discountCents' | 'totalCents'>): {
  delivery: number;
  tax: number;
  subtotal: number;
  discount: number;
  total: number;
} {
  return {
    delivery: centsToEuros(totals.deliveryCents),
    tax: centsToEuros(totals.taxCents),
    subtotal: centsToEuros(totals.subtotalCents),
    discount: centsToEuros(totals.discountCents),
    total: centsToEuros(totals.totalCents),
  };
}

/** PUT /v2/public/checkout/ (section 7): finalises an order. */
/**
 * What proves a call is made by the one who placed the order
 * (docs/decisions/014), beside the spec's fields: the per-order `secret` answered by POST
 * /checkout/, or the order's `local_id` (an account's Bearer token of the order's account works too).
 */
export const OrderProofFields = {
  secret: z.string().max(200).nullish(),
  local_id: z.string().max(200).nullish(),
};

export const FinalizeOrderSchema = z.object({
  order_id: z
    .number({ error: orderAnswers.orderIdRequired })
    .int()
    .positive({ error: orderAnswers.orderIdRequired })
    .max(maxDatabaseInteger, { error: orderAnswers.unknownOrder }),
  transaction_id: z.string().max(200).nullish(),
  status: z.enum(['pending', 'paid'], { error: 'Statut attendu : « pending » ou « paid ».' }),
  ...OrderProofFields,
});
