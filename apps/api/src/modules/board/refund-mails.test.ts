import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BoardOrder, TrackingView } from '@resto/contract/board';
import { formatPrice } from '@resto/domain/format';
import { mailOutbox, refunds, testProcessorIntents } from '../../db/schema.ts';
import { payloadOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, staffRequest, type TestStaff } from '../../test/staff.ts';
import { placeCashOrder, placePaidCardOrder, tracking } from './test-helpers.ts';

/**
 * The customer's side of partial refunds (docs/decisions/035), over real HTTP on PGlite with the
 * test processor and the test SMTP server: the e-mail once the provider confirms (never pending,
 * never refused), written once in the transaction that confirms, and the status page's refunds.
 */

// Tuesday 24 November 2026, 12:30 in Paris (open).
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

function refund(orderId: number, body: Record<string, unknown>) {
  return staffRequest<BoardOrder>(server, karim.cookie, 'POST', `/v2/restaurant/orders/${orderId}/refunds`, {
    refund_key: `cle-client-${++keys}`,
    reason: 'missing_item',
    ...body,
  });
}

/** The refund e-mails of an order the SMTP server received (the test orders share one customer address). */
async function refundMailsOf(orderId: number) {
  await server.deps.mail.idle();
  return server.mail.received.filter((m) => m.subject.endsWith(`sur votre commande n° ${orderId}`));
}

const trackingOf = async (secret: string) => payloadOf(await tracking(server, secret)) as TrackingView;

describe('the customer’s e-mail of a partial refund', () => {
  test('per line, confirmed: one French e-mail with the amount, the reason, the line, paid and refunded, the card, the link; then « autre » in staff’s words', async () => {
    const { orderId, secret, total } = await placePaidCardOrder(server);
    const detail = payloadOf(await staffRequest<{ order: BoardOrder }>(server, karim.cookie, 'GET', `/v2/restaurant/order-history/${orderId}`)).order;
    const line = detail.refundable_lines[0]!;
    const first = payloadOf(await refund(orderId, { lines: [{ position: line.position, quantity: 1 }] })).refunds.at(-1)!;
    expect(first.status).toBe('succeeded');
    const amount = formatPrice(cents(first.amount));

    const [mail, ...others] = await refundMailsOf(orderId);
    expect(others).toEqual([]);
    expect(mail!.to).toBe('marie.dupont@example.fr');
    expect(mail!.subject).toBe(`Remboursement de ${amount} sur votre commande n° ${orderId}`);
    for (const text of [mail!.text, mail!.html]) {
      expect(text).toContain(`Le restaurant vous a remboursé ${amount} sur votre commande n° ${orderId}.`);
      expect(text).toContain('Raison : Produit manquant.');
      expect(text).toContain(`1 × ${line.label} — ${amount}`);
      expect(text).toContain(`Payé par carte : ${formatPrice(cents(total))}`);
      expect(text).toContain(`Remboursé en tout : ${amount}`);
      expect(text).toContain('Le montant apparaîtra sur votre carte d’ici quelques jours, selon votre banque.');
      expect(text).toContain(`/suivi?commande=${secret}`);
    }
    expect(mail!.text).toMatch(/^Bonjour Marie,/);

    // « Autre »: staff's own text is what the customer reads (a restaurant shows it); an amount lists no line.
    const second = payloadOf(await refund(orderId, { reason: 'other', reason_text: 'Boisson renversée <à la livraison>.', amount: 2 })).refunds.at(-1)!;
    expect(second.status).toBe('succeeded');
    const mails = await refundMailsOf(orderId);
    expect(mails).toHaveLength(2);
    const latest = mails[1]!;
    expect(latest.subject).toBe(`Remboursement de ${formatPrice(200)} sur votre commande n° ${orderId}`);
    expect(latest.text).toContain('Raison : Boisson renversée <à la livraison>.');
    expect(latest.html).toContain('Raison : Boisson renversée &lt;à la livraison&gt;.');
    expect(latest.text).not.toContain('Articles remboursés');
    expect(latest.text).toContain(`Remboursé en tout : ${formatPrice(cents(first.amount) + 200)}`);
    // Sent: the outbox is empty.
    expect(
      await server.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.orderId, orderId), like(mailOutbox.kind, 'partial-refund-%'))),
    ).toEqual([]);
  });

  test('refused by the provider: no e-mail; asked again and confirmed: one', async () => {
    const { orderId, intentId } = await placePaidCardOrder(server, refusedRefundCard);
    const body = { refund_key: `refus-${orderId}`, reason: 'late', amount: 3 };
    expect((await refund(orderId, body)).status).toBe(502);
    expect(await refundMailsOf(orderId)).toEqual([]);
    await server.db.update(testProcessorIntents).set({ cardLast4: '4242' }).where(eq(testProcessorIntents.id, intentId));
    expect((await refund(orderId, body)).status).toBe(200);
    const mails = await refundMailsOf(orderId);
    expect(mails.map((m) => m.subject)).toEqual([`Remboursement de ${formatPrice(300)} sur votre commande n° ${orderId}`]);
    expect(mails[0]!.text).toContain('Raison : Retard.');
  });

  test('pending (a crash before the provider was asked): no e-mail; the reconciler and an instance confirm at once: one e-mail', async () => {
    const { orderId, secret } = await placePaidCardOrder(server);
    // As if the process died after recording the refund, before asking the provider.
    const [row] = await server.db
      .insert(refunds)
      .values({
        orderId,
        provider: 'test',
        amountCents: 150,
        status: 'pending',
        kind: 'partial',
        refundKey: `partial-${orderId}-coupure`,
        reason: 'goodwill',
        parts: [{ position: null, label: 'Remboursement partiel (TVA 10 %)', quantity: 1, unitPriceCents: 150, amountCents: 150, taxRateBp: 1000 }],
        staffId: karim.staffId,
        actorName: 'Karim Benali',
        updatedAt: new Date(Date.now() - 120_000),
      })
      .returning({ id: refunds.id });
    expect(await refundMailsOf(orderId)).toEqual([]);
    const pending = await trackingOf(secret);
    expect(pending.refunds).toEqual([{ status: 'pending', amount: 1.5, reason: 'Geste commercial', lines: [], at: expect.any(String) }]);
    expect(pending.refunded).toBe(0);

    await Promise.all([server.deps.board.retryPendingRefunds(), server.deps.board.processRefundById(row!.id), server.deps.board.processRefundById(row!.id)]);
    const mails = await refundMailsOf(orderId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Raison : Geste commercial.');
    const [stored] = await server.db.select().from(refunds).where(eq(refunds.id, row!.id));
    expect(stored!.status).toBe('succeeded');
  });
});

