/**
 * The accountant's exports (docs/decisions/031-the-books.md):
 * pure formatting helpers for the French spreadsheet CSV and the FEC (art. A47 A-1 of the LPF).
 * Amounts are integer cents everywhere; formatting turns them into a decimal comma only at the edge.
 * The files themselves (receipts, lines, payments, daily VAT journal, FEC, e-reporting) are built
 * here from the live chain's entries; the API only reads the entries and the settings
 * (docs/decisions/032-the-accountant-s-exports.md).
 */
import { fecAccountLabels, fecEntryLabels, fecJournals } from '@resto/copy/staff/books-exports';
import { meansLabels } from '@resto/copy/staff/books';
import { meansOfPayment, type EntryBody, type MeansOfPayment, type SaleDocument } from './books.ts';
import { readSetting, type SettingsList } from './settings.ts';

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

/** The means of payment of each order, as text (« espèces + titre-restaurant papier »), from the payment entries net of reversals. */
export function meansByOrder(entries: readonly ExportEntry[]): (orderId: number) => string {
  const net = new Map<number, Map<MeansOfPayment, number>>();
  for (const { body } of entries) {
    if (body.kind !== 'payment') continue;
    const order = net.get(body.payment.order_id) ?? new Map<MeansOfPayment, number>();
    order.set(body.payment.means, (order.get(body.payment.means) ?? 0) + body.payment.amount);
    net.set(body.payment.order_id, order);
  }
  return (orderId) =>
    meansOfPayment
      .filter((means) => (net.get(orderId)?.get(means) ?? 0) > 0)
      .map((means) => meansLabels[means])
      .join(' + ');
}

// -------------------------------------------------------------------------------------------------
// Entries of the live chain, as the exports read them

/** A journal entry as the exports read it: its sequence, business day (AAAA-MM-JJ), Paris time of day (HH:MM), operator's name and body. */
export interface ExportEntry {
  seq: number;
  day: string;
  time: string;
  operator: string | null;
  body: EntryBody;
}

/** The sale documents of the entries, with their days, in journal order. */
export function documentsOf(entries: readonly ExportEntry[]): DatedDocument[] {
  return entries.flatMap(({ day, body }) => (body.kind === 'document' ? [{ day, document: body.document }] : []));
}

/**
 * The payments CSV: one row per payment, reversal (negative, naming the entry it cancels) and
 * refund (negative) of the period, in journal order: the entry's number, day, time, order, receipt,
 * movement, means, amount, cash handed over and change, who took it.
 */
export function paymentsCsv(entries: readonly ExportEntry[]): string {
  const receipts = receiptNumbers(entries);
  const rows = entries.flatMap(({ seq, day, time, operator, body }) => {
    if (body.kind === 'payment') {
      const p = body.payment;
      const tendered = p.tendered ?? null;
      return [
        [
          seq,
          day,
          time,
          p.order_id,
          receipts.get(p.order_id) ?? '',
          p.reverses === undefined ? 'encaissement' : 'annulation',
          meansLabels[p.means],
          decimalComma(p.amount),
          tendered === null ? '' : decimalComma(tendered),
          tendered === null ? '' : decimalComma(tendered - p.amount),
          p.reverses ?? '',
          operator ?? '',
        ],
      ];
    }
    if (body.kind === 'refund') {
      const r = body.refund;
      return [
        [
          seq,
          day,
          time,
          r.order_id,
          receipts.get(r.order_id) ?? '',
          'remboursement',
          meansLabels[r.means],
          decimalComma(-r.amount),
          '',
          '',
          r.credit_note ?? '',
          operator ?? '',
        ],
      ];
    }
    return [];
  });
  return frenchCsv(
    [
      'ecriture',
      'date',
      'heure',
      'commande',
      'ticket',
      'mouvement',
      'moyen_de_paiement',
      'montant',
      'especes_remises',
      'monnaie_rendue',
      'annule_ou_avoir',
      'operateur',
    ],
    rows,
  );
}

