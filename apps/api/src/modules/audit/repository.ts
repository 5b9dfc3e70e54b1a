import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

/**
 * The SQL of the audit log's reading (docs/decisions/023-back-office.md): table `audit_log`,
 * written by `catalogEdit` (edits.ts) in each change's transaction, never changed.
 */

export type AuditRow = typeof auditLog.$inferSelect;

/** Which entries a page holds: those older than `beforeId`, of one `entity` only. */
export interface AuditFilter {
  beforeId?: number | undefined;
  entity?: string | undefined;
}

/** Up to `limit` entries matching `filter`, newest (highest id) first. */
export function readAuditEntries(db: Database, filter: AuditFilter, limit: number): Promise<AuditRow[]> {
  const where: SQL[] = [];
  if (filter.beforeId) where.push(lt(auditLog.id, filter.beforeId));
  if (filter.entity) where.push(eq(auditLog.entity, filter.entity));
  return db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit);
}
