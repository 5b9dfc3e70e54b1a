import { describe, expect, it } from 'vitest';
import {
  csvField, dailyVatJournal, decimalComma, fecColumns, fecDate, fecFileName, fecText, frenchCsv, linesCsv, ratePercent,
  receiptsCsv,
  unbalancedEntries, type DatedDocument, type FecLine,
} from './books-exports.js';
import type { SaleDocument } from './books.js';

const line = (num: string, debit: number, credit: number): FecLine => ({
  JournalCode: 'VE', JournalLib: 'Ventes', EcritureNum: num, EcritureDate: '20261202', CompteNum: '530', CompteLib: 'Caisse',
  CompAuxNum: '', CompAuxLib: '', PieceRef: 'T-000001', PieceDate: '20261202', EcritureLib: 'Ticket', Debit: debit, Credit: credit,
  EcritureLet: '', DateLet: '', ValidDate: '20261202', Montantdevise: '', Idevise: '',
});

describe('decimalComma', () => {
  it.each([[0, '0,00'], [5, '0,05'], [1234, '12,34'], [-850, '-8,50'], [100000, '1000,00']])('%i → %s', (c, s) => expect(decimalComma(c)).toBe(s));
  it('refuses non-integer cents', () => expect(() => decimalComma(1.5)).toThrow(RangeError));
});

describe('French CSV', () => {
  it('quotes only when needed', () => {
    expect(csvField('Pizza')).toBe('Pizza');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('dit "oui"')).toBe('"dit ""oui"""');
    expect(csvField('deux\nlignes')).toBe('"deux\nlignes"');
  });
  it('has a BOM, ; and CRLF', () => {
    expect(frenchCsv(['n', 'ttc'], [['T-1', decimalComma(1250)]])).toBe('\uFEFFn;ttc\r\nT-1;12,50\r\n');
  });
});

describe('FEC', () => {
  it('has 18 columns', () => expect(fecColumns).toHaveLength(18));
  it('dates and file name', () => {
    expect(fecDate('2026-12-02')).toBe('20261202');
    expect(() => fecDate('02/12/2026')).toThrow();
    expect(fecFileName('123456789', '2026-12-31')).toBe('123456789FEC20261231.txt');
    expect(() => fecFileName('', '2026-12-31')).toThrow('siren_missing');
    expect(() => fecFileName('12345', '2026-12-31')).toThrow('siren_missing');
  });
  it('checks the balance per EcritureNum', () => {
    expect(unbalancedEntries([line('1', 1100, 0), line('1', 0, 1000), line('1', 0, 100)])).toEqual([]);
    expect(unbalancedEntries([line('1', 1100, 0), line('1', 0, 1000), line('2', 5, 0)])).toEqual(['1', '2']);
    expect(() => fecText([line('1', 1, 0)])).toThrow('déséquilibrées');
  });
  it('writes tab-separated lines of 18 fields with a decimal comma', () => {
    const text = fecText([line('1', 1100, 0), line('1', 0, 1100)]);
    const rows = text.split('\r\n').filter(Boolean);
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r.split('\t')).toHaveLength(18);
    expect(rows[1]!.split('\t')[11]).toBe('11,00');
  });
});

const doc = (type: SaleDocument['type'], number: string, sign: 1 | -1): SaleDocument => ({
  type, number, order_id: 1, channel: 'pickup', discount: 0, delivery_fee: 0,
  lines: [{ label: 'Pizza; grande', quantity: sign, unit_price: 1100, total_ht: sign * 1000, vat_rate: 1000, total_vat: sign * 100, total_ttc: sign * 1100 }],
  vat: [{ vat_rate: 1000, total_ht: sign * 1000, total_vat: sign * 100, total_ttc: sign * 1100 }, { vat_rate: 550, total_ht: sign * 0, total_vat: 0, total_ttc: 0 }],
  total_ht: sign * 1000, total_vat: sign * 100, total_ttc: sign * 1100,
});

describe('lines and daily journal', () => {
  const docs: DatedDocument[] = [
    { day: '2026-12-02', document: doc('receipt', 'R-000001', 1) },
    { day: '2026-12-02', document: doc('invoice', 'F-000001', 1) },
    { day: '2026-12-03', document: doc('receipt', 'R-000002', 1) },
    { day: '2026-12-03', document: doc('credit_note', 'A-000001', -1) },
  ];
  it('rate percent', () => { expect(ratePercent(1000)).toBe('10'); expect(ratePercent(550)).toBe('5,5'); });
  it('lines CSV quotes labels and has one row per line', () => {
    const rows = linesCsv(docs).slice(1).split('\r\n').filter(Boolean);
    expect(rows).toHaveLength(5);
    expect(rows[1]).toBe('R-000001;"Pizza; grande";1;11,00;10,00;10;1,00;11,00');
  });
  it('daily journal counts receipts and credit notes, not invoices', () => {
    const j = dailyVatJournal(docs).filter((r) => r.vat_rate === 1000);
    expect(j).toEqual([
      { day: '2026-12-02', vat_rate: 1000, total_ht: 1000, total_vat: 100, total_ttc: 1100 },
      { day: '2026-12-03', vat_rate: 1000, total_ht: 0, total_vat: 0, total_ttc: 0 },
    ]);
  });
});

describe('receipts CSV', () => {
  it('one row per document with French type names', () => {
    const text = receiptsCsv([{ day: '2026-12-02', document: doc('credit_note', 'A-000001', -1) }], () => 'espèces');
    expect(text.startsWith('\uFEFFdate;numero;type;')).toBe(true);
    expect(text.split('\r\n')[1]).toBe('2026-12-02;A-000001;avoir;pickup;-10,00;-1,00;-11,00;espèces');
  });
});
