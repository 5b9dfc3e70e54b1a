import { createHash } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, desc, eq, gt, like, lt, lte, or } from 'drizzle-orm';
import type { EntryBody } from '@resto/domain/books';
import type { Database } from '../../db/client.ts';
import { journalEntries, journalHeads } from '../../db/schema.ts';
import { booksErrors } from '@resto/copy/staff/books';
import { archiveReadme } from '@resto/copy/staff/books-register';
import { writeAfter, type Chain, type EntryContent, type JournalRow } from './journal.ts';
import type { BooksSigner } from './signing.ts';
import { tarArchive, type TarFile } from './tar.ts';

/**
 * The archives of the books (docs/decisions/031-the-books.md, « archivage »): for each closed
 * month and fiscal year of a chain (the entries after the previous month's, or year's, closure
 * through its own), one ustar file `<archivesDir>/<chain>-<period>.tar`
 * ('live-2026-11.tar', 'live-2026.tar') holding the period's entries (JSON with hashes, previous
 * hashes, signatures and key ids; CSV in the French spreadsheet convention), its closures, the
 * public keys that sign them, `signatures.txt` for openssl, SHA256SUMS and a README in French with
 * the commands that check it (archiveCheckCommands, run by archives.test.ts). Each archive written
 * is a technical entry `archive` (its name, period, size and SHA-256), written under the lock of
 * the chain's head: two instances write one entry, and the file is the same bytes whoever writes
 * it (entries in order, dated the closure's time). The file is written to a temporary name and
 * renamed: a crash leaves no half archive, and the next run writes it again before its entry.
 */

/** A period's archive: 'live-2026-11.tar' (a month), 'simulation-2026.tar' (a fiscal year). */
export const archiveNamePattern = /^(live|simulation)-(\d{4})(?:-(0[1-9]|1[0-2]))?\.tar$/;

/** The name of `chain`'s archive of `period` ('2026-11' or '2026'). */
export function archiveName(chain: Chain, period: string): string {
  return `${chain}-${period}.tar`;
}

/** An archive on disk, as the owner's list shows it. */
export interface ArchiveFile {
  name: string;
  chain: Chain;
  /** 'YYYY-MM' (a month) or 'YYYY' (a fiscal year). */
  period: string;
  /** Bytes. */
  size: number;
  sha256: string;
  /** ISO instant of its journal entry. */
  created_at: string;
}

/**
 * The commands of the README, run in the archive's extracted folder by `sh -c` (POSIX sh,
 * coreutils sha256sum and base64, OpenSSL ≥ 3.0 for Ed25519): the sums, then every signature.
 * Each exits non-zero on the first thing wrong.
 */
export const archiveCheckCommands = {
  sums: 'sha256sum -c SHA256SUMS',
  signatures:
    'while read seq key hash sig; do printf %s "$hash" > /tmp/resto-hash.$$; printf %s "$sig" | base64 -d > /tmp/resto-sig.$$; ' +
    'openssl pkeyutl -verify -pubin -inkey "cle-publique-$key.pem" -rawin -in /tmp/resto-hash.$$ -sigfile /tmp/resto-sig.$$ > /dev/null ' +
    '|| { echo "signature invalide : entrée $seq"; exit 1; }; done < signatures.txt; echo "signatures vérifiées"',
} as const;

function readme(name: string, chain: Chain, period: string, count: number): string {
  return archiveReadme(name, chain === 'live', period, count, archiveCheckCommands);
}

const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
const csvCell = (value: string) => (/[;"\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

function totalOf(body: EntryBody): number | null {
  if (body.kind === 'document') return body.document.total_ttc;
  if (body.kind === 'closure') return body.closure.total_ttc;
  if (body.kind === 'payment') return body.payment.amount;
  return null;
}

function entriesCsv(rows: readonly JournalRow[]): string {
  const head = ['séquence', 'enregistrée le', 'jour', 'type', 'numéro', 'montant TTC (€)', 'empreinte précédente', 'empreinte', 'clé', 'signature'];
  const lines = rows.map((row) => {
    const total = totalOf((JSON.parse(row.content) as EntryContent).body);
    return [
      String(row.seq),
      row.recordedAt.toISOString(),
      row.businessDate,
      row.kind,
      row.documentNumber ?? '',
      total === null ? '' : euros(total),
      row.previousHash,
      row.hash,
      row.keyId,
      row.signature,
    ]
      .map(csvCell)
      .join(';');
  });
  return '\uFEFF' + [head.join(';'), ...lines].join('\r\n') + '\r\n';
}

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** The public keys a chain names (journal_opened, signing_key), by key id. */
async function publicKeys(db: Database, chain: Chain): Promise<Map<string, string>> {
  const rows = await db
    .select({ content: journalEntries.content })
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.chain, chain),
        eq(journalEntries.kind, 'technical'),
        or(like(journalEntries.content, '%"event":"journal_opened"%'), like(journalEntries.content, '%"event":"signing_key"%')),
      ),
    )
    .orderBy(asc(journalEntries.seq));
  const keys = new Map<string, string>();
  for (const row of rows) {
    const body = (JSON.parse(row.content) as EntryContent).body;
    if (body.kind !== 'technical') continue;
    const { key_id, public_key } = body.technical.detail;
    if (typeof key_id === 'string' && typeof public_key === 'string') keys.set(key_id, public_key);
  }
  return keys;
}

