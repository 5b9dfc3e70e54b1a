import type { SettingChange, SettingsPatchAnswer, VersionedSetting } from '@resto/contract/backoffice-settings';
import { KnownSettingsSchema } from '@resto/domain/restaurant-file';
import { checkSettingChanges, describeSettingChange, sameSettingValue } from '@resto/domain/settings-fields';
import { settingsErrors } from '@resto/copy/staff/settings';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { catalogEdit, type AuditEntry, type EditAuthor } from '../audit/index.ts';
import { readAll, readByNames, writeSetting } from './repository.ts';

/**
 * The settings of the back office (docs/decisions/023-back-office.md,
 * "Settings and delivery"): read with their versions, changed all or nothing.
 * routes.ts → service.ts → repository.ts.
 */

/** Every stored setting with its version, by name. */
export function listSettings(db: Database): Promise<VersionedSetting[]> {
  return readAll(db);
}

/**
 * Applies `changes` in one catalogue edit. Each value is checked with the restaurant file's
 * KnownSettingsSchema (unknown and computed names refused); a setting whose stored version is not
 * the `expected_version` sent (0 for one that does not exist) makes the whole change a 409
 * stale_edit with `payload.current` = those settings now. A value equal to the stored one is
 * skipped. One audit entry per changed setting (« Commande minimum en livraison : 15,00 € → 20,00 € »).
 * @throws ApiError invalid_request (400, every field's error), stale_edit (409)
 */
export async function changeSettings(db: Database, author: EditAuthor, changes: readonly SettingChange[]): Promise<SettingsPatchAnswer> {
  const checked = checkSettingChanges(KnownSettingsSchema.shape, changes);
  if (!checked.ok) throw new ApiError('invalid_request', `${settingsErrors.invalid} ${checked.issues[0]!.message}`, checked.issues);
  return catalogEdit(db, author, async (tx, version) => {
    const names = checked.values.map((c) => c.name);
    const rows = await readByNames(tx, names);
    const stale: VersionedSetting[] = [];
    const writes: { name: string; value: unknown; before: unknown }[] = [];
    checked.values.forEach(({ name, value }, i) => {
      const row = rows.get(name);
      if (row && sameSettingValue(row.value, value)) return;
      if ((row?.version ?? 0) !== changes[i]!.expected_version) stale.push({ name, value: row?.value ?? null, version: row?.version ?? 0 });
      else writes.push({ name, value, before: row?.value });
    });
    if (stale.length) throw new ApiError('stale_edit', settingsErrors.stale, [], { current: stale });
    for (const { name, value } of writes) await writeSetting(tx, name, value, version);
    const audit: AuditEntry[] = writes.map(({ name, value, before }) => ({
      entity: 'settings',
      entityId: name,
      action: before === undefined ? 'create' : 'update',
      summary: describeSettingChange(name, before, value),
      before: before ?? null,
      after: value,
    }));
    return { result: { changed: writes.map((w) => w.name), settings: await readAll(tx) }, audit };
  });
}
