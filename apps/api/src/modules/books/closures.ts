import { and, desc, eq, gte, like, ne } from 'drizzle-orm';
import { endsFiscalYear, lastDayOfMonth, periodClosure, totalsOf, type Closure, type ClosurePeriod, type EntryBody } from '@resto/domain/books';
import { addDays } from '@resto/domain/clock';
import { booksErrors } from '@resto/copy/staff/books';
import type { Database } from '../../db/client.ts';
import { journalEntries, journalHeads } from '../../db/schema.ts';
import { writeAfter, type Chain, type Head, type JournalRow } from './journal.ts';
import type { BooksSigner } from './signing.ts';

/**
 * The closures of the books (docs/decisions/031-the-books.md, « Closures »): each business day
 * closed once, with its totals computed by packages/domain/src/books.ts from the day's entries, as
 * a signed entry of the journal (number 'J-2026-11-24'); after a month's last day, in the same
 * transaction, the month ('M-2026-11') from its days' closures; after a fiscal year's last month,
 * the fiscal year ('E-2026') from its months'. The close runs under the chain head's lock, one
 * transaction a day: two instances closing the same day at once close it once; a crash in the
 * middle leaves nothing, and the next run closes it exactly once. After a day's closure, an entry
 * counts in the next day (journal.ts).
 */

/** The content of the entries that count in `day` (its closures aside), in order. */
async function bodiesOfDay(tx: Database, chain: Chain, day: string): Promise<{ seq: number; body: EntryBody }[]> {
  const rows = await tx
    .select({ seq: journalEntries.seq, content: journalEntries.content })
    .from(journalEntries)
    .where(and(eq(journalEntries.chain, chain), eq(journalEntries.businessDate, day), ne(journalEntries.kind, 'closure')))
    .orderBy(journalEntries.seq);
  return rows.map((row) => ({ seq: row.seq, body: (JSON.parse(row.content) as { body: EntryBody }).body }));
}

const closureOf = (content: string) => (JSON.parse(content) as { body: { closure: Closure } }).body.closure;

/** The last closure whose number starts with `prefix` ('J-' a day, 'M-' a month, 'E-' a fiscal year), or undefined before the first. */
async function lastClosure(tx: Database, chain: Chain, prefix: 'J-' | 'M-' | 'E-'): Promise<Closure | undefined> {
  const [last] = await tx
    .select({ content: journalEntries.content })
    .from(journalEntries)
    .where(and(eq(journalEntries.chain, chain), eq(journalEntries.kind, 'closure'), like(journalEntries.documentNumber, `${prefix}%`)))
    .orderBy(desc(journalEntries.seq))
    .limit(1);
  return last ? closureOf(last.content) : undefined;
}

/**
 * The closures numbered `prefix…` of the periods starting on or after `from`, in order. A closure
 * counts in a business day on or after its period's start (it is written once the period is over),
 * so the (chain, business_date) index bounds the read to the period being closed.
 */
async function closuresFrom(tx: Database, chain: Chain, prefix: 'J-' | 'M-', from: string): Promise<Closure[]> {
  const rows = await tx
    .select({ content: journalEntries.content })
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.chain, chain),
        gte(journalEntries.businessDate, from),
        eq(journalEntries.kind, 'closure'),
        like(journalEntries.documentNumber, `${prefix}%`),
      ),
    )
    .orderBy(journalEntries.seq);
  return rows.map((row) => closureOf(row.content)).filter((closure) => closure.period.start >= from);
}

/** The chain's head, locked until the transaction ends. @throws Error (French) when the chain was never opened. */
async function lockHead(tx: Database, chain: Chain): Promise<Head> {
  const [head] = await tx.select().from(journalHeads).where(eq(journalHeads.chain, chain)).for('update');
  if (!head) throw new Error(booksErrors.noHead(chain));
  return head;
}

export interface CloseOptions {
  /** The fiscal year's first month, 1 = January … 12 (the setting books.fiscal_year_first_month; default 1). */
  fiscalYearFirstMonth?: number;
  /**
   * Runs in each day's transaction, after its closures are written (the day's, and the month's and
   * the year's when they end): what must commit with them, such as the owner's e-mail in the
   * outbox. Its failure rolls the day's closures back; the next run closes the day again.
   */
  afterDay?: (tx: Database, written: ClosedDay) => Promise<void>;
}

