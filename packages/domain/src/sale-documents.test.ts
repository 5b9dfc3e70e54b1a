import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { totalsOf } from './books.ts';
import { creditNoteOf, describePayments, invoiceDocumentOf, paymentsSummary, receiptDocumentOf, settleAtCounter, type CounterMeans, type SaleOrder, type SaleOrderLine } from './sale-documents.ts';

// A pizza 12 € at 10 % with a 2 € reduction, a beer 5 € at 20 %, delivery 3 € split 10 %/20 % (decision record 011).
const order: SaleOrder = {
  orderId: 1042,
  receiptNumber: 7,
  invoiceNumber: null,
  isPickup: false,
  subtotalCents: 1700,
  discountCents: 200,
  deliveryCents: 300,
  taxCents: 209,
  totalCents: 1800,
  taxByRate: [
    { rateBp: 2000, baseCents: 500 + 100, taxCents: 100 },
    { rateBp: 1000, baseCents: 1000 + 200, taxCents: 109 },
  ],
  deliveryByRate: [
    { rateBp: 1000, deliveryCents: 200 },
    { rateBp: 2000, deliveryCents: 100 },
  ],
};
const lines: SaleOrderLine[] = [
  { itemName: 'Pizza Reine', quantity: 1, unitPriceCents: 1200, amountCents: 1200, taxRateBp: 1000, discountCents: 200, options: [{ name: 'Grande', quantity: 1 }, { name: 'Chèvre', quantity: 2 }] },
  { itemName: 'Bière', quantity: 1, unitPriceCents: 500, amountCents: 500, taxRateBp: 2000, discountCents: 0, options: [] },
];

