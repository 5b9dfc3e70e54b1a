import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  combineTotals,
  emptyTotals,
  isFiscalChange,
  meansOfPayment,
  salesChannels,
  totalsDifferences,
  totalsOf,
  type EntryBody,
  type SaleDocument,
} from './books.ts';

/** A receipt of two lines: a pizza at 10 % (12,00 € TTC) and a beer at 20 % (6,00 € TTC), 1,00 € off the pizza, 2,50 € delivery at 10 %. */
const receipt: SaleDocument = {
  type: 'receipt',
  number: 'R-000001',
  order_id: 1,
  channel: 'delivery',
  lines: [
    { label: 'Margherita', quantity: 1, unit_price: 1200, total_ht: 1091, vat_rate: 1000, total_vat: 109, total_ttc: 1200 },
    { label: 'Bière', quantity: 1, unit_price: 600, total_ht: 500, vat_rate: 2000, total_vat: 100, total_ttc: 600 },
  ],
  vat: [
    { vat_rate: 2000, total_ht: 500, total_vat: 100, total_ttc: 600 },
    { vat_rate: 1000, total_ht: 1137, total_vat: 113, total_ttc: 1250 },
  ],
  discount: 100,
  delivery_fee: 250,
  total_ht: 1637,
  total_vat: 213,
  total_ttc: 1850,
};

const creditNote: SaleDocument = {
  type: 'credit_note',
  number: 'A-000001',
  order_id: 1,
  channel: 'delivery',
  lines: [{ label: 'Bière', quantity: -1, unit_price: 600, total_ht: -500, vat_rate: 2000, total_vat: -100, total_ttc: -600 }],
  vat: [{ vat_rate: 2000, total_ht: -500, total_vat: -100, total_ttc: -600 }],
  discount: 0,
  delivery_fee: 0,
  total_ht: -500,
  total_vat: -100,
  total_ttc: -600,
  refers_to: 'R-000001',
};

describe('totalsOf: a period’s totals from its entries', () => {
  test('a receipt paid in cash and meal vouchers, a payment reversed, a beer credited and refunded in cash', () => {
    const bodies: EntryBody[] = [
      { kind: 'technical', technical: { event: 'staff_login', detail: { staff_id: 1 } } },
      { kind: 'document', document: receipt },
      { kind: 'document', document: { ...receipt, type: 'invoice', number: 'F-000001', refers_to: 'R-000001' } },
      { kind: 'payment', payment: { order_id: 1, means: 'card_terminal', amount: 1850 } },
      { kind: 'payment', payment: { order_id: 1, means: 'card_terminal', amount: -1850, reverses: 4 } },
      { kind: 'payment', payment: { order_id: 1, means: 'cash', amount: 1000 } },
      { kind: 'payment', payment: { order_id: 1, means: 'meal_voucher_paper', amount: 850 } },
      { kind: 'duplicate', duplicate: { number: 'R-000001', reprint: 1 } },
      { kind: 'document', document: creditNote },
      { kind: 'refund', refund: { order_id: 1, means: 'cash', amount: 600, credit_note: 'A-000001' } },
    ];
    const totals = totalsOf(bodies, 10_000);
    expect(totals).toEqual({
      vat: [
        { vat_rate: 1000, total_ht: 1137, total_vat: 113, total_ttc: 1250 },
        { vat_rate: 2000, total_ht: 0, total_vat: 0, total_ttc: 0 },
      ],
      payments: { online_card: 0, cash: 400, card_terminal: 0, meal_voucher_paper: 850, meal_voucher_card: 0 },
      refunds: { online_card: 0, cash: 600, card_terminal: 0, meal_voucher_paper: 0, meal_voucher_card: 0 },
      channels: { pickup: 0, delivery: 1250, phone: 0 },
      counts: { receipts: 1, credit_notes: 1, refunds: 1, payments: 2 },
      discounts: 100,
      delivery_fees: 250,
      total_ht: 1137,
      total_vat: 113,
      total_ttc: 1250,
      perpetual_total_ttc: 11_250,
    });
    // The money kept equals the sales: 4,00 € cash + 8,50 € vouchers = 12,50 €.
    expect(Object.values(totals.payments).reduce((a, b) => a + b, 0)).toBe(totals.total_ttc);
  });

  test('a day with no sale: zeros, and the perpetual total carried forward', () => {
    expect(totalsOf([], 123_456)).toEqual(emptyTotals(123_456));
  });
});

const cents = fc.integer({ min: 0, max: 50_000 });
const rate = fc.constantFrom(550, 1000, 2000);
const vatLine = fc.record({ vat_rate: rate, total_ht: cents, total_vat: cents }).map((v) => ({ ...v, total_ttc: v.total_ht + v.total_vat }));
const document = fc
  .record({
    type: fc.constantFrom('receipt' as const, 'invoice' as const, 'credit_note' as const),
    channel: fc.constantFrom(...salesChannels),
    vat: fc.array(vatLine, { minLength: 1, maxLength: 3 }),
    discount: cents,
    delivery_fee: cents,
    order_id: fc.nat(),
  })
  .map(({ type, vat, ...rest }): SaleDocument => {
    const sign = type === 'credit_note' ? -1 : 1;
    const signed = vat.map((v) => ({ vat_rate: v.vat_rate, total_ht: sign * v.total_ht, total_vat: sign * v.total_vat, total_ttc: sign * v.total_ttc }));
    const sum = (key: 'total_ht' | 'total_vat' | 'total_ttc') => signed.reduce((total, v) => total + v[key], 0);
    return { ...rest, type, number: 'X', lines: [], vat: signed, total_ht: sum('total_ht'), total_vat: sum('total_vat'), total_ttc: sum('total_ttc') };
  });