/** What one day's transaction wrote: the day's closure, and the month's and the fiscal year's when they ended with it. */
export interface ClosedDay {
  day: JournalRow;
  month?: JournalRow;
  year?: JournalRow;
}

/**
 * Closes every business day of `chain` not yet closed, up to `lastDay` included ('YYYY-MM-DD'),
 * in order; a day with no entry closes with zeros. The first closure closes the journal's first
 * business day. Each day is its own transaction, with the month's closure after the month's last
 * day and the fiscal year's after its last month (the journal's first month and year are partial:
 * from its first day). Nothing to close: no lock taken (the job runs every minute beside the sales).
 * @returns what each day's transaction wrote (none when all were closed already).
 * @throws Error (French) when the chain was never opened; what `afterDay` throws.
 */
export async function closeDaysThrough(
  db: Database,
  signer: BooksSigner,
  chain: Chain,
  lastDay: string,
  now: Date,
  options: CloseOptions = {},
): Promise<ClosedDay[]> {
  const firstMonth = options.fiscalYearFirstMonth ?? 1;
  const written: ClosedDay[] = [];
  // A first look without the lock: most runs find nothing to close.
  const [seen] = await db.select({ closedThrough: journalHeads.closedThrough }).from(journalHeads).where(eq(journalHeads.chain, chain));
  if (!seen) throw new Error(booksErrors.noHead(chain));
  if ((seen.closedThrough === null ? await firstDay(db, chain) : addDays(seen.closedThrough, 1)) > lastDay) return written;
  for (;;) {
    const closed = await db.transaction(async (tx) => {
      const head = await lockHead(tx, chain);
      const journalFirstDay = await firstDay(tx, chain);
      const day = head.closedThrough === null ? journalFirstDay : addDays(head.closedThrough, 1);
      if (day > lastDay) return null;
      const entries = await bodiesOfDay(tx, chain, day);
      const closure: Closure = {
        period: { kind: 'day', start: day, end: day },
        first_seq: entries[0]?.seq ?? null,
        last_seq: entries.at(-1)?.seq ?? null,
        ...totalsOf(
          entries.map((entry) => entry.body),
          (await lastClosure(tx, chain, 'J-'))?.perpetual_total_ttc ?? 0,
        ),
      };
      const result: ClosedDay = { day: await writeAfter(tx, signer, head, { chain, body: { kind: 'closure', closure } }, now, day) };
      if (day === lastDayOfMonth(day)) {
        result.month = await closePeriod(tx, signer, chain, 'month', journalFirstDay, day, now);
        if (endsFiscalYear(day, firstMonth)) result.year = await closePeriod(tx, signer, chain, 'year', journalFirstDay, day, now);
      }
      await options.afterDay?.(tx, result);
      return result;
    });
    if (closed === null) return written;
    written.push(closed);
  }
}

/**
 * Writes the closure of the month or fiscal year ending on `end` (its last day, just closed):
 * from the day after the previous closure of its kind, or from the journal's first day, with the
 * totals of its days' (months') closures and the previous closure's perpetual grand total.
 */
async function closePeriod(
  tx: Database,
  signer: BooksSigner,
  chain: Chain,
  kind: 'month' | 'year',
  journalFirstDay: string,
  end: string,
  now: Date,
): Promise<JournalRow> {
  const previous = await lastClosure(tx, chain, kind === 'month' ? 'M-' : 'E-');
  const start = previous ? addDays(previous.period.end, 1) : journalFirstDay;
  const parts = await closuresFrom(tx, chain, kind === 'month' ? 'J-' : 'M-', start);
  const period: ClosurePeriod = { kind, start, end };
  const closure = periodClosure(
    period,
    parts.filter((part) => part.period.end <= end),
    previous?.perpetual_total_ttc ?? 0,
  );
  const head = await lockHead(tx, chain);
  return writeAfter(tx, signer, head, { chain, body: { kind: 'closure', closure } }, now, head.closedThrough ?? undefined);
}

/** The journal's first business day (its opening's). */
async function firstDay(tx: Database, chain: Chain): Promise<string> {
  const [first] = await tx
    .select({ businessDate: journalEntries.businessDate })
    .from(journalEntries)
    .where(and(eq(journalEntries.chain, chain), eq(journalEntries.seq, 1)));
  if (!first) throw new Error(booksErrors.noHead(chain));
  return first.businessDate;
}
