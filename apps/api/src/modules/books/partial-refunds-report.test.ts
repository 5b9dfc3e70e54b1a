import { afterAll, beforeAll, expect, test } from 'vitest';
import type { SalesReportAnswer } from '@resto/contract/books-reports';
import type { BoardOrder } from '@resto/contract/board';
import type { EntryBody } from '@resto/domain/books';
import { and, eq } from 'drizzle-orm';
import { journalEntries } from '../../db/schema.ts';
import { payloadOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, staffRequest, type TestStaff } from '../../test/staff.ts';
import { startFakeStripeApi, StripeProvider, type FakeStripeApi } from '../payments/index.ts';
import { createCardOrder, createCustomer, putPaid, requestIntent } from '../payments/test-helpers.ts';
import { closeDaysThrough } from './closures.ts';
import { verifyJournal } from './verify.ts';

/**
 * The books after partial refunds (docs/decisions/035), on the live chain (card orders paid
 * through the local Stripe API, fake-stripe-api.ts): two card orders, one refunded per line and by
 * an amount; the day's sales report says what was sold minus what was refunded, per VAT rate and by
 * means, and equals its closure to the cent.
 */

// Tuesday 24 November 2026, 12:30 in Paris (the demo restaurant is open; closed on Mondays).
const now = new Date('2026-11-24T11:30:00Z');
let api: FakeStripeApi;
let server: TestServer;
let owner: TestStaff;

beforeAll(async () => {
  api = await startFakeStripeApi();
  server = await startTestServer({
    clock: () => now,
    payments: () =>
      new StripeProvider({
        secretKey: 'sk_test_local',
        publishableKey: 'pk_test_local',
        webhookSecret: 'whsec_test_local',
        api: { host: '127.0.0.1', port: api.port, protocol: 'http' },
      }),
  });
  owner = await createTestStaff(server.db, { now, role: 'owner', name: 'Margot Lefèvre' });
});
afterAll(async () => {
  await server?.close();
  await api?.close();
});

const cents = (euros: number) => Math.round(euros * 100);

async function paidOrder() {
  const order = await createCardOrder(server);
  const customer = await createCustomer(server);
  const intent = payloadOf(await requestIntent(server, { order_id: order.orderId, customer_id: customer, amount: order.total }));
  api.setIntentStatus(intent.id, 'succeeded');
  payloadOf(await putPaid(server, order.orderId, intent.id));
  return order;
}

test('partial refunds on the live chain: the report is the sales minus the refunds, equal to the closure to the cent', async () => {
  const kept = await paidOrder();
  const refunded = await paidOrder();
  const before = payloadOf(await staffRequest<{ order: BoardOrder }>(server, owner.cookie, 'GET', `/v2/restaurant/order-history/${refunded.orderId}`)).order;
  const line = before.refundable_lines[0]!;
  const byLine = payloadOf(
    await staffRequest<BoardOrder>(server, owner.cookie, 'POST', `/v2/restaurant/orders/${refunded.orderId}/refunds`, {
      refund_key: `rapport-ligne-${refunded.orderId}`,
      reason: 'missing_item',
      lines: [{ position: line.position, quantity: 1 }],
    }),
  );
  const byAmount = payloadOf(
    await staffRequest<BoardOrder>(server, owner.cookie, 'POST', `/v2/restaurant/orders/${refunded.orderId}/refunds`, {
      refund_key: `rapport-montant-${refunded.orderId}`,
      reason: 'late',
      amount: 1.37,
    }),
  );
  expect(byAmount.refunds.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
  const refundedCents = cents(byLine.refunds[0]!.amount) + 137;
  expect(api.calls.filter((call) => call.path === '/v1/refunds').map((call) => call.idempotencyKey)).toEqual([
    `refund-${refunded.orderId}-p${byLine.refunds[0]!.id}`,
    `refund-${refunded.orderId}-p${byAmount.refunds[1]!.id}`,
  ]);

  // The provider's payments are journaled at the real time (the payments service's clock), the board's entries after them: their business day.
  const [sale] = await server.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.orderId, kept.orderId), eq(journalEntries.kind, 'document')));
  const day = sale!.businessDate;
  const report = payloadOf(await staffRequest<SalesReportAnswer>(server, owner.cookie, 'GET', `/v2/restaurant/books/report?period=day&from=${day}`));
  const sold = cents(kept.total) + cents(refunded.total);
  expect(cents(report.total_ttc)).toBe(sold - refundedCents);
  expect(cents(report.payments.online_card)).toBe(sold - refundedCents);
  expect(report.counts).toMatchObject({ receipts: 2, credit_notes: 2, refunds: 2 });

  expect(await verifyJournal(server.db)).toMatchObject({ ok: true });
  const signer = await server.deps.books.signer();
  const closed = (await closeDaysThrough(server.db, signer, 'live', day, new Date(Date.now() + 86_400_000))).at(-1);
  const content = JSON.parse(closed!.day.content) as { body: EntryBody };
  if (content.body.kind !== 'closure') throw new Error('not a closure');
  const closure = content.body.closure;
  const after = payloadOf(await staffRequest<SalesReportAnswer>(server, owner.cookie, 'GET', `/v2/restaurant/books/report?period=day&from=${day}`));
  expect(after.live).toBe(false);
  expect([cents(after.total_ttc), cents(after.total_ht), cents(after.total_vat)]).toEqual([closure.total_ttc, closure.total_ht, closure.total_vat]);
  expect(closure.total_ttc).toBe(sold - refundedCents);
  expect(closure.total_ht + closure.total_vat).toBe(closure.total_ttc);
  expect(after.vat.map((v) => [v.rate * 100, cents(v.total_ht), cents(v.total_vat), cents(v.total_ttc)])).toEqual(
    closure.vat.map((v) => [v.vat_rate, v.total_ht, v.total_vat, v.total_ttc]),
  );
  for (const [means, amount] of Object.entries(closure.payments)) expect(cents(after.payments[means as keyof typeof after.payments])).toBe(amount);
  expect(after.counts).toEqual(closure.counts);
});
