import { z } from '@resto/domain/zod-fr';
import { AuditEntrySchema } from './backoffice.ts';

/**
 * The audit log, the export and the import of the back office
 * (docs/decisions/023-back-office.md): GET /v2/restaurant/audit, GET /v2/restaurant/export,
 * POST /v2/restaurant/import/preview and POST /v2/restaurant/import.
 */

/** The log's filter values (audit_log.entity). */
export const auditEntities = ['menu', 'category', 'item', 'offer', 'settings', 'exception', 'ordering', 'restaurant'] as const;

/** GET /v2/restaurant/audit?before_id=&entity= : a page of 50, newest first. */
export const AuditQuerySchema = z.object({
  /** Entries older than this one (the previous page's `next_before_id`). */
  before_id: z.coerce.number().int().positive().optional(),
  /** Only this kind of entry ('item', 'offer'…; see auditEntities; others give an empty page). */
  entity: z.string().min(1).max(40).optional(),
});

export const AuditPageSchema = z
  .object({
    entries: z.array(AuditEntrySchema),
    /** Pass as `before_id` for the next page; null when this page is the last. */
    next_before_id: z.number().nullable(),
  })
  .meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof AuditPageSchema>;

/** The restaurant file as a request body: checked by RestaurantFileSchema (errors by path, restaurant_file_invalid). */
export const RestaurantFileBodySchema = z
  .record(z.string(), z.unknown())
  .meta({ id: 'RestaurantFile', description: 'Le fichier du restaurant (JSON de npm run restaurant:import).' });

/** POST /v2/restaurant/import?expected_catalog_version= */
export const ImportQuerySchema = z.object({
  /** The catalogue version the preview was made on (ImportPreview.catalog_version). */
  expected_catalog_version: z.coerce.number({ error: 'Version du catalogue attendue (celle de l’aperçu).' }).int().min(0),
});

const FieldChangeSchema = z.object({ field: z.string(), label: z.string(), before: z.string(), after: z.string() });
const EntityChangeSchema = z.object({
  kind: z.enum(['menu', 'category', 'item', 'offer', 'exception']),
  change: z.enum(['added', 'removed', 'changed']),
  id: z.string(),
  name: z.string(),
  fields: z.array(FieldChangeSchema),
});
const SettingChangeSchema = z.object({ name: z.string(), before: z.string().nullable(), after: z.string().nullable() });

/** What an import would change (packages/domain/src/restaurant-diff.ts). */
export const ImportPreviewSchema = z
  .object({
    /** The catalogue version compared with: send it back as expected_catalog_version. */
    catalog_version: z.number().int(),
    changes: z.array(EntityChangeSchema),
    settings: z.array(SettingChangeSchema),
    prices_changed: z.number().int(),
    /** « 3 plats ajoutés, 2 prix changés » (« aucun changement »). */
    summary: z.string(),
  })
  .meta({ id: 'ImportPreview' });
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

/** The answer of an import: the new catalogue version and the audit sentence. */
export const ImportResultSchema = z
  .object({ catalog_version: z.number().int(), summary: z.string(), menus: z.number().int(), items: z.number().int(), offers: z.number().int() })
  .meta({ id: 'ImportResult' });
export type ImportResult = z.infer<typeof ImportResultSchema>;
