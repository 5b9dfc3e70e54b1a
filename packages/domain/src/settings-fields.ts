import { z } from './zod-fr.ts';
import { formatEuros, formatNumber } from './format.ts';
import { normalizePhone } from './phone.ts';
import { accountDefaults, accountPattern, accountSettingNames } from './books-exports.ts';
import { settingsErrors as e, settingLabels, settingValues as v } from '@resto/copy/staff/settings';

/**
 * The settings the back office edits (docs/decisions/023-back-office.md,
 * "Settings and delivery"): their zod schemas, with a French message per field, spread into the
 * restaurant file's KnownSettingsSchema (restaurant-file.ts), so a file import and a form check a
 * value the same way. Names are the spec's (section 3, Settings) and those the code already reads
 * (`readSetting(…)`): never a second name for an existing setting. Money in euros with 2 decimals,
 * durations in minutes, distances in the `features.delivery.unit` (km or miles).
 */

const flag = z.boolean({ error: e.flag });
const text = (max: number) =>
  z
    .string({ error: e.text(max) })
    .trim()
    .max(max, { error: e.text(max) });
const requiredText = (max: number) => text(max).min(1, { error: e.required });
/** An http(s) link, or '' (not set). */
const link = z
  .string({ error: e.url })
  .trim()
  .max(500, { error: e.text(500) })
  .refine((s) => s === '' || /^https?:\/\/[^\s/]+\.[^\s]+$/.test(s), { error: e.url });
const email = z
  .string({ error: e.email })
  .trim()
  .max(254, { error: e.email })
  .refine((s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), { error: e.email });
const phone = z
  .string({ error: e.phone })
  .trim()
  .max(30, { error: e.phone })
  .refine((s) => s === '' || normalizePhone(s) !== null, { error: e.phone });

/** Euros, 0 to 10,000, 2 decimals at most (a fee, a minimum order, a ceiling), stored rounded to the cent. */
const eurosSetting = z
  .number({ error: e.euros })
  .min(0, { error: e.eurosNegative })
  .max(10_000, { error: e.eurosMax })
  .refine((n) => Number.isInteger(Math.round(n * 100 * 1e6) / 1e6), { error: e.eurosCents })
  // 1 + 0.14 is 1.1400000000000001 in binary: stored as 1.14.
  .transform((n) => Math.round(n * 100) / 100);
/** A delivery fee: euros as eurosSetting, with the fee's own message when negative. */
const feeSetting = z
  .number({ error: e.euros })
  .min(0, { error: e.zoneFee })
  .max(10_000, { error: e.eurosMax })
  .refine((n) => Number.isInteger(Math.round(n * 100 * 1e6) / 1e6), { error: e.eurosCents })
  // 1 + 0.14 is 1.1400000000000001 in binary: stored as 1.14.
  .transform((n) => Math.round(n * 100) / 100);
const minutes = (max: number) =>
  z
    .number({ error: e.minutes })
    .int({ error: e.minutesWhole })
    .min(0, { error: e.minutesRange(max) })
    .max(max, { error: e.minutesRange(max) });
const slotsCount = z.number({ error: e.slotsCount }).int({ error: e.slotsCount }).min(0, { error: e.slotsCount }).max(96, { error: e.slotsCount });
const distance = z.number({ error: e.distance }).min(0, { error: e.distance }).max(100, { error: e.distance });

/**
 * A delivery zone of `features.delivery.zones` (spec section 3; delivery.ts DeliveryZone): a
 * postal code (5 digits) and optionally its city, the fee, the flat charge added under the zone's
 * minimum order (euros).
 */
const DeliveryZoneSchema = z.object({
  name: z
    .string({ error: e.zoneName })
    .trim()
    .min(1, { error: e.zoneName })
    .max(80, { error: e.text(80) }),
  city: text(80).default(''),
  postal_code: z
    .string({ error: e.postalCode })
    .trim()
    .regex(/^\d{5}$/, { error: e.postalCode }),
  delivery_fee: feeSetting,
  flat_charge: eurosSetting.default(0),
  minimum_order: eurosSetting.default(0),
});

