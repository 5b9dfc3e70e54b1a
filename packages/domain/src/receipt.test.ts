import { describe, expect, test } from 'vitest';
import { formatPrice } from './format.ts';
import { buildReceipt, describePayment, formatInvoiceNumber, formatReceiptDate, formatReceiptNumber, type ReceiptOrder } from './receipt.ts';

/** buildReceipt (docs/decisions/013-receipts.md): figures from the stored order, words in French. */

const settings = [
  { name: 'contacts.name', value: 'Chez Margot' },
  { name: 'contacts.address', value: '12 rue des Marronniers, 69002 Lyon' },
  { name: 'legal.siret', value: '123 456 789 00012' },
  { name: 'legal.vat_number', value: 'FR12123456789' },
];

function order(overrides: Partial<ReceiptOrder> = {}): ReceiptOrder {
  return {
    orderId: 1001,
    receiptNumber: 42,
    invoiceNumber: null,
    placedAt: new Date('2026-11-22T11:30:00Z'),
    isPickup: false,
    paymentMethod: 'cash',
    status: 'pending',
    customer: { first_name: 'Marie', last_name: 'Dupont' },
    receiptHideName: false,
    business: null,
    location: null,
    deliveryDate: null,
    deliveryTimeRange: null,
    // Prices include tax (total = subtotal + delivery − discount); the bases per rate as stored, delivery share included: 1900 / 1100.
    subtotalCents: 2900,
    discountCents: 200,
    deliveryCents: 300,
    taxCents: 356,
    totalCents: 3000,
    taxByRate: [
      { rateBp: 2000, baseCents: 1100, taxCents: 183 },
      { rateBp: 1000, baseCents: 1900, taxCents: 173 },
    ],
    appliedOffers: [
      { name: 'BIENVENUE10', amount_cents: 200, is_coupon: true, type: 'percentage' },
      { name: 'Livraison offerte', amount_cents: 0, is_coupon: false, type: 'free_delivery' },
    ],
    ...overrides,
  };
}

const lines = [
  {
    itemName: 'Pizza Reine',
    quantity: 2,
    unitPriceCents: 1000,
    amountCents: 2000,
    taxRateBp: 1000,
    isFree: false,
    options: [
      { name: 'Grande', quantity: 1 },
      { name: 'Olives', quantity: 2 },
    ],
  },
  { itemName: 'Vin rouge', quantity: 1, unitPriceCents: 900, amountCents: 900, taxRateBp: 2000, isFree: false, options: [] },
];

