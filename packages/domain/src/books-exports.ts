/**
 * The accountant's exports (docs/decisions/031-the-books.md):
 * pure formatting helpers for the French spreadsheet CSV and the FEC (art. A47 A-1 of the LPF).
 * Amounts are integer cents everywhere; formatting turns them into a decimal comma only at the edge.
 *
 * STATUS: first building blocks only (CSV writer, FEC columns, dates, file name, balance check, lines CSV,
 * daily VAT journal, receipts CSV). The payments CSV, the per-means daily journal, the FEC entries from journal bodies and the e-reporting data are not written yet.
 */
import type { SaleDocument } from './books.js';

/** Byte order mark that makes spreadsheets read the file as UTF-8. */
export const utf8Bom = '\uFEFF';

/** Cents → « 1234,56 » (decimal comma, no thousands separator, minus sign for negatives). */
export function decimalComma(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`montant non entier en centimes : ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** One CSV field, quoted (« " » doubled) when it holds `;`, a quote, a line break or leading/trailing spaces. */
export function csvField(value: string | number): string {
  const text = String(value);
  return /[;"\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole CSV file in the French convention: BOM, `;` separator, CRLF after every row (header included). */
export function frenchCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return utf8Bom + [header, ...rows].map((row) => row.map(csvField).join(';') + '\r\n').join('');
}

/** The 18 FEC fields, in the order of art. A47 A-1 of the LPF. */
export const fecColumns = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;
export type FecColumn = (typeof fecColumns)[number];

/** One FEC line; Debit and Credit in cents (one of them zero). */
export type FecLine = Record<Exclude<FecColumn, 'Debit' | 'Credit'>, string> & { Debit: number; Credit: number };

/** « 2026-12-02 » → « 20261202 » (FEC date format AAAAMMJJ). Throws on anything else. */
export function fecDate(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`date attendue AAAA-MM-JJ : ${day}`);
  return day.replaceAll('-', '');
}

/** `<SIREN>FEC<AAAAMMJJ>.txt`, the date being the closing date of the period. Throws `siren_missing` on a missing or malformed SIREN. */
export function fecFileName(siren: string | null | undefined, periodEnd: string): string {
  if (!siren || !/^\d{9}$/.test(siren)) throw new Error('siren_missing');
  return `${siren}FEC${fecDate(periodEnd)}.txt`;
}

/** EcritureNum values whose debits and credits differ (empty = balanced file). */
export function unbalancedEntries(lines: readonly FecLine[]): string[] {
  const net = new Map<string, number>();
  for (const line of lines) net.set(line.EcritureNum, (net.get(line.EcritureNum) ?? 0) + line.Debit - line.Credit);
  return [...net].filter(([, n]) => n !== 0).map(([num]) => num);
}

/** The FEC text: tab-separated, header line, CRLF, amounts with a decimal comma. Throws when an entry is unbalanced. */
export function fecText(lines: readonly FecLine[]): string {
  const bad = unbalancedEntries(lines);
  if (bad.length > 0) throw new Error(`écritures déséquilibrées : ${bad.join(', ')}`);
  const cell = (line: FecLine, col: FecColumn) => (col === 'Debit' || col === 'Credit' ? decimalComma(line[col]) : line[col].replaceAll(/[\t\r\n]/g, ' '));
  return [fecColumns.join('\t'), ...lines.map((l) => fecColumns.map((c) => cell(l, c)).join('\t'))].join('\r\n') + '\r\n';
}

/** A sale document with the business day (AAAA-MM-JJ) of its journal entry. */
export interface DatedDocument {
  day: string;
  document: SaleDocument;
}

/** VAT rate in basis points → « 10 » / « 5,5 » (percent, decimal comma). */
export function ratePercent(basisPoints: number): string {
  return (basisPoints / 100).toString().replace('.', ',');
}

/** The lines CSV: one row per document line (number, label, qty, unit price TTC, HT, VAT rate %, VAT, TTC). */
export function linesCsv(documents: readonly DatedDocument[]): string {
  const rows = documents.flatMap(({ document }) =>
    document.lines.map((l) => [
      document.number,
      l.label,
      l.quantity,
      decimalComma(l.unit_price),
      decimalComma(l.total_ht),
      ratePercent(l.vat_rate),
      decimalComma(l.total_vat),
      decimalComma(l.total_ttc),
    ]),
  );
  return frenchCsv(['numero', 'libelle', 'quantite', 'prix_unitaire_ttc', 'montant_ht', 'taux_tva', 'montant_tva', 'montant_ttc'], rows);
}

/** One row of the daily sales journal: a day and a VAT rate (cents; rate in basis points). */
export interface DailyVatRow {
  day: string;
  vat_rate: number;
  total_ht: number;
  total_vat: number;
  total_ttc: number;
}

/**
 * Per day and VAT rate: receipts plus credit notes (negative). Invoices are skipped: they restate
 * a receipt and count once, as in the closures (decision 031). Sorted by day then rate.
 */
export function dailyVatJournal(documents: readonly DatedDocument[]): DailyVatRow[] {
  const rows = new Map<string, DailyVatRow>();
  for (const { day, document } of documents) {
    if (document.type === 'invoice') continue;
    for (const v of document.vat) {
      const key = `${day}|${v.vat_rate}`;
      const row = rows.get(key) ?? { day, vat_rate: v.vat_rate, total_ht: 0, total_vat: 0, total_ttc: 0 };
      row.total_ht += v.total_ht;
      row.total_vat += v.total_vat;
      row.total_ttc += v.total_ttc;
      rows.set(key, row);
    }
  }
  return [...rows.values()].sort((a, b) => a.day.localeCompare(b.day) || a.vat_rate - b.vat_rate);
}

const documentTypeLabel: Record<SaleDocument['type'], string> = { receipt: 'ticket', invoice: 'facture', credit_note: 'avoir' };

/**
 * The receipts CSV: one row per document (date, number, type, channel, HT, VAT, TTC, means).
 * `meansOf` gives the means of payment of an order as text (e.g. « espèces + titre-restaurant »), computed by the caller from the payment entries.
 */
export function receiptsCsv(documents: readonly DatedDocument[], meansOf: (orderId: number) => string): string {
  const rows = documents.map(({ day, document: d }) => [
    day,
    d.number,
    documentTypeLabel[d.type],
    d.channel,
    decimalComma(d.total_ht),
    decimalComma(d.total_vat),
    decimalComma(d.total_ttc),
    meansOf(d.order_id),
  ]);
  return frenchCsv(['date', 'numero', 'type', 'canal', 'total_ht', 'total_tva', 'total_ttc', 'moyens_de_paiement'], rows);
}