/** The archive's bytes of one closure's period (a month's or a year's), and how many entries it holds. */
async function buildArchive(db: Database, closureRow: JournalRow, name: string, period: string): Promise<{ bytes: Buffer; entries: number }> {
  const chain = closureRow.chain;
  // The entries after the previous closure of the same kind (a month's, a year's), through this one:
  // each entry is in exactly one month's archive, and the closure itself is its last entry.
  const [previous] = await db
    .select({ seq: journalEntries.seq })
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.chain, chain),
        eq(journalEntries.kind, 'closure'),
        like(journalEntries.documentNumber, `${closureRow.documentNumber!.slice(0, 2)}%`),
        lt(journalEntries.seq, closureRow.seq),
      ),
    )
    .orderBy(desc(journalEntries.seq))
    .limit(1);
  const inPeriod = await db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.chain, chain), gt(journalEntries.seq, previous?.seq ?? 0), lte(journalEntries.seq, closureRow.seq)))
    .orderBy(asc(journalEntries.seq));
  const keys = await publicKeys(db, chain);
  const used = [...new Set(inPeriod.map((row) => row.keyId))];
  const entriesJson = JSON.stringify(
    inPeriod.map((row) => ({
      seq: row.seq,
      recorded_at: row.recordedAt.toISOString(),
      business_date: row.businessDate,
      kind: row.kind,
      document_number: row.documentNumber,
      content: row.content,
      previous_hash: row.previousHash,
      hash: row.hash,
      signature: row.signature,
      key_id: row.keyId,
    })),
    null,
    2,
  );
  const closures = inPeriod
    .filter((row) => row.kind === 'closure')
    .map((row) => ({ seq: row.seq, number: row.documentNumber, closure: (JSON.parse(row.content) as EntryContent).body }));
  const files: TarFile[] = [
    { name: 'entries.json', content: entriesJson + '\n' },
    { name: 'entries.csv', content: entriesCsv(inPeriod) },
    { name: 'closures.json', content: JSON.stringify(closures, null, 2) + '\n' },
    ...used.map((keyId) => {
      const pem = keys.get(keyId);
      if (!pem) throw new Error(booksErrors.unknownArchiveKey(keyId));
      return { name: `cle-publique-${keyId}.pem`, content: pem };
    }),
    { name: 'signatures.txt', content: inPeriod.map((row) => `${row.seq} ${row.keyId} ${row.hash} ${row.signature}\n`).join('') },
  ];
  const sums = files.map((file) => `${sha256(file.content)}  ${file.name}\n`).join('');
  const all: TarFile[] = [{ name: 'README.fr.txt', content: readme(name, chain, period, inPeriod.length) }, ...files, { name: 'SHA256SUMS', content: sums }];
  return { bytes: tarArchive(all, Math.floor(closureRow.recordedAt.getTime() / 1000)), entries: inPeriod.length };
}

/** The period an 'M-2026-11' or 'E-2026' closure number archives: '2026-11', '2026'. */
function periodOf(number: string): string {
  return number.slice(2);
}

/** The `archive` entries of `chain` (or every chain), oldest first. */
async function archiveEntries(db: Database, chain?: Chain) {
  return db
    .select()
    .from(journalEntries)
    .where(and(chain ? eq(journalEntries.chain, chain) : undefined, eq(journalEntries.kind, 'technical'), like(journalEntries.content, '%"event":"archive"%')))
    .orderBy(asc(journalEntries.recordedAt), asc(journalEntries.seq));
}

function archiveDetail(row: JournalRow) {
  const body = (JSON.parse(row.content) as EntryContent).body;
  if (body.kind !== 'technical') throw new Error('not an archive entry');
  return body.technical.detail as { name: string; period: string; sha256: string; size: number; entries: number };
}

