import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { MeansOfPayment } from '@resto/domain/books';
import { accentInsensitivePattern, type HistoryCursor, type HistorySearch } from '@resto/domain/order-history';
import { queryRows, type Database } from '../../db/client.ts';
import { journalEntries, mailOutbox } from '../../db/schema.ts';

/** SQL of every past order (docs/decisions/034-order-history.md). No rules here: the service decides. */

/** What the history's list shows of an order. */
export interface HistoryRow extends Record<string, unknown> {
  order_id: number;
  receipt_number: number | null;
  invoice_number: number | null;
  books_chain: string;
  created_at: Date | string;
  status: string;
  is_pickup: boolean;
  source: string;
  customer: { first_name: string; last_name: string; email: string; phone: string } | string;
  anonymised_at: Date | string | null;
  total_cents: number;
  payment_method: string;
}

/** The filters of one page, as SQL needs them: instants for the Paris days, the search as parsed. */
export interface HistoryFilter {
  search: HistorySearch;
  /** The first instant included (the Paris day's midnight), or null. */
  fromInstant: Date | null;
  /** The first instant excluded (the day after the last day, at Paris midnight), or null. */
  untilInstant: Date | null;
  status: string | null;
  isPickup: boolean | null;
  /** 'phone': phone orders only (docs/decisions/036); null: any source. */
  source: 'phone' | null;
  means: MeansOfPayment | null;
  after: HistoryCursor | null;
}

/** `text` for LIKE with its wildcards escaped (the default escape character, backslash). */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The alternatives of a search box (an order matches when one does). Each number arm is one an
 * index answers (the primary key, the (books_chain, receipt_number) and (books_chain,
 * invoice_number) unique indexes, one arm per chain), the whole phone number the expression
 * index `orders_phone_idx` (migration 0020): PostgreSQL ORs their bitmaps instead of reading
 * every order. Part of a number, a name or an e-mail is a scan of the orders newest first.
 */
function searchCondition(search: HistorySearch): SQL | null {
  const arms: SQL[] = [];
  if (search.number !== undefined) {
    const n = search.number;
    arms.push(sql`o.order_id = ${n}`);
    for (const chain of ['live', 'simulation']) {
      arms.push(sql`(o.books_chain = ${chain} and o.receipt_number = ${n})`);
      arms.push(sql`(o.books_chain = ${chain} and o.invoice_number = ${n})`);
    }
  }
  if (search.phone !== undefined) arms.push(sql`(o.customer->>'phone') = ${search.phone}`);
  else if (search.phoneDigits !== undefined) arms.push(sql`(o.customer->>'phone') like ${`%${likeEscaped(search.phoneDigits)}%`}`);
  if (search.text !== undefined && search.text !== '') {
    // One text per order, « first last first e-mail », so that « first last », « last first » and
    // the e-mail are found by one match a row, with the accents and case of the search's pattern.
    const haystack = sql`concat_ws(' ', o.customer->>'first_name', o.customer->>'last_name', o.customer->>'first_name', o.customer->>'email')`;
    arms.push(sql`${haystack} ~* ${accentInsensitivePattern(search.text)}`);
  }
  return arms.length ? sql`(${sql.join(arms, sql` or `)})` : null;
}

/**
 * A page of placed orders (`placed_at` set: never a card order that was not paid), newest first by
 * (created_at, order_id) — when the customer ordered, what a person asks about (« ma commande de
 * mardi »); a card order is placed a few minutes later, when paid — `limit` rows after the cursor. The journal is the means' source: an order
 * matches a means when one of its payment entries names it (canonical JSON, RFC 8785: no spaces).
 */
export async function findHistoryPage(db: Database, filter: HistoryFilter, limit: number): Promise<HistoryRow[]> {
  const conditions: SQL[] = [sql`o.placed_at is not null`];
  if (filter.after)
    conditions.push(sql`(o.created_at, o.order_id) < (${new Date(filter.after.orderedAtMs).toISOString()}::timestamptz, ${filter.after.orderId}::int)`);
  if (filter.fromInstant) conditions.push(sql`o.created_at >= ${filter.fromInstant.toISOString()}::timestamptz`);
  if (filter.untilInstant) conditions.push(sql`o.created_at < ${filter.untilInstant.toISOString()}::timestamptz`);
  if (filter.status) conditions.push(sql`o.status = ${filter.status}`);
  if (filter.isPickup !== null) conditions.push(sql`o.is_pickup = ${filter.isPickup}`);
  if (filter.source) conditions.push(sql`o.source = ${filter.source}`);
  if (filter.means)
    conditions.push(
      sql`exists (select 1 from journal_entries j where j.order_id = o.order_id and j.kind = 'payment' and j.content like ${`%"means":"${filter.means}"%`})`,
    );
  const search = searchCondition(filter.search);
  if (search) conditions.push(search);
  return queryRows<HistoryRow>(
    db,
    sql`select o.order_id, o.receipt_number, o.invoice_number, o.books_chain, o.created_at, o.status, o.is_pickup, o.source, o.customer, o.anonymised_at, o.total_cents, o.payment_method
        from orders o
        where ${sql.join(conditions, sql` and `)}
        order by o.created_at desc, o.order_id desc
        limit ${limit}`,
  );
}

/** An order's documents and duplicates in the books (both chains), in order. */
export async function findOrderDocuments(db: Database, orderId: number) {
  return db
    .select({ chain: journalEntries.chain, kind: journalEntries.kind, content: journalEntries.content, recordedAt: journalEntries.recordedAt })
    .from(journalEntries)
    .where(and(eq(journalEntries.orderId, orderId), inArray(journalEntries.kind, ['document', 'duplicate'])))
    .orderBy(asc(journalEntries.chain), asc(journalEntries.seq));
}

/** An order's e-mails still in the outbox (waiting, or failed and due again); sent ones have left it. */
export async function findOrderMails(db: Database, orderId: number) {
  return db
    .select({
      kind: mailOutbox.kind,
      recipient: mailOutbox.recipient,
      subject: mailOutbox.subject,
      createdAt: mailOutbox.createdAt,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.orderId, orderId))
    .orderBy(desc(mailOutbox.id));
}
