import type { AuditPage, ImportPreview, ImportResult } from '@resto/contract/backoffice-audit';
import { diffRestaurantFiles, importSummary, type RestaurantDiff } from '@resto/domain/restaurant-diff';
import { RestaurantFileSchema, type RestaurantFile } from '@resto/domain/restaurant-file';
import { importAnswers } from '@resto/copy/staff/audit';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { replaceCatalog } from '../catalog/index.ts';
import { catalogEdit, type EditAuthor } from './edits.ts';
import * as repository from './repository.ts';
import { exportRestaurant, exportWithVersion } from './restaurant-export.ts';

/**
 * The audit log, export and import of the back office (docs/decisions/023-back-office.md):
 * routes.ts → service.ts → repository.ts (the log) and restaurant-export.ts (the file, from the
 * catalogue's rows). The import goes through `catalogEdit`: one transaction, stale check on the
 * catalogue version, its audit entry, the storefront rebuilt at once.
 */

/** Entries per page of the log. */
const auditPageSize = 50;

/** GET /v2/restaurant/audit: a page of 50 entries matching `filter`, newest first, and the `before_id` of the next page (null: the last). */
export async function readAuditPage(db: Database, filter: repository.AuditFilter): Promise<AuditPage> {
  const rows = await repository.readAuditEntries(db, filter, auditPageSize + 1);
  const page = rows.slice(0, auditPageSize);
  return {
    entries: page.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      staff_name: row.staffName,
      entity: row.entity,
      entity_id: row.entityId,
      action: row.action,
      summary: row.summary,
      before: row.before,
      after: row.after,
    })),
    next_before_id: rows.length > auditPageSize ? page.at(-1)!.id : null,
  };
}

/** A body as a restaurant file. @throws ApiError restaurant_file_invalid with every error by path ('(racine)' for the whole body). */
export function parseRestaurantFile(value: unknown): RestaurantFile {
  const parsed = RestaurantFileSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.') || '(racine)', message: issue.message }));
  throw new ApiError('restaurant_file_invalid', importAnswers.fileInvalid(errors.length), errors);
}

/** GET /v2/restaurant/export: the restaurant file built from the database (restaurant-export.ts). */
export function readRestaurantFile(db: Database): Promise<RestaurantFile> {
  return exportRestaurant(db);
}

const previewOf = (version: number, diff: RestaurantDiff): ImportPreview => ({
  catalog_version: version,
  changes: diff.changes,
  settings: diff.settings,
  prices_changed: diff.pricesChanged,
  summary: diff.summary,
});

/** POST /v2/restaurant/import/preview: what importing `file` would change, against the catalogue now, and that catalogue's version. */
export async function previewImport(db: Database, file: RestaurantFile): Promise<ImportPreview> {
  const current = await exportWithVersion(db);
  return previewOf(current.version, diffRestaurantFiles(current.file, file));
}

/**
 * POST /v2/restaurant/import: replaces the catalogue, offers, exceptional days and settings by
 * `file`'s in one catalogEdit, with one audit entry (counts before and after, the changes).
 * @param expected the catalogue version the preview was made on
 * @throws ApiError stale_edit (409, `payload.current.catalog_version`) when another change came since; nothing written.
 */
export async function importRestaurant(db: Database, author: EditAuthor, expected: number, file: RestaurantFile): Promise<ImportResult> {
  return catalogEdit(db, author, async (tx, version) => {
    // catalogEdit took version = the current one + 1 (locked until commit): anything in between is another change.
    if (version - 1 !== expected) throw new ApiError('stale_edit', importAnswers.stale, [], { current: { catalog_version: version - 1 } });
    const before = await exportRestaurant(tx);
    const diff = diffRestaurantFiles(before, file);
    const items = await replaceCatalog(tx, file, version);
    const summary = importSummary(diff);
    const counts = (f: RestaurantFile) => ({
      menus: f.menus.length,
      categories: f.menus.flatMap((m) => m.categories).length,
      items: f.menus.flatMap((m) => m.categories.flatMap((k) => k.items)).length,
      offers: f.offers.length + f.coupons.length,
    });
    return {
      result: { catalog_version: version, summary, menus: file.menus.length, items, offers: file.offers.length + file.coupons.length },
      audit: [
        {
          entity: 'restaurant',
          entityId: null,
          action: 'import',
          summary,
          before: counts(before),
          after: { ...counts(file), changes: diff.changes, settings: diff.settings },
        },
      ],
    };
  });
}