describe('receiptDocumentOf', () => {
  const receipt = receiptDocumentOf(order, lines);

  it('numbers it, labels lines with their options, and adds a line per delivery rate', () => {
    expect(receipt.number).toBe('R-000007');
    expect(receipt.channel).toBe('delivery');
    expect(receipt.lines.map((line) => line.label)).toEqual(['Pizza Reine (Grande, Chèvre ×2)', 'Bière', 'Livraison', 'Livraison']);
    // 10 € charged at 10 %: 9,09 € HT + 0,91 € VAT.
    expect(receipt.lines[0]).toMatchObject({ quantity: 1, unit_price: 1200, total_ht: 909, total_vat: 91, total_ttc: 1000, vat_rate: 1000 });
    expect(receipt.lines[1]).toMatchObject({ total_ht: 417, total_vat: 83, total_ttc: 500 });
  });

  it('keeps the order’s totals per rate, sorted, and its totals', () => {
    expect(receipt.vat).toEqual([
      { vat_rate: 1000, total_ht: 1091, total_vat: 109, total_ttc: 1200 },
      { vat_rate: 2000, total_ht: 500, total_vat: 100, total_ttc: 600 },
    ]);
    expect(receipt).toMatchObject({ total_ttc: 1800, total_vat: 209, total_ht: 1591, discount: 200, delivery_fee: 300 });
    expect(receipt.vat.reduce((sum, rate) => sum + rate.total_ttc, 0)).toBe(receipt.total_ttc);
  });

  it('reads prices without tax when the total adds the tax', () => {
    const exclusive = receiptDocumentOf({ ...order, totalCents: 1800 + 209, deliveryByRate: [] }, lines.slice(1));
    expect(exclusive.lines[0]).toMatchObject({ total_ht: 500, total_vat: 100, total_ttc: 600 });
    expect(exclusive.vat[0]).toEqual({ vat_rate: 1000, total_ht: 1200, total_vat: 109, total_ttc: 1309 });
  });

  it('counts a pickup order in pickup and a phone order in phone', () => {
    expect(receiptDocumentOf({ ...order, isPickup: true }, lines).channel).toBe('pickup');
    expect(receiptDocumentOf({ ...order, isPickup: true, byPhone: true }, lines).channel).toBe('phone');
  });

  it('makes the invoice refer to its receipt, counted once', () => {
    const invoice = invoiceDocumentOf(receipt, 3);
    expect(invoice).toMatchObject({ type: 'invoice', number: 'F-000003', refers_to: 'R-000007', total_ttc: 1800 });
    const totals = totalsOf([{ kind: 'document', document: receipt }, { kind: 'document', document: invoice }], 0);
    expect(totals.total_ttc).toBe(1800);
    expect(totals.counts.receipts).toBe(1);
  });

  it('cancels it exactly with a credit note in its own series', () => {
    const credit = creditNoteOf(receipt, 1);
    expect(credit).toMatchObject({ type: 'credit_note', number: 'A-000001', refers_to: 'R-000007', total_ttc: -1800, discount: -200 });
    expect(credit.lines.every((line) => line.total_ttc <= 0 && line.quantity < 0)).toBe(true);
    const totals = totalsOf([{ kind: 'document', document: receipt }, { kind: 'document', document: credit }], 500);
    expect(totals).toMatchObject({ total_ttc: 0, total_ht: 0, total_vat: 0, discounts: 0, delivery_fees: 0, perpetual_total_ttc: 500 });
    expect(totals.vat.every((rate) => rate.total_ttc === 0 && rate.total_vat === 0)).toBe(true);
    expect(totals.counts).toMatchObject({ receipts: 1, credit_notes: 1 });
  });

  it('property: a receipt and its credit note always sum to zero, and the lines to the order’s lines', () => {
    const line = fc.record({
      itemName: fc.string({ minLength: 1, maxLength: 12 }),
      quantity: fc.integer({ min: 1, max: 9 }),
      unitPriceCents: fc.integer({ min: 0, max: 5000 }),
      taxRateBp: fc.constantFrom(550, 1000, 2000),
      discountPart: fc.integer({ min: 0, max: 100 }),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), (drawn) => {
        const orderLines: SaleOrderLine[] = drawn.map((l) => {
          const amount = l.unitPriceCents * l.quantity;
          return { ...l, amountCents: amount, discountCents: Math.floor((amount * l.discountPart) / 100), options: [] };
        });
        const total = orderLines.reduce((sum, l) => sum + l.amountCents - l.discountCents, 0);
        const subtotal = orderLines.reduce((sum, l) => sum + l.amountCents, 0);
        const receipt = receiptDocumentOf({ ...order, subtotalCents: subtotal, discountCents: subtotal - total, deliveryCents: 0, totalCents: total, deliveryByRate: [] }, orderLines);
        expect(receipt.lines.reduce((sum, l) => sum + l.total_ttc, 0)).toBe(total);
        const sum = totalsOf([{ kind: 'document', document: receipt }, { kind: 'document', document: creditNoteOf(receipt, 9) }], 0);
        expect([sum.total_ttc, sum.total_ht, sum.total_vat, sum.discounts]).toEqual([0, 0, 0, 0]);
      }),
    );
  });
});