describe('GET /v2/public/tracking/{secret}: the partial refunds', () => {
  test('confirmed ones with amount, date (the confirmation’s), reason and lines; refused ones left out; paid and refunded; the order goes on', async () => {
    const { orderId, secret, total, intentId } = await placePaidCardOrder(server);
    const before = await trackingOf(secret);
    expect(before).toMatchObject({ refunds: [], refunded: 0, paid_by_card: total, refund: null });

    const detail = payloadOf(await staffRequest<{ order: BoardOrder }>(server, karim.cookie, 'GET', `/v2/restaurant/order-history/${orderId}`)).order;
    const line = detail.refundable_lines[0]!;
    const made = payloadOf(await refund(orderId, { lines: [{ position: line.position, quantity: 1 }] })).refunds.at(-1)!;
    // The card now refuses: this one is refused, and not shown to the customer.
    await server.db.update(testProcessorIntents).set({ cardLast4: '5126' }).where(eq(testProcessorIntents.id, intentId));
    expect((await refund(orderId, { reason: 'late', amount: 1 })).status).toBe(502);

    const view = await trackingOf(secret);
    expect(view.refunds).toEqual([
      {
        status: 'succeeded',
        amount: made.amount,
        reason: 'Produit manquant',
        lines: [{ label: line.label, quantity: 1, amount: made.amount }],
        at: now.toISOString(),
      },
    ]);
    expect(view.refunded).toBe(made.amount);
    expect(view.paid_by_card).toBe(total);
    expect(view.refund).toBeNull();
    expect(view.step).toBe('received');
    // The confirmation is an event of the customer's page (the live stream sends the view on it).
    expect(view.events.at(-1)).toMatchObject({ type: 'partially_refunded' });
  });

  test('a cash order: nothing paid by card, no refunds', async () => {
    const { secret } = await placeCashOrder(server);
    expect(await trackingOf(secret)).toMatchObject({ refunds: [], refunded: 0, paid_by_card: null });
  });
});
