import { z } from '@resto/domain/zod-fr';
import { availabilityStates } from '@resto/domain/sold-out';
import { ExpectedVersionSchema } from './backoffice.ts';
import { InstantSchema } from './common.ts';

/** The back office's image upload and dishes' availability (docs/decisions/023). */

/** One file written for an upload. */
const UploadVariantSchema = z.object({
  path: z.string().meta({ example: '/uploads/3f2a…-400.avif' }),
  width: z.number().int(),
  height: z.number().int(),
  format: z.enum(['avif', 'webp']),
  /** Bytes. */
  bytes: z.number().int(),
});

/** POST /v2/restaurant/uploads → the dish's `image` (the largest WebP) and every file written. */
export const UploadAnswerSchema = z
  .object({
    image: z.string().meta({ example: '/uploads/3f2a9c…-800.webp' }),
    variants: z.array(UploadVariantSchema),
  })
  .meta({ id: 'UploadAnswer' });
export type UploadAnswer = z.infer<typeof UploadAnswerSchema>;

/**
 * The multipart body: one file in the field `file`. A plain JSON Schema, not a zod schema: the API
 * reads the body itself, counting its bytes as they arrive (apps/api/src/modules/images/routes.ts).
 */
export const UploadBodySchema = { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } as const;

const AvailabilityStateSchema = z.enum(availabilityStates);

/** PUT /v2/restaurant/items/{item_id}/availability. */
export const AvailabilityBodySchema = z.object({ state: AvailabilityStateSchema, expected_version: ExpectedVersionSchema });

export const ItemIdParamsSchema = z.object({
  item_id: z
    .string()
    .regex(/^\d{1,9}$/)
    .meta({ example: '12' }),
});

/** One dish on the availability page. */
export const AvailabilityItemSchema = z
  .object({
    item_id: z.number().int(),
    item_name: z.string(),
    category_name: z.string(),
    menu_name: z.string(),
    image: z.string(),
    state: AvailabilityStateSchema,
    /** « Épuisé aujourd'hui »: when the dish comes back; null otherwise. */
    sold_out_until: InstantSchema.nullable(),
    version: z.number().int(),
  })
  .meta({ id: 'AvailabilityItem' });
export type AvailabilityItem = z.infer<typeof AvailabilityItemSchema>;

/** GET /v2/restaurant/availability: every dish not archived, in menu, category and dish order. */
export const AvailabilityListSchema = z.array(AvailabilityItemSchema);
