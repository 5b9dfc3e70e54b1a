import { lastDayOfMonth, monthOf, periodClosure, totalsDifferences, totalsOf, type Closure, type EntryBody } from '@resto/domain/books';
import { addDays } from '@resto/domain/clock';
import { booksVerification as says } from '@resto/copy/staff/books';
import type { Database } from '../../db/client.ts';
import { canonicalJson, chains, documentNumberOf, readEntries, readHead, type Chain, type EntryContent, type JournalRow } from './journal.ts';
import { entryHash, genesisHash, headStatement, keyChangeStatement, verifySignature } from './signing.ts';

/**
 * The verification of the books (docs/decisions/031-the-books.md; `npm run books:verify`, the
 * owner's « Vérifier l'intégrité »): every entry of every chain read in order, in batches, and
 * checked against what was signed. What it checks, entry by entry:
 * - the sequence is gapless from 1 (a row deleted in the middle);
 * - the content is still the canonical JSON written, and the row's columns say what it says;
 * - the previous hash is the entry before's, and the hash is recomputed (a changed amount, two
 *   rows swapped);
 * - the signature, by a key the journal names (entry n° 1 holds the first; a key change is an
 *   entry signed by the key before), and the first key is the trusted one when one is given;
 * - dates and business days never go back; each document series (R-, F-, A-) is numbered without
 *   gap from its first number, each number once;
 * - each day's closure closes the day after the one before and holds the totals recomputed from
 *   that day's entries (packages/domain/src/books.ts); no entry counts in a day already closed;
 * - each month's closure follows its last day's, covers the days since the previous month's
 *   closure (the journal's first day first) to the month's end, and holds the totals recomputed
 *   from their closures; no day of the next month is closed before it; each fiscal year's closure
 *   covers the months since the previous one and holds the totals recomputed from their closures;
 * and at the end the head kept outside the table: same last entry, signed (the tail deleted).
 * The first broken entry of each chain is reported; its chain's checks stop there.
 */

/** The first problem found in a chain. */
export interface BrokenEntry {
  chain: Chain;
  seq: number;
  problem: string;
}

export interface VerificationReport {
  ok: boolean;
  chains: { chain: Chain; entries: number; keys: string[] }[];
  broken: BrokenEntry[];
}

export interface VerifyOptions {
  /** The public key (SPKI PEM) the journal must open with: the running server's, or one from an archive. */
  trustedPublicKey?: string;
  /** Entries read per query (the verification holds one batch at a time). */
  batchSize?: number;
}

/** Verifies every chain. Never throws on a broken journal: the report says where it breaks. */
export async function verifyJournal(db: Database, options: VerifyOptions = {}): Promise<VerificationReport> {
  const report: VerificationReport = { ok: true, chains: [], broken: [] };
  for (const chain of chains) {
    const result = await verifyChain(db, chain, options);
    report.chains.push({ chain, entries: result.entries, keys: [...result.keys.keys()] });
    if (result.broken) {
      report.ok = false;
      report.broken.push(result.broken);
    }
  }
  return report;
}

class Broken extends Error {
  constructor(
    readonly seq: number,
    readonly problem: string,
  ) {
    super(problem);
  }
}

async function verifyChain(db: Database, chain: Chain, options: VerifyOptions) {
  const keys = new Map<string, string>();
  const state = new ChainState(chain, keys, options.trustedPublicKey);
  try {
    const batchSize = options.batchSize ?? 2000;
    for (;;) {
      const rows = await readEntries(db, chain, state.lastSeq, batchSize);
      for (const row of rows) state.check(row);
      if (rows.length < batchSize) break;
    }
    const head = await readHead(db, chain);
    state.checkHead(head);
    state.checkEnd();
    return { entries: state.lastSeq, keys, broken: undefined };
  } catch (error) {
    if (!(error instanceof Broken)) throw error;
    return { entries: state.lastSeq, keys, broken: { chain, seq: error.seq, problem: error.problem } };
  }
}

