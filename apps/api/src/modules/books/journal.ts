import { asc, and, eq, gt } from 'drizzle-orm';
import canonicalize from 'canonicalize';
import type { EntryBody } from '@resto/domain/books';
import { addDays, toRestaurantDate } from '@resto/domain/clock';
import { booksErrors } from '@resto/copy/staff/books';
import type { Database } from '../../db/client.ts';
import { journalEntries, journalHeads } from '../../db/schema.ts';
import { entryHash, genesisHash, headStatement, keyChangeStatement, type BooksSigner } from './signing.ts';

/**
 * The journal of the books (docs/decisions/031-the-books.md): entries appended, never changed.
 * An entry is written in the transaction of what causes it, under the lock of its chain's head
 * (`SELECT … FOR UPDATE` of journal_heads), so that two API instances never fork a chain and a
 * rolled-back sale leaves no entry (and no gap: the sequence is the head's, not a database
 * sequence).
 */

/** The live books, and the demo's and test processor's simulated money (never in the totals). */
export type Chain = 'live' | 'simulation';
export const chains: readonly Chain[] = ['live', 'simulation'];

/** Who did it: a staff member, or null (the customer, the payment provider, a timer). */
export interface Operator {
  staff_id: number;
  name: string;
}

/** An entry to append: what it says and who did it. */
export interface NewEntry {
  chain: Chain;
  body: EntryBody;
  operator?: Operator | null;
  /** The order it is about, for queries (the content says it too). */
  orderId?: number | null;
}

/**
 * The canonical content of an entry, as signed: its place in the chain, its dates, who did it
 * and its body. Serialised with RFC 8785 (canonicalize): the same value always gives the same bytes.
 */
export interface EntryContent {
  chain: Chain;
  seq: number;
  recorded_at: string;
  business_date: string;
  operator: Operator | null;
  key_id: string;
  body: EntryBody;
}

export type JournalRow = typeof journalEntries.$inferSelect;

/** The document number an entry carries (a receipt's, an invoice's, a credit note's, a reprint's). */
export function documentNumberOf(body: EntryBody): string | null {
  if (body.kind === 'document') return body.document.number;
  if (body.kind === 'duplicate') return body.duplicate.number;
  if (body.kind === 'closure') return closureNumber(body.closure.period);
  return null;
}

/** A closure's number: 'J-2026-11-24' (a day), 'M-2026-11' (a month), 'E-2026' (a fiscal year, by its first day's year). */
export function closureNumber(period: { kind: 'day' | 'month' | 'year'; start: string }): string {
  if (period.kind === 'day') return `J-${period.start}`;
  if (period.kind === 'month') return `M-${period.start.slice(0, 7)}`;
  return `E-${period.start.slice(0, 4)}`;
}

/** RFC 8785 canonical JSON of `value`. @throws Error for what JSON cannot say (NaN, undefined at the top). */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error('Contenu sans représentation JSON.');
  return text;
}

/**
 * Appends `entry` to its chain with `signer` at `now`, in a transaction of its own or, given
 * a transaction, in a savepoint of it (the entry then commits or rolls back with the caller's
 * change). The recorded time never goes back (a clock moved back writes the head's time: the
 * sequence decides the order), nor does the business day (the
 * restaurant's date of the recorded time), nor counts in a day already closed (it goes to the
 * day after the last closure, and its business_date says so).
 * @returns the stored row. @throws Error (French) when the chain was never opened (openJournal).
 */
export async function appendEntry(db: Database, signer: BooksSigner, entry: NewEntry, now: Date): Promise<JournalRow> {
  return db.transaction(async (tx) => {
    const [head] = await tx.select().from(journalHeads).where(eq(journalHeads.chain, entry.chain)).for('update');
    if (!head) throw new Error(booksErrors.noHead(entry.chain));
    return writeAfter(tx, signer, head, entry, now);
  });
}

export type Head = typeof journalHeads.$inferSelect;

/** The latest of 'YYYY-MM-DD' dates. */
function latest(...days: string[]): string {
  return days.reduce((a, b) => (b > a ? b : a));
}

/**
 * Writes `entry` after `head` (locked by the caller) and moves the head, with `closedThrough`
 * when the entry is a day's closure. Internal to the books module.
 */
export async function writeAfter(tx: Database, signer: BooksSigner, head: Head, entry: NewEntry, now: Date, closedThrough?: string) {
  return (await writeAllAfter(tx, signer, head, [entry], now, closedThrough))[0]!;
}

/**
 * Writes `entries` (one chain's, in order) after `head` (locked by the caller) in one INSERT, and
 * moves the head once: a sale's receipt, invoice and payment cost three statements together.
 * @returns the stored rows, in order.
 */