/** The daily sales journal per VAT rate as a CSV (dailyVatJournal's rows). */
export function dailyVatCsv(documents: readonly DatedDocument[]): string {
  const rows = dailyVatJournal(documents).map((r) => [
    r.day,
    ratePercent(r.vat_rate),
    decimalComma(r.total_ht),
    decimalComma(r.total_vat),
    decimalComma(r.total_ttc),
  ]);
  return frenchCsv(['date', 'taux_tva', 'total_ht', 'total_tva', 'total_ttc'], rows);
}

/** Each order's receipt number, from the documents of the entries. */
function receiptNumbers(entries: readonly ExportEntry[]): Map<number, string> {
  const numbers = new Map<number, string>();
  for (const { body } of entries) if (body.kind === 'document' && body.document.type === 'receipt') numbers.set(body.document.order_id, body.document.number);
  return numbers;
}

// -------------------------------------------------------------------------------------------------
// The accounts of the FEC (settings books.accounts.*)

/** The VAT rates (basis points) whose accounts are settings, and their names' suffixes (« 5_5 » for 5.5 %). */
export const accountRates = [2000, 1000, 550, 210, 0] as const;
const rateSuffix = (rateBp: number) => ratePercent(rateBp).replace(',', '_');

/** The setting holding the sales (`sales`) or collected VAT (`vat`) account of a rate: 'books.accounts.sales_10'. */
export const rateAccountSetting = (kind: 'sales' | 'vat', rateBp: number) => `books.accounts.${kind}_${rateSuffix(rateBp)}`;

/**
 * The accounts' usual defaults (plan comptable général): sales of the restaurant's rates on
 * 7071…7075, VAT collected on 445711…445714, customers 411, the bank 512 for cards, the till 530
 * for cash, 5118 for meal vouchers to cash in. Every one is a setting (docs/decisions/032).
 */
export const accountDefaults: Readonly<Record<string, string>> = {
  [rateAccountSetting('sales', 1000)]: '7071',
  [rateAccountSetting('sales', 2000)]: '7072',
  [rateAccountSetting('sales', 550)]: '7073',
  [rateAccountSetting('sales', 210)]: '7074',
  [rateAccountSetting('sales', 0)]: '7075',
  [rateAccountSetting('vat', 1000)]: '445711',
  [rateAccountSetting('vat', 2000)]: '445712',
  [rateAccountSetting('vat', 550)]: '445713',
  [rateAccountSetting('vat', 210)]: '445714',
  'books.accounts.customers': '411',
  'books.accounts.online_card': '512',
  'books.accounts.cash': '530',
  'books.accounts.card_terminal': '512',
  'books.accounts.meal_voucher_paper': '5118',
  'books.accounts.meal_voucher_card': '5118',
};

/** The setting names of the accounts, in the order the settings page shows them. */
export const accountSettingNames = Object.keys(accountDefaults);

/** A FEC account number: 3 digits of the plan comptable, then up to 17 digits or letters. */
export const accountPattern = /^\d{3}[0-9A-Za-z]{0,17}$/;

/** Accounts of a rate none of the settings names (another rate): the general sales and VAT collected accounts. */
const otherRateAccounts = { sales: '707', vat: '44571' };
/** Where a document's rounding difference goes, if ever its rates do not add up to its total. */
const roundingAccounts = { loss: '658', gain: '758' };

/** The accounts of the FEC, read from the settings (defaults: accountDefaults). */
export interface BooksAccounts {
  /** Sales account of a rate (basis points). */
  sales(rateBp: number): string;
  /** Collected VAT account of a rate (basis points). */
  vat(rateBp: number): string;
  customers: string;
  means: Record<MeansOfPayment, string>;
}

