import { z } from '@resto/domain/zod-fr';
import { FinalizeOrderSchema, OrderPayloadSchema } from '@resto/domain/checkout';
import { InstantSchema } from './common.ts';

/**
 * Orders (spec sections 3 and 7): POST and PUT /v2/public/checkout/, and GET
 * /v2/public/checkout/{order_id}?local_id= (a guest's read-back). The request schemas live in
 * packages/domain/src/checkout.ts (the checkout form validates with them too) and are re-exported here.
 */
export { FinalizeOrderSchema, OrderPayloadSchema };

/** The customer of an order (section 3, Order): first and last name, e-mail, phone in E.164. */
const OrderCustomerSchema = z.object({ first_name: z.string(), last_name: z.string(), email: z.string(), phone: z.string() });

/** A tax rate's part of an order: rate in percent, base and tax in euros. */
const TaxByRateSchema = z.object({ rate: z.number(), base: z.number(), tax: z.number() });

/** An offer the order used, and how much it took off (euros). */
const AppliedOfferSchema = z.object({ offer_id: z.number(), name: z.string(), type: z.string(), amount: z.number(), is_coupon: z.boolean() });

/** A value chosen in an option of a line, with its price (euros). */
const OrderLineOptionSchema = z.object({
  option_id: z.number(),
  option_name: z.string(),
  id: z.number(),
  name: z.string(),
  price: z.number(),
  quantity: z.number(),
});

/** A paid line of an order: unit price and amount in euros, tax rate in percent. */
export const OrderViewLineSchema = z.object({
  item_id: z.number(),
  item_menu_id: z.number(),
  item_name: z.string(),
  quantity: z.number(),
  note: z.string(),
  unit_price: z.number(),
  amount: z.number(),
  tax_rate: z.number(),
  options: z.array(OrderLineOptionSchema),
});

/** An item an offer gave for free. */
const FreeItemSchema = z.object({ item_id: z.number(), item_name: z.string(), quantity: z.number() });

/**
 * An order as the API shows it (GET /v2/public/checkout/{order_id}, and each order of GET
 * /v2/public/auth/orders): euros with 2 decimals, tax rates in percent, paid lines apart from
 * free items, every status with its time. Beyond the spec: meal vouchers (docs/decisions/012) and
 * `payment_test_mode` (a card payment of the test processor, no money moved).
 */
export const OrderViewSchema = z
  .object({
    order_id: z.number(),
    status: z.string(),
    is_pickup: z.boolean(),
    is_scheduled: z.boolean(),
    delivery_date: z.string().nullable(),
    delivery_time_range: z.string().nullable(),
    location: z.record(z.string(), z.unknown()).nullable(),
    payment_method: z.string(),
    meal_voucher: z.boolean(),
    meal_voucher_amount: z.number(),
    payment_test_mode: z.boolean(),
    customer: OrderCustomerSchema,
    created_at: InstantSchema,
    subtotal: z.number(),
    discount: z.number(),
    coupon: z.number(),
    delivery: z.number(),
    tax: z.number(),
    total: z.number(),
    tax_by_rate: z.array(TaxByRateSchema),
    coupon_code: z.string().nullable(),
    applied_offers: z.array(AppliedOfferSchema),
    free_items: z.array(FreeItemSchema),
    items: z.array(OrderViewLineSchema),
    status_history: z.array(z.object({ status: z.string(), at: InstantSchema })),
  })
  .meta({ id: 'OrderView' });
export type OrderView = z.infer<typeof OrderViewSchema>;

/**
 * POST /v2/public/checkout/: the order's id (201 a new order, 200 a retry of the same local_id)
 * and, beside the spec's answer, its `secret`: what proves the order without an account.
 */
export const OrderCreatedSchema = z.object({ order_id: z.number(), secret: z.string() });
export type OrderCreated = z.infer<typeof OrderCreatedSchema>;

/** PUT /v2/public/checkout/: the order's new status. */
export const OrderFinalizedSchema = z.object({ order_id: z.number(), status: z.enum(['pending', 'paid']) });
export type OrderFinalized = z.infer<typeof OrderFinalizedSchema>;

/** GET /v2/public/checkout/{order_id}: the order's number. */
export const OrderParamsSchema = z.object({ order_id: z.string().meta({ description: 'Le numéro de la commande (order_id de sa création).' }) });

/** GET /v2/public/checkout/{order_id}: the order's local_id, the guest's proof. */
export const OrderQuerySchema = z.object({
  local_id: z.string().optional().meta({ description: 'Le local_id envoyé à la création de la commande : la preuve de l’invité.' }),
});
