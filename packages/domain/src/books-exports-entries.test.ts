import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  accountDefaults,
  dailyVatCsv,
  documentsOf,
  eReportingOf,
  fecLinesOf,
  fecText,
  meansByOrder,
  paymentsCsv,
  readBooksAccounts,
  receiptsCsv,
  sirenOf,
  unbalancedEntries,
  type ExportEntry,
  type FecLine,
} from './books-exports.ts';
import type { EntryBody, MeansOfPayment } from './books.ts';
import { creditNoteOf, invoiceDocumentOf, receiptDocumentOf, type SaleOrder, type SaleOrderLine } from './sale-documents.ts';

/** A pickup order of `pizzas` Margherita (12,00 € at 10 %) and `beers` beers (5,00 € at 20 %), prices tax included. */
function orderOf(orderId: number, pizzas: number, beers: number): { order: SaleOrder; lines: SaleOrderLine[] } {
  const pizza = pizzas * 1200;
  const beer = beers * 500;
  const pizzaTax = pizza - Math.round((pizza * 10_000) / 11_000);
  const beerTax = beer - Math.round((beer * 10_000) / 12_000);
  const taxByRate = [
    { rateBp: 1000, baseCents: pizza, taxCents: pizzaTax },
    { rateBp: 2000, baseCents: beer, taxCents: beerTax },
  ].filter((r) => r.baseCents > 0);
  return {
    order: {
      orderId,
      receiptNumber: orderId,
      invoiceNumber: null,
      isPickup: true,
      subtotalCents: pizza + beer,
      discountCents: 0,
      deliveryCents: 0,
      taxCents: pizzaTax + beerTax,
      totalCents: pizza + beer,
      taxByRate,
      deliveryByRate: [],
    },
    lines: [
      { itemName: 'Margherita', quantity: pizzas, unitPriceCents: 1200, amountCents: pizza, taxRateBp: 1000, discountCents: 0, options: [] },
      { itemName: 'Bière', quantity: beers, unitPriceCents: 500, amountCents: beer, taxRateBp: 2000, discountCents: 0, options: [] },
    ].filter((l) => l.quantity > 0),
  };
}

let seq = 0;
const entry = (day: string, body: EntryBody, operator: string | null = 'Camille'): ExportEntry => ({ seq: ++seq, day, time: '12:30', operator, body });
const payment = (day: string, order_id: number, means: MeansOfPayment, amount: number, extra: { tendered?: number; reverses?: number } = {}) =>
  entry(day, { kind: 'payment', payment: { order_id, means, amount, ...extra } });

const accounts = readBooksAccounts([]);
const { order, lines } = orderOf(1, 2, 1);
const receipt = receiptDocumentOf(order, lines);