export async function writeAllAfter(tx: Database, signer: BooksSigner, head: Head, entries: readonly NewEntry[], now: Date, closedThrough?: string) {
  const recordedAt = now.getTime() < head.recordedAt.getTime() ? head.recordedAt : now;
  const afterClosure = head.closedThrough === null ? head.businessDate : addDays(head.closedThrough, 1);
  const businessDate = latest(toRestaurantDate(recordedAt), head.businessDate, closedThrough === undefined ? afterClosure : head.businessDate);
  const rows: JournalRow[] = [];
  let previous = { seq: head.seq, hash: head.hash };
  for (const entry of entries) {
    if (entry.chain !== head.chain) throw new Error(`entrée du journal « ${entry.chain} » écrite après la tête « ${head.chain} »`);
    const content: EntryContent = {
      chain: entry.chain,
      seq: previous.seq + 1,
      recorded_at: recordedAt.toISOString(),
      business_date: businessDate,
      operator: entry.operator ?? null,
      key_id: signer.keyId,
      body: entry.body,
    };
    const row = signedRow(signer, content, previous.hash, entry.orderId ?? null);
    rows.push(row);
    previous = row;
  }
  const last = rows.at(-1);
  if (!last) return rows;
  await tx.insert(journalEntries).values(rows);
  await tx
    .update(journalHeads)
    .set({
      seq: last.seq,
      hash: last.hash,
      recordedAt,
      businessDate,
      closedThrough: closedThrough ?? head.closedThrough,
      signature: signer.sign(headStatement(last.chain, last.seq, last.hash)),
      keyId: signer.keyId,
    })
    .where(eq(journalHeads.chain, head.chain));
  return rows;
}

/**
 * Appends `entries` of one chain in order, under one lock of its head, in `tx`'s transaction (the
 * caller's: they commit or roll back with what caused them). @throws Error (French) when the chain was never opened.
 */
export async function appendEntries(tx: Database, signer: BooksSigner, entries: readonly NewEntry[], now: Date): Promise<JournalRow[]> {
  const chain = entries[0]?.chain;
  if (!chain) return [];
  const [head] = await tx.select().from(journalHeads).where(eq(journalHeads.chain, chain)).for('update');
  if (!head) throw new Error(booksErrors.noHead(chain));
  return writeAllAfter(tx, signer, head, entries, now);
}

function signedRow(signer: BooksSigner, content: EntryContent, previousHash: string, orderId: number | null): JournalRow {
  const text = canonicalJson(content);
  const hash = entryHash(previousHash, text);
  return {
    chain: content.chain,
    seq: content.seq,
    recordedAt: new Date(content.recorded_at),
    businessDate: content.business_date,
    kind: content.body.kind,
    documentNumber: documentNumberOf(content.body),
    orderId,
    content: text,
    previousHash,
    hash,
    signature: signer.sign(hash),
    keyId: signer.keyId,
  };
}

/**
 * Opens the chains that are not yet (at the server's start, under the setup lock): entry n° 1 of
 * each is the technical event `journal_opened` naming the signing key and holding its public key,
 * signed by it, so that the journal carries what verifies it. Safe to run twice or on two
 * instances at once (the head's insert is the gate).
 */
export async function openJournal(db: Database, signer: BooksSigner, now: Date): Promise<void> {
  for (const chain of chains) {
    await db.transaction(async (tx) => {
      const content: EntryContent = {
        chain,
        seq: 1,
        recorded_at: now.toISOString(),
        business_date: toRestaurantDate(now),
        operator: null,
        key_id: signer.keyId,
        body: { kind: 'technical', technical: { event: 'journal_opened', detail: { key_id: signer.keyId, public_key: signer.publicKeyPem } } },
      };
      const row = signedRow(signer, content, genesisHash, null);
      const opened = await tx
        .insert(journalHeads)
        .values({ chain, seq: 1, hash: row.hash, recordedAt: now, businessDate: row.businessDate, signature: signer.sign(headStatement(chain, 1, row.hash)), keyId: signer.keyId })
        .onConflictDoNothing()
        .returning({ chain: journalHeads.chain });
      if (opened.length === 1) await tx.insert(journalEntries).values(row);
    });
  }
}

/**
 * Changes the journal's signing key from `current` to `next` (docs/decisions/031): on each chain
 * an entry `signing_key` holding the next public key, endorsed by the current key (its signature
 * of keyChangeStatement) and signed by the next one, which signs everything after it.
 * @throws Error (French) when `current` is not the key the chain's head was signed with.
 */
export async function rotateKey(db: Database, current: BooksSigner, next: BooksSigner, now: Date): Promise<void> {
  for (const chain of chains) {
    await db.transaction(async (tx) => {
      const [head] = await tx.select().from(journalHeads).where(eq(journalHeads.chain, chain)).for('update');
      if (!head) throw new Error(booksErrors.noHead(chain));
      if (head.keyId !== current.keyId) throw new Error(booksErrors.otherKey(head.keyId, current.keyId));
      const endorsement = current.sign(keyChangeStatement(chain, head.seq + 1, next.keyId, head.hash));
      const detail = { key_id: next.keyId, public_key: next.publicKeyPem, previous_key_id: current.keyId, endorsement };
      await writeAfter(tx, next, head, { chain, body: { kind: 'technical', technical: { event: 'signing_key', detail } } }, now);
    });
  }
}

/** A chain's head, or undefined before it is opened. */
export async function readHead(db: Database, chain: Chain): Promise<Head | undefined> {
  return (await db.select().from(journalHeads).where(eq(journalHeads.chain, chain)))[0];
}

/** A chain's entries after `afterSeq`, in order, at most `limit`. */
export async function readEntries(db: Database, chain: Chain, afterSeq: number, limit: number): Promise<JournalRow[]> {
  return db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.chain, chain), gt(journalEntries.seq, afterSeq)))
    .orderBy(asc(journalEntries.seq))
    .limit(limit);
}