const sameCity = (a: string, b: string) => a === '' || b === '' || a.localeCompare(b, 'fr', { sensitivity: 'base' }) === 0;

/** The zone list: 100 zones at most, never the same postal code twice (for the same city, or when either names none). */
const DeliveryZonesSchema = z
  .array(DeliveryZoneSchema)
  .max(100, { error: e.tooManyRows })
  .superRefine((zones, ctx) => {
    zones.forEach((zone, i) => {
      const first = zones.findIndex((other) => other.postal_code === zone.postal_code && sameCity(other.city, zone.city));
      if (first < i) ctx.addIssue({ code: 'custom', path: [i, 'postal_code'], message: e.duplicatePostalCode(zone.postal_code, zones[first]!.name) });
    });
  });

/**
 * A tier of distance-based delivery (`features.delivery.distance_fees`, location.ts
 * DistanceFeeTier): up to `up_to` (the settings' unit) the fee is `fee` euros.
 */
const DistanceFeeTierSchema = z.object({
  up_to: z.number({ error: e.distancePositive }).gt(0, { error: e.distancePositive }).max(100, { error: e.distancePositive }),
  fee: feeSetting,
});

/** The tiers: 20 at most, each distance once (they are used sorted by distance). */
const DistanceFeesSchema = z
  .array(DistanceFeeTierSchema)
  .max(20, { error: e.tooManyRows })
  .superRefine((tiers, ctx) => {
    tiers.forEach((tier, i) => {
      if (tiers.findIndex((other) => other.up_to === tier.up_to) < i)
        ctx.addIssue({ code: 'custom', path: [i, 'up_to'], message: e.duplicateTier(formatNumber(tier.up_to, 1)) });
    });
  });

const scheduling = (prefix: '' | 'pickup_') => ({
  [`scheduling.${prefix}show_range`]: flag.optional(),
  [`scheduling.${prefix}remove_first_range`]: flag.optional(),
  [`scheduling.${prefix}remove_first_range_number`]: slotsCount.optional(),
  [`scheduling.${prefix}remove_last_range`]: flag.optional(),
  [`scheduling.${prefix}remove_last_range_number`]: slotsCount.optional(),
  [`scheduling.${prefix}minimum_time`]: minutes(1440).optional(),
});

/**
 * The schemas of the settings edited from the back office (all optional: a file may leave them
 * out, the readers then use their defaults). `orders.*`, `payments.meal_voucher.*` and
 * `privacy.*` are in KnownSettingsSchema itself (docs/decisions/012 and 022).
 */