const body: fc.Arbitrary<EntryBody> = fc.oneof(
  document.map((d) => ({ kind: 'document' as const, document: d })),
  fc
    .record({ order_id: fc.nat(), means: fc.constantFrom(...meansOfPayment), amount: fc.integer({ min: -50_000, max: 50_000 }) })
    .map((p) => ({ kind: 'payment' as const, payment: p })),
  fc.record({ order_id: fc.nat(), means: fc.constantFrom(...meansOfPayment), amount: cents }).map((r) => ({ kind: 'refund' as const, refund: r })),
  fc.constant({ kind: 'technical' as const, technical: { event: 'staff_login' as const, detail: {} } }),
);
/** A month: up to 31 days of entries. */
const month = fc.array(fc.array(body, { maxLength: 12 }), { minLength: 1, maxLength: 31 });

describe('closures: properties', () => {
  test('the sum of a month’s days equals the month computed from all its entries', () => {
    fc.assert(
      fc.property(month, fc.integer({ min: 0, max: 10_000_000 }), (days, previous) => {
        let perpetual = previous;
        const dayTotals = days.map((entries) => {
          const totals = totalsOf(entries, perpetual);
          perpetual = totals.perpetual_total_ttc;
          return totals;
        });
        const fromDays = combineTotals(dayTotals, previous);
        expect(totalsDifferences(fromDays, totalsOf(days.flat(), previous))).toEqual([]);
        expect(fromDays.perpetual_total_ttc).toBe(dayTotals.at(-1)!.perpetual_total_ttc);
      }),
    );
  });

  test('the perpetual grand total only moves by each period’s total', () => {
    fc.assert(
      fc.property(month, fc.integer({ min: 0, max: 10_000_000 }), (days, previous) => {
        let perpetual = previous;
        for (const entries of days) {
          const totals = totalsOf(entries, perpetual);
          expect(totals.perpetual_total_ttc - perpetual).toBe(totals.total_ttc);
          perpetual = totals.perpetual_total_ttc;
        }
      }),
    );
  });

  test('a closure’s totals do not depend on the order of its entries', () => {
    fc.assert(
      fc.property(
        fc.array(body, { maxLength: 30 }).chain((entries) => fc.tuple(fc.constant(entries), fc.shuffledSubarray(entries, { minLength: entries.length }))),
        ([entries, shuffled]) => {
          expect(totalsDifferences(totalsOf(entries, 0), totalsOf(shuffled, 0))).toEqual([]);
        },
      ),
    );
  });
});

describe('totalsDifferences: a stored closure against its entries', () => {
  test('none when equal whatever the keys’ order; each changed total named', () => {
    const totals = totalsOf([{ kind: 'document', document: receipt }], 0);
    const reversed = <T extends object>(value: T) => Object.fromEntries(Object.entries(value).reverse()) as T;
    expect(totalsDifferences({ ...reversed(totals), payments: reversed(totals.payments) }, totals)).toEqual([]);
    expect(totalsDifferences({ ...totals, total_ttc: totals.total_ttc + 1 }, totals)).toEqual(['total_ttc : 1851 ≠ 1850']);
    expect(totalsDifferences({ ...totals, vat: totals.vat.slice(1) }, totals)).toHaveLength(1);
    expect(totalsDifferences({ ...totals, channels: { ...totals.channels, pickup: 5 } }, totals)[0]).toMatch(/^channels : /);
  });
});

describe('isFiscalChange (decision 031: a change of VAT rate or fiscal settings is a technical entry)', () => {
  const dish = (rate: number, optionRates: number[] = []) => ({
    name: 'Pizza',
    tax_rate: rate,
    options: [{ name: 'Taille', values: optionRates.map((r) => ({ name: 'x', tax_rate: r })) }],
  });
  test.each([
    ['legal.siret changed', { entity: 'settings', entityId: 'legal.siret', before: 'a', after: 'b' }, true],
    ['books.closure_email changed', { entity: 'settings', entityId: 'books.closure_email', before: null, after: 'a@b.fr' }, true],
    ['contacts.phone changed', { entity: 'settings', entityId: 'contacts.phone', before: 'a', after: 'b' }, false],
    ['a dish 10 % → 20 %', { entity: 'item', entityId: 3, before: dish(10), after: dish(20) }, true],
    ['an option 10 % → 5,5 %', { entity: 'item', entityId: 3, before: dish(10, [10]), after: dish(10, [5.5]) }, true],
    ['a dish’s price only', { entity: 'item', entityId: 3, before: { ...dish(10), price_pickup: 11 }, after: { ...dish(10), price_pickup: 12 } }, false],
    ['a dish created', { entity: 'item', entityId: 3, before: null, after: dish(10) }, false],
    ['a restaurant file imported', { entity: 'restaurant', entityId: null, before: null, after: null }, true],
    ['an offer', { entity: 'offer', entityId: 1, before: {}, after: {} }, false],
  ])('%s', (_name, change, fiscal) => {
    expect(isFiscalChange(change)).toBe(fiscal);
  });
});
