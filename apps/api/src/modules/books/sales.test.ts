import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BoardOrder, TrackingView } from '@resto/contract/board';
import type { EntryBody } from '@resto/domain/books';
import { journalEntries } from '../../db/schema.ts';
import { errorOf, getJson, looksFrench, payloadOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, staffRequest, type TestStaff } from '../../test/staff.ts';
import { act, board, inMinutes, placeCashOrder, placePaidCardOrder } from '../board/test-helpers.ts';
import { closeDaysThrough } from './closures.ts';
import { verifyJournal } from './verify.ts';

/**
 * What sales write to the books (docs/decisions/031-the-books.md), over real HTTP on PGlite: the
 * receipt of a cash order when placed, « Encaisser » (cash with change, vouchers within their cap,
 * splits, two screens at once, a reversal), « Non récupérée », refusals and cancellations (credit
 * notes, cash handed back), a card order on the test processor (simulation chain), and the journal
 * verified and closed with the day's money as the counter took it.
 */

// Tuesday 24 November 2026, 12:30 in Paris (the demo restaurant is open; closed on Mondays).
const now = new Date('2026-11-24T11:30:00Z');
let server: TestServer;
let karim: TestStaff;
let margot: TestStaff;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  karim = await createTestStaff(server.db, { now, name: 'Karim Benali' });
  margot = await createTestStaff(server.db, { now, name: 'Margot Lefèvre', role: 'owner' });
});
afterAll(async () => server?.close());

async function entriesOf(orderId: number) {
  const rows = await server.db
    .select()
    .from(journalEntries)
    .where(eq(journalEntries.orderId, orderId))
    .orderBy(asc(journalEntries.chain), asc(journalEntries.seq));
  return rows.map((row) => ({
    chain: row.chain,
    seq: row.seq,
    number: row.documentNumber,
    ...(JSON.parse(row.content) as { body: EntryBody; operator: { name: string } | null }),
  }));
}

async function boardOrder(orderId: number): Promise<BoardOrder> {
  const order = payloadOf(await board(server, karim.cookie)).orders.find((o) => o.order_id === orderId);
  if (!order) throw new Error(`order ${orderId} not on the board`);
  return order;
}

function pay(staff: TestStaff, orderId: number, tenders: { means: string; amount: number }[], expectedPaid = 0) {
  return staffRequest<{ order: BoardOrder; change: number }>(server, staff.cookie, 'POST', `/v2/restaurant/orders/${orderId}/payments`, {
    tenders,
    expected_paid: expectedPaid,
  });
}

const cents = (euros: number) => Math.round(euros * 100);

