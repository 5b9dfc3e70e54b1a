import { describe, expect, test } from 'vitest';
import type { SaleDocument } from './books.ts';
import { formatPrice } from './format.ts';
import {
  apportionByRate,
  buildPartialRefund,
  lineUnitsCents,
  lineUnitsLeft,
  partialCreditNoteOf,
  partialRefundSource,
  refundLeftCents,
  restCreditNoteOf,
  type PartialRefundInput,
  type PastRefund,
  type RefundableLine,
} from './partial-refunds.ts';

const pizza: RefundableLine = { position: 0, label: 'Pizza Reine', quantity: 3, unitPriceCents: 1250, chargedCents: 3650, taxRateBp: 1000 };
const wine: RefundableLine = { position: 1, label: 'Côtes-du-Rhône', quantity: 1, unitPriceCents: 2400, chargedCents: 2400, taxRateBp: 2000 };
const receipt: SaleDocument = {
  type: 'receipt',
  number: 'R-000042',
  order_id: 42,
  channel: 'delivery',
  lines: [],
  vat: [
    { vat_rate: 1000, total_ht: 3318, total_vat: 332, total_ttc: 3650 + 0 },
    { vat_rate: 2000, total_ht: 2250, total_vat: 450, total_ttc: 2400 + 300 },
  ],
  discount: 100,
  delivery_fee: 300,
  total_ht: 5568,
  total_vat: 782,
  total_ttc: 6350,
};
const paid = 6350;
const base = (over: Partial<PartialRefundInput>): PartialRefundInput => ({
  paidCents: paid,
  lines: [pizza, wine],
  receiptVat: receipt.vat,
  refunds: [],
  request: { kind: 'amount', amountCents: 500 },
  reason: 'late',
  ...over,
});
const past = (status: PastRefund['status'], amountCents: number, parts: PastRefund['parts'] = []): PastRefund => ({ status, amountCents, parts });

describe('what is left to refund', () => {
  test.each([
    { refunds: [], left: 6350 },
    { refunds: [past('succeeded', 1000)], left: 5350 },
    { refunds: [past('pending', 1000), past('succeeded', 350)], left: 5000 },
    { refunds: [past('failed', 6000)], left: 6350 },
    { refunds: [past('succeeded', 6350)], left: 0 },
    { refunds: [past('succeeded', 7000)], left: 0 },
  ])('$refunds.length refunds → $left', ({ refunds, left }) => {
    expect(refundLeftCents(paid, refunds)).toBe(left);
  });

  test('units left per line: ordered minus the units of refunds succeeded or pending', () => {
    const part = (quantity: number, status: PastRefund['status']) =>
      past(status, 1, [{ position: 0, label: '', quantity, unitPriceCents: 0, amountCents: 1, taxRateBp: 1000 }]);
    expect(lineUnitsLeft([pizza, wine], [part(1, 'succeeded'), part(1, 'failed'), part(1, 'pending')])).toEqual(
      new Map([
        [0, 1],
        [1, 1],
      ]),
    );
  });
});

describe('a line’s units, cumulatively rounded', () => {
  test.each([
    { before: 0, units: 1, cents: 1217 },
    { before: 1, units: 1, cents: 1216 },
    { before: 2, units: 1, cents: 1217 },
    { before: 0, units: 3, cents: 3650 },
    { before: 1, units: 2, cents: 2433 },
  ])('3 units charged 36,50 €: $units after $before → $cents', ({ before, units, cents }) => {
    expect(lineUnitsCents(pizza, before, units)).toBe(cents);
  });
  test('unit by unit adds up to the charged amount', () => {
    expect(lineUnitsCents(pizza, 0, 1) + lineUnitsCents(pizza, 1, 1) + lineUnitsCents(pizza, 2, 1)).toBe(3650);
  });
});

