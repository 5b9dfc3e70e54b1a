import { customerNotice } from '@resto/copy/staff/customers';
import { foldText, parseHistorySearch } from './order-history.ts';
import { normalizePhone } from './phone.ts';

/**
 * Who a customer is (docs/decisions/037-customers.md): the orders that share a lower-cased e-mail
 * or a normalised phone number, followed through chains — order A has e-mail x and phone p, order B
 * phone p and e-mail y, order C e-mail y: A, B and C are one customer. A customer is named by its
 * keys, `email:<lower-cased e-mail>` and `phone:<E.164>`; any one of them finds it.
 */

/** A customer's key: `email:<lower-cased e-mail>` or `phone:<E.164>`. */
export type CustomerKey = `email:${string}` | `phone:${string}`;

/** The e-mail as customers are grouped by it: trimmed, lower case; null when empty (an anonymised order). */
export function customerEmailKey(email: string | null | undefined): CustomerKey | null {
  const folded = (email ?? '').trim().toLowerCase();
  return folded ? `email:${folded}` : null;
}

/** The phone as customers are grouped by it: E.164 (`normalizePhone`), null when it is not a number. */
export function customerPhoneKey(phone: string | null | undefined): CustomerKey | null {
  const normal = normalizePhone(phone ?? '');
  return normal ? `phone:${normal}` : null;
}

/** An order's keys (its e-mail's, its phone's), none for an anonymised order. */
export function customerKeysOf(contact: { email: string | null | undefined; phone: string | null | undefined }): CustomerKey[] {
  return [customerEmailKey(contact.email), customerPhoneKey(contact.phone)].filter((key): key is CustomerKey => key !== null);
}

/** A key from a URL (`email:…` or `phone:…`, the phone in any form), normalised; null when it is not one. */
export function parseCustomerKey(text: string): CustomerKey | null {
  if (text.startsWith('email:')) return customerEmailKey(text.slice(6));
  if (text.startsWith('phone:')) return customerPhoneKey(text.slice(6));
  return null;
}

/** One group of rows sharing keys, and all the keys it has, sorted (the first is the customer's name in URLs). */
export interface CustomerGroup<T> {
  keys: CustomerKey[];
  rows: T[];
}

/**
 * Groups `rows` into customers: two rows are one customer when they share a key, directly or
 * through other rows (union-find over the keys, near-linear). Rows without a key (anonymised) are
 * left out. Groups come in the order of their first row. The rule as a pure function, with its
 * tables: the API keeps it in the database instead (each order's `customer_id`, merges when an
 * order joins two customers; apps/api/src/modules/customers), never grouping in memory.
 */
export function groupCustomers<T extends { email: string | null; phone: string | null }>(rows: readonly T[]): CustomerGroup<T>[] {
  const parent = new Map<string, string>();
  const find = (key: string): string => {
    let root = key;
    while (parent.get(root) !== root) root = parent.get(root)!;
    let walk = key;
    while (walk !== root) {
      const next = parent.get(walk)!;
      parent.set(walk, root);
      walk = next;
    }
    return root;
  };
  const rowKeys = rows.map((row) => customerKeysOf(row));
  for (const keys of rowKeys) {
    for (const key of keys) if (!parent.has(key)) parent.set(key, key);
    for (const key of keys.slice(1)) {
      const a = find(keys[0]!);
      const b = find(key);
      if (a !== b) parent.set(b, a);
    }
  }
  const groups = new Map<string, { keys: Set<CustomerKey>; rows: T[] }>();
  rows.forEach((row, index) => {
    const keys = rowKeys[index]!;
    if (keys.length === 0) return;
    const root = find(keys[0]!);
    let group = groups.get(root);
    if (!group) groups.set(root, (group = { keys: new Set(), rows: [] }));
    group.rows.push(row);
    for (const key of keys) group.keys.add(key);
  });
  return [...groups.values()].map((group) => ({ keys: [...group.keys].sort(), rows: group.rows }));
}

/** How the customers' list may be sorted. */
export const customerSorts = ['last_order', 'orders', 'spent', 'name', 'no_shows'] as const;
export type CustomerSort = (typeof customerSorts)[number];

/** A customer's figures, money in cents, instants in ms. */
export interface CustomerFigures {
  name: string;
  emails: string[];
  phones: string[];
  orders: number;
  spentCents: number;
  firstOrderMs: number;
  lastOrderMs: number;
  noShows: number;
}

