import { readSetting, type SettingsList } from './settings.ts';

/**
 * Personal data kept about customers (docs/decisions/012; RGPD articles 5-1-e and 15;
 * docs/decisions/012-personal-data-and-meal-vouchers.md). Pure.
 */

/** How long a guest order keeps its customer's name, e-mail, phone and address: 3 years (36 months). */
const defaultGuestRetentionMonths = 36;

/** `privacy.guest_data_retention_months` (whole months, 1 to 120), the default 36 otherwise. */
export function readGuestRetentionMonths(settings: SettingsList): number {
  const months = readSetting(settings, 'privacy.guest_data_retention_months', defaultGuestRetentionMonths);
  return Number.isInteger(months) && months >= 1 && months <= 120 ? months : defaultGuestRetentionMonths;
}

/**
 * The instant before which a guest order's personal data is anonymised: `now` minus `months`
 * calendar months (UTC), the day clamped to the target month's last day (31 March − 1 month =
 * 28 or 29 February).
 */
export function retentionCutoff(now: Date, months: number): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(year, month, Math.min(now.getUTCDate(), lastDay), now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds(), now.getUTCMilliseconds()),
  );
}

/** "3 ans", "18 mois", "1 an": a retention period as the privacy policy writes it. */
export function describeRetention(months: number): string {
  if (months % 12 === 0) return months === 12 ? '1 an' : `${months / 12} ans`;
  return `${months} mois`;
}

/** What an anonymised order shows in place of its guest's name (the e-mail and phone become empty). */
export const anonymisedCustomer = { first_name: 'Client', last_name: 'anonymisé', email: '', phone: '' } as const;