describe('an amount apportioned over VAT rates (largest remainder)', () => {
  test.each([
    {
      amount: 100,
      weights: [
        [1000, 3650],
        [2000, 2700],
      ],
      out: [
        [1000, 57],
        [2000, 43],
      ],
    },
    {
      amount: 1,
      weights: [
        [1000, 3650],
        [2000, 2700],
      ],
      out: [[1000, 1]],
    },
    {
      amount: 1,
      weights: [
        [1000, 100],
        [2000, 100],
      ],
      out: [[1000, 1]],
    },
    {
      amount: 3,
      weights: [
        [550, 100],
        [1000, 100],
        [2000, 100],
      ],
      out: [
        [550, 1],
        [1000, 1],
        [2000, 1],
      ],
    },
    {
      amount: 6350,
      weights: [
        [1000, 3650],
        [2000, 2700],
      ],
      out: [
        [1000, 3650],
        [2000, 2700],
      ],
    },
    {
      amount: 500,
      weights: [
        [1000, 0],
        [2000, 2700],
      ],
      out: [[2000, 500]],
    },
    { amount: 0, weights: [[1000, 10]], out: [] },
  ])('$amount over $weights → $out', ({ amount, weights, out }) => {
    const shares = apportionByRate(
      amount,
      weights.map(([rateBp, weightCents]) => ({ rateBp: rateBp!, weightCents: weightCents! })),
    );
    expect(shares.map((s) => [s.rateBp, s.amountCents])).toEqual(out);
    expect(shares.reduce((sum, s) => sum + s.amountCents, 0)).toBe(amount);
  });
  test('no rate to apportion over: a RangeError', () => {
    expect(() => apportionByRate(10, [])).toThrow(RangeError);
  });
});

