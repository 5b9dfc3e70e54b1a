import { sql } from 'drizzle-orm';
import { isFiscalChange } from '@resto/domain/books';
import type { Database, Transaction } from '../../db/client.ts';
import { auditLog, catalogVersion } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import type { BooksService } from '../books/index.ts';
import { catalogChanged, catalogChangedChannel } from '../catalog/index.ts';

/**
 * How every back-office change is written (docs/decisions/023-back-office.md):
 * one transaction that
 * 1. takes the next catalogue version (`catalog_version`, locked until commit: changes are
 *    serialised, and every API instance sees the new version within its 1 s check);
 * 2. checks that each row the form was based on still has the version the form read
 *    (`assertFresh`: otherwise 409 stale_edit with the current values, nothing written);
 * 3. writes the rows with `version` set to the new catalogue version;
 * 4. appends the audit entries (who, when, before, after);
 * and, after commit, tells this process's catalogue to rebuild at once, and the other instances
 * through a `catalog_changed` NOTIFY (sent in the transaction, delivered at commit).
 */

/** Who makes a change: a staff member (their name is copied into the log). */
export interface EditAuthor {
  staffId: number;
  name: string;
  /** The books, when the change may be fiscal (`isFiscalChange`): each fiscal entry of its audit is also a technical entry of the journal, in the same transaction (docs/decisions/031). */
  books?: BooksService;
}

/** One line of the audit log. `before`/`after`: the row's values as the API shows them (null on create/delete). */
export interface AuditEntry {
  /** 'menu' | 'category' | 'item' | 'offer' | 'settings' | 'exception' | 'ordering' | 'restaurant' | … */
  entity: string;
  entityId: string | number | null;
  /** 'create' | 'update' | 'delete' | 'archive' | 'sold_out' | 'available' | 'pause' | 'resume' | 'busy' | 'import' | … */
  action: string;
  /** A French sentence for the log's list (« Prix de Pizza Margherita : 11,50 € → 12,00 € »). */
  summary: string;
  before: unknown;
  after: unknown;
}

/** The transaction a change runs in (`Transaction` of db/client.ts: a `Database` too, so every repository function takes it). */
export type EditTx = Transaction;

/** What a change returns: its answer, and the audit entries to write with it (at least one). */
export interface EditOutcome<T> {
  result: T;
  audit: AuditEntry[];
}

/**
 * Runs a back-office change (see the module's comment). `change` receives the transaction and the
 * new catalogue version (write it into every row it changes). Errors thrown by `change` roll
 * everything back, the version included. @returns change's result.
 */
export async function catalogEdit<T>(db: Database, author: EditAuthor, change: (tx: EditTx, version: number) => Promise<EditOutcome<T>>): Promise<T> {
  // Loaded before the transaction (BooksService.signer: PGlite would wait on its own transaction).
  const signer = await author.books?.signer();
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(catalogVersion)
      .values({ id: 1, version: 1 })
      .onConflictDoUpdate({ target: catalogVersion.id, set: { version: sql`${catalogVersion.version} + 1`, updatedAt: sql`now()` } })
      .returning({ version: catalogVersion.version });
    const outcome = await change(tx, row!.version);
    if (outcome.audit.length)
      await tx.insert(auditLog).values(
        outcome.audit.map((entry) => ({
          staffId: author.staffId,
          staffName: author.name,
          entity: entry.entity,
          entityId: entry.entityId === null ? null : String(entry.entityId),
          action: entry.action,
          summary: entry.summary,
          before: entry.before ?? null,
          after: entry.after ?? null,
        })),
      );
    const fiscal = outcome.audit.filter(isFiscalChange);
    if (author.books && signer)
      for (const entry of fiscal)
        await author.books.append(tx, signer, {
          chain: 'live',
          operator: { staff_id: author.staffId, name: author.name },
          body: {
            kind: 'technical',
            technical: {
              event: 'fiscal_settings',
              detail: {
                entity: entry.entity,
                entity_id: entry.entityId,
                action: entry.action,
                summary: entry.summary,
                before: JSON.stringify(entry.before ?? null),
                after: JSON.stringify(entry.after ?? null),
              },
            },
          },
        });
    // Delivered at commit to every instance LISTENing (CatalogService.listen): they rebuild at once, not at their next 1 s check.
    await tx.execute(sql`select pg_notify(${catalogChangedChannel}, ${String(row!.version)})`);
    return outcome.result;
  });
  catalogChanged.dispatchEvent(new Event('change'));
  return result;
}

/**
 * Refuses an edit based on a version that is no longer the row's: 409 stale_edit, `payload` the
 * current values (`current`, as the API shows the row; null when the row was deleted meanwhile).
 * @param rowVersion the row's `version` read in the transaction (undefined: the row is gone)
 * @param expectedVersion the `expected_version` the form sent
 */
export function assertFresh(rowVersion: number | undefined, expectedVersion: number, current: unknown, message: string): void {
  if (rowVersion === expectedVersion) return;
  throw new ApiError('stale_edit', message, [], { current: rowVersion === undefined ? null : current });
}
