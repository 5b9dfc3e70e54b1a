import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { combineTotals, totalsOf, type SaleDocument } from './books.ts';
import { reportPeriodOf, salesReportOf, type ReportEntry } from './books-reports.ts';

/** A receipt of `pizzas` pizzas at 12,00 € (10 %) and `beers` beers at 5,00 € (20 %). */
function receipt(orderId: number, pizzas: number, beers: number, channel: 'pickup' | 'delivery' = 'pickup'): SaleDocument {
  const pizza = {
    label: 'Pizza Margherita',
    quantity: pizzas,
    unit_price: 1200,
    total_ht: Math.round((1200 * pizzas) / 1.1),
    vat_rate: 1000,
    total_vat: 0,
    total_ttc: 1200 * pizzas,
  };
  pizza.total_vat = pizza.total_ttc - pizza.total_ht;
  const beer = {
    label: 'Bière blonde',
    quantity: beers,
    unit_price: 500,
    total_ht: Math.round((500 * beers) / 1.2),
    vat_rate: 2000,
    total_vat: 0,
    total_ttc: 500 * beers,
  };
  beer.total_vat = beer.total_ttc - beer.total_ht;
  const lines = [pizza, beer].filter((l) => l.quantity > 0);
  const vat = lines.map((l) => ({ vat_rate: l.vat_rate, total_ht: l.total_ht, total_vat: l.total_vat, total_ttc: l.total_ttc }));
  const sum = (k: 'total_ht' | 'total_vat' | 'total_ttc') => lines.reduce((n, l) => n + l[k], 0);
  return {
    type: 'receipt',
    number: `R-${String(orderId).padStart(6, '0')}`,
    order_id: orderId,
    channel,
    lines,
    vat,
    discount: 0,
    delivery_fee: 0,
    total_ht: sum('total_ht'),
    total_vat: sum('total_vat'),
    total_ttc: sum('total_ttc'),
  };
}

function creditNoteOf(document: SaleDocument, n: number): SaleDocument {
  return {
    ...document,
    type: 'credit_note',
    number: `A-${String(n).padStart(6, '0')}`,
    refers_to: document.number,
    lines: document.lines.map((l) => ({ ...l, quantity: -l.quantity, total_ht: -l.total_ht, total_vat: -l.total_vat, total_ttc: -l.total_ttc })),
    vat: document.vat.map((v) => ({ ...v, total_ht: -v.total_ht, total_vat: -v.total_vat, total_ttc: -v.total_ttc })),
    total_ht: -document.total_ht,
    total_vat: -document.total_vat,
    total_ttc: -document.total_ttc,
  };
}

const at = (iso: string) => new Date(iso);
const doc = (document: SaleDocument, when: string): ReportEntry => ({ recorded_at: at(when), body: { kind: 'document', document } });
const pay = (orderId: number, amount: number, when: string): ReportEntry => ({
  recorded_at: at(when),
  body: { kind: 'payment', payment: { order_id: orderId, means: 'cash', amount } },
});

describe('reportPeriodOf', () => {
  test.each([
    ['day', '2026-11-24', undefined, { from: '2026-11-24', to: '2026-11-24' }],
    ['week', '2026-11-26', undefined, { from: '2026-11-23', to: '2026-11-29' }],
    ['week', '2026-11-23', undefined, { from: '2026-11-23', to: '2026-11-29' }],
    ['week', '2026-11-29', undefined, { from: '2026-11-23', to: '2026-11-29' }],
    ['month', '2026-02-14', undefined, { from: '2026-02-01', to: '2026-02-28' }],
    ['month', '2028-02-14', undefined, { from: '2028-02-01', to: '2028-02-29' }],
    ['month', '2026-12-31', undefined, { from: '2026-12-01', to: '2026-12-31' }],
    ['range', '2026-11-01', '2026-11-15', { from: '2026-11-01', to: '2026-11-15' }],
  ] as const)('%s of %s', (kind, from, to, expected) => {
    expect(reportPeriodOf(kind, from, to)).toEqual({ period: { kind, ...expected } });
  });

  test.each([
    ['day', '2026-02-30', undefined, 'from'],
    ['day', '24/11/2026', undefined, 'from'],
    ['range', '2026-11-10', '2026-11-09', 'to'],
    ['range', '2026-11-10', undefined, 'to'],
    ['range', '2025-01-01', '2026-01-03', 'to'],
  ] as const)('%s %s → %s refused in French on the field', (kind, from, to, field) => {
    const answer = reportPeriodOf(kind, from, to);
    expect(answer).toMatchObject({ field });
    expect('error' in answer && /[éèàç]|période|Date/.test(answer.error)).toBe(true);
  });
});