describe('building a partial refund', () => {
  const refused = [
    {
      name: 'nothing left',
      over: { refunds: [past('succeeded', paid)] },
      code: 'nothing_left',
      field: 'amount',
      message: 'Cette commande est déjà entièrement remboursée.',
    },
    {
      name: 'more than left',
      over: { refunds: [past('pending', 6000)], request: { kind: 'amount', amountCents: 351 } },
      code: 'above_left',
      field: 'amount',
      message: `C’est plus que ce qui reste à rembourser (${formatPrice(350)}).`,
    },
    {
      name: 'a zero amount',
      over: { request: { kind: 'amount', amountCents: 0 } },
      code: 'zero_amount',
      field: 'amount',
      message: 'Indiquez un montant à rembourser supérieur à 0 €.',
    },
    {
      name: 'a negative amount',
      over: { request: { kind: 'amount', amountCents: -5 } },
      code: 'zero_amount',
      field: 'amount',
      message: 'Indiquez un montant à rembourser supérieur à 0 €.',
    },
    {
      name: '« autre » without text',
      over: { reason: 'other', reasonText: '   ' },
      code: 'reason_text_required',
      field: 'reason_text',
      message: 'Précisez la raison du remboursement en quelques mots.',
    },
    {
      name: 'a text too long',
      over: { reason: 'other', reasonText: 'x'.repeat(301) },
      code: 'reason_text_too_long',
      field: 'reason_text',
      message: 'La raison tient en 300 caractères au plus.',
    },
    {
      name: 'no line',
      over: { request: { kind: 'lines', lines: [] } },
      code: 'no_line',
      field: 'lines',
      message: 'Choisissez au moins un article à rembourser.',
    },
    {
      name: 'only zero quantities',
      over: { request: { kind: 'lines', lines: [{ position: 0, quantity: 0 }] } },
      code: 'no_line',
      field: 'lines',
      message: 'Choisissez au moins un article à rembourser.',
    },
    {
      name: 'an unknown line',
      over: { request: { kind: 'lines', lines: [{ position: 9, quantity: 1 }] } },
      code: 'unknown_line',
      field: 'lines.0.position',
      message: 'Cet article ne fait pas partie de la commande.',
    },
    {
      name: 'a line twice',
      over: {
        request: {
          kind: 'lines',
          lines: [
            { position: 0, quantity: 1 },
            { position: 0, quantity: 1 },
          ],
        },
      },
      code: 'unknown_line',
      field: 'lines.1.position',
      message: 'Cet article ne fait pas partie de la commande.',
    },
    {
      name: 'more than ordered',
      over: { request: { kind: 'lines', lines: [{ position: 1, quantity: 2 }] } },
      code: 'quantity_above_left',
      field: 'lines.0.quantity',
      message: 'Au plus 1 à rembourser pour cet article.',
    },
    {
      name: 'more than left of a line',
      over: {
        refunds: [past('succeeded', 2400, [{ position: 1, label: '', quantity: 1, unitPriceCents: 2400, amountCents: 2400, taxRateBp: 2000 }])],
        request: { kind: 'lines', lines: [{ position: 1, quantity: 1 }] },
      },
      code: 'quantity_above_left',
      field: 'lines.0.quantity',
      message: 'Cet article est déjà entièrement remboursé.',
    },
    {
      name: 'lines worth more than left',
      over: { refunds: [past('succeeded', 6000)], request: { kind: 'lines', lines: [{ position: 1, quantity: 1 }] } },
      code: 'above_left',
      field: 'lines',
      message: `C’est plus que ce qui reste à rembourser (${formatPrice(350)}).`,
    },
  ] as const;
  test.each(refused)('refused: $name', ({ over, code, field, message }) => {
    expect(buildPartialRefund(base(over as Partial<PartialRefundInput>))).toEqual({ ok: false, code, field, message });
  });

  test('per line: the units at the line’s own rate, cumulatively priced', () => {
    const refund = buildPartialRefund(
      base({
        request: {
          kind: 'lines',
          lines: [
            { position: 0, quantity: 2 },
            { position: 1, quantity: 1 },
          ],
        },
        reason: 'missing_item',
      }),
    );
    expect(refund).toEqual({
      ok: true,
      amountCents: 2433 + 2400,
      reason: 'missing_item',
      reasonText: null,
      parts: [
        { position: 0, label: 'Pizza Reine', quantity: 2, unitPriceCents: 1250, amountCents: 2433, taxRateBp: 1000 },
        { position: 1, label: 'Côtes-du-Rhône', quantity: 1, unitPriceCents: 2400, amountCents: 2400, taxRateBp: 2000 },
      ],
    });
  });

  test('an amount: shares over the receipt’s rates, « autre » keeps its text trimmed', () => {
    const refund = buildPartialRefund(base({ request: { kind: 'amount', amountCents: 100 }, reason: 'other', reasonText: '  Boisson renversée ' }));
    expect(refund).toMatchObject({ ok: true, amountCents: 100, reasonText: 'Boisson renversée' });
    expect(refund.ok && refund.parts.map((p) => [p.taxRateBp, p.amountCents, p.position])).toEqual([
      [1000, 57, null],
      [2000, 43, null],
    ]);
  });

  test('an amount after the 20 % line was refunded: apportioned over what is left per rate', () => {
    const wineRefund = past('succeeded', 2700, [{ position: 1, label: '', quantity: 1, unitPriceCents: 2400, amountCents: 2700, taxRateBp: 2000 }]);
    const refund = buildPartialRefund(base({ refunds: [wineRefund], request: { kind: 'amount', amountCents: 1000 } }));
    expect(refund.ok && refund.parts.map((p) => [p.taxRateBp, p.amountCents])).toEqual([[1000, 1000]]);
  });

  test('the whole of what is left, in several refunds', () => {
    const first = buildPartialRefund(base({ request: { kind: 'amount', amountCents: 6000 } }));
    expect(first.ok).toBe(true);
    const second = buildPartialRefund(base({ refunds: [past('succeeded', 6000, first.ok ? first.parts : [])], request: { kind: 'amount', amountCents: 350 } }));
    expect(second).toMatchObject({ ok: true, amountCents: 350 });
    expect(refundLeftCents(paid, [past('succeeded', 6000), past('pending', 350)])).toBe(0);
  });
});

