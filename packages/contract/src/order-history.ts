import { z } from '@resto/domain/zod-fr';
import { meansOfPayment } from '@resto/domain/books';
import { orderStatuses } from '@resto/domain/order-lifecycle';
import { historySearchMaxLength } from '@resto/domain/order-history';
import { orderHistoryErrors } from '@resto/copy/staff/order-history';
import { BoardOrderSchema } from './board.ts';
import { InstantSchema } from './common.ts';
import { orderSources } from '@resto/domain/phone-order';

/**
 * Every past order (/restaurant/commandes/historique; docs/decisions/034-order-history.md), as
 * GET /v2/restaurant/order-history and GET /v2/restaurant/order-history/{order_id} answer it.
 * Money in euros, instants in ISO 8601 UTC, days 'YYYY-MM-DD' in Europe/Paris.
 */

/** An order's statuses (packages/domain/src/order-lifecycle.ts): a placed cash order is `pending` until accepted, a card order `paid`. */
export const historyStatuses = orderStatuses;

/** The channels: pickup or delivery (the order's type), or a phone order (its source, docs/decisions/036-phone-orders.md). */
export const historyChannels = ['pickup', 'delivery', 'phone'] as const;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, orderHistoryErrors.invalidDay)
  .optional();

/** GET /v2/restaurant/order-history's query: the search box, the filters, and the page's cursor. */
export const OrderHistoryQuerySchema = z.object({
  q: z
    .string()
    .max(historySearchMaxLength, orderHistoryErrors.searchTooLong)
    .optional()
    .meta({ description: 'N° de commande ou de ticket (R-000042), nom, téléphone (06…, +33…) ou e-mail : sans casse ni accents.', example: '06 12 34 56 78' }),
  from: day.meta({ description: 'Premier jour inclus (heure de Paris) de la commande.', example: '2026-11-17' }),
  to: day.meta({ description: 'Dernier jour inclus (heure de Paris).', example: '2026-11-24' }),
  status: z.enum(historyStatuses).optional(),
  channel: z.enum(historyChannels).optional(),
  means: z
    .enum(meansOfPayment)
    .optional()
    .meta({ description: 'Un moyen de paiement du journal des ventes (carte en ligne, espèces, terminal, titres-restaurant).' }),
  cursor: z.string().max(40).optional().meta({ description: 'La page suivante : le `next_cursor` de la page précédente.' }),
});
export type OrderHistoryQuery = z.infer<typeof OrderHistoryQuerySchema>;

/** One order of the history's list. */
const OrderHistoryRowSchema = z.object({
  order_id: z.number(),
  /** 'R-000042' (or 'F-…' for an invoice), null when it has none (the demo's history). */
  receipt_number: z.string().nullable(),
  /** When the customer ordered (a card order is placed when paid, minutes later). */
  ordered_at: InstantSchema,
  status: z.enum(historyStatuses),
  is_pickup: z.boolean(),
  /** Where it came from: the storefront or staff on the phone (docs/decisions/036). */
  source: z.enum(orderSources),
  customer_name: z.string(),
  phone: z.string(),
  email: z.string(),
  anonymised: z.boolean(),
  total: z.number(),
  payment_method: z.string(),
  /** « espèces 12,00 € + carte au terminal 8,50 € », from the journal; null before any payment. */
  payments: z.string().nullable(),
});
export type OrderHistoryRow = z.infer<typeof OrderHistoryRowSchema>;

/** A page of the history, newest first; `next_cursor` null on the last page. */
export const OrderHistoryPageSchema = z
  .object({ orders: z.array(OrderHistoryRowSchema), next_cursor: z.string().nullable(), page_size: z.number().int() })
  .meta({ id: 'OrderHistoryPage' });
export type OrderHistoryPage = z.infer<typeof OrderHistoryPageSchema>;

/** One order's whole life: the board's view of it, its books' documents, its e-mails still in the outbox, its receipt page. */
export const OrderHistoryDetailSchema = z
  .object({
    order: BoardOrderSchema,
    documents: z.array(
      z.object({
        kind: z.enum(['receipt', 'invoice', 'credit_note', 'duplicate']),
        number: z.string(),
        /** A duplicate's edition number (« DUPLICATA n° 2 »), null for the others. */
        reprint: z.number().nullable(),
        chain: z.enum(['live', 'simulation']),
        at: InstantSchema,
      }),
    ),
    mails: z.array(
      z.object({
        kind: z.string(),
        recipient: z.string(),
        subject: z.string(),
        created_at: InstantSchema,
        attempts: z.number().int(),
        last_error: z.string().nullable(),
      }),
    ),
    /** The customer's receipt page (path with the order's secret), null before the order is placed. */
    receipt_path: z.string().nullable(),
    /** Whether the board shows it today (its actions are there). */
    on_board: z.boolean(),
  })
  .meta({ id: 'OrderHistoryDetail' });
export type OrderHistoryDetail = z.infer<typeof OrderHistoryDetailSchema>;
