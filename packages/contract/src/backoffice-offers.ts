import { z } from '@resto/domain/zod-fr';
import { OfferEditFields, OfferEditSchema, refineOfferEdit } from '@resto/domain/backoffice-offers';
import { ExpectedVersionSchema } from './backoffice.ts';
import { OfferSchema } from './catalog.ts';

/**
 * The back office's offers and coupons (docs/decisions/023) under /v2/restaurant/offers, the
 * owner's only. Money in euros; `value` percent (percentage, cheapest_item) or euros (fixed_amount).
 */

/** How much an offer was used: placed orders that were neither rejected nor cancelled (docs/decisions/023). */
const OfferUsageSchema = z.object({
  /** How many such orders applied the offer. */
  orders: z.number(),
  /** What it took off those orders, in euros (0 for free delivery and free items). */
  cost: z.number(),
});

/** An offer or coupon as the back office lists it: the storefront's shape, its row version and usage. */
export const BackOfficeOfferSchema = OfferSchema.extend({ version: z.number(), usage: OfferUsageSchema }).meta({ id: 'BackOfficeOffer' });
export type BackOfficeOffer = z.infer<typeof BackOfficeOfferSchema>;

/** What an offer's scope may name: the live menus, their categories and dishes, in the menu's order. */
const OfferScopeMenuSchema = z.object({
  menu_id: z.number(),
  name: z.string(),
  categories: z.array(
    z.object({
      category_id: z.number(),
      name: z.string(),
      items: z.array(z.object({ item_id: z.number(), name: z.string() })),
    }),
  ),
});
export type OfferScopeMenu = z.infer<typeof OfferScopeMenuSchema>;

/** GET /v2/restaurant/offers. */
export const BackOfficeOffersSchema = z.object({ offers: z.array(BackOfficeOfferSchema), scope: z.array(OfferScopeMenuSchema) });
export type BackOfficeOffers = z.infer<typeof BackOfficeOffersSchema>;

/** POST /v2/restaurant/offers: a new offer (the restaurant file's OfferSchema without id). */
export const OfferCreateBodySchema = OfferEditSchema;

/** PUT /v2/restaurant/offers/{offer_id}: the whole offer, and the `version` the form read. */
export const OfferUpdateBodySchema = OfferEditFields.extend({ expected_version: ExpectedVersionSchema }).superRefine(refineOfferEdit);

/** POST /v2/restaurant/offers/{offer_id}/active: pause (false) or resume (true). */
export const OfferActiveBodySchema = z.object({ is_active: z.boolean(), expected_version: ExpectedVersionSchema });

export const OfferParamsSchema = z.object({ offer_id: z.string().regex(/^\d{1,9}$/) });

/** DELETE /v2/restaurant/offers/{offer_id}?expected_version=… */
export const OfferDeleteQuerySchema = z.object({ expected_version: z.coerce.number().int().min(0) });

/** The answer of a deletion: `archived` when orders used the offer (kept, out of every list), else `deleted`. */
export const OfferDeletedSchema = z.object({ outcome: z.enum(['deleted', 'archived']) });
export type OfferDeleted = z.infer<typeof OfferDeletedSchema>;