describe('credit notes of partial refunds', () => {
  test('per part: negative lines, HT and VAT at their rate, totals to the cent', () => {
    const note = partialCreditNoteOf(receipt, 7, [
      { position: 0, label: 'Pizza Reine', quantity: 1, unitPriceCents: 1250, amountCents: 1217, taxRateBp: 1000 },
      { position: null, label: 'Remboursement partiel (TVA 20 %)', quantity: 1, unitPriceCents: 43, amountCents: 43, taxRateBp: 2000 },
    ]);
    expect(note).toMatchObject({
      type: 'credit_note',
      number: 'A-000007',
      refers_to: 'R-000042',
      channel: 'delivery',
      total_ttc: -1260,
      total_ht: -1106 - 36,
      total_vat: -111 - 7,
    });
    expect(note.lines).toEqual([
      { label: 'Pizza Reine', quantity: -1, unit_price: 1250, total_ht: -1106, vat_rate: 1000, total_vat: -111, total_ttc: -1217 },
      { label: 'Remboursement partiel (TVA 20 %)', quantity: -1, unit_price: 43, total_ht: -36, vat_rate: 2000, total_vat: -7, total_ttc: -43 },
    ]);
    expect(note.vat).toEqual([
      { vat_rate: 1000, total_ht: -1106, total_vat: -111, total_ttc: -1217 },
      { vat_rate: 2000, total_ht: -36, total_vat: -7, total_ttc: -43 },
    ]);
  });

  test('the rest after partial notes: receipt + partials + rest = 0 at every rate', () => {
    const partial = partialCreditNoteOf(receipt, 1, [
      { position: 0, label: 'Pizza Reine', quantity: 1, unitPriceCents: 1250, amountCents: 1217, taxRateBp: 1000 },
    ]);
    const rest = restCreditNoteOf(receipt, [partial], 2);
    for (const rate of receipt.vat) {
      const sum = (key: 'total_ht' | 'total_vat' | 'total_ttc') =>
        [receipt, partial, rest].reduce((total, d) => total + (d.vat.find((v) => v.vat_rate === rate.vat_rate)?.[key] ?? 0), 0);
      expect([sum('total_ht'), sum('total_vat'), sum('total_ttc')]).toEqual([0, 0, 0]);
    }
    expect(receipt.total_ttc + partial.total_ttc + rest.total_ttc).toBe(0);
    expect(rest.lines.map((l) => l.label)).toEqual(['Annulation du solde (TVA 10 %)', 'Annulation du solde (TVA 20 %)']);
  });
});

describe('the card payment a partial refund is asked on', () => {
  test('the checkout’s card first, when it holds the whole amount', () => {
    expect(partialRefundSource(1000, [{ linkId: null, cents: 1000 }, { linkId: 7, cents: 3000 }])).toEqual({ ok: true, linkId: null });
  });
  test('else the newest link that holds it: a phone order paid by links, or a change’s top-up', () => {
    const held = [
      { linkId: null, cents: 500 },
      { linkId: 3, cents: 2000 },
      { linkId: 9, cents: 1500 },
    ];
    expect(partialRefundSource(1500, held)).toEqual({ ok: true, linkId: 9 });
    expect(partialRefundSource(1600, held)).toEqual({ ok: true, linkId: 3 });
    expect(partialRefundSource(2500, [{ linkId: 4, cents: 2500 }])).toEqual({ ok: true, linkId: 4 });
  });
  test('no single payment holds it: refused with the most one holds, never split over two', () => {
    expect(partialRefundSource(2100, [{ linkId: null, cents: 500 }, { linkId: 3, cents: 2000 }])).toEqual({ ok: false, mostCents: 2000 });
    expect(partialRefundSource(100, [])).toEqual({ ok: false, mostCents: 0 });
  });
});