describe('the FEC of a day (docs/decisions/032)', () => {
  const entries = [
    entry('2026-12-02', { kind: 'document', document: receipt }),
    entry('2026-12-02', { kind: 'document', document: invoiceDocumentOf(receipt, 1) }),
    payment('2026-12-02', 1, 'cash', 2000, { tendered: 2000 }),
    payment('2026-12-02', 1, 'meal_voucher_paper', 900),
    payment('2026-12-02', 1, 'meal_voucher_paper', -900, { reverses: 4 }),
    payment('2026-12-02', 1, 'card_terminal', 900),
    entry('2026-12-03', { kind: 'document', document: creditNoteOf(receipt, 1) }),
    entry('2026-12-03', { kind: 'refund', refund: { order_id: 1, means: 'card_terminal', amount: 900, credit_note: 'A-000001' } }),
  ];
  const fec = fecLinesOf(entries, accounts);
  const of = (num: string) => fec.filter((l) => l.EcritureNum === num).map((l) => [l.CompteNum, l.Debit, l.Credit]);

  test('a receipt debits the customers of its TTC and credits each rate’s sales and VAT; the invoice is left out', () => {
    expect(of('VE000001')).toEqual([
      ['411', 2900, 0],
      ['7071', 0, 2182],
      ['445711', 0, 218],
      ['7072', 0, 417],
      ['445712', 0, 83],
    ]);
    expect(fec.filter((l) => l.PieceRef.startsWith('F-'))).toEqual([]);
  });

  test('payments debit their means’ account; a reversal and a refund go the other way', () => {
    expect(of('EN000001')).toEqual([
      ['530', 2000, 0],
      ['411', 0, 2000],
    ]);
    expect(of('EN000002')).toEqual([
      ['5118', 900, 0],
      ['411', 0, 900],
    ]);
    expect(of('EN000003')).toEqual([
      ['5118', 0, 900],
      ['411', 900, 0],
    ]);
    expect(of('EN000005')).toEqual([
      ['411', 900, 0],
      ['512', 0, 900],
    ]);
    expect(fec.find((l) => l.EcritureNum === 'EN000005')?.PieceRef).toBe('A-000001');
  });

  test('a credit note is its receipt the other way round, on its own day, and names the receipt', () => {
    const credit = fec.filter((l) => l.EcritureNum === 'VE000002');
    expect(credit.map((l) => [l.CompteNum, l.Debit, l.Credit])).toEqual(of('VE000001').map(([a, d, c]) => [a, c, d]));
    expect(credit[0]).toMatchObject({ EcritureDate: '20261203', PieceRef: 'A-000001', EcritureLib: 'Avoir A-000001 sur R-000001', ValidDate: '20261203' });
  });

  test('the file balances, with 18 columns on every row, and the customers’ account nets to what is still owed', () => {
    expect(unbalancedEntries(fec)).toEqual([]);
    const rows = fecText(fec).split('\r\n').filter(Boolean);
    expect(rows[0]).toBe(
      'JournalCode\tJournalLib\tEcritureNum\tEcritureDate\tCompteNum\tCompteLib\tCompAuxNum\tCompAuxLib\tPieceRef\tPieceDate\tEcritureLib\tDebit\tCredit\tEcritureLet\tDateLet\tValidDate\tMontantdevise\tIdevise',
    );
    for (const row of rows) expect(row.split('\t')).toHaveLength(18);
    expect(rows[1]!.split('\t')).toEqual([
      'VE',
      'Journal des ventes',
      'VE000001',
      '20261202',
      '411',
      'Clients',
      '',
      '',
      'R-000001',
      '20261202',
      'Ticket R-000001',
      '29,00',
      '0,00',
      '',
      '',
      '20261202',
      '',
      '',
    ]);
    const customers = fec.filter((l) => l.CompteNum === '411').reduce((sum, l) => sum + l.Debit - l.Credit, 0);
    // 29,00 sold, cancelled by the credit note; 29,00 paid, 9,00 refunded: 20,00 owed back.
    expect(customers).toBe(-2000);
  });

  test('the accounts are settings; a malformed one reads as its default', () => {
    const set = readBooksAccounts([
      { name: 'books.accounts.cash', value: '5310' },
      { name: 'books.accounts.sales_10', value: '706100' },
      { name: 'books.accounts.vat_10', value: 'TVA' },
    ]);
    expect(set.means.cash).toBe('5310');
    expect(set.sales(1000)).toBe('706100');
    expect(set.vat(1000)).toBe(accountDefaults['books.accounts.vat_10']);
    expect(set.sales(850)).toBe('707');
    expect(set.vat(850)).toBe('44571');
  });

  test('a rounding difference between the rates and the total goes to 758 or 658, so the entry still balances', () => {
    const odd = { ...receipt, total_ttc: receipt.total_ttc + 1 };
    const lines = fecLinesOf([entry('2026-12-02', { kind: 'document', document: odd })], accounts);
    expect(lines.at(-1)).toMatchObject({ CompteNum: '758', Credit: 1 });
    expect(unbalancedEntries(lines)).toEqual([]);
  });
});

describe('the CSV files', () => {
  const entries = [
    entry('2026-12-02', { kind: 'document', document: receipt }),
    payment('2026-12-02', 1, 'cash', 2000, { tendered: 5000 }),
    payment('2026-12-02', 1, 'meal_voucher_card', 900),
    entry('2026-12-02', { kind: 'payment', payment: { order_id: 1, means: 'meal_voucher_card', amount: -900, reverses: seq } }, 'Léa'),
  ];

  test('payments: one row per movement, with the change and who took it', () => {
    const rows = paymentsCsv(entries).split('\r\n').filter(Boolean);
    expect(rows[0]).toBe(
      '\uFEFFecriture;date;heure;commande;ticket;mouvement;moyen_de_paiement;montant;especes_remises;monnaie_rendue;annule_ou_avoir;operateur',
    );
    expect(rows[1]).toBe(`${entries[1]!.seq};2026-12-02;12:30;1;R-000001;encaissement;espèces;20,00;50,00;30,00;;Camille`);
    expect(rows[3]).toBe(`${entries[3]!.seq};2026-12-02;12:30;1;R-000001;annulation;titre-restaurant carte;-9,00;;;${entries[2]!.seq};Léa`);
  });

  test('receipts name the means net of reversals', () => {
    const text = receiptsCsv(documentsOf(entries), meansByOrder(entries));
    expect(text.split('\r\n')[1]).toBe('2026-12-02;R-000001;ticket;pickup;25,99;3,01;29,00;espèces');
  });

  test('the daily journal per rate', () => {
    expect(dailyVatCsv(documentsOf(entries)).split('\r\n').slice(1, 3)).toEqual(['2026-12-02;10;21,82;2,18;24,00', '2026-12-02;20;4,17;0,83;5,00']);
  });
});

