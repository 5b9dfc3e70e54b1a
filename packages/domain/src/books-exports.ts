/**
 * The accountant's exports (issue 43 part 7, decision record 031-the-books.md; 032 to be written):
 * pure formatting helpers for the French spreadsheet CSV and the FEC (art. A47 A-1 of the LPF).
 * Amounts are integer cents everywhere; formatting turns them into a decimal comma only at the edge.
 *
 * STATUS: first building blocks only (CSV writer, FEC columns, dates, file name, balance check).
 * The per-document rows, the daily journal, the FEC entries from journal bodies and the e-reporting data are not written yet.
 */

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
  'JournalCode', 'JournalLib', 'EcritureNum', 'EcritureDate', 'CompteNum', 'CompteLib', 'CompAuxNum', 'CompAuxLib',
  'PieceRef', 'PieceDate', 'EcritureLib', 'Debit', 'Credit', 'EcritureLet', 'DateLet', 'ValidDate', 'Montantdevise', 'Idevise',
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
  const cell = (line: FecLine, col: FecColumn) =>
    col === 'Debit' || col === 'Credit' ? decimalComma(line[col]) : line[col].replaceAll(/[\t\r\n]/g, ' ');
  return [fecColumns.join('\t'), ...lines.map((l) => fecColumns.map((c) => cell(l, c)).join('\t'))].join('\r\n') + '\r\n';
}
