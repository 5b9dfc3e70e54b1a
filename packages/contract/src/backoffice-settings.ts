import { z } from '@resto/domain/zod-fr';
import { ExpectedVersionSchema } from './backoffice.ts';

/**
 * The back office's settings calls (docs/decisions/023-back-office.md):
 * GET /v2/restaurant/settings and PATCH /v2/restaurant/settings, owner only. Values are checked
 * one by one with the restaurant file's KnownSettingsSchema (packages/domain/src/settings-fields.ts).
 */

/** A stored setting with the catalogue version of its last change. */
const VersionedSettingSchema = z
  .object({ name: z.string(), value: z.unknown(), version: z.number().int() })
  .meta({ id: 'VersionedSetting' });
export type VersionedSetting = z.infer<typeof VersionedSettingSchema>;

/** Every stored setting (computed ones such as `orders.screen_connected` are not stored). */
export const VersionedSettingsSchema = z.array(VersionedSettingSchema);

/** One change: the setting's name, its new value, and the `version` the form read (0: the setting did not exist). */
const SettingChangeSchema = z.object({
  name: z.string().min(1).max(100),
  value: z.unknown(),
  expected_version: ExpectedVersionSchema,
});
export type SettingChange = z.infer<typeof SettingChangeSchema>;

/**
 * PATCH /v2/restaurant/settings: all or nothing. An unknown or computed name, or a refused value,
 * is a 400 with every field's error (`path` = the setting's name, then the path inside its value);
 * a setting changed since the form read it is a 409 stale_edit whose `payload.current` lists the
 * stale settings as they are now. A value equal to the stored one is left as is (no audit entry).
 */
export const SettingsPatchSchema = z.object({ changes: z.array(SettingChangeSchema).min(1).max(100) });

/** PATCH's answer: the names actually changed, and every stored setting after the change. */
export const SettingsPatchAnswerSchema = z.object({ changed: z.array(z.string()), settings: VersionedSettingsSchema });
export type SettingsPatchAnswer = z.infer<typeof SettingsPatchAnswerSchema>;