export const backOfficeSettingsShape = {
  'payments.cod.active': flag.optional(),
  'payments.stripe.active': flag.optional(),
  'contacts.name': requiredText(80).optional(),
  'contacts.address': text(200).optional(),
  'contacts.phone': phone.optional(),
  'contacts.email': email.optional(),
  'contacts.latitude': z.number({ error: e.latitude }).min(-90, { error: e.latitude }).max(90, { error: e.latitude }).optional(),
  'contacts.longitude': z.number({ error: e.longitude }).min(-180, { error: e.longitude }).max(180, { error: e.longitude }).optional(),
  'contacts.facebook': link.optional(),
  'contacts.instagram': link.optional(),
  'contacts.twitter': link.optional(),
  'contacts.tiktok': link.optional(),
  'contacts.youtube': link.optional(),
  'contacts.linkedin': link.optional(),
  'contacts.pinterest': link.optional(),
  'contacts.google_map': link.optional(),
  'legal.company_name': text(200).optional(),
  'legal.legal_form': text(200).optional(),
  'legal.registration': text(200).optional(),
  'legal.siret': text(60).optional(),
  'legal.vat_number': text(60).optional(),
  'legal.publication_director': text(200).optional(),
  'legal.host': text(400).optional(),
  'legal.mediator': text(400).optional(),
  'tax.enabled': flag.optional(),
  'tax.inclusive': flag.optional(),
  'tax.default_rate': z
    .number({ error: e.rate })
    .min(0, { error: e.rate })
    .max(100, { error: e.rate })
    .refine((n) => Number.isInteger(Math.round(n * 100 * 1e6) / 1e6), { error: e.rate })
    .optional(),
  ...scheduling(''),
  ...scheduling('pickup_'),
  'features.delivery.active': flag.optional(),
  'features.delivery.calculation_type': z.enum(['zone_based', 'distance'], { error: e.calculationType }).optional(),
  'features.delivery.max_distance': distance.optional(),
  'features.delivery.unit': z.enum(['km', 'miles'], { error: e.unit }).optional(),
  'features.delivery.minimum_order': eurosSetting.optional(),
  'features.delivery.flat_charge': eurosSetting.optional(),
  'features.delivery.zones': DeliveryZonesSchema.optional(),
  'features.delivery.distance_fees': DistanceFeesSchema.optional(),
  /** docs/decisions/031: the fiscal year's first month (1 = January … 12) and the day's closure e-mailed to the owners. */
  'books.fiscal_year_first_month': z.number({ error: e.month }).int({ error: e.month }).min(1, { error: e.month }).max(12, { error: e.month }).optional(),
  'books.closure_email': flag.optional(),
  /** docs/decisions/032: the FEC's account numbers (books.accounts.sales_10, …; defaults accountDefaults). */
  ...accountSettings(),
} as const;

function accountSettings(): Record<string, z.ZodOptional<z.ZodString>> {
  const account = z.string({ error: e.account }).trim().regex(accountPattern, { error: e.account });
  return Object.fromEntries(accountSettingNames.map((name) => [name, account.optional()]));
}

/** How a setting's value reads in the audit log. */
type SettingKind = 'flag' | 'coordinate' | 'euros' | 'minutes' | 'months' | 'month' | 'percent' | 'distance' | 'count' | 'choice' | 'zones' | 'tiers' | 'text';

function kindOf(name: string): SettingKind {
  if (name === 'features.delivery.zones') return 'zones';
  if (name === 'features.delivery.distance_fees') return 'tiers';
  if (name === 'books.fiscal_year_first_month') return 'month';
  if (
    /\.(active|enabled|inclusive|show_range|remove_(first|last)_range|email_only|auto_print|closure_email)$/.test(name) ||
    /_show_range$|_remove_(first|last)_range$/.test(name)
  )
    return 'flag';
  if (/(daily_limit|minimum_order|flat_charge)$/.test(name)) return 'euros';
  if (/(minimum_time|_minutes)$/.test(name)) return 'minutes';
  if (name.endsWith('_months')) return 'months';
  if (name === 'tax.default_rate') return 'percent';
  if (name === 'features.delivery.max_distance') return 'distance';
  if (name.endsWith('_number')) return 'count';
  if (name === 'contacts.latitude' || name === 'contacts.longitude') return 'coordinate';
  if (name === 'features.delivery.calculation_type' || name === 'features.delivery.unit') return 'choice';
  return 'text';
}

