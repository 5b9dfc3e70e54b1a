import { createHash } from 'node:crypto';
import { and, between, eq, inArray } from 'drizzle-orm';
import type { BooksExportKind, BooksExports } from '@resto/contract/books-exports';
import { booksExportErrors } from '@resto/copy/staff/books-exports';
import type { EntryBody } from '@resto/domain/books';
import {
  dailyVatCsv,
  documentsOf,
  eReportingOf,
  fecFileName,
  fecLinesOf,
  fecText,
  linesCsv,
  meansByOrder,
  paymentsCsv,
  readBooksAccounts,
  receiptsCsv,
  sirenOf,
  type ExportEntry,
} from '@resto/domain/books-exports';
import { reportPeriodOf, type ReportPeriod } from '@resto/domain/books-reports';
import { toRestaurantDate, toRestaurantTime } from '@resto/domain/clock';
import { readSetting, type SettingsList } from '@resto/domain/settings';
import type { Database } from '../../db/client.ts';
import { journalEntries } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import type { EntryContent } from './journal.ts';

/** The entries the exports read: sale documents and the movements of money. */
const exportKinds = ['document', 'payment', 'refund'];

/** A period as asked: a day, the week or month of `from`, or a range (the sales report's periods). */
export interface ExportQuery {
  period: ReportPeriod['kind'];
  from?: string;
  to?: string;
}

/** A file of an export: its name, media type, bytes and SHA-256 (hex). */
export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Buffer;
  sha256: string;
}

/**
 * The period asked, checked as the sales report's (packages/domain/src/books-reports.ts).
 * @throws ApiError invalid_request (400) on the field: a day that is not one, an end before the start, over 366 days.
 */
function periodOf(now: Date, query: ExportQuery): ReportPeriod {
  const asked = reportPeriodOf(query.period, query.from ?? toRestaurantDate(now), query.to);
  if ('error' in asked) throw new ApiError('invalid_request', asked.error, [{ path: asked.field, message: asked.error }]);
  return asked.period;
}

/** The live chain's documents, payments and refunds of the period's business days, in journal order (index journal_entries_day_idx). */
async function entriesOf(db: Database, period: ReportPeriod): Promise<ExportEntry[]> {
  const rows = await db
    .select({ seq: journalEntries.seq, day: journalEntries.businessDate, content: journalEntries.content })
    .from(journalEntries)
    .where(and(eq(journalEntries.chain, 'live'), between(journalEntries.businessDate, period.from, period.to), inArray(journalEntries.kind, exportKinds)))
    .orderBy(journalEntries.seq);
  return rows.map((row) => {
    const content = JSON.parse(row.content) as EntryContent & { body: EntryBody };
    return {
      seq: row.seq,
      day: row.day,
      time: toRestaurantTime(new Date(content.recorded_at)).time,
      operator: content.operator?.name ?? null,
      body: content.body,
    };
  });
}

const fileStem = (period: ReportPeriod) => (period.from === period.to ? period.from : `${period.from}_${period.to}`);

/** The files' names: `<stem>` is the period's day or `<from>_<to>`; the FEC's is `<SIREN>FEC<AAAAMMJJ>.txt` (null without a SIREN). */
function fileNameOf(kind: BooksExportKind, period: ReportPeriod, siren: string | null): string | null {
  switch (kind) {
    case 'receipts':
      return `tickets_${fileStem(period)}.csv`;
    case 'lines':
      return `lignes_${fileStem(period)}.csv`;
    case 'payments':
      return `paiements_${fileStem(period)}.csv`;
    case 'daily_vat':
      return `journal-ventes-tva_${fileStem(period)}.csv`;
    case 'fec':
      return siren ? fecFileName(siren, period.to) : null;
    case 'e_reporting':
      return siren ? `e-reporting-b2c_${siren}_${fileStem(period)}.json` : null;
  }
}

/**
 * What a period holds and the files it gives (GET /v2/restaurant/books/exports; docs/decisions/032).
 * @throws ApiError invalid_request (400) a period refused on its field.
 */
export async function listExports(db: Database, settings: SettingsList, now: Date, query: ExportQuery): Promise<BooksExports> {
  const period = periodOf(now, query);
  const entries = await entriesOf(db, period);
  const siren = sirenOf(readSetting(settings, 'legal.siret', ''));
  return {
    period,
    documents: entries.filter((e) => e.body.kind === 'document').length,
    payments: entries.filter((e) => e.body.kind !== 'document').length,
    days: new Set(entries.map((e) => e.day)).size,
    siren,
    files: (['receipts', 'lines', 'payments', 'daily_vat', 'fec', 'e_reporting'] as const).map((kind) => ({
      kind,
      file_name: fileNameOf(kind, period, siren),
    })),
  };
}

/**
 * One file of a period (GET /v2/restaurant/books/exports/{kind}; docs/decisions/032): the CSV in the
 * French convention, the FEC with the accounts of the settings `books.accounts.*`, the B2C
 * e-reporting JSON; with its SHA-256, which the caller writes to the journal.
 * @throws ApiError invalid_request (400) a period refused; siren_missing (422) the FEC or the e-reporting without `legal.siret`.
 */
export async function buildExport(db: Database, settings: SettingsList, now: Date, kind: BooksExportKind, query: ExportQuery): Promise<ExportFile> {
  const period = periodOf(now, query);
  const siren = sirenOf(readSetting(settings, 'legal.siret', ''));
  const fileName = fileNameOf(kind, period, siren);
  if (fileName === null) throw new ApiError('siren_missing', booksExportErrors.sirenMissing);
  const entries = await entriesOf(db, period);
  const csv = 'text/csv; charset=utf-8';
  const [contentType, text] = ((): [string, string] => {
    switch (kind) {
      case 'receipts':
        return [csv, receiptsCsv(documentsOf(entries), meansByOrder(entries))];
      case 'lines':
        return [csv, linesCsv(documentsOf(entries))];
      case 'payments':
        return [csv, paymentsCsv(entries)];
      case 'daily_vat':
        return [csv, dailyVatCsv(documentsOf(entries))];
      case 'fec':
        return ['text/plain; charset=utf-8', fecText(fecLinesOf(entries, readBooksAccounts(settings)))];
      case 'e_reporting': {
        const vatNumber = readSetting(settings, 'legal.vat_number', '').trim() || null;
        const data = eReportingOf(documentsOf(entries), { siren: siren ?? '', vatNumber }, { from: period.from, to: period.to });
        return ['application/json; charset=utf-8', `${JSON.stringify(data, null, 2)}\n`];
      }
    }
  })();
  const body = Buffer.from(text, 'utf8');
  return { fileName, contentType, body, sha256: createHash('sha256').update(body).digest('hex') };
}
