import { z } from '@resto/domain/zod-fr';
import { CapacitySettingsSchema, capacitySettingNames } from '@resto/domain/capacity';
import { ExpectedVersionSchema } from './backoffice.ts';

/**
 * Capacity per 15-minute slot (docs/decisions/023): the owner's page (GET/PUT
 * /v2/restaurant/capacity) and the storefront's full slots (GET /v2/public/slots).
 * Settings named as in packages/domain/src/capacity.ts; null: no limit.
 */

const SettingNameSchema = z.enum(capacitySettingNames as [string, ...string[]]);

/** Every capacity setting with its value (null / [] when absent) and its version (0 when never written). */
export const CapacityViewSchema = z
  .object({
    values: z.object({
      'capacity.max_orders': z.number().int().nullable(),
      'capacity.pickup_max_orders': z.number().int().nullable(),
      'capacity.max_items': z.number().int().nullable(),
      'capacity.pickup_max_items': z.number().int().nullable(),
      'capacity.item_categories': z.array(z.number().int()),
    }),
    versions: z.record(SettingNameSchema, z.number().int()),
    /** The categories the owner may count dishes of: the catalogue's, archived ones left out. */
    categories: z.array(z.object({ category_id: z.number().int(), category_name: z.string(), menu_name: z.string() })),
  })
  .meta({ id: 'CapacityView' });
export type CapacityView = z.infer<typeof CapacityViewSchema>;

/**
 * A change: only the settings the form changed, each with the `version` it read
 * (`expected_versions`); a setting changed by someone else since is refused (409 stale_edit with
 * the current CapacityView), the others are not written either.
 */
export const CapacityUpdateSchema = z
  .object({
    values: CapacitySettingsSchema,
    expected_versions: z.partialRecord(SettingNameSchema, ExpectedVersionSchema),
  })
  .superRefine((body, ctx) => {
    for (const name of Object.keys(body.values))
      if (body.expected_versions[name] === undefined)
        ctx.addIssue({ code: 'custom', path: ['expected_versions', name], message: 'Version lue attendue pour chaque réglage modifié.' });
  })
  .meta({ id: 'CapacityUpdate' });
export type CapacityUpdate = z.input<typeof CapacityUpdateSchema>;

/** GET /v2/public/slots: a Paris day, the order type, and the counted dishes of the visitor's cart. */
export const SlotsQuerySchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Date attendue au format AAAA-MM-JJ.' }),
  is_pickup: z.enum(['true', 'false', '1', '0'], { error: 'is_pickup attendu : true ou false.' }).transform((v) => v === 'true' || v === '1'),
  /** The cart's dishes counted by capacity (domain cartLoad); absent: any order. */
  items: z.coerce.number({ error: 'Nombre de plats attendu.' }).int().min(0).max(10_000).optional(),
});

/** The full slots of a day, for one order type (and the visitor's cart when `items` was given). */
export const FullSlotsSchema = z
  .object({
    date: z.string(),
    is_pickup: z.boolean(),
    /** Starts 'HH:MM' of the slots with no place left: shown « complet », not selectable. */
    full: z.array(z.string()),
    /** Today only: the slot « dès que possible » would take is full (ASAP refused). */
    asap_full: z.boolean(),
  })
  .meta({ id: 'FullSlots' });
export type FullSlots = z.infer<typeof FullSlotsSchema>;
