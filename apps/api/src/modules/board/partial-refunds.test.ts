import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BoardOrderSchema, type BoardOrder } from '@resto/contract/board';
import type { OrderHistoryDetail } from '@resto/contract/order-history';
import type { EntryBody, SaleDocument } from '@resto/domain/books';
import { journalEntries, testProcessorIntents, testProcessorRefunds } from '../../db/schema.ts';
import { errorOf, looksFrench, payloadOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, staffRequest, type TestStaff } from '../../test/staff.ts';
import { act, inMinutes, placeCashOrder, placePaidCardOrder } from './test-helpers.ts';

/**
 * Partial refunds by staff (docs/decisions/035), over real HTTP on PGlite with the test processor:
 * per line, by amount, several up to the total, more than left refused, the same key twice, the
 * provider refusing then the retry, the books' credit notes and refund entries, and a cancellation
 * after a partial refund refunding and crediting only the rest.
 */

// Tuesday 24 November 2026, 12:30 in Paris (the demo restaurant is open; closed on Mondays).
const now = new Date('2026-11-24T11:30:00Z');
const refusedRefundCard = '4000 0000 0000 5126';
let server: TestServer;
let karim: TestStaff;
let keys = 0;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  karim = await createTestStaff(server.db, { now, name: 'Karim Benali' });
});
afterAll(async () => server?.close());

const cents = (euros: number) => Math.round(euros * 100);
const newKey = () => `cle-essai-${++keys}-${Date.now()}`;

function refund(orderId: number, body: Record<string, unknown>) {
  return staffRequest<BoardOrder>(server, karim.cookie, 'POST', `/v2/restaurant/orders/${orderId}/refunds`, {
    refund_key: newKey(),
    reason: 'missing_item',
    ...body,
  });
}

async function detail(orderId: number): Promise<BoardOrder> {
  return payloadOf(await staffRequest<OrderHistoryDetail>(server, karim.cookie, 'GET', `/v2/restaurant/order-history/${orderId}`)).order;
}

async function entriesOf(orderId: number) {
  const rows = await server.db
    .select()
    .from(journalEntries)
    .where(eq(journalEntries.orderId, orderId))
    .orderBy(asc(journalEntries.chain), asc(journalEntries.seq));
  return rows.map((row) => JSON.parse(row.content) as { body: EntryBody; operator: { name: string } | null });
}
const documentsOf = async (orderId: number) => (await entriesOf(orderId)).flatMap((e) => (e.body.kind === 'document' ? [e.body.document] : []));
const refundEntriesOf = async (orderId: number) => (await entriesOf(orderId)).flatMap((e) => (e.body.kind === 'refund' ? [e.body.refund] : []));
const creditNotes = (documents: SaleDocument[]) => documents.filter((d) => d.type === 'credit_note');

