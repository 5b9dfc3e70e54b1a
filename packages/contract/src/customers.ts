import { z } from '@resto/domain/zod-fr';
import { customerMarks, customerNoteMaxLength, customerReasonMaxLength, customerSorts } from '@resto/domain/customers';
import { historySearchMaxLength } from '@resto/domain/order-history';
import { orderHistoryErrors } from '@resto/copy/staff/order-history';
import { InstantSchema } from './common.ts';

/**
 * The customers (/restaurant/clients; docs/decisions/037-customers.md), as
 * GET /v2/restaurant/customers and the routes under /v2/restaurant/customers/{customer_key}
 * answer them. Money in euros, instants in ISO 8601 UTC. A customer's key is `email:<e-mail>` or
 * `phone:<E.164>`: any key of theirs finds them.
 */

/** GET /v2/restaurant/customers's query: the search box, the sort and the page (1 first). */
export const CustomerListQuerySchema = z.object({
  q: z
    .string()
    .max(historySearchMaxLength, orderHistoryErrors.searchTooLong)
    .optional()
    .meta({ description: 'Nom, téléphone (06…, +33…, 6 chiffres ou plus) ou e-mail : sans casse ni accents.', example: 'dupré' }),
  sort: z.enum(customerSorts).optional().meta({ description: 'Dernière commande (défaut), nombre de commandes, total dépensé, nom, non récupérées.' }),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});
export type CustomerListQuery = z.infer<typeof CustomerListQuerySchema>;

/** A customer's mark: a flag (a warning on the board) or a block (orders refused online), who and when. */
export const CustomerMarkSchema = z.object({
  mark: z.enum(customerMarks),
  reason: z.string(),
  by: z.string(),
  at: InstantSchema,
});

/** A customer as the list shows them. */
const CustomerRowSchema = z.object({
  /** The key naming them in URLs (their first key, sorted). */
  key: z.string(),
  name: z.string(),
  emails: z.array(z.string()),
  phones: z.array(z.string()),
  orders: z.number().int(),
  /** Placed orders not refused nor cancelled, their totals (euros). */
  spent: z.number(),
  average_basket: z.number(),
  first_order_at: InstantSchema,
  last_order_at: InstantSchema,
  /** Orders closed « Non récupérée » (unpaid, never collected). */
  no_shows: z.number().int(),
  mark: z.enum(customerMarks).nullable(),
  has_note: z.boolean(),
});
export type CustomerRow = z.infer<typeof CustomerRowSchema>;

/** A page of customers (30), `total` of them matching. */
export const CustomerListSchema = z
  .object({ customers: z.array(CustomerRowSchema), total: z.number().int(), page: z.number().int(), page_size: z.number().int() })
  .meta({ id: 'CustomerList' });
export type CustomerList = z.infer<typeof CustomerListSchema>;

export const CustomerParamsSchema = z.object({
  customer_key: z.string().max(200).meta({ description: '`email:<e-mail>` ou `phone:<numéro>` (encodé dans l’URL).', example: 'phone:+33612345678' }),
});

/** One customer: the row's figures, their orders newest first, the note and the mark. */
export const CustomerDetailSchema = z
  .object({
    customer: CustomerRowSchema,
    orders: z.array(
      z.object({
        order_id: z.number().int(),
        ordered_at: InstantSchema,
        status: z.string(),
        is_pickup: z.boolean(),
        total: z.number(),
        not_collected: z.boolean(),
      }),
    ),
    note: z.object({ text: z.string(), by: z.string().nullable(), at: InstantSchema.nullable() }),
    mark: CustomerMarkSchema.nullable(),
  })
  .meta({ id: 'CustomerDetail' });
export type CustomerDetail = z.infer<typeof CustomerDetailSchema>;

/** PUT …/note: the note's new text ('' erases it). */
export const CustomerNoteBodySchema = z.object({ note: z.string().trim().max(customerNoteMaxLength) }).meta({ id: 'CustomerNoteBody' });

/** PUT …/mark: flag or block, with the reason; `null` lifts it. */
export const CustomerMarkBodySchema = z
  .object({ mark: z.enum(customerMarks).nullable(), reason: z.string().trim().max(customerReasonMaxLength).optional() })
  .meta({ id: 'CustomerMarkBody' });
export type CustomerMarkBody = z.infer<typeof CustomerMarkBodySchema>;

/** What the board shows of an order's customer: the staff note, the mark and the no-shows. */
export const CustomerNoticeSchema = z.object({
  note: z.string().nullable(),
  mark: z.enum(customerMarks).nullable(),
  mark_reason: z.string().nullable(),
  no_shows: z.number().int(),
});
export type CustomerNotice = z.infer<typeof CustomerNoticeSchema>;