/** The average basket in cents (spent over the orders that count: those not refused or cancelled), 0 without any. */
export function averageBasketCents(spentCents: number, countedOrders: number): number {
  return countedOrders > 0 ? Math.round(spentCents / countedOrders) : 0;
}

/**
 * Whether a customer matches the search box: a phone number (whole, or 6 digits or more of one)
 * inside one of theirs, else the folded text inside « name e-mails » (case and accents ignored).
 * An empty search matches everyone.
 */
export function matchesCustomerSearch(customer: Pick<CustomerFigures, 'name' | 'emails' | 'phones'>, query: string): boolean {
  return customerMatcher(query)(customer);
}

/** The folded text a customer's name and e-mails are searched in (`customerMatcher` computes it unless given). */
export const customerHaystack = (customer: Pick<CustomerFigures, 'name' | 'emails'>) => foldText(`${customer.name} ${customer.emails.join(' ')}`);

/**
 * `matchesCustomerSearch` with the search read once, for a list: the returned test takes the
 * customer's folded haystack when it has it (`haystack`, from `customerHaystack`).
 */
export function customerMatcher(query: string): (customer: Pick<CustomerFigures, 'name' | 'emails' | 'phones'> & { haystack?: string }) => boolean {
  const search = parseHistorySearch(query);
  const text = search.text ?? (search.number !== undefined ? String(search.number) : '');
  const words = text ? text.split(' ') : [];
  return (customer) => {
    if (search.phone !== undefined) return customer.phones.includes(search.phone);
    if (search.phoneDigits !== undefined && customer.phones.some((phone) => phone.includes(search.phoneDigits!))) return true;
    if (words.length === 0) return search.phoneDigits === undefined;
    const haystack = customer.haystack ?? customerHaystack(customer);
    return words.every((word) => haystack.includes(word));
  };
}

/** Compares two customers for `sort`: most first (last order newest, most orders, most spent, most no-shows), names A to Z; ties by name. */
export function compareCustomers(sort: CustomerSort): (a: CustomerFigures, b: CustomerFigures) => number {
  const byName = (a: CustomerFigures, b: CustomerFigures) => a.name.localeCompare(b.name, 'fr');
  const most = (pick: (c: CustomerFigures) => number) => (a: CustomerFigures, b: CustomerFigures) => pick(b) - pick(a) || byName(a, b);
  switch (sort) {
    case 'orders':
      return most((c) => c.orders);
    case 'spent':
      return most((c) => c.spentCents);
    case 'no_shows':
      return most((c) => c.noShows);
    case 'name':
      return (a, b) => byName(a, b) || b.lastOrderMs - a.lastOrderMs;
    default:
      return most((c) => c.lastOrderMs);
  }
}

/** What is written about a customer: a flag warns the board, a block refuses their orders online. */
export const customerMarks = ['flagged', 'blocked'] as const;
export type CustomerMark = (typeof customerMarks)[number];

/** Longest staff note and reason, in characters. */
export const customerNoteMaxLength = 500;
export const customerReasonMaxLength = 200;

/** What the board carries of an order's customer (the contract's CustomerNotice). */
export interface CustomerNoticeInput {
  note: string | null;
  mark: CustomerMark | null;
  mark_reason: string | null;
  no_shows: number;
}

/**
 * The lines the board's card and dialog show of an order's customer, most serious first:
 * « Client bloqué : … » or « Client signalé : … », « Note client : … », « 2 commandes non
 * récupérées ». None without a notice.
 */
export function describeCustomerNotice(notice: CustomerNoticeInput | null | undefined): { kind: 'mark' | 'note' | 'no_shows'; text: string }[] {
  if (!notice) return [];
  const lines: { kind: 'mark' | 'note' | 'no_shows'; text: string }[] = [];
  const reason = notice.mark_reason ?? '';
  if (notice.mark === 'blocked') lines.push({ kind: 'mark', text: customerNotice.blocked(reason) });
  if (notice.mark === 'flagged') lines.push({ kind: 'mark', text: customerNotice.flagged(reason) });
  if (notice.note) lines.push({ kind: 'note', text: customerNotice.note(notice.note) });
  if (notice.no_shows > 0) lines.push({ kind: 'no_shows', text: customerNotice.noShows(notice.no_shows) });
  return lines;
}