describe('B2C e-reporting', () => {
  test('daily totals per rate, credit notes deducted, receipts counted', () => {
    const second = receiptDocumentOf(orderOf(2, 1, 0).order, orderOf(2, 1, 0).lines);
    const data = eReportingOf(
      [
        { day: '2026-12-02', document: receipt },
        { day: '2026-12-02', document: second },
        { day: '2026-12-03', document: creditNoteOf(second, 1) },
      ],
      { siren: '123456789', vatNumber: null },
      { from: '2026-12-01', to: '2026-12-31' },
    );
    expect(data.days).toEqual([
      {
        date: '2026-12-02',
        category: 'goods',
        transactions: 2,
        per_rate: [
          { vat_rate_percent: '10', taxable_base_cents: 2182 + 1091, vat_cents: 218 + 109 },
          { vat_rate_percent: '20', taxable_base_cents: 417, vat_cents: 83 },
        ],
        total_ht_cents: 2182 + 1091 + 417,
        total_vat_cents: 218 + 109 + 83,
        total_ttc_cents: 4100,
      },
      {
        date: '2026-12-03',
        category: 'goods',
        transactions: 0,
        per_rate: [{ vat_rate_percent: '10', taxable_base_cents: -1091, vat_cents: -109 }],
        total_ht_cents: -1091,
        total_vat_cents: -109,
        total_ttc_cents: -1200,
      },
    ]);
  });

  test('the SIREN is the SIRET’s first nine digits', () => {
    expect(sirenOf('123 456 789 00012')).toBe('123456789');
    expect(sirenOf('123456789')).toBe('123456789');
    expect(sirenOf('12345')).toBeNull();
    expect(sirenOf('')).toBeNull();
    expect(sirenOf(undefined)).toBeNull();
  });
});

describe('property: any mix of sales, payments, reversals and credit notes', () => {
  test('every FEC entry balances; sales credited equal the daily journal’s HT; money debited equals the payments net', () => {
    const saleArb = fc.record({
      pizzas: fc.integer({ min: 0, max: 5 }),
      beers: fc.integer({ min: 1, max: 5 }),
      day: fc.integer({ min: 1, max: 28 }),
      means: fc.constantFrom<MeansOfPayment>('cash', 'card_terminal', 'meal_voucher_paper', 'meal_voucher_card', 'online_card'),
      reversed: fc.boolean(),
      cancelled: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(saleArb, { maxLength: 30 }), (sales) => {
        const entries: ExportEntry[] = [];
        let credit = 0;
        sales.forEach((sale, i) => {
          const day = `2026-11-${String(sale.day).padStart(2, '0')}`;
          const { order: o, lines: l } = orderOf(i + 1, sale.pizzas, sale.beers);
          const r = receiptDocumentOf(o, l);
          entries.push(entry(day, { kind: 'document', document: r }));
          entries.push(payment(day, o.orderId, sale.means, r.total_ttc));
          if (sale.reversed) entries.push(payment(day, o.orderId, sale.means, -r.total_ttc, { reverses: seq }));
          if (sale.cancelled) entries.push(entry(day, { kind: 'document', document: creditNoteOf(r, ++credit) }));
        });
        const fec: FecLine[] = fecLinesOf(entries, accounts);
        expect(unbalancedEntries(fec)).toEqual([]);
        const salesCredited = fec.filter((x) => x.CompteNum.startsWith('707')).reduce((s, x) => s + x.Credit - x.Debit, 0);
        const journalHt = documentsOf(entries).reduce((s, d) => s + d.document.total_ht, 0);
        expect(salesCredited).toBe(journalHt);
        const moneyAccounts = new Set(Object.values(accounts.means));
        const money = fec.filter((x) => moneyAccounts.has(x.CompteNum)).reduce((s, x) => s + x.Debit - x.Credit, 0);
        const paid = entries.reduce((s, e) => s + (e.body.kind === 'payment' ? e.body.payment.amount : 0), 0);
        expect(money).toBe(paid);
      }),
      { numRuns: 200 },
    );
  });
});
