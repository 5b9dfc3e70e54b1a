import { defaultTaxSettings, type TaxSettings } from './cart.ts';
import { percentToBasisPoints } from './money.ts';

/** A settings list as GET /v2/public/settings answers it (spec section 3, Settings). */
export type SettingsList = readonly { name: string; value: unknown }[];

/** Reads one setting by name; the fallback when it is missing or of another type than the fallback. */
export function readSetting<T>(settings: SettingsList, name: string, fallback: T): T {
  const value = settings.find((s) => s.name === name)?.value;
  return value === undefined || value === null || typeof value !== typeof fallback ? fallback : (value as T);
}

/** The cart's tax settings from `tax.enabled`, `tax.inclusive` and `tax.default_rate` (percent); spec defaults otherwise. */
export function readTaxSettings(settings: SettingsList): TaxSettings {
  return {
    enabled: readSetting(settings, 'tax.enabled', defaultTaxSettings.enabled),
    inclusive: readSetting(settings, 'tax.inclusive', defaultTaxSettings.inclusive),
    defaultRateBp: percentToBasisPoints(readSetting(settings, 'tax.default_rate', defaultTaxSettings.defaultRateBp / 100)),
  };
}