/** Reads the `books.accounts.*` settings; a missing or malformed value reads as its default. */
export function readBooksAccounts(settings: SettingsList): BooksAccounts {
  const read = (name: string, fallback: string) => {
    const value = readSetting(settings, name, fallback).trim();
    return accountPattern.test(value) ? value : fallback;
  };
  const rateAccount = (kind: 'sales' | 'vat', rateBp: number) => {
    const name = rateAccountSetting(kind, rateBp);
    const fallback = accountDefaults[name];
    return fallback === undefined ? otherRateAccounts[kind] : read(name, fallback);
  };
  return {
    sales: (rateBp) => rateAccount('sales', rateBp),
    vat: (rateBp) => rateAccount('vat', rateBp),
    customers: read('books.accounts.customers', '411'),
    means: Object.fromEntries(
      meansOfPayment.map((means) => [means, read(`books.accounts.${means}`, accountDefaults[`books.accounts.${means}`] ?? '512')]),
    ) as Record<MeansOfPayment, string>,
  };
}

// -------------------------------------------------------------------------------------------------
// The FEC

/**
 * The FEC lines of the entries (art. A47 A-1 of the LPF; docs/decisions/032):
 * - journal VE, one entry per receipt or credit note (invoices restate a receipt and are left out):
 *   the customer account debited of the TTC, each rate's sales account credited of its HT and
 *   its VAT account of its VAT (a credit note the other way round); a rounding difference, should the
 *   rates not add up to the total, goes to 658 / 758 so every entry balances;
 * - journal EN, one entry per payment, reversal and refund: the means' account debited, the
 *   customer account credited (a reversal or a refund the other way round).
 * EcritureNum runs VE000001…, EN000001… in journal order; EcritureDate, PieceDate and ValidDate are
 * the entry's business day (an entry of the journal is final when written); PieceRef is the
 * document's number (the order's receipt for a payment).
 */
export function fecLinesOf(entries: readonly ExportEntry[], accounts: BooksAccounts): FecLine[] {
  const receipts = receiptNumbers(entries);
  const lines: FecLine[] = [];
  const counters = { VE: 0, EN: 0 };
  const meansLabel = (means: MeansOfPayment) => fecAccountLabels.means[means];
  for (const { day, body } of entries) {
    const date = fecDate(day);
    const entryOf = (journal: keyof typeof fecJournals, piece: string, label: string) => {
      counters[journal] += 1;
      const number = `${journal}${String(counters[journal]).padStart(6, '0')}`;
      /** A line of this entry: positive cents on the debit, negative on the credit. */
      return (account: string, accountLabel: string, cents: number) => {
        if (cents === 0) return;
        lines.push({
          JournalCode: journal,
          JournalLib: fecJournals[journal],
          EcritureNum: number,
          EcritureDate: date,
          CompteNum: account,
          CompteLib: accountLabel,
          CompAuxNum: '',
          CompAuxLib: '',
          PieceRef: piece,
          PieceDate: date,
          EcritureLib: label,
          Debit: cents > 0 ? cents : 0,
          Credit: cents < 0 ? -cents : 0,
          EcritureLet: '',
          DateLet: '',
          ValidDate: date,
          Montantdevise: '',
          Idevise: '',
        });
      };
    };
    if (body.kind === 'document') {
      const d = body.document;
      if (d.type === 'invoice') continue;
      const label = d.type === 'credit_note' ? fecEntryLabels.creditNote(d.number, d.refers_to ?? '') : fecEntryLabels.receipt(d.number);
      const line = entryOf('VE', d.number, label);
      line(accounts.customers, fecAccountLabels.customers, d.total_ttc);
      let credited = 0;
      for (const v of d.vat) {
        const rate = ratePercent(v.vat_rate);
        line(accounts.sales(v.vat_rate), fecAccountLabels.sales(rate), -v.total_ht);
        line(accounts.vat(v.vat_rate), fecAccountLabels.vat(rate), -v.total_vat);
        credited += v.total_ht + v.total_vat;
      }
      const difference = d.total_ttc - credited;
      if (difference > 0) line(roundingAccounts.gain, fecAccountLabels.roundingGain, -difference);
      if (difference < 0) line(roundingAccounts.loss, fecAccountLabels.roundingLoss, -difference);
    } else if (body.kind === 'payment') {
      const p = body.payment;
      const label = p.reverses === undefined ? fecEntryLabels.payment(p.means, p.order_id) : fecEntryLabels.reversal(p.means, p.order_id);
      const line = entryOf('EN', receipts.get(p.order_id) ?? fecEntryLabels.order(p.order_id), label);
      line(accounts.means[p.means], meansLabel(p.means), p.amount);
      line(accounts.customers, fecAccountLabels.customers, -p.amount);
    } else if (body.kind === 'refund') {
      const r = body.refund;
      const line = entryOf('EN', r.credit_note ?? receipts.get(r.order_id) ?? fecEntryLabels.order(r.order_id), fecEntryLabels.refund(r.means, r.order_id));
      line(accounts.customers, fecAccountLabels.customers, r.amount);
      line(accounts.means[r.means], meansLabel(r.means), -r.amount);
    }
  }
  return lines;
}

