/**
 * French formats of the product, in one place for the storefront, the e-mails and the receipts
 * (issue 12): money in euros, rates of VAT, distances, calendar days, instants and slots, all read
 * in Europe/Paris. Inside the code an amount is an integer number of cents; the API speaks euros
 * with 2 decimals (section 7 of the specification).
 * Intl gives French spacing: a narrow no-break space (U+202F) before "€" and as thousands
 * separator, a no-break space (U+00A0) inside "12 345,00 €"; `plainSpaces` turns them into plain
 * spaces where a font or a text file wants them (the receipt's PDF).
 */

import { restaurantTimeZone } from './clock.ts';
import { eurosToCents } from './money.ts';

const priceFormatter = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const rateFormatter = new Intl.NumberFormat('fr-FR');
const numberFormatters = new Map<number, Intl.NumberFormat>();

/** Integer cents as the French price '12,50 €' (narrow no-break space before €, as Intl gives it). */
export function formatPrice(cents: number): string {
  return priceFormatter.format(cents / 100);
}

/** Euros as the API writes them (12.5) as the French price '12,50 €', through cents (rounded half away from zero). */
export function formatEuros(euros: number): string {
  return formatPrice(eurosToCents(euros));
}

/** A price without its cents when they are zero: 500 → '5 €', 550 → '5,50 €' (offer badges). */
export function formatPriceShort(cents: number): string {
  return formatPrice(cents).replace(/[,.]00(?=\s)/u, '');
}

/** Replaces the no-break spaces of Intl's French output with plain spaces: '12,50 €' for a PDF. */
export function plainSpaces(text: string): string {
  return text.replace(/\u202f|\u00a0/gu, ' ');
}

/** A decimal number the French way with at most `maxFractionDigits` decimals: 5.5 → '5,5', 2.25 → '2,25'. */
export function formatNumber(value: number, maxFractionDigits = 2): string {
  let formatter = numberFormatters.get(maxFractionDigits);
  if (!formatter) {
    formatter = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: maxFractionDigits });
    numberFormatters.set(maxFractionDigits, formatter);
  }
  return formatter.format(value);
}

/** A VAT rate in percent as the API writes it: 10 → '10 %', 5.5 → '5,5 %' (plain space before %). */
export function formatRate(percent: number): string {
  return `${rateFormatter.format(percent)} %`;
}

/** A VAT rate in basis points as stored: 1000 → '10 %', 550 → '5,5 %'. */
export function formatRateBasisPoints(rateBp: number): string {
  return formatRate(rateBp / 100);
}

/** A distance in the settings' unit: '2,4 km', '1,5 miles' (one decimal at most; spec section 5). */
export function formatDistance(distance: number, unit: string): string {
  return `${formatNumber(distance, 1)} ${unit === 'miles' ? 'miles' : 'km'}`;
}

const dayFormatter = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });
const calendarDateFormatter = new Intl.DateTimeFormat('fr-FR', { timeZone: restaurantTimeZone, day: 'numeric', month: 'long', year: 'numeric' });
const dateTimeFormatter = new Intl.DateTimeFormat('fr-FR', {
  timeZone: restaurantTimeZone,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});
const longDateTimeFormatter = new Intl.DateTimeFormat('fr-FR', {
  timeZone: restaurantTimeZone,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A calendar day 'YYYY-MM-DD' (a `delivery_date`) as 'lundi 24 novembre'. */
export function formatDay(date: string): string {
  return dayFormatter.format(new Date(`${date}T00:00:00Z`));
}

/** A date as '2 novembre 2026' in Europe/Paris; takes an ISO date 'YYYY-MM-DD' (read at noon UTC) or an instant. */
export function formatDate(date: string | Date): string {
  return calendarDateFormatter.format(typeof date === 'string' ? new Date(`${date}T12:00:00Z`) : date);
}

/** An instant as 'lundi 23 novembre à 21:05' in Europe/Paris (order e-mails). */
export function formatDateTime(instant: Date): string {
  return dateTimeFormatter.format(instant);
}

/** An instant as 'lundi 23 novembre 2026 à 21:05' in Europe/Paris (receipts, order history). */
export function formatLongDateTime(instant: Date): string {
  return longDateTimeFormatter.format(instant);
}

/** A slot from its bounds 'HH:MM' (Europe/Paris wall clock): '12:30–12:45' (en dash, no spaces). */
export function formatSlot(start: string, end: string): string {
  return `${start}–${end}`;
}