/** What a chain's verification carries from one entry to the next. */
class ChainState {
  lastSeq = 0;
  private lastHash = genesisHash;
  private lastRecordedAt = '';
  private lastDay = '';
  /** Per series prefix ('R', 'F', 'A'), the last number seen. */
  private readonly series = new Map<string, number>();
  private readonly numbers = new Set<string>();
  /** The last day closed, the perpetual total after it, and the entries of the days still open. */
  private closedThrough: string | null = null;
  private firstDay = '';
  private perpetual = 0;
  private readonly openDays = new Map<string, { seq: number; body: EntryBody }[]>();
  /** The days' closures since the last month's closure, and the months' since the last fiscal year's. */
  private days: Closure[] = [];
  private months: Closure[] = [];
  /** The last day of the last month (fiscal year) closed, and its perpetual grand total. */
  private monthsThrough: string | null = null;
  private monthPerpetual = 0;
  private yearsThrough: string | null = null;
  private yearPerpetual = 0;
  private lastClosureSeq = 0;

  constructor(
    private readonly chain: Chain,
    private readonly keys: Map<string, string>,
    private readonly trustedPublicKey: string | undefined,
  ) {}

  check(row: JournalRow): void {
    const seq = this.lastSeq + 1;
    if (row.seq !== seq) throw new Broken(seq, says.missingEntry(seq, row.seq));
    const content = this.read(row);
    this.checkColumns(row, content);
    if (row.previousHash !== this.lastHash) throw new Broken(seq, says.previousHash);
    if (entryHash(row.previousHash, row.content) !== row.hash) throw new Broken(seq, says.hash);
    this.checkSignature(row, content);
    if (content.recorded_at < this.lastRecordedAt) throw new Broken(seq, says.timeBackwards);
    if (content.business_date < this.lastDay) throw new Broken(seq, says.dayBackwards);
    this.checkNumbering(row);
    this.checkClosure(row, content);
    this.lastSeq = seq;
    this.lastHash = row.hash;
    this.lastRecordedAt = content.recorded_at;
    this.lastDay = content.business_date;
  }

  private read(row: JournalRow): EntryContent {
    let content: EntryContent;
    try {
      content = JSON.parse(row.content) as EntryContent;
    } catch {
      throw new Broken(row.seq, says.unreadable);
    }
    if (canonicalJson(content) !== row.content) throw new Broken(row.seq, says.notCanonical);
    return content;
  }

  private checkColumns(row: JournalRow, content: EntryContent): void {
    const columns: [string, unknown, unknown][] = [
      ['chain', row.chain, content.chain],
      ['seq', row.seq, content.seq],
      ['recorded_at', row.recordedAt.toISOString(), content.recorded_at],
      ['business_date', row.businessDate, content.business_date],
      ['kind', row.kind, content.body?.kind],
      ['document_number', row.documentNumber, documentNumberOf(content.body)],
      ['key_id', row.keyId, content.key_id],
    ];
    for (const [column, stored, signed] of columns) if (stored !== signed) throw new Broken(row.seq, says.columnDiffers(column));
  }

  private checkSignature(row: JournalRow, content: EntryContent): void {
    const body = content.body;
    if (row.seq === 1) {
      const detail = body.kind === 'technical' && body.technical.event === 'journal_opened' ? body.technical.detail : undefined;
      if (!detail || typeof detail.public_key !== 'string' || detail.key_id !== row.keyId) throw new Broken(1, says.firstEntry);
      if (this.trustedPublicKey !== undefined && normalisedPem(detail.public_key) !== normalisedPem(this.trustedPublicKey)) throw new Broken(1, says.untrustedKey(row.keyId));
      this.keys.set(row.keyId, detail.public_key);
    }
    if (body.kind === 'technical' && body.technical.event === 'signing_key') this.acceptKeyChange(row, body.technical.detail);
    const publicKey = this.keys.get(row.keyId);
    if (publicKey === undefined) throw new Broken(row.seq, says.unknownKey(row.keyId));
    if (!verifySignature(publicKey, row.hash, row.signature)) throw new Broken(row.seq, says.signature);
  }