function formatValue(kind: SettingKind, value: unknown): string {
  if (value === undefined || value === null) return v.unset;
  switch (kind) {
    case 'flag':
      return value === true ? v.yes : v.no;
    case 'euros':
      return typeof value === 'number' ? formatEuros(value) : String(value);
    case 'minutes':
      return typeof value === 'number' ? v.minutes(formatNumber(value)) : String(value);
    case 'months':
      return typeof value === 'number' ? v.months(formatNumber(value)) : String(value);
    case 'month':
      return typeof value === 'number' && v.monthNames[value - 1] !== undefined ? v.monthNames[value - 1]! : String(value);
    case 'percent':
      return typeof value === 'number' ? v.percent(formatNumber(value)) : String(value);
    case 'coordinate':
      return typeof value === 'number' ? formatNumber(value, 6) : String(value);
    case 'distance':
    case 'count':
      return typeof value === 'number' ? formatNumber(value) : String(value);
    case 'choice':
      return value === 'zone_based' || value === 'distance' || value === 'km' || value === 'miles' ? v[value] : String(value);
    case 'zones':
      return v.zones(Array.isArray(value) ? value.length : 0);
    case 'tiers':
      return Array.isArray(value) && value.length
        ? value.map((t: { up_to?: unknown; fee?: unknown }) => v.tierLine(formatValue('distance', t.up_to), formatValue('euros', t.fee))).join(', ')
        : v.tiers(0);
    default:
      return typeof value === 'string'
        ? value.trim() === ''
          ? v.empty
          : `« ${value.length > 60 ? `${value.slice(0, 59)}…` : value} »`
        : JSON.stringify(value);
  }
}

type ZoneLike = Partial<Record<'name' | 'city' | 'postal_code' | 'delivery_fee' | 'flat_charge' | 'minimum_order', unknown>>;
const zoneKey = (zone: ZoneLike) => `${String(zone.postal_code ?? '')} ${String(zone.city ?? '')}`.trim();

/** What changed in a zone list: zones added, removed (by postal code and city) and changed fields. */
function describeZones(before: unknown, after: unknown): string {
  const list = (value: unknown): ZoneLike[] => (Array.isArray(value) ? (value as ZoneLike[]) : []);
  const old = list(before);
  const next = list(after);
  const parts: string[] = [];
  for (const zone of next) {
    const previous = old.find((o) => zoneKey(o) === zoneKey(zone));
    if (!previous) {
      parts.push(v.zoneAdded(zoneKey(zone)));
      continue;
    }
    const fields = (['name', 'delivery_fee', 'flat_charge', 'minimum_order'] as const)
      .filter((field) => previous[field] !== zone[field])
      .map((field) => {
        const kind: SettingKind = field === 'name' ? 'text' : 'euros';
        const label = { name: 'nom', delivery_fee: 'frais', flat_charge: 'supplément', minimum_order: 'minimum' }[field];
        return `${label} ${formatValue(kind, previous[field])} → ${formatValue(kind, zone[field])}`;
      });
    if (fields.length) parts.push(v.zoneChanged(zoneKey(zone), fields.join(', ')));
  }
  for (const zone of old) if (!next.some((n) => zoneKey(n) === zoneKey(zone))) parts.push(v.zoneRemoved(zoneKey(zone)));
  return parts.length ? parts.join(' ; ') : `${v.zones(old.length)} → ${v.zones(next.length)}`;
}

/** A setting's value as a person reads it: '20,00 €', 'oui', '30 min', '4 zones'… (forms' "current value", audit log). */
export function formatSettingValue(name: string, value: unknown): string {
  return formatValue(kindOf(name), value);
}

/**
 * What the storefront assumes when a setting is not stored (the fallbacks of the readers:
 * readTaxSettings, readSchedulingSettings, readOrderHandlingSettings, readDeliverySettings,
 * readPaymentMethods, readMealVoucherSettings): the value a form shows for it. Texts default to ''.
 */