describe('POST /v2/restaurant/orders/{order_id}/refunds', () => {
  test('per line: the units of a line at its own rate; the credit note and the refund entry for exactly that part', async () => {
    const { orderId, total } = await placePaidCardOrder(server);
    const before = await detail(orderId);
    expect(before).toMatchObject({ refundable: true, refund_left: total, refunds: [] });
    const line = before.refundable_lines[0]!;
    expect(line.quantity_left).toBe(line.quantity);
    const unit = Math.round(cents(line.charged) / line.quantity);
    const after = payloadOf(await refund(orderId, { lines: [{ position: line.position, quantity: 1 }] }));
    const made = after.refunds.at(-1)!;
    expect(made).toMatchObject({
      kind: 'partial',
      status: 'succeeded',
      reason: 'missing_item',
      by: 'Karim Benali',
      lines: [{ position: line.position, quantity: 1 }],
    });
    expect(Math.abs(cents(made.amount) - unit)).toBeLessThanOrEqual(1);
    expect(cents(after.refund_left)).toBe(cents(total) - cents(made.amount));
    expect(after.refundable_lines.find((l) => l.position === line.position)!.quantity_left).toBe(line.quantity - 1);
    expect(after.refund).toBeNull(); // the full refund of a cancellation: none
    expect(after.events.at(-1)).toMatchObject({ type: 'partially_refunded', actor: 'payment' });

    const [note] = creditNotes(await documentsOf(orderId));
    expect(note).toMatchObject({ type: 'credit_note', total_ttc: -cents(made.amount), refers_to: expect.stringMatching(/^R-/u) });
    expect(note!.number).toMatch(/^A-\d{6}$/u);
    expect(note!.lines).toHaveLength(1);
    expect(note!.lines[0]).toMatchObject({
      quantity: -1,
      vat_rate: cents(line.charged) > 0 ? made.lines[0]!.tax_rate * 100 : 0,
      total_ttc: -cents(made.amount),
    });
    expect(note!.vat.reduce((sum, v) => sum + v.total_ht + v.total_vat, 0)).toBe(-cents(made.amount));
    expect(await refundEntriesOf(orderId)).toEqual([{ order_id: orderId, means: 'online_card', amount: cents(made.amount), credit_note: note!.number }]);
  });

  test('an amount: apportioned over the receipt’s rates, « autre » with its text; several refunds up to the total, then 409', async () => {
    const { orderId, total } = await placePaidCardOrder(server);
    const first = payloadOf(await refund(orderId, { amount: 1.5, reason: 'other', reason_text: '  Boisson renversée ' }));
    expect(first.refunds[0]).toMatchObject({ status: 'succeeded', amount: 1.5, reason: 'other', reason_text: 'Boisson renversée' });
    expect(first.refunds[0]!.lines.reduce((sum, l) => sum + cents(l.amount), 0)).toBe(150);
    expect(first.refunds[0]!.lines.every((l) => l.position === null)).toBe(true);
    const rest = first.refund_left;
    expect(cents(rest)).toBe(cents(total) - 150);
    const second = payloadOf(await refund(orderId, { amount: rest, reason: 'goodwill' }));
    expect(second).toMatchObject({ refund_left: 0, refundable: false });
    expect(second.refunds.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    const nothing = await refund(orderId, { amount: 0.01 });
    expect(nothing.status).toBe(409);
    expect(errorOf(nothing)).toMatchObject({ code: 'order_transition_refused', message: 'Cette commande est déjà entièrement remboursée.' });
    // The books: two credit notes adding up to the whole receipt, two refund entries adding up to what was paid.
    const documents = await documentsOf(orderId);
    const receipt = documents.find((d) => d.type === 'receipt')!;
    expect(creditNotes(documents).reduce((sum, d) => sum + d.total_ttc, 0)).toBe(-receipt.total_ttc);
    for (const rate of receipt.vat) {
      const credited = creditNotes(documents).reduce((sum, d) => sum + (d.vat.find((v) => v.vat_rate === rate.vat_rate)?.total_ttc ?? 0), 0);
      expect(credited).toBe(-rate.total_ttc);
    }
    expect((await refundEntriesOf(orderId)).reduce((sum, r) => sum + r.amount, 0)).toBe(cents(total));
  });

  test('more than left, zero, a quantity above the line’s, « autre » without text, an unknown line: 400 in French on the field, nothing recorded', async () => {
    const { orderId, total } = await placePaidCardOrder(server);
    const line = (await detail(orderId)).refundable_lines[0]!;
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: total + 0.01 }, 'amount'],
      [{ amount: 0 }, 'amount'],
      [{ amount: 1.234 }, 'amount'],
      [{ lines: [{ position: line.position, quantity: line.quantity + 1 }] }, 'lines.0.quantity'],
      [{ lines: [{ position: 99, quantity: 1 }] }, 'lines.0.position'],
      [{ amount: 1, reason: 'other', reason_text: '  ' }, 'reason_text'],
      [{}, 'lines'],
    ];
    for (const [body, field] of cases) {
      const answer = await refund(orderId, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      const error = errorOf(answer);
      expect(error.code).toBe('invalid_request');
      expect(error.errors[0]?.path).toBe(field);
      expect(looksFrench(error.message)).toBe(true);
    }
    expect((await detail(orderId)).refunds).toEqual([]);
    expect(
      await server.db
        .select()
        .from(testProcessorRefunds)
        .where(eq(testProcessorRefunds.intentId, await intentOf(orderId))),
    ).toEqual([]);
  });

  test('the same key twice (a double click, two screens): one refund, asked of the provider once', async () => {
    const { orderId, intentId } = await placePaidCardOrder(server);
    const body = { refund_key: newKey(), reason: 'late', amount: 2 };
    const [a, b] = await Promise.all([refund(orderId, body), refund(orderId, body)]);
    const again = await refund(orderId, body);
    for (const answer of [a, b, again]) expect(answer.status).toBe(200);
    const order = payloadOf(again);
    expect(order.refunds).toHaveLength(1);
    expect(order.refunds[0]).toMatchObject({ refund_key: body.refund_key, status: 'succeeded', amount: 2 });
    expect(await server.db.select().from(testProcessorRefunds).where(eq(testProcessorRefunds.intentId, intentId))).toHaveLength(1);
    expect(await refundEntriesOf(orderId)).toHaveLength(1);
    expect(creditNotes(await documentsOf(orderId))).toHaveLength(1);
  });

  test('the provider refuses: 502 with the order, the refund failed with its message, nothing in the books; the same key again refunds once', async () => {
    const { orderId, intentId, total } = await placePaidCardOrder(server, refusedRefundCard);
    const body = { refund_key: newKey(), reason: 'goodwill', amount: 3 };
    const refused = await refund(orderId, body);
    expect(refused.status).toBe(502);
    const error = errorOf(refused);
    expect(error.code).toBe('refund_failed');
    expect(error.message).toMatch(/^Le prestataire de paiement a refusé le remboursement : .+ vous pouvez réessayer\.$/u);
    const payload = BoardOrderSchema.parse(error.payload);
    expect(payload.refunds[0]).toMatchObject({ status: 'failed', last_error: expect.stringContaining('expired_or_canceled_card') });
    expect(payload.refund_left).toBe(total); // a refused refund refunded nothing
    expect(payload.status).toBe('paid');
    expect(await refundEntriesOf(orderId)).toEqual([]);
    expect(creditNotes(await documentsOf(orderId))).toEqual([]);
    // The card's bank now agrees (the test processor's intent no longer the refusing card): the same key asks again.
    await server.db.update(testProcessorIntents).set({ cardLast4: '4242' }).where(eq(testProcessorIntents.id, intentId));
    const retried = payloadOf(await refund(orderId, body));
    expect(retried.refunds).toHaveLength(1);
    expect(retried.refunds[0]).toMatchObject({ status: 'succeeded', amount: 3, last_error: null });
    expect(cents(retried.refund_left)).toBe(cents(total) - 300);
    expect(await refundEntriesOf(orderId)).toHaveLength(1);
    expect(creditNotes(await documentsOf(orderId))).toHaveLength(1);
    const asked = await server.db.select().from(testProcessorRefunds).where(eq(testProcessorRefunds.intentId, intentId));
    expect(asked.map((r) => r.status).sort()).toEqual(['failed', 'succeeded']);
  });

  test('a failed partial refund is asked again by POST …/refund too', async () => {
    const { orderId, intentId } = await placePaidCardOrder(server, refusedRefundCard);
    expect((await refund(orderId, { amount: 1 })).status).toBe(502);
    await server.db.update(testProcessorIntents).set({ cardLast4: '4242' }).where(eq(testProcessorIntents.id, intentId));
    const retried = payloadOf(await staffRequest<BoardOrder>(server, karim.cookie, 'POST', `/v2/restaurant/orders/${orderId}/refund`));
    expect(retried.refunds[0]).toMatchObject({ status: 'succeeded', amount: 1 });
  });

  test('cancelled after a partial refund: the full refund and the credit note are only the rest; receipt + credit notes = 0', async () => {
    const { orderId, total } = await placePaidCardOrder(server);
    payloadOf(await act(server, karim.cookie, orderId, { action: 'accept', expected_status: 'paid', ready_at: inMinutes(server, 20) }));
    payloadOf(await refund(orderId, { amount: 2.5 }));
    const cancelled = payloadOf(await act(server, karim.cookie, orderId, { action: 'cancel', expected_status: 'accepted', reason: 'exceptional_closure' }));
    expect(cancelled.refund).toEqual({ status: 'succeeded', amount: Math.round((total - 2.5) * 100) / 100, last_error: null });
    expect(cancelled).toMatchObject({ refund_left: 0, refundable: false });
    const documents = await documentsOf(orderId);
    const receipt = documents.find((d) => d.type === 'receipt')!;
    expect(creditNotes(documents)).toHaveLength(2);
    expect(creditNotes(documents).reduce((sum, d) => sum + d.total_ttc, 0)).toBe(-receipt.total_ttc);
    for (const key of ['total_ht', 'total_vat'] as const) expect(creditNotes(documents).reduce((sum, d) => sum + d[key], 0)).toBe(-receipt[key]);
    expect((await refundEntriesOf(orderId)).reduce((sum, r) => sum + r.amount, 0)).toBe(cents(total));
    // Refused or cancelled: no partial refund (its refund is the cancellation's).
    expect((await refund(orderId, { amount: 0.5 })).status).toBe(409);
  });

  test('a cash order, an unknown order: 409 and 404', async () => {
    const { orderId } = await placeCashOrder(server);
    const cash = await refund(orderId, { amount: 1 });
    expect(cash.status).toBe(409);
    expect(errorOf(cash).message).toBe('Seule une commande payée par carte (en ligne ou par un lien de paiement) se rembourse ici.');
    expect((await detail(orderId)).refundable).toBe(false);
    expect((await refund(999_999, { amount: 1 })).status).toBe(404);
  });
});

async function intentOf(orderId: number): Promise<string> {
  const rows = await server.db.select().from(testProcessorIntents);
  const row = rows.find((r) => r.metadata.order_id === String(orderId));
  return row?.id ?? '';
}