/** What archiving one period did. */
export type ArchiveOutcome = { written: true; name: string; sha256: string; size: number } | { written: false; name: string };

/**
 * Archives the period of `closureRow` (a month's or a fiscal year's closure) of its chain, once:
 * under the head's lock, when no `archive` entry names it yet, writes the file (temporary name,
 * then rename) and its entry at `now`. @returns whether this call wrote it.
 */
export async function archivePeriod(db: Database, signer: BooksSigner, archivesDir: string, closureRow: JournalRow, now: Date): Promise<ArchiveOutcome> {
  const period = periodOf(closureRow.documentNumber!);
  const name = archiveName(closureRow.chain, period);
  return db.transaction(async (tx) => {
    const [head] = await tx.select().from(journalHeads).where(eq(journalHeads.chain, closureRow.chain)).for('update');
    if (!head) throw new Error(booksErrors.noHead(closureRow.chain));
    const done = (await archiveEntries(tx, closureRow.chain)).some((row) => archiveDetail(row).name === name);
    if (done) return { written: false as const, name };
    const { bytes, entries } = await buildArchive(tx, closureRow, name, period);
    await mkdir(archivesDir, { recursive: true });
    const temporary = join(archivesDir, `.${name}.${process.pid}.${Date.now()}.tmp`);
    try {
      await writeFile(temporary, bytes, { flush: true });
      await rename(temporary, join(archivesDir, name));
    } finally {
      await rm(temporary, { force: true });
    }
    const detail = { name, period, sha256: sha256(bytes), size: bytes.length, entries };
    await writeAfter(tx, signer, head, { chain: closureRow.chain, body: { kind: 'technical', technical: { event: 'archive', detail } } }, now);
    return { written: true as const, name, sha256: detail.sha256, size: detail.size };
  });
}

/** The month and fiscal-year closures of `chain`, in order. */
async function periodClosures(db: Database, chain: Chain): Promise<JournalRow[]> {
  return db
    .select()
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.chain, chain),
        eq(journalEntries.kind, 'closure'),
        or(like(journalEntries.documentNumber, 'M-%'), like(journalEntries.documentNumber, 'E-%')),
      ),
    )
    .orderBy(asc(journalEntries.seq));
}

/**
 * Archives every closed month and fiscal year of `chain` not archived yet (the closing job, right
 * after a month's or year's closure; safe on two instances at once). @returns the names written.
 */
export async function archiveClosedPeriods(db: Database, signer: BooksSigner, archivesDir: string, chain: Chain, now: Date): Promise<string[]> {
  const archived = new Set((await archiveEntries(db, chain)).map((row) => archiveDetail(row).name));
  const written: string[] = [];
  for (const closure of await periodClosures(db, chain)) {
    if (archived.has(archiveName(chain, periodOf(closure.documentNumber!)))) continue;
    const outcome = await archivePeriod(db, signer, archivesDir, closure, now);
    if (outcome.written) written.push(outcome.name);
  }
  return written;
}

/**
 * Archives the closed month `period` ('YYYY-MM') of `chain` (the owner's « Archiver un mois
 * clos »): 'not_closed' when the month has no closure yet; else the archive (written now, or
 * already there).
 */
export async function archiveMonth(
  db: Database,
  signer: BooksSigner,
  archivesDir: string,
  chain: Chain,
  period: string,
  now: Date,
): Promise<'not_closed' | ArchiveOutcome> {
  const [closure] = await db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.chain, chain), eq(journalEntries.kind, 'closure'), eq(journalEntries.documentNumber, `M-${period}`)));
  if (!closure) return 'not_closed';
  return archivePeriod(db, signer, archivesDir, closure, now);
}

/** The archives the journal records and the folder holds, newest first. */
export async function listArchives(db: Database, archivesDir: string): Promise<ArchiveFile[]> {
  const present = new Set(await readdir(archivesDir).catch(() => [] as string[]));
  const files: ArchiveFile[] = [];
  for (const row of await archiveEntries(db)) {
    const detail = archiveDetail(row);
    if (!present.has(detail.name)) continue;
    const size = (await stat(join(archivesDir, detail.name))).size;
    files.push({ name: detail.name, chain: row.chain, period: detail.period, size, sha256: detail.sha256, created_at: row.recordedAt.toISOString() });
  }
  return files.reverse();
}

/** The path of the archive `name`, or undefined for a name that is not an archive's (no path goes out of the folder). */
export function archivePath(archivesDir: string, name: string): string | undefined {
  return archiveNamePattern.test(name) ? join(archivesDir, name) : undefined;
}