  /** A key change (journal.ts rotateKey): the key before must have endorsed the next key at this place of the chain. */
  private acceptKeyChange(row: JournalRow, detail: Record<string, unknown>): void {
    const { key_id: nextKeyId, public_key: nextKey, previous_key_id: previousKeyId, endorsement } = detail;
    const previousKey = typeof previousKeyId === 'string' ? this.keys.get(previousKeyId) : undefined;
    const endorsed =
      previousKey !== undefined &&
      typeof nextKeyId === 'string' &&
      typeof nextKey === 'string' &&
      typeof endorsement === 'string' &&
      nextKeyId === row.keyId &&
      verifySignature(previousKey, keyChangeStatement(this.chain, row.seq, nextKeyId, row.previousHash), endorsement);
    if (!endorsed) throw new Broken(row.seq, says.keyChangeNotEndorsed);
    this.keys.set(nextKeyId, nextKey);
  }

  private checkNumbering(row: JournalRow): void {
    if (row.kind !== 'document' || row.documentNumber === null) return;
    const match = /^([A-Z]+)-(\d+)$/.exec(row.documentNumber);
    if (!match) return;
    const prefix = match[1]!;
    const digits = match[2]!;
    if (this.numbers.has(row.documentNumber)) throw new Broken(row.seq, says.numberTwice(row.documentNumber));
    const last = this.series.get(prefix);
    const number = Number(digits);
    if (last !== undefined && number !== last + 1) {
      const expected = `${prefix}-${String(last + 1).padStart(digits.length, '0')}`;
      throw new Broken(row.seq, says.numberingGap(prefix, expected, row.documentNumber));
    }
    this.series.set(prefix, number);
    this.numbers.add(row.documentNumber);
  }

  /**
   * A day's closure must close the day after the last one closed (the journal's first day first)
   * and hold the totals recomputed from that day's entries; an entry after it counts in a later day.
   */
  private checkClosure(row: JournalRow, content: EntryContent): void {
    if (row.seq === 1) this.firstDay = content.business_date;
    const body = content.body;
    if (body.kind !== 'closure') {
      if (this.closedThrough !== null && content.business_date <= this.closedThrough) throw new Broken(row.seq, says.inClosedDay(this.closedThrough));
      const day = this.openDays.get(content.business_date) ?? [];
      day.push({ seq: row.seq, body });
      this.openDays.set(content.business_date, day);
      return;
    }
    const closure = body.closure;
    if (closure.period.kind === 'month') return this.checkMonth(row.seq, closure);
    if (closure.period.kind === 'year') return this.checkYear(row.seq, closure);
    const expected = this.closedThrough === null ? this.firstDay : addDays(this.closedThrough, 1);
    if (closure.period.start !== expected || closure.period.end !== expected) throw new Broken(row.seq, says.closureOrder(expected, closure.period.start));
    const entries = this.openDays.get(expected) ?? [];
    const recomputed = totalsOf(
      entries.map((entry) => entry.body),
      this.perpetual,
    );
    const differences = totalsDifferences(closure, recomputed);
    if ((closure.first_seq ?? null) !== (entries[0]?.seq ?? null) || (closure.last_seq ?? null) !== (entries.at(-1)?.seq ?? null)) differences.push('first_seq/last_seq');
    if (differences.length > 0) throw new Broken(row.seq, says.closureTotals(differences.join(' ; ')));
    // The month before must be closed first (its closure follows its last day's, in the same transaction).
    const open = this.days[0];
    if (open && monthOf(open.period.start) !== monthOf(expected)) throw new Broken(row.seq, says.monthNotClosed(monthOf(open.period.start)));
    this.openDays.delete(expected);
    this.closedThrough = expected;
    this.perpetual = closure.perpetual_total_ttc;
    this.days.push(closure);
    this.lastClosureSeq = row.seq;
  }