describe('settleAtCounter', () => {
  const base = { totalCents: 2050, paidCents: 0, voucherPaidCents: 0, voucherCapCents: 1500 };

  it.each([
    ['cash with change', [{ means: 'cash', amount: 3000 }], { payments: [{ means: 'cash', amount: 2050, tendered: 3000 }], changeCents: 950, restCents: 0 }],
    ['exact card on the terminal', [{ means: 'card_terminal', amount: 2050 }], { payments: [{ means: 'card_terminal', amount: 2050 }], changeCents: 0, restCents: 0 }],
    [
      'vouchers then cash with change',
      [{ means: 'cash', amount: 1000 }, { means: 'meal_voucher_paper', amount: 1200 }],
      { payments: [{ means: 'meal_voucher_paper', amount: 1200 }, { means: 'cash', amount: 850, tendered: 1000 }], changeCents: 150, restCents: 0 },
    ],
    ['less than due leaves a rest', [{ means: 'meal_voucher_card', amount: 800 }], { payments: [{ means: 'meal_voucher_card', amount: 800 }], changeCents: 0, restCents: 1250 }],
    ['two cash amounts add up', [{ means: 'cash', amount: 2000 }, { means: 'cash', amount: 100 }], { payments: [{ means: 'cash', amount: 2050, tendered: 2100 }], changeCents: 50, restCents: 0 }],
  ] as const)('%s', (_name, tenders, expected) => {
    expect(settleAtCounter({ ...base, tenders })).toEqual({ ok: true, ...expected });
  });

  it.each([
    ['nothing due', { paidCents: 2050 }, [{ means: 'cash', amount: 100 }], 'nothing_due', 'Cette commande est déjà entièrement réglée.'],
    ['no amount', {}, [{ means: 'cash', amount: 0 }], 'invalid_amount', 'Indiquez au moins un montant reçu.'],
    ['a negative amount', {}, [{ means: 'cash', amount: -5 }], 'invalid_amount', 'Chaque montant doit être un nombre positif d’euros, au centime près.'],
    ['a card above the rest', { paidCents: 1000 }, [{ means: 'card_terminal', amount: 2000 }], 'above_due', 'Carte (TPE) dépasse le reste à payer (10,50\u00a0€). Seules les espèces peuvent dépasser : la monnaie est rendue.'],
    ['vouchers above the cap', {}, [{ means: 'meal_voucher_paper', amount: 1600 }], 'voucher_above_cap', 'Les titres-restaurant ne peuvent payer que 15,00\u00a0€ sur cette commande (plats et boissons sans alcool, plafond journalier, hors frais de livraison).'],
    ['vouchers above the cap with those already taken', { voucherPaidCents: 1000, paidCents: 1000 }, [{ means: 'meal_voucher_card', amount: 600 }], 'voucher_above_cap', undefined],
    ['vouchers on an order with no eligible dish (alcohol only)', { voucherCapCents: 0 }, [{ means: 'meal_voucher_paper', amount: 100 }], 'voucher_above_cap', undefined],
    ['cash when the card pays everything', {}, [{ means: 'card_terminal', amount: 2050 }, { means: 'cash', amount: 500 }], 'cash_not_needed', undefined],
  ] as const)('refuses %s', (_name, over, tenders, code, message) => {
    const result = settleAtCounter({ ...base, ...over, tenders });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.code).toBe(code);
    if (message) expect(result.message).toBe(message);
  });

  it('property: what is applied plus the rest is what was due; change only from cash; vouchers within the cap', () => {
    const means = fc.constantFrom<CounterMeans>('cash', 'card_terminal', 'meal_voucher_paper', 'meal_voucher_card');
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20_000 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.array(fc.record({ means, amount: fc.integer({ min: 0, max: 30_000 }) }), { minLength: 1, maxLength: 4 }),
        (total, paid, cap, tenders) => {
          const result = settleAtCounter({ totalCents: total, paidCents: paid, voucherPaidCents: 0, voucherCapCents: cap, tenders });
          if (!result.ok) return;
          const applied = result.payments.reduce((sum, p) => sum + p.amount, 0);
          expect(applied + result.restCents).toBe(total - paid);
          expect(result.restCents).toBeGreaterThanOrEqual(0);
          const given = tenders.reduce((sum, t) => sum + t.amount, 0);
          expect(applied + result.changeCents).toBe(given);
          if (result.changeCents > 0) expect(result.payments.at(-1)?.means).toBe('cash');
          const vouchers = result.payments.filter((p) => p.means.startsWith('meal_voucher')).reduce((sum, p) => sum + p.amount, 0);
          expect(vouchers).toBeLessThanOrEqual(cap);
          expect(result.payments.every((p) => p.amount > 0)).toBe(true);
        },
      ),
    );
  });
});

describe('paymentsSummary', () => {
  it('nets reversals, keeps the standing payments and writes them as the board does', () => {
    const summary = paymentsSummary([
      { seq: 10, means: 'cash', amount: 2000 },
      { seq: 11, means: 'meal_voucher_paper', amount: 850 },
      { seq: 12, means: 'cash', amount: -2000, reverses: 10 },
      { seq: 13, means: 'cash', amount: 1200 },
    ]);
    expect(summary).toEqual({
      byMeans: [
        { means: 'cash', amount: 1200 },
        { means: 'meal_voucher_paper', amount: 850 },
      ],
      paidCents: 2050,
      standing: [11, 13],
    });
    expect(describePayments(summary.byMeans)).toBe('espèces 12,00\u00a0€ + titre-restaurant papier 8,50\u00a0€');
  });
});