describe('salesReportOf', () => {
  const a = receipt(1, 2, 1); // 29,00 €
  const b = receipt(2, 1, 0, 'delivery'); // 12,00 €
  const c = receipt(3, 1, 2); // 22,00 €, refused
  const entries: ReportEntry[] = [
    doc(a, '2026-11-24T11:05:00Z'), // 12:05 in Paris
    pay(1, 2900, '2026-11-24T11:20:00Z'),
    doc(b, '2026-11-24T11:40:00Z'),
    doc(c, '2026-11-24T18:10:00Z'), // 19:10
    doc(creditNoteOf(c, 1), '2026-11-24T18:15:00Z'),
    { recorded_at: at('2026-11-24T18:20:00Z'), body: { kind: 'duplicate', duplicate: { number: a.number, reprint: 1 } } },
  ];
  const report = salesReportOf({ kind: 'day', from: '2026-11-24', to: '2026-11-24' }, entries, { new: 1, returning: 1 });

  test('its money is the closures’ computation over the same entries', () => {
    expect(report.totals).toEqual(
      totalsOf(
        entries.map((e) => e.body),
        0,
      ),
    );
    expect(report.totals.total_ttc).toBe(2900 + 1200);
  });

  test('orders that stood, the average basket, orders per local hour', () => {
    expect(report.orders).toBe(2);
    expect(report.average_basket).toBe(2050);
    expect(report.orders_per_hour[12]).toBe(2);
    expect(report.orders_per_hour[19]).toBe(1);
    expect(report.orders_per_hour.reduce((n, x) => n + x, 0)).toBe(3);
  });

  test('dishes sold: credit notes take theirs back, best first', () => {
    expect(report.dishes).toEqual([
      { label: 'Pizza Margherita', quantity: 3, total_ttc: 3600 },
      { label: 'Bière blonde', quantity: 1, total_ttc: 500 },
    ]);
  });

  test('property: a period’s report equals the combination of its days’ reports', () => {
    const orderArb = fc.record({
      pizzas: fc.integer({ min: 0, max: 4 }),
      beers: fc.integer({ min: 1, max: 4 }),
      day: fc.integer({ min: 1, max: 28 }),
      refused: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(orderArb, { maxLength: 40 }), (orders) => {
        const all: ReportEntry[] = [];
        orders.forEach((o, i) => {
          const when = `2026-11-${String(o.day).padStart(2, '0')}T11:00:00Z`;
          const r = receipt(i + 1, o.pizzas, o.beers);
          all.push(doc(r, when));
          if (o.refused) all.push(doc(creditNoteOf(r, i + 1), when));
        });
        const month = salesReportOf({ kind: 'month', from: '2026-11-01', to: '2026-11-30' }, all, { new: 0, returning: 0 });
        const days = Array.from({ length: 28 }, (_, d) => {
          const day = `2026-11-${String(d + 1).padStart(2, '0')}`;
          return salesReportOf(
            { kind: 'day', from: day, to: day },
            all.filter((e) => e.recorded_at.toISOString().startsWith(day)),
            { new: 0, returning: 0 },
          );
        });
        expect(month.totals).toEqual(
          combineTotals(
            days.map((d) => d.totals),
            0,
          ),
        );
        expect(month.orders).toBe(days.reduce((n, d) => n + d.orders, 0));
        expect(month.orders_per_hour).toEqual(days.reduce((sum, d) => sum.map((x, h) => x + d.orders_per_hour[h]!), Array(24).fill(0) as number[]));
      }),
    );
  });
});