describe('buildReceipt', () => {
  test('inclusive prices: VAT per rate sorted, HT = base − tax, totals and French words', () => {
    const receipt = buildReceipt(order(), lines, settings);
    expect(receipt).toMatchObject({
      kind: 'receipt',
      number: 'R-000042',
      invoice_number: null,
      issued_at_label: 'dimanche 22 novembre 2026 à 12:30',
      customer_name: 'Marie Dupont',
      order_type: 'Livraison',
      schedule: 'dès que possible',
      tax_inclusive: true,
      subtotal: 29,
      discount: 2,
      delivery: 3,
      tax: 3.56,
      total_ttc: 30,
      total_ht: 26.44,
    });
    expect(receipt.seller).toMatchObject({ name: 'Chez Margot', siret: '123 456 789 00012', vat_number: 'FR12123456789', company_name: '' });
    expect(receipt.tax_by_rate).toEqual([
      { rate: 10, base_ht: 17.27, tax: 1.73, total_ttc: 19 },
      { rate: 20, base_ht: 9.17, tax: 1.83, total_ttc: 11 },
    ]);
    expect(receipt.lines[0]).toEqual({
      name: 'Pizza Reine',
      details: 'Grande, Olives ×2',
      quantity: 2,
      unit_price: 10,
      unit_price_ht: 9.09,
      amount: 20,
      tax_rate: 10,
      free: false,
    });
    // Reductions worth nothing (free delivery) are not listed as reductions.
    expect(receipt.reductions).toEqual([{ name: 'BIENVENUE10', amount: 2, coupon: true }]);
    expect(receipt.mentions).toHaveLength(1);
  });

  test('exclusive prices: the stored base is HT, TTC = base + tax', () => {
    const receipt = buildReceipt(
      order({
        discountCents: 0,
        deliveryCents: 0,
        subtotalCents: 2900,
        taxCents: 380,
        totalCents: 3280,
        taxByRate: [
          { rateBp: 1000, baseCents: 2000, taxCents: 200 },
          { rateBp: 2000, baseCents: 900, taxCents: 180 },
        ],
      }),
      lines,
      settings,
    );
    expect(receipt.tax_inclusive).toBe(false);
    expect(receipt.tax_by_rate).toEqual([
      { rate: 10, base_ht: 20, tax: 2, total_ttc: 22 },
      { rate: 20, base_ht: 9, tax: 1.8, total_ttc: 10.8 },
    ]);
    expect(receipt.total_ht).toBe(29);
    expect(receipt.lines[0]!.unit_price_ht).toBe(10);
  });

  test('no name on request; business details make an invoice with its number and payment terms', () => {
    expect(buildReceipt(order({ receiptHideName: true }), lines, settings).customer_name).toBeNull();
    const business = { company_name: 'Atelier SARL', address: '1 quai, 69002 Lyon', vat_number: 'FR00123456789', siren: '123456789' };
    const invoice = buildReceipt(order({ business, invoiceNumber: 7, paymentMethod: 'card', status: 'paid' }), lines, settings);
    expect(invoice).toMatchObject({ kind: 'invoice', invoice_number: 'F-000007', business });
    expect(invoice.mentions[0]).toBe('Facture acquittée : payée par carte bancaire le dimanche 22 novembre 2026 à 12:30.');
    expect(invoice.mentions[1]).toMatch(/indemnité forfaitaire de 40 €/);
    // Business details without an invoice number (not placed): a plain receipt.
    expect(buildReceipt(order({ business }), lines, settings).kind).toBe('receipt');
  });

  // Cash is paid where the order is handed over: the counter for a pickup, the door for a delivery.
  test.each([
    ['cash', 'pending', true, 'due', 'À régler au retrait', 'Sur place (espèces ou carte)'],
    ['cash', 'completed', true, 'due', 'À régler au retrait', 'Sur place (espèces ou carte)'],
    ['cash', 'pending', false, 'due', 'À régler à la livraison', 'À la livraison (espèces ou carte)'],
    ['cash', 'completed', false, 'due', 'À régler à la livraison', 'À la livraison (espèces ou carte)'],
    ['cash', 'cancelled', true, 'cancelled', 'Commande annulée, rien à régler', 'Sur place (espèces ou carte)'],
    ['cash', 'cancelled', false, 'cancelled', 'Commande annulée, rien à régler', 'À la livraison (espèces ou carte)'],
    ['card', 'paid', true, 'paid', 'Payée en ligne', 'Carte bancaire en ligne'],
    ['card', 'paid', false, 'paid', 'Payée en ligne', 'Carte bancaire en ligne'],
    ['card', 'rejected', false, 'refunded', 'Payée puis remboursée (commande annulée)', 'Carte bancaire en ligne'],
  ])('payment %s / %s, pickup %s → %s, %s', (method, status, isPickup, state, label, methodLabel) => {
    expect(describePayment(method, status, isPickup)).toMatchObject({ state, state_label: label, method_label: methodLabel });
  });

  test('meal vouchers (docs/decisions/012) and test-mode card payments (docs/decisions/009) are said on the receipt', () => {
    expect(describePayment('cash', 'pending', false, 1100)).toMatchObject({
      method_label: `À la livraison, dont ${formatPrice(1100)} payables en titre-restaurant (papier ou carte), le reste en espèces ou par carte`,
      state_label: 'À régler à la livraison',
    });
    expect(describePayment('cash', 'pending', true, 1100)).toEqual({
      method: 'cash',
      method_label: `Sur place, dont ${formatPrice(1100)} payables en titre-restaurant (papier ou carte), le reste en espèces ou par carte`,
      state: 'due',
      state_label: 'À régler au retrait',
      meal_voucher_amount: 11,
      test_mode: false,
    });
    expect(describePayment('cash', 'pending', true)).toMatchObject({ method_label: 'Sur place (espèces ou carte)', meal_voucher_amount: 0 });
    expect(describePayment('card', 'paid', true, 0, true)).toMatchObject({
      method_label: 'Carte bancaire en ligne (Mode test : aucun paiement réel)',
      test_mode: true,
    });
    expect(describePayment('card', 'paid', true)).toMatchObject({ method_label: 'Carte bancaire en ligne', test_mode: false });
  });

  test('the counter’s payments (docs/decisions/031): paid in full, in part, reversed, refunded on a cancelled order', () => {
    const counter = (payments: { seq: number; means: 'cash' | 'card_terminal' | 'meal_voucher_paper'; amount: number; reverses?: number }[]) => ({
      payments,
      totalCents: 2000,
    });
    expect(
      describePayment(
        'cash',
        'completed',
        true,
        0,
        false,
        counter([
          { seq: 1, means: 'meal_voucher_paper', amount: 850 },
          { seq: 2, means: 'cash', amount: 1150 },
        ]),
      ),
    ).toMatchObject({
      state: 'paid',
      state_label: `Payée — titre-restaurant papier ${formatPrice(850)} + espèces ${formatPrice(1150)}`,
    });
    expect(describePayment('cash', 'accepted', true, 0, false, counter([{ seq: 1, means: 'card_terminal', amount: 500 }]))).toMatchObject({
      state: 'due',
      state_label: `Réglé : carte (TPE) ${formatPrice(500)} — reste ${formatPrice(1500)} à régler`,
    });
    expect(
      describePayment(
        'cash',
        'accepted',
        true,
        0,
        false,
        counter([
          { seq: 1, means: 'cash', amount: 2000 },
          { seq: 2, means: 'cash', amount: -2000, reverses: 1 },
        ]),
      ),
    ).toMatchObject({
      state: 'due',
      state_label: 'À régler au retrait',
    });
    expect(describePayment('cash', 'cancelled', true, 0, false, counter([{ seq: 1, means: 'cash', amount: 2000 }]))).toMatchObject({ state: 'cancelled' });
    expect(describePayment('cash', 'accepted', false, 0, false, counter([]))).toMatchObject({ state: 'due', state_label: 'À régler à la livraison' });
  });

  test('numbers and dates', () => {
    expect(formatReceiptNumber(1)).toBe('R-000001');
    expect(formatInvoiceNumber(1234567)).toBe('F-1234567');
    expect(formatReceiptDate(new Date('2026-07-01T22:05:00Z'))).toBe('jeudi 2 juillet 2026 à 00:05'); // summer time, next day in Paris
  });
});