export const settingFallbacks: Readonly<Record<string, unknown>> = {
  'payments.cod.active': false,
  'payments.stripe.active': false,
  'payments.meal_voucher.active': false,
  'payments.meal_voucher.daily_limit': 25,
  'privacy.guest_data_retention_months': 36,
  'tax.enabled': true,
  'tax.inclusive': true,
  'tax.default_rate': 10,
  'scheduling.show_range': true,
  'scheduling.pickup_show_range': true,
  'scheduling.remove_first_range': false,
  'scheduling.pickup_remove_first_range': false,
  'scheduling.remove_last_range': false,
  'scheduling.pickup_remove_last_range': false,
  'scheduling.remove_first_range_number': 0,
  'scheduling.pickup_remove_first_range_number': 0,
  'scheduling.remove_last_range_number': 0,
  'scheduling.pickup_remove_last_range_number': 0,
  'scheduling.minimum_time': 0,
  'scheduling.pickup_minimum_time': 0,
  'orders.email_only': false,
  'orders.unseen_alert_minutes': 2,
  'orders.auto_reject_minutes': 10,
  'orders.auto_print': false,
  'features.delivery.active': false,
  'features.delivery.calculation_type': 'zone_based',
  'features.delivery.max_distance': 0,
  'features.delivery.unit': 'km',
  'features.delivery.minimum_order': 0,
  'features.delivery.flat_charge': 0,
  'features.delivery.zones': [],
  'features.delivery.distance_fees': [],
  'books.fiscal_year_first_month': 1,
  'books.closure_email': false,
  ...accountDefaults,
};

/** A setting's label (its name when the catalogue has none). */
export function settingLabel(name: string): string {
  return settingLabels[name] ?? name;
}

/**
 * The audit log's sentence of one setting's change, e.g. « Commande minimum en livraison :
 * 15,00 € → 20,00 € »; a zone list names the zones added, removed and changed.
 * `before` undefined: the setting did not exist.
 */
export function describeSettingChange(name: string, before: unknown, after: unknown): string {
  const kind = kindOf(name);
  if (kind === 'zones') return `${settingLabel(name)} : ${describeZones(before, after)}`;
  return `${settingLabel(name)} : ${formatValue(kind, before)} → ${formatValue(kind, after)}`;
}

/**
 * Settings computed by the server, answered by GET /v2/public/settings but never stored nor
 * edited: `orders.screen_connected` (docs/decisions/022) and anything under `ordering.` or `calendar.`
 * (pause, busy mode and exceptions have their own calls).
 */
export function isComputedSetting(name: string): boolean {
  return name === 'orders.screen_connected' || name.startsWith('ordering.') || name.startsWith('calendar.');
}

/** A refused field: `path` is the setting's name, then the path inside its value ('features.delivery.zones.1.postal_code'). */
export interface SettingIssue {
  path: string;
  message: string;
}

/**
 * Checks a batch of setting changes against `shape` (the restaurant file's KnownSettingsSchema
 * shape): every unknown name, computed setting, duplicate, missing value and refused value is
 * reported (all at once, so a form shows every field's message). Returns the parsed values
 * (trimmed strings, defaults filled) when there is no issue.
 */
export function checkSettingChanges(
  shape: Readonly<Record<string, z.ZodType>>,
  changes: readonly { name: string; value: unknown }[],
): { ok: true; values: { name: string; value: unknown }[] } | { ok: false; issues: SettingIssue[] } {
  const issues: SettingIssue[] = [];
  const values: { name: string; value: unknown }[] = [];
  const seen = new Set<string>();
  for (const { name, value } of changes) {
    const schema = Object.hasOwn(shape, name) ? shape[name] : undefined;
    if (isComputedSetting(name)) issues.push({ path: name, message: e.readOnly(name) });
    else if (!schema) issues.push({ path: name, message: e.unknown(name) });
    else if (seen.has(name)) issues.push({ path: name, message: e.duplicate(name) });
    else if (value === undefined || value === null) issues.push({ path: name, message: e.missingValue });
    else {
      const parsed = schema.safeParse(value);
      if (parsed.success) values.push({ name, value: parsed.data });
      else for (const issue of parsed.error.issues) issues.push({ path: [name, ...issue.path.map(String)].join('.'), message: issue.message });
    }
    seen.add(name);
  }
  return issues.length ? { ok: false, issues } : { ok: true, values };
}

/** Deep equality of two JSON values (object keys in any order): an unchanged setting is not written. */
export function sameSettingValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameSettingValue(x, b[i]));
  }
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => sameSettingValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return false;
}
