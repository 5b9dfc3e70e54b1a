import { z } from '@resto/domain/zod-fr';
import { boardColumns, orderStatuses, refusalReasons, staffActions, staffRefusalReasons, refusalTextMaxLength } from '@resto/domain/order-lifecycle';
import { meansOfPayment } from '@resto/domain/books';
import { counterMeans } from '@resto/domain/sale-documents';
import { partialRefundReasons, partialRefundTextMaxLength } from '@resto/domain/partial-refunds';
import { CustomerNoticeSchema } from './customers.ts';
import { orderSources } from '@resto/domain/phone-order';
import { OrderChangeBodySchema } from '@resto/domain/order-change';
import { InstantSchema } from './common.ts';
import { OrderViewLineSchema, OrderViewSchema } from './orders.ts';
import { OrderPrintJobSchema } from './printers.ts';

/**
 * The restaurant's orders board (docs/decisions/019 and 021) under /v2/restaurant/…, behind a
 * staff session cookie, and the customer's status page (part 7) under /v2/public/tracking/…,
 * behind the order's secret. Money in euros, instants in ISO 8601 UTC.
 */

const OrderStatusSchema = z.enum(orderStatuses);
const StaffActionSchema = z.enum(staffActions);
const RefusalReasonSchema = z.enum(refusalReasons);

/** One thing that happened to an order (an `order_events` row); `id` is the SSE event id. */
const OrderEventViewSchema = z
  .object({
    id: z.number(),
    order_id: z.number(),
    type: z.string(),
    from_status: OrderStatusSchema.nullable(),
    to_status: OrderStatusSchema.nullable(),
    actor: z.enum(['staff', 'customer', 'payment', 'system']),
    actor_name: z.string().nullable(),
    reason: RefusalReasonSchema.nullable(),
    reason_text: z.string().nullable(),
    ready_at: InstantSchema.nullable(),
    at: InstantSchema,
  })
  .meta({ id: 'OrderEvent' });
export type OrderEventView = z.infer<typeof OrderEventViewSchema>;

/** A card order's refund as staff and the customer see it; amount in euros. */
const RefundViewSchema = z.object({
  status: z.enum(['pending', 'succeeded', 'failed']),
  amount: z.number(),
  last_error: z.string().nullable(),
});
export type RefundView = z.infer<typeof RefundViewSchema>;

/**
 * One refund of an order as staff see it (docs/decisions/035): the full refund of a refused or
 * cancelled order (`kind` 'full'), or a partial one by staff with its reason, what it refunds
 * (lines' units, or an amount's share per VAT rate: `position` null), who asked and when. Euros;
 * `tax_rate` in percent; `refund_key` the key the screen sent (null for the full refund).
 */
const OrderRefundSchema = z
  .object({
    id: z.number(),
    kind: z.enum(['full', 'partial', 'change', 'link']),
    refund_key: z.string().nullable(),
    status: z.enum(['pending', 'succeeded', 'failed']),
    amount: z.number(),
    reason: z.enum(partialRefundReasons).nullable(),
    reason_text: z.string().nullable(),
    lines: z.array(z.object({ position: z.number().nullable(), label: z.string(), quantity: z.number(), amount: z.number(), tax_rate: z.number() })),
    last_error: z.string().nullable(),
    by: z.string().nullable(),
    at: InstantSchema,
  })
  .meta({ id: 'OrderRefund' });
export type OrderRefundView = z.infer<typeof OrderRefundSchema>;

/** A line staff may refund units of: its position, label, units ordered and still refundable, and what the line was charged (euros, net of its reductions). */
const RefundableLineSchema = z.object({
  position: z.number(),
  label: z.string(),
  quantity: z.number(),
  quantity_left: z.number(),
  charged: z.number(),
});
export type RefundableLineView = z.infer<typeof RefundableLineSchema>;

/**
 * What an order was paid with, from the books' journal (docs/decisions/031): its payment entries
 * (a reversal is negative and names the entry it cancels; money handed back is negative too),
 * what they come to and what is left. Euros.
 */
