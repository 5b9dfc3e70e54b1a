import { z } from '@resto/domain/zod-fr';
import { InstantSchema } from './common.ts';

/**
 * What every back-office call shares (docs/decisions/023-back-office.md). Each page's
 * own requests and answers live in backoffice-<page>.ts beside this file.
 */

/**
 * The version a form was based on: the `version` the API returned with the row. A change sent
 * with another one than the row's is refused with 409 stale_edit (StaleEditPayloadSchema).
 */
export const ExpectedVersionSchema = z.number().int().min(0);

/** The `payload` of a 409 stale_edit: the row's current values as the API shows them, null when deleted meanwhile. */
export const StaleEditPayloadSchema = z.object({ current: z.unknown() });

/** One line of the audit log (GET /v2/restaurant/audit). */
export const AuditEntrySchema = z
  .object({
    id: z.number(),
    at: InstantSchema,
    staff_name: z.string(),
    entity: z.string(),
    entity_id: z.string().nullable(),
    action: z.string(),
    summary: z.string(),
    before: z.unknown(),
    after: z.unknown(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntryView = z.infer<typeof AuditEntrySchema>;
