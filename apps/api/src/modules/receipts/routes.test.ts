import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { receiptAnswers } from '@resto/copy/documents/receipts';
import type { Receipt } from '@resto/domain/receipt';
import { formatPrice } from '@resto/domain/format';
import { journalEntries, orders } from '../../db/schema.ts';
import { buildOrderPayload, errorOf, getJson, looksFrench, payloadOf, postOrder, request, startTestServer, type TestServer } from '../../test/harness.ts';
import { authQuery, call, createAccount, newEmail } from '../../test/accounts.ts';
import { confirmCard, createCardOrder, cards, intentFor, putPaid } from '../payments/test-helpers.ts';
import { verifyJournal } from '../books/index.ts';
import { createTestStaff, staffRequest } from '../../test/staff.ts';

/**
 * GET /v2/public/receipts/{secret} and {secret}.pdf over real HTTP, and the gapless receipt
 * numbers (docs/decisions/013-receipts.md). PGlite, and PostgreSQL with DATABASE_URL.
 */

const fridayNoonParis = new Date('2025-11-28T11:00:00Z');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ clock: () => fridayNoonParis });
});
afterAll(async () => {
  await server?.close();
});

/** Œufs en meurette ×2 (10 %) and a beer (20 %): a cart with two rates. */
const mixedCart = [
  { itemId: 101, quantity: 2 },
  { itemId: 128, quantity: 1 },
];

async function placeCash(overrides: Parameters<typeof buildOrderPayload>[1] = {}) {
  const payload = await buildOrderPayload(server, { lines: mixedCart, ...overrides });
  const response = await postOrder(server.baseUrl, payload);
  expect(response.status).toBe(201);
  const { order_id, secret } = payloadOf(response) as { order_id: number; secret: string };
  return { orderId: order_id, secret, payload };
}