  /**
   * A month's closure: from the day after the last month closed (the journal's first day first) to
   * that month's last day, written once that day is closed and before any later day, with the
   * totals of its days' closures (periodClosure, as the closing job computes them).
   */
  private checkMonth(seq: number, closure: Closure): void {
    const start = this.monthsThrough === null ? this.firstDay : addDays(this.monthsThrough, 1);
    const end = lastDayOfMonth(start);
    if (closure.period.start !== start || closure.period.end !== end) throw new Broken(seq, says.periodOrder(`${start} – ${end}`, `${closure.period.start} – ${closure.period.end}`));
    if (this.closedThrough !== end) throw new Broken(seq, says.periodBeforeDays(end));
    this.checkPeriodTotals(seq, closure, periodClosure(closure.period, this.days, this.monthPerpetual));
    this.months.push(closure);
    this.days = [];
    this.monthsThrough = end;
    this.monthPerpetual = closure.perpetual_total_ttc;
    this.lastClosureSeq = seq;
  }

  /**
   * A fiscal year's closure: from the day after the last year closed (the journal's first day
   * first) to the end of the last month closed, with the totals of those months' closures. Which
   * month ends a fiscal year is a setting (books.fiscal_year_first_month), not in the journal: the
   * verification checks the year closures there are, it cannot tell one missing.
   */
  private checkYear(seq: number, closure: Closure): void {
    const start = this.yearsThrough === null ? this.firstDay : addDays(this.yearsThrough, 1);
    const end = this.monthsThrough;
    if (end === null || end < start || this.days.length > 0 || closure.period.start !== start || closure.period.end !== end)
      throw new Broken(seq, says.periodOrder(`${start} – ${end ?? '?'}`, `${closure.period.start} – ${closure.period.end}`));
    this.checkPeriodTotals(seq, closure, periodClosure(closure.period, this.months, this.yearPerpetual));
    this.months = [];
    this.yearsThrough = end;
    this.yearPerpetual = closure.perpetual_total_ttc;
    this.lastClosureSeq = seq;
  }

  private checkPeriodTotals(seq: number, stored: Closure, recomputed: Closure): void {
    const differences = totalsDifferences(stored, recomputed);
    if ((stored.first_seq ?? null) !== recomputed.first_seq || (stored.last_seq ?? null) !== recomputed.last_seq) differences.push('first_seq/last_seq');
    if (differences.length > 0) throw new Broken(seq, says.closureTotals(differences.join(' ; ')));
  }

  /** At the chain's end: a month whose last day is closed has its closure too (they are written in one transaction). */
  checkEnd(): void {
    if (this.closedThrough !== null && this.closedThrough === lastDayOfMonth(this.closedThrough) && this.monthsThrough !== this.closedThrough)
      throw new Broken(this.lastClosureSeq, says.monthNotClosed(monthOf(this.closedThrough)));
  }

  checkHead(head: { seq: number; hash: string; signature: string; keyId: string } | undefined): void {
    if (this.lastSeq === 0 && head === undefined) return; // a chain never opened
    if (head === undefined) throw new Broken(this.lastSeq, says.noHead);
    if (head.seq > this.lastSeq) throw new Broken(this.lastSeq + 1, says.tailDeleted(this.lastSeq + 1, head.seq));
    if (head.seq !== this.lastSeq || head.hash !== this.lastHash) throw new Broken(this.lastSeq, says.headDiffers);
    const publicKey = this.keys.get(head.keyId);
    if (publicKey === undefined || !verifySignature(publicKey, headStatement(this.chain, head.seq, head.hash), head.signature)) throw new Broken(this.lastSeq, says.headSignature);
  }
}

function normalisedPem(pem: string): string {
  return pem.replaceAll(/\s+/g, '');
}

/** The report as the command prints it: one line a chain, the first broken entry of each. */
export function describeReport(report: VerificationReport): string {
  const lines = report.chains.map(({ chain, entries }) => {
    const broken = report.broken.find((entry) => entry.chain === chain);
    return broken ? says.chainBroken(chain, broken.seq, broken.problem) : entries === 0 ? `${chain} : ${says.emptyJournal}` : says.chainOk(chain, entries);
  });
  return lines.join('\n');
}