describe('a cash order', () => {
  test('is journaled when placed: its receipt, live chain, the order’s totals, nobody as operator', async () => {
    const { orderId } = await placeCashOrder(server);
    const order = await boardOrder(orderId);
    const entries = await entriesOf(orderId);
    expect(entries).toHaveLength(1);
    const [receipt] = entries;
    expect(receipt!.chain).toBe('live');
    expect(receipt!.number).toMatch(/^R-\d{6}$/);
    expect(receipt!.operator).toBeNull();
    if (receipt!.body.kind !== 'document') throw new Error('not a document');
    expect(receipt!.body.document).toMatchObject({ type: 'receipt', order_id: orderId, channel: 'pickup', total_ttc: cents(order.total) });
    expect(order.payments).toMatchObject({ paid: 0, due: order.total, summary: null, payable: true });
  });

  test('« Encaisser » in cash with more than due: the change, the order paid, the entry by Karim with what was handed over', async () => {
    const { orderId } = await placeCashOrder(server);
    const total = (await boardOrder(orderId)).total;
    const answer = await pay(karim, orderId, [{ means: 'cash', amount: total + 7.5 }]);
    const { order, change } = payloadOf(answer);
    expect(change).toBe(7.5);
    expect(order.payments).toMatchObject({ paid: total, due: 0, payable: false });
    expect(order.payments.summary).toBe(`espèces ${new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(total)}`);
    expect(order.events.at(-1)).toMatchObject({ type: 'payment_taken', actor_name: 'Karim Benali' });
    const payment = (await entriesOf(orderId)).find((entry) => entry.body.kind === 'payment');
    expect(payment?.operator?.name).toBe('Karim Benali');
    expect(payment?.body).toEqual({ kind: 'payment', payment: { order_id: orderId, means: 'cash', amount: cents(total), tendered: cents(total + 7.5) } });
    // Nothing left to pay: a second payment is refused in French, nothing recorded.
    const again = await pay(karim, orderId, [{ means: 'cash', amount: 5 }], total);
    expect(again.status).toBe(422);
    expect(errorOf(again)).toMatchObject({ code: 'counter_payment_refused', message: 'Cette commande est déjà entièrement réglée.' });
    expect((await entriesOf(orderId)).filter((entry) => entry.body.kind === 'payment')).toHaveLength(1);
  });

  test('the customer’s tracking page follows the counter: « À régler sur place », what is left after a first payment, then « Réglée sur place »', async () => {
    const { orderId, secret } = await placeCashOrder(server);
    const tracking = async () => payloadOf(await getJson<TrackingView>(server.baseUrl, `/v2/public/tracking/${secret}`));
    const total = (await boardOrder(orderId)).total;
    expect((await tracking()).paid_on_site).toBe(0);
    payloadOf(await pay(karim, orderId, [{ means: 'cash', amount: 5 }]));
    expect((await tracking()).paid_on_site).toBe(5);
    payloadOf(await pay(karim, orderId, [{ means: 'card_terminal', amount: Math.round((total - 5) * 100) / 100 }], 5));
    expect((await tracking()).paid_on_site).toBe(total);
  });

  test('meal vouchers within their cap (the 25 € daily ceiling), then the rest by card on the terminal; above the cap is refused', async () => {
    const first = await placeCashOrder(server);
    const pizza = (await boardOrder(first.orderId)).items[0]!.item_id;
    // Eight pizzas: well above the ceiling.
    const { orderId } = await placeCashOrder(server, { lines: [{ itemId: pizza, quantity: 8 }] });
    const order = await boardOrder(orderId);
    const cap = order.payments.voucher_cap;
    expect(order.total).toBeGreaterThan(25);
    expect(cap).toBe(25);
    const refused = await pay(karim, orderId, [
      { means: 'meal_voucher_paper', amount: 20 },
      { means: 'meal_voucher_card', amount: 5.01 },
    ]);
    expect(refused.status).toBe(422);
    const error = errorOf(refused);
    expect(looksFrench(error.message)).toBe(true);
    expect(error.message).toBe(
      'Les titres-restaurant ne peuvent payer que 25,00\u00a0€ sur cette commande (plats et boissons sans alcool, plafond journalier, hors frais de livraison).',
    );
    expect(error.errors[0]?.path).toBe('tenders.meal_voucher_card');
    const vouchers = cap;
    const { order: paid } = payloadOf(
      await pay(margot, orderId, [
        { means: 'meal_voucher_paper', amount: vouchers },
        { means: 'card_terminal', amount: Math.round((order.total - vouchers) * 100) / 100 },
      ]),
    );
    expect(paid.payments.due).toBe(0);
    expect(paid.payments.summary).toMatch(/^carte \(TPE\) .+ \+ titre-restaurant papier 25,00\u00a0€$/);
    expect(paid.payments.lines.map((line) => line.means)).toEqual(['card_terminal', 'meal_voucher_paper']);
  });

  test('two screens take the same payment at once: one wins, the other is told and sees it', async () => {
    const { orderId } = await placeCashOrder(server);
    const total = (await boardOrder(orderId)).total;
    const answers = await Promise.all([
      pay(karim, orderId, [{ means: 'cash', amount: total }]),
      pay(margot, orderId, [{ means: 'card_terminal', amount: total }]),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const lost = answers.find((answer) => answer.status === 409)!;
    expect(errorOf(lost).message).toMatch(
      /^Cette commande vient d’être encaissée par (Karim Benali|Margot Lefèvre) à \d\d:\d\d\. Vérifiez le reste à payer\.$/,
    );
    expect((errorOf(lost).payload as BoardOrder).payments.paid).toBe(total);
    expect((await entriesOf(orderId)).filter((entry) => entry.body.kind === 'payment')).toHaveLength(1);
  });

  test('a mistaken payment is reversed by a counter-entry, once; the order is payable again', async () => {
    const { orderId } = await placeCashOrder(server);
    const total = (await boardOrder(orderId)).total;
    const { order } = payloadOf(await pay(karim, orderId, [{ means: 'card_terminal', amount: total }]));
    const seq = order.payments.lines[0]!.seq;
    expect(order.payments.lines[0]!.reversible).toBe(true);
    const reversed = payloadOf(await staffRequest<BoardOrder>(server, margot.cookie, 'POST', `/v2/restaurant/orders/${orderId}/payments/${seq}/reversal`));
    expect(reversed.payments).toMatchObject({ paid: 0, due: total, payable: true, summary: null });
    expect(reversed.payments.lines.map((line) => [line.amount, line.reverses, line.reversible])).toEqual([
      [total, null, false],
      [-total, seq, false],
    ]);
    const twice = await staffRequest(server, margot.cookie, 'POST', `/v2/restaurant/orders/${orderId}/payments/${seq}/reversal`);
    expect(twice.status).toBe(409);
    expect(errorOf(twice).message).toBe('Ce paiement a déjà été annulé.');
    const bodies = (await entriesOf(orderId)).map((entry) => entry.body);
    expect(bodies.filter((body) => body.kind === 'payment').map((body) => (body.kind === 'payment' ? body.payment.amount : 0))).toEqual([
      cents(total),
      -cents(total),
    ]);
    // Paid again in cash: the day's money is the cash, the card reversed.
    payloadOf(await pay(karim, orderId, [{ means: 'cash', amount: total }]));
  });

  test('« Non récupérée »: an accepted unpaid order is cancelled, its receipt cancelled by a credit note; a paid one is refused', async () => {
    const { orderId } = await placeCashOrder(server);
    payloadOf(await act(server, karim.cookie, orderId, { action: 'accept', expected_status: 'pending', ready_at: inMinutes(server, 20) }));
    const closed = payloadOf(
      await staffRequest<BoardOrder>(server, karim.cookie, 'POST', `/v2/restaurant/orders/${orderId}/not-collected`, { expected_status: 'accepted' }),
    );
    expect(closed).toMatchObject({ status: 'cancelled', reason: 'not_collected', reason_text: 'Non récupérée' });
    expect(closed.payments.payable).toBe(false);
    const documents = (await entriesOf(orderId)).flatMap((entry) => (entry.body.kind === 'document' ? [entry.body.document] : []));
    expect(documents.map((document) => [document.type, document.total_ttc])).toEqual([
      ['receipt', cents(closed.total)],
      ['credit_note', -cents(closed.total)],
    ]);
    expect(documents[1]!.number).toMatch(/^A-\d{6}$/);
    expect(documents[1]!.refers_to).toBe(documents[0]!.number);

    const paid = await placeCashOrder(server);
    payloadOf(await act(server, karim.cookie, paid.orderId, { action: 'accept', expected_status: 'pending', ready_at: inMinutes(server, 20) }));
    payloadOf(await pay(karim, paid.orderId, [{ means: 'cash', amount: 1 }]));
    const refused = await staffRequest(server, karim.cookie, 'POST', `/v2/restaurant/orders/${paid.orderId}/not-collected`, { expected_status: 'accepted' });
    expect(refused.status).toBe(409);
    expect(errorOf(refused).message).toBe('Seule une commande acceptée ou prête, pas encore payée, peut être déclarée non récupérée.');
  });

  test('cancelled after a payment at the counter: a credit note and the cash handed back; no payment on it afterwards', async () => {
    const { orderId } = await placeCashOrder(server);
    payloadOf(await act(server, karim.cookie, orderId, { action: 'accept', expected_status: 'pending', ready_at: inMinutes(server, 20) }));
    const total = (await boardOrder(orderId)).total;
    payloadOf(await pay(karim, orderId, [{ means: 'cash', amount: total }]));
    const cancelled = payloadOf(await act(server, margot.cookie, orderId, { action: 'cancel', expected_status: 'accepted', reason: 'product_sold_out' }));
    expect(cancelled.payments).toMatchObject({ paid: 0, payable: false });
    const bodies = (await entriesOf(orderId)).map((entry) => entry.body);
    expect(bodies.map((body) => body.kind)).toEqual(['document', 'payment', 'document', 'refund']);
    expect(bodies[3]).toMatchObject({ kind: 'refund', refund: { means: 'cash', amount: cents(total) } });
    const late = await pay(karim, orderId, [{ means: 'cash', amount: total }], 0);
    expect(late.status).toBe(409);
    expect(errorOf(late).message).toBe('Cette commande ne peut plus être encaissée : elle est refusée ou annulée.');
  });

  test('refused before acceptance: a credit note, once', async () => {
    const { orderId } = await placeCashOrder(server);
    payloadOf(await act(server, karim.cookie, orderId, { action: 'reject', expected_status: 'pending', reason: 'too_many_orders' }));
    expect((await entriesOf(orderId)).map((entry) => (entry.body.kind === 'document' ? entry.body.document.type : entry.body.kind))).toEqual([
      'receipt',
      'credit_note',
    ]);
  });
});

describe('a card order on the test processor', () => {
  test('goes to the simulation chain: its receipt in its own series and the online payment; refused, its credit note and refund there too', async () => {
    const liveBefore = (await verifyJournal(server.db)).chains;
    const { orderId, total } = await placePaidCardOrder(server);
    const entries = await entriesOf(orderId);
    expect(entries.map((entry) => [entry.chain, entry.body.kind])).toEqual([
      ['simulation', 'document'],
      ['simulation', 'payment'],
    ]);
    expect(entries[1]!.body).toEqual({ kind: 'payment', payment: { order_id: orderId, means: 'online_card', amount: cents(total) } });
    payloadOf(await act(server, karim.cookie, orderId, { action: 'reject', expected_status: 'paid', reason: 'too_many_orders' }));
    await server.deps.board.processRefund(orderId);
    const after = await entriesOf(orderId);
    expect(after.map((entry) => [entry.chain, entry.body.kind])).toEqual([
      ['simulation', 'document'],
      ['simulation', 'payment'],
      ['simulation', 'document'],
      ['simulation', 'refund'],
    ]);
    expect(after[3]!.body).toMatchObject({ kind: 'refund', refund: { means: 'online_card', amount: cents(total) } });
    const liveAfter = (await verifyJournal(server.db)).chains;
    expect(liveAfter.find((chain) => chain.chain === 'live')?.entries).toBe(liveBefore.find((chain) => chain.chain === 'live')?.entries);
  });
});

test('the journal verifies, and the day’s closure holds the money as the counter took it', async () => {
  const report = await verifyJournal(server.db);
  expect(report).toMatchObject({ ok: true, broken: [] });
  const rows = await server.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.chain, 'live'), eq(journalEntries.kind, 'payment')));
  const cash = rows
    .map((row) => JSON.parse(row.content) as { body: EntryBody })
    .reduce((sum, { body }) => sum + (body.kind === 'payment' && body.payment.means === 'cash' ? body.payment.amount : 0), 0);
  const refundsCash = (
    await server.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.chain, 'live'), eq(journalEntries.kind, 'refund')))
  )
    .map((row) => JSON.parse(row.content) as { body: EntryBody })
    .reduce((sum, { body }) => sum + (body.kind === 'refund' && body.refund.means === 'cash' ? body.refund.amount : 0), 0);
  const signer = await server.deps.books.signer();
  const [closure] = await closeDaysThrough(server.db, signer, 'live', '2026-11-24', now);
  const body = JSON.parse(closure!.day.content) as { body: EntryBody };
  if (body.body.kind !== 'closure') throw new Error('not a closure');
  expect(body.body.closure.payments.cash).toBe(cash - refundsCash);
  expect(body.body.closure.counts.credit_notes).toBe(3); // not collected, cancelled, refused (the card order's is simulation)
  expect(await verifyJournal(server.db)).toMatchObject({ ok: true });
});
