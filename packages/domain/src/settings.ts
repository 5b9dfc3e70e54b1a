import { defaultTaxSettings, type TaxSettings } from './cart.ts';
import { percentToBasisPoints } from './money.ts';

/** A settings list as GET /v2/public/settings answers it (spec section 3, Settings). */
export type SettingsList = readonly { name: string; value: unknown }[];

/** Reads one setting by name; the fallback when it is missing or of another type than the fallback. */
export function readSetting<T>(settings: SettingsList, name: string, fallback: T): T {
  return valueOr(settings.find((s) => s.name === name)?.value, fallback);
}

/** A setting's value, or the fallback when it is missing (undefined, null) or of another type than the fallback. */
function valueOr<T>(value: unknown, fallback: T): T {
  return value === undefined || value === null || typeof value !== typeof fallback ? fallback : (value as T);
}

/** The cart's tax settings from `tax.enabled`, `tax.inclusive` and `tax.default_rate` (percent); spec defaults otherwise. */
export function readTaxSettings(settings: SettingsList): TaxSettings {
  // One pass over the list rather than one readSetting each: every cart priced reads them
  // (docs/decisions/028). The first entry of a name counts, as with readSetting.
  let enabled: unknown, inclusive: unknown, defaultRate: unknown;
  let seenEnabled = false, seenInclusive = false, seenDefaultRate = false;
  for (const setting of settings) {
    if (setting.name === 'tax.enabled' && !seenEnabled) [enabled, seenEnabled] = [setting.value, true];
    else if (setting.name === 'tax.inclusive' && !seenInclusive) [inclusive, seenInclusive] = [setting.value, true];
    else if (setting.name === 'tax.default_rate' && !seenDefaultRate) [defaultRate, seenDefaultRate] = [setting.value, true];
  }
  return {
    enabled: valueOr(enabled, defaultTaxSettings.enabled),
    inclusive: valueOr(inclusive, defaultTaxSettings.inclusive),
    defaultRateBp: percentToBasisPoints(valueOr(defaultRate, defaultTaxSettings.defaultRateBp / 100)),
  };
}

/**
 * How the restaurant handles orders (docs/decisions/022-nothing-unseen.md):
 * - `unseenAlertMinutes` (`orders.unseen_alert_minutes`, default 2): an order awaiting acceptance
 *   that no staff screen opened after this many minutes is announced by e-mail and Web Push;
 * - `autoRejectMinutes` (`orders.auto_reject_minutes`, default 10): one still not accepted after
 *   this many minutes is refused automatically (and refunded when paid);
 * - `autoPrint` (`orders.auto_print`, default false): the board prints the kitchen ticket on accept;
 * - `emailOnly` (`orders.email_only`, default false): the restaurant handles orders from its
 *   e-mails, not on a board: no alert, no automatic refusal, and ASAP stays offered without a screen.
 * Minutes are whole, at least 1; the refusal never comes before the alert.
 */
export interface OrderHandlingSettings {
  unseenAlertMinutes: number;
  autoRejectMinutes: number;
  autoPrint: boolean;
  emailOnly: boolean;
}

/** Reads the `orders.*` settings with their defaults (see OrderHandlingSettings). */
export function readOrderHandlingSettings(settings: SettingsList): OrderHandlingSettings {
  const minutes = (name: string, fallback: number) => Math.max(1, Math.trunc(readSetting(settings, name, fallback)) || fallback);
  const unseenAlertMinutes = minutes('orders.unseen_alert_minutes', 2);
  return {
    unseenAlertMinutes,
    autoRejectMinutes: Math.max(unseenAlertMinutes, minutes('orders.auto_reject_minutes', 10)),
    autoPrint: readSetting(settings, 'orders.auto_print', false),
    emailOnly: readSetting(settings, 'orders.email_only', false),
  };
}