async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('the receipt of a cash order', () => {
  test('JSON: number, seller, customer, lines, VAT per rate and totals; never cached', async () => {
    const { orderId, secret, payload } = await placeCash();
    const response = await getJson<Receipt>(server.baseUrl, `/v2/public/receipts/${secret}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const receipt = payloadOf(response);
    const [stored] = await server.db.select().from(orders).where(eq(orders.orderId, orderId));
    expect(stored!.receiptNumber).toBeGreaterThan(0);
    expect(receipt.number).toBe(`R-${String(stored!.receiptNumber).padStart(6, '0')}`);
    expect(receipt).toMatchObject({ kind: 'receipt', invoice_number: null, order_id: orderId, customer_name: 'Marie Dupont' });
    expect(receipt.issued_at).toBe(fridayNoonParis.toISOString());
    expect(receipt.issued_at_label).toBe('vendredi 28 novembre 2025 à 12:00');
    expect(receipt.seller).toMatchObject({
      name: 'Chez Margot — Bistro & Pizzeria',
      address: '12 rue des Marronniers, 69002 Lyon',
      siret: '000 000 000 00000 (démonstration)',
      vat_number: 'FR00000000000 (démonstration)',
    });
    expect(receipt.lines.map((l) => [l.name, l.quantity, l.unit_price, l.amount, l.tax_rate])).toEqual([
      ['Œufs en meurette', 2, 8.5, 17, 10],
      ['Bière blonde', 1, 4.5, 4.5, 20],
    ]);
    // Pickup, no reduction: 10 % on 17,00 → 1,55; 20 % on 4,50 → 0,75.
    expect(receipt.tax_by_rate).toEqual([
      { rate: 10, base_ht: 15.45, tax: 1.55, total_ttc: 17 },
      { rate: 20, base_ht: 3.75, tax: 0.75, total_ttc: 4.5 },
    ]);
    expect(receipt).toMatchObject({ subtotal: 21.5, discount: 0, delivery: 0, total_ht: 19.2, tax: 2.3, total_ttc: 21.5, tax_inclusive: true });
    expect(receipt.total_ttc).toBe(payload.total);
    expect(receipt.payment).toMatchObject({ method: 'cash', state: 'due' });
  });

  test('PDF: application/pdf as an attachment, with the number, lines, VAT per rate and totals in its text', async () => {
    const { secret } = await placeCash();
    const receipt = payloadOf(await getJson<Receipt>(server.baseUrl, `/v2/public/receipts/${secret}`));
    const response = await fetch(`${server.baseUrl}/v2/public/receipts/${secret}.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="recu-${receipt.number}.pdf"`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const bytes = await response.arrayBuffer();
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const text = await pdfText(bytes);
    for (const expected of [
      `Reçu ${receipt.number}`,
      'Chez Margot — Bistro & Pizzeria',
      'SIRET : 000 000 000 00000 (démonstration)',
      'Marie Dupont',
      '2 × Œufs en meurette',
      '1 × Bière blonde',
      'TVA 10 % sur 15,45 € HT',
      '1,55 €',
      'TVA 20 % sur 3,75 € HT',
      '0,75 €',
      'Total HT',
      '19,20 €',
      'Total TTC',
      '21,50 €',
      'À régler au retrait',
    ])
      expect(text).toContain(expected);
    // A pickup order: the receipt says where it is paid, not « au retrait ou à la livraison ».
    expect(text).not.toContain('livraison');
  });

  test('shown again it says « DUPLICATA » with its reprint count, and each reprint is an entry of the books; concurrent reprints count once each', async () => {
    const { orderId, secret } = await placeCash();
    const first = payloadOf(await getJson<Receipt>(server.baseUrl, `/v2/public/receipts/${secret}`));
    expect(first.duplicate).toBeNull();
    const second = payloadOf(await getJson<Receipt>(server.baseUrl, `/v2/public/receipts/${secret}`));
    expect(second.duplicate).toEqual({ reprint: 1, label: 'DUPLICATA n° 1' });
    const pdf = await pdfText(await (await fetch(`${server.baseUrl}/v2/public/receipts/${secret}.pdf`)).arrayBuffer());
    expect(pdf).toContain('DUPLICATA n° 2');
    // Three at once: three more editions, numbered 3, 4 and 5 in some order, none twice.
    const together = await Promise.all([1, 2, 3].map(() => getJson<Receipt>(server.baseUrl, `/v2/public/receipts/${secret}`)));
    expect(together.map((r) => payloadOf(r).duplicate!.reprint).sort()).toEqual([3, 4, 5]);
    const entries = await server.db
      .select({ content: journalEntries.content, number: journalEntries.documentNumber })
      .from(journalEntries)
      .where(and(eq(journalEntries.orderId, orderId), eq(journalEntries.kind, 'duplicate')))
      .orderBy(asc(journalEntries.seq));
    expect(entries.map((e) => (JSON.parse(e.content) as { body: { duplicate: { reprint: number } } }).body.duplicate.reprint)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(entries.map((e) => e.number))).toEqual(new Set([first.number]));
    expect((await verifyJournal(server.db)).ok).toBe(true);
  });

  test('a cash order paid at the counter says so: « Payée — … », or what was paid and the rest (docs/decisions/031)', async () => {
    const { orderId, secret } = await placeCash();
    const staff = await createTestStaff(server.db, { now: fridayNoonParis, name: 'Karim Benali' });
    const receipt = async () => payloadOf(await getJson<Receipt>(server.baseUrl, `/v2/public/receipts/${secret}`));
    const before = await receipt();
    expect(before.payment).toMatchObject({ state: 'due', state_label: 'À régler au retrait' });
    const total = Math.round(before.total_ttc * 100);
    const pay = (means: string, cents: number, paid: number) =>
      staffRequest(server, staff.cookie, 'POST', `/v2/restaurant/orders/${orderId}/payments`, {
        tenders: [{ means, amount: cents / 100 }],
        expected_paid: paid / 100,
      });
    expect((await pay('card_terminal', 1000, 0)).status).toBe(200);
    const rest = formatPrice(total - 1000);
    expect((await receipt()).payment).toMatchObject({
      state: 'due',
      state_label: `Réglé : carte (TPE) ${formatPrice(1000)} — reste ${rest} à régler`,
    });
    expect((await pay('cash', total - 1000 + 500, 1000)).status).toBe(200);
    expect((await receipt()).payment).toMatchObject({
      state: 'paid',
      state_label: `Payée — carte (TPE) ${formatPrice(1000)} + espèces ${rest}`,
    });
  });

  test("the confirmation e-mail links to the receipt page (site.url + /recu?commande=<secret>); the kitchen's does not", async () => {
    const email = 'recu.mail@example.fr';
    const { orderId, secret } = await placeCash({ customer: { first_name: 'Inès', last_name: 'Roux', email, phone: '06 98 76 54 32' } });
    const link = `https://chez-margot.example/recu?commande=${secret}`;
    const customer = await server.mail.waitFor((m) => m.to === email);
    expect(customer.text).toContain(`Votre reçu : ${link}`);
    expect(customer.html).toContain(`href="${link}"`);
    const kitchen = await server.mail.waitFor((m) => m.to === 'bonjour@chez-margot.example' && m.subject.includes(`n° ${orderId}`));
    expect(kitchen.text).not.toContain('/recu?commande=');
  });

  test('"ne pas faire figurer mon nom sur le reçu": no name in the JSON nor in the PDF', async () => {
    const { secret } = await placeCash({ receipt_hide_name: true });
    const receipt = payloadOf(await getJson<Receipt>(server.baseUrl, `/v2/public/receipts/${secret}`));
    expect(receipt.customer_name).toBeNull();
    const text = await pdfText(await (await fetch(`${server.baseUrl}/v2/public/receipts/${secret}.pdf`)).arrayBuffer());
    expect(text).not.toContain('Dupont');
  });

  test('business details give an invoice with its own number, the buyer and the unit prices excluding tax', async () => {
    const business = { company_name: 'Atelier Dupont SARL', address: '3 quai Saint-Antoine, 69002 Lyon', vat_number: 'fr 12 345678901', siren: '345 678 901' };
    const { secret } = await placeCash({ business });
    const receipt = payloadOf(await getJson<Receipt>(server.baseUrl, `/v2/public/receipts/${secret}`));
    expect(receipt.kind).toBe('invoice');
    expect(receipt.invoice_number).toMatch(/^F-\d{6}$/);
    expect(receipt.business).toEqual({
      company_name: 'Atelier Dupont SARL',
      address: '3 quai Saint-Antoine, 69002 Lyon',
      vat_number: 'FR12345678901',
      siren: '345678901',
    });
    expect(receipt.lines.map((l) => l.unit_price_ht)).toEqual([7.73, 3.75]); // 8,50 / 1,1 = 7,727; 4,50 / 1,2
    const response = await fetch(`${server.baseUrl}/v2/public/receipts/${secret}.pdf`);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="facture-${receipt.invoice_number}.pdf"`);
    const text = await pdfText(await response.arrayBuffer());
    for (const expected of [
      `Facture ${receipt.invoice_number}`,
      'Facturé à',
      'Atelier Dupont SARL',
      'TVA intracommunautaire : FR12345678901',
      '7,73 € HT',
      'indemnité forfaitaire de 40 €',
    ])
      expect(text).toContain(expected);
  });

  test('invalid business details are refused in French', async () => {
    const payload = await buildOrderPayload(server, { lines: mixedCart, business: { company_name: '', address: 'x', vat_number: 'nope', siren: '12' } });
    const response = await postOrder(server.baseUrl, payload);
    expect(response.status).toBe(400);
    const paths = errorOf(response).errors.map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['business.company_name', 'business.vat_number', 'business.siren']));
    for (const e of errorOf(response).errors) expect(looksFrench(e.message)).toBe(true);
  });
});

describe('unknown receipts and card orders', () => {
  test.each([
    ['an unknown secret', 'a'.repeat(64)],
    ['a malformed secret', 'not-a-secret'],
    ['an unknown secret as PDF', `${'b'.repeat(64)}.pdf`],
  ])('404 in French for %s, never cached', async (_name, path) => {
    const response = await request(server.baseUrl, `/v2/public/receipts/${path}`);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(errorOf(response).message).toBe(receiptAnswers.unknownReceipt);
  });

  test('a card order has no receipt until it is paid, then it has its number', async () => {
    const order = await createCardOrder(server);
    const [row] = await server.db.select({ secret: orders.secret, receiptNumber: orders.receiptNumber }).from(orders).where(eq(orders.orderId, order.orderId));
    expect(row!.receiptNumber).toBeNull();
    const before = await request(server.baseUrl, `/v2/public/receipts/${row!.secret}`);
    expect(before.status).toBe(409);
    expect(errorOf(before).message).toBe(receiptAnswers.receiptNotYet);
    expect(errorOf(before).code).toBe('receipt_not_ready');

    const intent = await intentFor(server, order);
    expect((await confirmCard(server, intent.client_secret, cards.success)).status).toBe(200);
    expect((await putPaid(server, order.orderId, intent.id)).status).toBe(200);
    const receipt = payloadOf(await getJson<Receipt>(server.baseUrl, `/v2/public/receipts/${row!.secret}`));
    expect(receipt.number).toMatch(/^R-\d{6}$/);
    expect(receipt.payment).toMatchObject({ method: 'card', state: 'paid', state_label: 'Payée en ligne' });
    // Paying again does not take another number.
    await putPaid(server, order.orderId, intent.id);
    const again = payloadOf(await getJson<Receipt>(server.baseUrl, `/v2/public/receipts/${row!.secret}`));
    expect(again.number).toBe(receipt.number);
  });
});

describe("the account's orders", () => {
  test('each placed order of the account carries its receipt_secret, which opens its receipt', async () => {
    const account = await createAccount(server, { email: newEmail('recu') });
    const payload = await buildOrderPayload(server, {
      lines: mixedCart,
      user_id: account.user.id,
      customer: { first_name: 'Lucie', last_name: 'Martin', email: account.user.email, phone: '06 11 22 33 44' },
    });
    const placed = await call<{ order_id: number; secret: string }>(server, 'POST', '/v2/public/checkout/', { body: payload, token: account.token });
    expect(placed.status).toBe(201);
    const page = payloadOf(
      await call<{ orders: { order_id: number; receipt_secret: string | null }[] }>(server, 'GET', `/v2/public/auth/orders${authQuery(account)}`),
    );
    expect(page.orders).toEqual([expect.objectContaining({ order_id: payloadOf(placed).order_id, receipt_secret: payloadOf(placed).secret })]);
    const receipt = payloadOf(await getJson<Receipt>(server.baseUrl, `/v2/public/receipts/${page.orders[0]!.receipt_secret}`));
    expect(receipt.customer_name).toBe('Lucie Martin');
  });
});

describe('receipt numbers have no gap and no duplicate', () => {
  test('40 concurrent cash orders, 10 of them losing a once-only coupon race (rolled back), still number 1..N', async () => {
    // BIENVENUE10 is once per customer: 11 concurrent orders of one customer with it, one wins, the
    // others roll back after writing their order (the unique index of order_offers), numbers included.
    const coupon = await Promise.all(
      Array.from({ length: 11 }, () =>
        buildOrderPayload(server, {
          lines: [{ itemId: 107, quantity: 2 }],
          coupon: 'BIENVENUE10',
          customer: { first_name: 'Léa', last_name: 'Martin', email: 'lea.martin@example.fr', phone: '06 11 22 33 44' },
        }),
      ),
    );
    const plain = await Promise.all(Array.from({ length: 29 }, () => buildOrderPayload(server, { lines: mixedCart })));
    const responses = await Promise.all([...coupon, ...plain].map((payload) => postOrder(server.baseUrl, payload)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.filter((s) => s === 422)).toHaveLength(10);

    // Each books chain numbers its own receipts (docs/decisions/031): the test processor's paid card order is simulation.
    for (const chain of ['live', 'simulation']) {
      const numbers = (
        await server.db
          .select({ n: orders.receiptNumber })
          .from(orders)
          .where(and(isNotNull(orders.receiptNumber), eq(orders.booksChain, chain)))
          .orderBy(asc(orders.receiptNumber))
      ).map((r) => r.n);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    }
    // The live journal holds the same receipts, gapless, and verifies.
    expect(await verifyJournal(server.db)).toMatchObject({ ok: true });
    // Every placed order has one (cash at creation, the paid card order), the unpaid card order none.
    const placed = await server.db.select({ id: orders.orderId, n: orders.receiptNumber, method: orders.paymentMethod, status: orders.status }).from(orders);
    for (const order of placed) expect(order.n === null).toBe(order.method === 'card' && order.status === 'pending');
  });
});