const OrderPaymentsViewSchema = z
  .object({
    total: z.number(),
    paid: z.number(),
    due: z.number(),
    /** « espèces 12,00 € + titre-restaurant papier 8,50 € », or null before any payment. */
    summary: z.string().nullable(),
    /** What meal vouchers may still pay on it (eligible dishes, daily ceiling, what is due). */
    voucher_cap: z.number(),
    /** Whether « Encaisser » applies: an order paid at the counter, not refused or cancelled, with something due. */
    payable: z.boolean(),
    lines: z.array(
      z.object({
        seq: z.number(),
        means: z.enum(meansOfPayment),
        amount: z.number(),
        /** Cash handed over when more than the amount (the change was the difference). */
        tendered: z.number().nullable(),
        reverses: z.number().nullable(),
        /** Still standing: staff may reverse it by a counter-entry. */
        reversible: z.boolean(),
        at: InstantSchema,
        by: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'OrderPayments' });
export type OrderPaymentsView = z.infer<typeof OrderPaymentsViewSchema>;

/** Units of a dish a change added or took away (docs/decisions/039): its label as the receipt prints it, its note, how many. */
const ChangedUnitsSchema = z.object({ label: z.string(), note: z.string(), quantity: z.number(), item_category_id: z.number().nullable().optional() });

/**
 * A change of an order by staff (docs/decisions/039-changing-an-order.md): the revision it made,
 * who and when, what changed, the totals before and after and how the money settled (`refund`:
 * the difference refunded on the card, `due`: left to pay, `none`). Euros.
 */
const OrderChangeViewSchema = z
  .object({
    id: z.number(),
    revision: z.number(),
    at: InstantSchema,
    by: z.string().nullable(),
    summary: z.string(),
    total_before: z.number(),
    total_after: z.number(),
    settlement: z.enum(['none', 'refund', 'due']),
    settlement_amount: z.number(),
    added: z.array(ChangedUnitsSchema),
    removed: z.array(ChangedUnitsSchema),
    schedule: z.object({ from: z.string(), to: z.string() }).nullable(),
    order_type: z.object({ from_pickup: z.boolean(), to_pickup: z.boolean() }).nullable(),
    address: z.object({ from: z.string(), to: z.string() }).nullable(),
  })
  .meta({ id: 'OrderChange' });
export type OrderChangeView = z.infer<typeof OrderChangeViewSchema>;

/** A line as the kitchen reads it: the order's line, with the allergens of the dish and its chosen options (French labels). */
const BoardLineSchema = OrderViewLineSchema.extend({
  allergens: z.array(z.string()),
  /** The line's category as the order stored it: which station's ticket prints it (docs/decisions/033). */
  item_category_id: z.number().nullable(),
});

/**
 * An order on the board: the order as the customer's view shows it, plus what the restaurant
 * handles. `column` and `available_actions` come from the domain's state machine; `reason` and
 * `reason_text` are set once rejected or cancelled.
 */
export const BoardOrderSchema = OrderViewSchema.omit({ status_history: true, items: true })
  .extend({
    status: OrderStatusSchema,
    column: z.enum(boardColumns),
    available_actions: z.array(StaffActionSchema),
    items: z.array(BoardLineSchema),
    placed_at: InstantSchema.nullable(),
    ready_at: InstantSchema.nullable(),
    opened_at: InstantSchema.nullable(),
    ticket_printed_at: InstantSchema.nullable(),
    reason: RefusalReasonSchema.nullable(),
    reason_text: z.string().nullable(),
    refund: RefundViewSchema.nullable(),
    /** Every refund of the order, oldest first (docs/decisions/035). */
    refunds: z.array(OrderRefundSchema),
    /** What is left to refund (euros): paid by card minus the refunds succeeded or pending; 0 for an order not paid by card. */
    refund_left: z.number(),
    /** Whether « Rembourser une partie » applies: a card order paid, not refused or cancelled, with something left. */
    refundable: z.boolean(),
    refundable_lines: z.array(RefundableLineSchema),
    payments: OrderPaymentsViewSchema,
    events: z.array(OrderEventViewSchema),
    /** Its tickets on the kitchen printers (docs/decisions/033), oldest first. */
    print_jobs: z.array(OrderPrintJobSchema),
    /** What the restaurant knows of its customer (docs/decisions/037): the staff note, a flag or block, the no-shows; null: nothing. */
    customer_notice: CustomerNoticeSchema.nullable().optional(),
    /** Where it came from: the storefront, or staff on the phone (docs/decisions/036-phone-orders.md). */
    source: z.enum(orderSources),
    /** How many times staff changed it (docs/decisions/039); a change names the revision its screen showed. */
    revision: z.number(),
    /** Whether « Modifier la commande » applies: before it is ready (domain order-change.ts, isChangeable). */
    changeable: z.boolean(),
    /** Its changes, oldest first. */
    changes: z.array(OrderChangeViewSchema),
  })
  .meta({ id: 'BoardOrder' });
export type BoardOrder = z.infer<typeof BoardOrderSchema>;

/**
 * GET /v2/restaurant/orders: the board's full state, today's and upcoming orders plus those
 * finished today, and the id of the last event it reflects (where the SSE stream resumes).
 */
export const BoardStateSchema = z.object({
  orders: z.array(BoardOrderSchema),
  last_event_id: z.number(),
  server_time: InstantSchema,
});
export type BoardState = z.infer<typeof BoardStateSchema>;

/**
 * POST /v2/restaurant/orders/{order_id}/actions. `expected_status` is the status the screen
 * showed: if the order has moved since, the answer is 409 order_transition_refused with the order
 * as it is now. `ready_at` for accept and delay; `reason` for reject and cancel (`reason_text`
 * required with 'other').
 */
export const OrderActionBodySchema = z
  .object({
    action: StaffActionSchema,
    expected_status: OrderStatusSchema,
    ready_at: InstantSchema.optional(),
    reason: z.enum(staffRefusalReasons).optional(),
    reason_text: z.string().max(refusalTextMaxLength).optional(),
  })
  .meta({ id: 'OrderActionBody' });
export type OrderActionBody = z.infer<typeof OrderActionBodySchema>;

const euros = z.number().min(0).max(100_000).multipleOf(0.01, 'Un montant en euros, au centime près.');

/**
 * POST /v2/restaurant/orders/{order_id}/payments (« Encaisser »): what was handed over, per means
 * (cash may be more than due: the change is given back). `expected_paid`: what the screen showed
 * as paid; if someone took a payment since, the answer is 409 with the order now.
 */
export const CounterPaymentBodySchema = z
  .object({
    tenders: z.array(z.object({ means: z.enum(counterMeans), amount: euros })).min(1).max(8),
    expected_paid: z.number().min(0),
  })
  .meta({ id: 'CounterPaymentBody' });
export type CounterPaymentBody = z.infer<typeof CounterPaymentBodySchema>;

/** The answer of « Encaisser »: the order after it and the change to give back (euros). */
export const CounterPaymentResultSchema = z.object({ order: BoardOrderSchema, change: z.number() }).meta({ id: 'CounterPaymentResult' });

/** POST …/not-collected: the status the screen showed (a stale screen gets 409 with the order now). */
export const NotCollectedBodySchema = z.object({ expected_status: OrderStatusSchema }).meta({ id: 'NotCollectedBody' });

/** The SSE `order` event's data: what happened, and the order after it (null when it is not the board's, an unpaid card order). */
export const BoardEventDataSchema = z.object({ event: OrderEventViewSchema, order: BoardOrderSchema.nullable() });
export type BoardEventData = z.infer<typeof BoardEventDataSchema>;

/** The customer's status page (/suivi): the order's step, ready time, reason and refunds. */
export const TrackingViewSchema = z
  .object({
    order_id: z.number(),
    status: OrderStatusSchema,
    step: z.enum(['received', 'accepted', 'ready', 'completed', 'refused', 'awaiting_payment']),
    is_pickup: z.boolean(),
    is_scheduled: z.boolean(),
    delivery_date: z.string().nullable(),
    delivery_time_range: z.string().nullable(),
    ready_at: InstantSchema.nullable(),
    /**
     * A received order the restaurant cannot answer yet (placed while closed, or a pre-order before
     * the opening that precedes its slot): when it can (packages/domain/src/handling-time.ts); null otherwise.
     */
    confirmation_from: InstantSchema.nullable(),
    reason_text: z.string().nullable(),
    refund: RefundViewSchema.nullable(),
    /**
     * The restaurant's partial refunds (docs/decisions/035), oldest first: those confirmed by the
     * provider (`at` when confirmed) and those under way (`at` when asked); refused ones are not
     * shown. `reason` in the customer's words (the reason's label, or staff's own text for
     * « autre »); `lines` the units refunded when by line (empty for an amount). Amounts in euros.
     */
    refunds: z.array(
      z.object({
        status: z.enum(['pending', 'succeeded']),
        amount: z.number(),
        reason: z.string(),
        lines: z.array(z.object({ label: z.string(), quantity: z.number(), amount: z.number() })),
        at: InstantSchema,
      }),
    ),
    /** What was paid by card (euros; null for an order not paid online) and what the provider has refunded of it so far, partial and full refunds together (euros). */
    paid_by_card: z.number().nullable(),
    refunded: z.number(),
    payment_method: z.string(),
    payment_test_mode: z.boolean(),
    total: z.number(),
    /** An order paid at the counter: what the counter's payments cover so far, in euros (0 before « Encaisser »; null for a card order). */
    paid_on_site: z.number().nullable(),
    /** Of `paid_on_site`, what was paid by card through a payment link (docs/decisions/038), euros; absent or 0: none. */
    paid_by_link: z.number().optional(),
    items: z.array(z.object({ item_name: z.string(), quantity: z.number(), options: z.array(z.string()) })),
    restaurant_phone: z.string(),
    events: z.array(z.object({ id: z.number(), type: z.string(), to_status: OrderStatusSchema.nullable(), ready_at: InstantSchema.nullable(), at: InstantSchema })),
  })
  .meta({ id: 'TrackingView' });
export type TrackingView = z.infer<typeof TrackingViewSchema>;

/** The path of /v2/restaurant/orders/{order_id}/…: an order id in digits. */
export const BoardOrderParamsSchema = z.object({
  order_id: z.string().regex(/^\d{1,9}$/, 'Numéro de commande invalide.').meta({ description: 'L’identifiant de la commande, en chiffres.' }),
});

/** The path of /v2/public/tracking/{secret}: the order's secret (orders.secret). */
export const TrackingParamsSchema = z.object({ secret: z.string().min(1).max(200).meta({ description: 'Le secret de la commande, donné au client (lien du suivi).' }) });

/** The path of …/payments/{seq}/reversal: the payment entry's sequence in the journal. */
export const PaymentEntryParamsSchema = BoardOrderParamsSchema.extend({
  seq: z.string().regex(/^\d{1,12}$/, 'Numéro d’écriture invalide.').meta({ description: 'Le numéro de l’écriture de paiement dans le journal.' }),
});

/**
 * POST /v2/restaurant/orders/{order_id}/refunds, « Rembourser une partie » (docs/decisions/035):
 * `refund_key` made by the screen once per refund it asks (the same key is the same refund: a
 * double click or a retry never refunds twice); units of `lines` (by `position`) or an `amount`
 * in euros; the reason, with `reason_text` for 'other'.
 */
export const PartialRefundBodySchema = z
  .object({
    refund_key: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/u, 'Clé de remboursement illisible : 8 à 64 lettres, chiffres, - ou _.'),
    reason: z.enum(partialRefundReasons),
    reason_text: z.string().max(partialRefundTextMaxLength).optional(),
    lines: z
      .array(z.object({ position: z.number().int().min(0), quantity: z.number().int().min(0).max(999) }))
      .max(200)
      .optional(),
    amount: z.number().min(0).max(100_000).optional(),
  })
  .meta({ id: 'PartialRefundBody' });
export type PartialRefundBody = z.infer<typeof PartialRefundBodySchema>;

/** POST /v2/restaurant/orders/{order_id}/changes (docs/decisions/039): the order's new content, the revision the screen showed, the change's key. */
export const OrderChangeSchema = OrderChangeBodySchema.meta({ id: 'OrderChangeBody' });
