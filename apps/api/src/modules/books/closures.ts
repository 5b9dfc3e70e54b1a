import { and, desc, eq, ne } from 'drizzle-orm';
import { totalsOf, type Closure, type EntryBody } from '@resto/domain/books';
import { addDays } from '@resto/domain/clock';
import { booksErrors } from '@resto/copy/staff/books';
import type { Database } from '../../db/client.ts';
import { journalEntries, journalHeads } from '../../db/schema.ts';
import { writeAfter, type Chain, type JournalRow } from './journal.ts';
import type { BooksSigner } from './signing.ts';

/**
 * The closures of the books (docs/decisions/031-the-books.md, part 3): each business day closed
 * once, with its totals computed by packages/domain/src/books.ts from the day's entries, as a
 * signed entry of the journal (number 'J-2026-11-24'). The close runs under the chain head's
 * lock, in one transaction: two instances closing the same day at once close it once; a crash in
 * the middle leaves nothing, and the next run closes it exactly once. After a day's closure, an
 * entry counts in the next day (journal.ts).
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

/** The perpetual grand total TTC (cents) after the last day's closure, 0 before the first. */
async function lastPerpetual(tx: Database, chain: Chain): Promise<number> {
  const [last] = await tx
    .select({ content: journalEntries.content })
    .from(journalEntries)
    .where(and(eq(journalEntries.chain, chain), eq(journalEntries.kind, 'closure')))
    .orderBy(desc(journalEntries.seq))
    .limit(1);
  return last ? (JSON.parse(last.content) as { body: { closure: Closure } }).body.closure.perpetual_total_ttc : 0;
}

/**
 * Closes every business day of `chain` not yet closed, up to `lastDay` included ('YYYY-MM-DD'),
 * in order; a day with no entry closes with zeros. The first closure closes the journal's first
 * business day. Each day is its own transaction. @returns the closures written (none when all
 * were closed already). @throws Error (French) when the chain was never opened.
 */
export async function closeDaysThrough(db: Database, signer: BooksSigner, chain: Chain, lastDay: string, now: Date): Promise<JournalRow[]> {
  const written: JournalRow[] = [];
  for (;;) {
    const row = await db.transaction(async (tx) => {
      const [head] = await tx.select().from(journalHeads).where(eq(journalHeads.chain, chain)).for('update');
      if (!head) throw new Error(booksErrors.noHead(chain));
      const day = head.closedThrough === null ? await firstDay(tx, chain) : addDays(head.closedThrough, 1);
      if (day > lastDay) return null;
      const entries = await bodiesOfDay(tx, chain, day);
      const closure: Closure = {
        period: { kind: 'day', start: day, end: day },
        first_seq: entries[0]?.seq ?? null,
        last_seq: entries.at(-1)?.seq ?? null,
        ...totalsOf(
          entries.map((entry) => entry.body),
          await lastPerpetual(tx, chain),
        ),
      };
      return writeAfter(tx, signer, head, { chain, body: { kind: 'closure', closure } }, now, day);
    });
    if (row === null) return written;
    written.push(row);
  }
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
