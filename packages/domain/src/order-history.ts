import { orderHistoryErrors } from '@resto/copy/staff/order-history';
import { normalizePhone } from './phone.ts';

/**
 * Every past order (docs/decisions/034-order-history.md): how the staff's one search box is read,
 * and the date range's checks. Pure: the API turns the result into SQL.
 */

/**
 * What a search box asks for. Every part present is one alternative (an order matches when any
 * does):
 * - `number`: an order id, a receipt or invoice number ('1042', '#1042', 'R-000042' → 42);
 * - `phone`: a whole phone number in E.164 ('06 12 34 56 78', '+33 6 12 34 56 78', '0033…');
 * - `phoneDigits`: part of a number (6 digits or more, the trunk 0 or +33 dropped), matched inside
 *   the stored E.164 number;
 * - `text`: lower-cased, accents removed (`foldText`), matched inside the customer's first name,
 *   last name, « first last » and e-mail by `accentInsensitivePattern`.
 */
export interface HistorySearch {
  number?: number;
  phone?: string;
  phoneDigits?: string;
  text?: string;
}

/** The accented letters `foldText` replaces, and what by (one letter each): `accentInsensitivePattern` reads the same two strings. */
const foldFrom = 'àáâãäåçèéêëìíîïñòóôõöùúûüýÿ';
const foldTo = 'aaaaaaceeeeiiiinooooouuuuyy';

/** Lower case, each letter of `foldFrom` as its `foldTo` ('Élodie Lefèvre' → 'elodie lefevre'); spaces collapsed. */
export function foldText(text: string): string {
  let folded = '';
  for (const char of text.toLowerCase()) {
    const at = foldFrom.indexOf(char);
    folded += at >= 0 ? foldTo[at] : char;
  }
  return folded.replace(/\s+/g, ' ').trim();
}

const regexSpecial = /[.^$*+?()[\]{}|\\]/;

/**
 * A POSIX regular expression (PostgreSQL's `~*`) that finds `folded` (a `foldText` result) in a
 * text whatever its accents and case: each letter that has accented forms becomes the class of
 * all of them in both cases ('lefevre' → 'l[eèéêëEÈÉÊË]f[eèéêëEÈÉÊË]vr[eèéêëEÈÉÊË]'), every
 * other character as itself (regular expressions' special characters escaped). Why not SQL's `translate()`: on PGlite
 * it cost about 60 µs an order, four times this (bench/orders-history.ts, docs/decisions/034).
 */
export function accentInsensitivePattern(folded: string): string {
  let pattern = '';
  for (const char of folded) {
    const variants = [...foldFrom].filter((_, i) => foldTo[i] === char);
    if (variants.length) {
      const all = [char, ...variants];
      pattern += `[${[...all, ...all.map((c) => c.toUpperCase())].join('')}]`;
    } else pattern += regexSpecial.test(char) ? `\\${char}` : char;
  }
  return pattern;
}

/** The longest search the box accepts (characters). */
export const historySearchMaxLength = 100;

/** The digits a partial phone search needs at least: fewer would find most orders. */
const minPhoneDigits = 6;

/**
 * Reads the search box (`parseHistorySearch(' 06 12 34 56 78 ')` → `{phone: '+33612345678', phoneDigits: '612345678'}`).
 * Empty or blank: `{}` (no search). A number of up to 8 digits is an order or document number,
 * and also part of a phone number from 6 digits; 9 digits or more, spaces, dots, dashes or a
 * leading + make a phone number. Anything else is a name or an e-mail (`text`).
 */
export function parseHistorySearch(input: string): HistorySearch {
  const query = input.trim();
  if (query === '') return {};
  const document = /^(?:#|[RrFf]-?)?0*(\d{1,9})$/.exec(query);
  const search: HistorySearch = {};
  if (document && query.replace(/\D/g, '').length <= 8) search.number = Number(document[1]);
  if (/^[+\d][\d\s.\-()]*$/.test(query)) {
    const phone = normalizePhone(query);
    if (phone) search.phone = phone;
    const digits = nationalDigits(query.replace(/\D/g, ''), query.startsWith('+'));
    if (digits.length >= minPhoneDigits) search.phoneDigits = digits;
  }
  if (search.number === undefined && search.phone === undefined && search.phoneDigits === undefined) search.text = foldText(query);
  return search;
}

/** A number's digits without its French prefix (0033, +33, 33 with 11 digits, or the trunk 0): what follows +33 in E.164. */
function nationalDigits(digits: string, international: boolean): string {
  if (digits.startsWith('0033')) return digits.slice(4);
  if ((international || digits.length === 11) && digits.startsWith('33')) return digits.slice(2);
  if (digits.startsWith('0')) return digits.slice(1);
  return digits;
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `day` is a real calendar day 'YYYY-MM-DD'. */
function validDay(day: string): boolean {
  if (!isoDay.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/**
 * The history's date range, Paris days, both included and both optional (an open end). Refused,
 * with the field to mark: a day that is not one, an end before the start (French messages of
 * `orderHistoryErrors`).
 */
export function historyRangeOf(
  from: string | undefined,
  to: string | undefined,
): { from: string | null; to: string | null } | { error: string; field: 'from' | 'to' } {
  if (from !== undefined && from !== '' && !validDay(from)) return { error: orderHistoryErrors.invalidDay, field: 'from' };
  if (to !== undefined && to !== '' && !validDay(to)) return { error: orderHistoryErrors.invalidDay, field: 'to' };
  const start = from || null;
  const end = to || null;
  if (start && end && end < start) return { error: orderHistoryErrors.endBeforeStart, field: 'to' };
  return { from: start, to: end };
}

/** A page's position in the history, newest first: the last row's ordering instant (ms) and order id. */
export interface HistoryCursor {
  orderedAtMs: number;
  orderId: number;
}

/** The cursor as the URL carries it: '<ms>.<order id>' in base 36 ('mi5k2x0g.t6'). */
export function encodeHistoryCursor(cursor: HistoryCursor): string {
  return `${cursor.orderedAtMs.toString(36)}.${cursor.orderId.toString(36)}`;
}

/** The cursor of `encodeHistoryCursor`, or null when it is not one. */
export function decodeHistoryCursor(text: string): HistoryCursor | null {
  const match = /^([0-9a-z]{1,12})\.([0-9a-z]{1,8})$/.exec(text);
  if (!match) return null;
  const orderedAtMs = parseInt(match[1]!, 36);
  const orderId = parseInt(match[2]!, 36);
  if (!Number.isSafeInteger(orderedAtMs) || !Number.isSafeInteger(orderId) || orderId < 1) return null;
  return { orderedAtMs, orderId };
}