/** A SIREN from the `legal.siret` setting: its first 9 digits, spaces and dots ignored; null when it is not a SIRET (14 digits) or a SIREN (9). */
export function sirenOf(siret: string | null | undefined): string | null {
  const digits = (siret ?? '').replaceAll(/[\s.]/g, '');
  return /^\d{14}$/.test(digits) || /^\d{9}$/.test(digits) ? digits.slice(0, 9) : null;
}

// -------------------------------------------------------------------------------------------------
// B2C e-reporting

/** One day of the B2C e-reporting data: sales to private customers, per VAT rate, in cents. */
export interface EReportingDay {
  date: string;
  /** Goods delivered (meals taken away or delivered): the category of the operations. */
  category: 'goods';
  /** Receipts of the day, credit notes not counted. */
  transactions: number;
  per_rate: { vat_rate_percent: string; taxable_base_cents: number; vat_cents: number }[];
  total_ht_cents: number;
  total_vat_cents: number;
  total_ttc_cents: number;
}

/** The B2C e-reporting data of a period (the daily totals a plateforme agréée will take from September 2027). */
export interface EReporting {
  format: 'e-reporting-b2c';
  version: 1;
  siren: string;
  vat_number: string | null;
  period: { from: string; to: string };
  currency: 'EUR';
  days: EReportingDay[];
}

/**
 * The daily B2C totals per VAT rate of the period, credit notes deducted on their own day (the
 * daily sales journal's rows), with each day's number of receipts. Days without a document are left out.
 */
export function eReportingOf(
  documents: readonly DatedDocument[],
  identity: { siren: string; vatNumber: string | null },
  period: { from: string; to: string },
): EReporting {
  const days = new Map<string, EReportingDay>();
  const dayOf = (date: string) => {
    const found = days.get(date);
    if (found) return found;
    const day: EReportingDay = { date, category: 'goods', transactions: 0, per_rate: [], total_ht_cents: 0, total_vat_cents: 0, total_ttc_cents: 0 };
    days.set(date, day);
    return day;
  };
  for (const { day, document } of documents) if (document.type === 'receipt') dayOf(day).transactions += 1;
  for (const row of dailyVatJournal(documents)) {
    const day = dayOf(row.day);
    day.per_rate.push({ vat_rate_percent: ratePercent(row.vat_rate), taxable_base_cents: row.total_ht, vat_cents: row.total_vat });
    day.total_ht_cents += row.total_ht;
    day.total_vat_cents += row.total_vat;
    day.total_ttc_cents += row.total_ttc;
  }
  return {
    format: 'e-reporting-b2c',
    version: 1,
    siren: identity.siren,
    vat_number: identity.vatNumber,
    period,
    currency: 'EUR',
    days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
  };
}
