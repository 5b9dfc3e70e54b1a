/**
 * French formats of the product, in one place for the storefront, the e-mails and the receipts
 * (docs/decisions/018): money in euros, rates of VAT, distances, calendar days, instants and slots, all read
 * in Europe/Paris. Inside the code an amount is an integer number of cents; the API speaks euros
 * with 2 decimals (section 7 of the specification).
 * Intl gives French spacing: a narrow no-break space (U+202F) before "€" and as thousands
 * separator, a no-break space (U+00A0) inside "12 345,00 €"; `plainSpaces` turns them into plain
 * spaces where a font or a text file wants them (the receipt's PDF).
 */

import { lazily, restaurantTimeZone } from './clock.ts';
import { eurosToCents } from './money.ts';

const priceFormatter = lazily(() => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }));
const rateFormatter = lazily(() => new Intl.NumberFormat('fr-FR'));
const numberFormatters = new Map<number, Intl.NumberFormat>();

/*
 * Prices and plain numbers are written here without Intl when they are non-negative and exact at
 * the digits asked, and by Intl otherwise (negative, -0, float noise). Why: the page's first use of
 * Intl costs its whole initialisation, 20 to 57 ms of a desktop Chromium's main thread (four times
 * that on the phone Lighthouse simulates), and the menu's hydration formats prices. The output is
 * Intl's own, character for character: format.test.ts compares both on random amounts
 * (docs/decisions/029-no-intl-while-hydrating.md).
 */

/** Past 15 significant digits Intl writes what a double holds, not the integer given: left to it. */
const maxExactDigits = 1e15;

/** French digit grouping: a narrow no-break space (U+202F) every three digits, as Intl's fr-FR. */
function groupDigits(digits: string): string {
  if (digits.length <= 3) return digits;
  let grouped = '';
  for (let index = 0; index < digits.length; index++) {
    if (index > 0 && (digits.length - index) % 3 === 0) grouped += '\u202f';
    grouped += digits[index];
  }
  return grouped;
}

/**
 * `value` the French way with at most `maxFractionDigits` decimals and no trailing zeros ('1 234,5'),
 * when it is a non-negative number exact at that many decimals; undefined otherwise (Intl's case).
 */
function exactFrenchDecimal(value: number, maxFractionDigits: number): string | undefined {
  if (!(value >= 0) || Object.is(value, -0) || !Number.isInteger(maxFractionDigits) || maxFractionDigits < 0 || maxFractionDigits > 15) return undefined;
  const scale = 10 ** maxFractionDigits;
  const scaled = value * scale;
  if (!Number.isInteger(scaled) || scaled >= maxExactDigits || scaled / scale !== value) return undefined;
  const whole = groupDigits(String(Math.floor(scaled / scale)));
  const fraction =
    maxFractionDigits === 0
      ? ''
      : String(scaled % scale)
          .padStart(maxFractionDigits, '0')
          .replace(/0+$/u, '');
  return fraction ? `${whole},${fraction}` : whole;
}

/** Integer cents as the French price '12,50 €' (narrow no-break space before €, as Intl gives it). */
export function formatPrice(cents: number): string {
  if (Number.isInteger(cents) && cents >= 0 && cents < maxExactDigits && !Object.is(cents, -0)) {
    const rest = cents % 100;
    return `${groupDigits(String((cents - rest) / 100))},${rest < 10 ? '0' : ''}${rest}\u00a0€`;
  }
  return priceFormatter().format(cents / 100);
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
  const exact = exactFrenchDecimal(value, maxFractionDigits);
  if (exact !== undefined) return exact;
  let formatter = numberFormatters.get(maxFractionDigits);
  if (!formatter) {
    formatter = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: maxFractionDigits });
    numberFormatters.set(maxFractionDigits, formatter);
  }
  return formatter.format(value);
}

/** A VAT rate in percent as the API writes it: 10 → '10 %', 5.5 → '5,5 %' (plain space before %). */
export function formatRate(percent: number): string {
  return `${exactFrenchDecimal(percent, 3) ?? rateFormatter().format(percent)} %`;
}

/** A VAT rate in basis points as stored: 1000 → '10 %', 550 → '5,5 %'. */
export function formatRateBasisPoints(rateBp: number): string {
  return formatRate(rateBp / 100);
}

/** A distance in the settings' unit: '2,4 km', '1,5 miles' (one decimal at most; spec section 5). */
export function formatDistance(distance: number, unit: string): string {
  return `${formatNumber(distance, 1)} ${unit === 'miles' ? 'miles' : 'km'}`;
}

// Made on first use, not at load: four time-zoned formatters cost milliseconds of a phone's main
// thread while a page starts (docs/decisions/029), and most pages format no date.
const dayFormatter = lazily(() => new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }));
const calendarDateFormatter = lazily(() => new Intl.DateTimeFormat('fr-FR', { timeZone: restaurantTimeZone, day: 'numeric', month: 'long', year: 'numeric' }));
/** 'lundi 23 novembre à 21:05' in Paris; with `year`, 'lundi 23 novembre 2026 à 21:05'. */
const dayAndTime: Intl.DateTimeFormatOptions = {
  timeZone: restaurantTimeZone,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
};
const dateTimeFormatter = lazily(() => new Intl.DateTimeFormat('fr-FR', dayAndTime));
const longDateTimeFormatter = lazily(() => new Intl.DateTimeFormat('fr-FR', { ...dayAndTime, year: 'numeric' }));

/** A calendar day 'YYYY-MM-DD' (a `delivery_date`) as 'lundi 24 novembre'. */
export function formatDay(date: string): string {
  return dayFormatter().format(new Date(`${date}T00:00:00Z`));
}

/** A date as '2 novembre 2026' in Europe/Paris; takes an ISO date 'YYYY-MM-DD' (read at noon UTC) or an instant. */
export function formatDate(date: string | Date): string {
  return calendarDateFormatter().format(typeof date === 'string' ? new Date(`${date}T12:00:00Z`) : date);
}

/** An instant as 'lundi 23 novembre à 21:05' in Europe/Paris (order e-mails). */
export function formatDateTime(instant: Date): string {
  return dateTimeFormatter().format(instant);
}

/** An instant as 'lundi 23 novembre 2026 à 21:05' in Europe/Paris (receipts, order history). */
export function formatLongDateTime(instant: Date): string {
  return longDateTimeFormatter().format(instant);
}

/** A slot from its bounds 'HH:MM' (Europe/Paris wall clock): '12:30–12:45' (en dash, no spaces). */
export function formatSlot(start: string, end: string): string {
  return `${start}–${end}`;
}

/** A decimal as a person types it in French, '12,50' or '12.5' → 12.5 (spaces ignored); empty or not a number → NaN. */
export function parseFrenchDecimal(text: string): number {
  const cleaned = text.trim().replace(/\s/gu, '').replace(',', '.');
  if (cleaned === '' || !/^-?\d*(\.\d*)?$/u.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}
