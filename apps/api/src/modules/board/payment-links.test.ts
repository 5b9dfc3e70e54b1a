import Stripe from 'stripe';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BoardOrderSchema, type BoardOrder } from '@resto/contract/board';
import type { PaymentLinkAnswer, PaymentLinkView } from '@resto/contract/payment-links';
import type { EntryBody } from '@resto/domain/books';
import { formatPrice, plainSpaces } from '@resto/domain/format';
import { payLinkErrors } from '@resto/copy/storefront/payment-links';
import { paymentLinkStaffErrors } from '@resto/copy/staff/payment-links';
import { paymentAnswers } from '@resto/copy/storefront/payment';
import { journalEntries, mailOutbox, orderEvents, paymentLinks } from '../../db/schema.ts';
import { buildOrderPayload, errorOf, payloadOf, request, sendJson, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, staffRequest, type TestStaff } from '../../test/staff.ts';
import { closeDaysThrough, verifyJournal } from '../books/index.ts';
import { startFakeStripeApi, StripeProvider, type FakeStripeApi, type TestProcessor } from '../payments/index.ts';
import { authenticate, cards, confirmCard } from '../payments/test-helpers.ts';
import { act, phoneOrderPayload, postPhoneOrder } from './test-helpers.ts';

/**
 * Card payment links over real HTTP on PGlite (docs/decisions/038-payment-links.md): staff make a
 * link for a phone order (the same one while valid, e-mailed when the order has an e-mail), the
 * customer's page reads the order and pays it by card through Stripe's SDK against the local fake
 * Stripe API (or the test processor's card form), the payment recorded once in the books as
 * « carte en ligne » whether the webhook or the page's confirmation comes first or both at once;
 * expired, already paid and cancelled answered in French; the journal verifies and closes.
 */

// Tuesday 24 November 2026, 12:30 in Paris (the demo restaurant is open; closed on Mondays).
const start = new Date('2026-11-24T11:30:00Z');
let now = start;
const webhookSecret = 'whsec_test_local';
let api: FakeStripeApi;
let server: TestServer;
let karim: TestStaff;

beforeAll(async () => {
  api = await startFakeStripeApi();
  server = await startTestServer({
    clock: () => now,
    payments: () =>
      new StripeProvider({
        secretKey: 'sk_test_local',
        publishableKey: 'pk_test_local',
        webhookSecret,
        api: { host: '127.0.0.1', port: api.port, protocol: 'http' },
      }),
  });
  karim = await createTestStaff(server.db, { now, name: 'Karim Benali' });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await api?.close();
});

const cents = (euros: number) => Math.round(euros * 100);

async function phoneOrder(target: TestServer = server, staff: TestStaff = karim, customer: { email?: string } = {}): Promise<BoardOrder> {
  const answer = await postPhoneOrder(target, staff.cookie, await phoneOrderPayload(target, {}, customer));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return BoardOrderSchema.parse(payloadOf(answer));
}

function askLink(orderId: number, target: TestServer = server, staff: TestStaff = karim) {
  return staffRequest<PaymentLinkAnswer>(target, staff.cookie, 'POST', `/v2/restaurant/orders/${orderId}/payment-link`);
}
const page = (token: string, target: TestServer = server) => request<PaymentLinkView>(target.baseUrl, `/v2/public/payment-links/${token}`);
const intentOf = (token: string, target: TestServer = server) =>
  sendJson<{ id: string; client_secret: string; status: string; amount: number }>(target.baseUrl, 'POST', `/v2/public/payment-links/${token}/intent`, {});
const confirm = (token: string, target: TestServer = server) =>
  sendJson<PaymentLinkView>(target.baseUrl, 'POST', `/v2/public/payment-links/${token}/confirm`, {});

function webhook(intentId: string, eventId: string) {
  const body = JSON.stringify({ id: eventId, object: 'event', type: 'payment_intent.succeeded', data: { object: api.intents.get(intentId) } });
  return request(server.baseUrl, '/v2/public/checkout/stripe-webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret }) },
    body,
  });
}

/** A phone order, its link asked and paid by card through the local Stripe API, confirmed by the page. */
async function phoneOrderPaidByLink() {
  const order = await phoneOrder();
  const link = payloadOf(await askLink(order.order_id));
  const intent = payloadOf(await intentOf(link.token));
  api.setIntentStatus(intent.id, 'succeeded');
  expect(payloadOf(await confirm(link.token)).state).toBe('paid');
  return { order, link, intent };
}

async function boardOrder(orderId: number): Promise<BoardOrder> {
  const answer = await staffRequest<BoardOrder>(server, karim.cookie, 'POST', `/v2/restaurant/orders/${orderId}/opened`);
  return payloadOf(answer);
}

async function paymentEntries(orderId: number, target: TestServer = server) {
  const rows = await target.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.orderId, orderId), eq(journalEntries.kind, 'payment')))
    .orderBy(asc(journalEntries.seq));
  return rows.map((row) => ({ chain: row.chain, ...(JSON.parse(row.content) as { body: EntryBody }).body }));
}

async function paymentEvents(orderId: number, target: TestServer = server) {
  const rows = await target.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
  return rows.filter((row) => row.type === 'payment_taken').map((row) => [row.actor, row.reasonText]);
}

describe('making a link', () => {
  test('for a phone order without e-mail: /payer/<token>, the SMS text, asked again the same link', async () => {
    const order = await phoneOrder();
    const first = await askLink(order.order_id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const link = payloadOf(first);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link.url).toBe(`${server.deps.siteUrl}/payer/${link.token}`);
    expect(link.amount_due).toBe(order.total);
    expect(link.emailed_to).toBeNull();
    expect(link.sms_text).toBe(
      `Bonjour Louis, voici le lien pour régler votre commande n° ${order.order_id} (${plainSpaces(formatPrice(cents(order.total)))}) : ${link.url}`,
    );
    expect(new Date(link.expires_at).getTime() - now.getTime()).toBe(24 * 3_600_000);
    const again = payloadOf(await askLink(order.order_id));
    expect(again).toEqual(link);
    expect(await server.db.select().from(paymentLinks).where(eq(paymentLinks.orderId, order.order_id))).toHaveLength(1);
  });

  test('with an e-mail: sent through the outbox once, « Lien envoyé à » the address', async () => {
    const order = await phoneOrder(server, karim, { email: 'marie.dupont@example.fr' });
    const link = payloadOf(await askLink(order.order_id));
    expect(link.emailed_to).toBe('marie.dupont@example.fr');
    const sent = await server.mail.waitFor((m) => m.to === 'marie.dupont@example.fr' && m.text.includes(link.url));
    expect(sent.subject).toContain(`n° ${order.order_id}`);
    expect(sent.text).toContain(`Bonjour Louis, voici le lien pour régler votre commande n° ${order.order_id}`);
    // Asked again: the same link, not e-mailed twice (nothing more in the outbox, one mail received).
    expect(payloadOf(await askLink(order.order_id))).toEqual(link);
    await server.deps.mail.sendDue();
    const rows = await server.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.order_id));
    expect(rows.filter((row) => row.kind.startsWith('payment-link-'))).toHaveLength(0);
    expect(server.mail.received.filter((m) => m.text.includes(link.url))).toHaveLength(1);
    const [stored] = await server.db.select().from(paymentLinks).where(eq(paymentLinks.orderId, order.order_id));
    expect(stored!.emailedTo).toBe('marie.dupont@example.fr');
  });

  test('after a payment at the counter: the link asks what is left; the first link, for another amount, is replaced and says expired', async () => {
    const order = await phoneOrder();
    const before = payloadOf(await askLink(order.order_id));
    const taken = await staffRequest(server, karim.cookie, 'POST', `/v2/restaurant/orders/${order.order_id}/payments`, {
      tenders: [{ means: 'cash', amount: 5 }],
      expected_paid: 0,
    });
    expect(taken.status).toBe(200);
    expect(payloadOf(await page(before.token))).toMatchObject({ state: 'expired', message: payLinkErrors.expired });
    const after = payloadOf(await askLink(order.order_id));
    expect(after.token).not.toBe(before.token);
    expect(cents(after.amount_due)).toBe(cents(order.total) - 500);
    expect(errorOf(await intentOf(before.token))).toMatchObject({ code: 'payment_link_expired', message: payLinkErrors.expired });
    const rows = await server.db.select().from(paymentLinks).where(eq(paymentLinks.orderId, order.order_id));
    expect(rows.map((row) => row.status).sort()).toEqual(['open', 'replaced']);
  });

  test('refused for an order paid in full, cancelled, or unknown', async () => {
    const paid = await phoneOrder();
    await staffRequest(server, karim.cookie, 'POST', `/v2/restaurant/orders/${paid.order_id}/payments`, {
      tenders: [{ means: 'cash', amount: 100 }],
      expected_paid: 0,
    });
    expect(errorOf(await askLink(paid.order_id))).toMatchObject({ code: 'payment_link_refused', message: paymentLinkStaffErrors.already_paid });
    const cancelled = await phoneOrder();
    payloadOf(await act(server, karim.cookie, cancelled.order_id, { action: 'cancel', expected_status: 'accepted', reason: 'product_sold_out' }));
    const refused = await askLink(cancelled.order_id);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(errorOf(refused).message).toBe(paymentLinkStaffErrors.cancelled);
    expect((await askLink(999_999)).status).toBe(404);
    expect(errorOf(await page('abcdefghijklmnopqrstuvwxyz012345'))).toMatchObject({ code: 'payment_link_unknown', message: payLinkErrors.unknown });
  });
});

describe('paying a link through Stripe (the local fake Stripe API)', () => {
  test('the page, one intent per link, then the webhook and the page’s confirmation at once: recorded once, as « carte en ligne »', async () => {
    const order = await phoneOrder();
    const link = payloadOf(await askLink(order.order_id));
    const view = payloadOf(await page(link.token));
    expect(view).toMatchObject({
      state: 'payable',
      message: null,
      order_id: order.order_id,
      amount_due: order.total,
      paid: 0,
      total: order.total,
      payment_test_mode: false,
    });
    expect(view.restaurant.name).not.toBe('');
    expect(view.items.map((item) => [item.item_name, item.quantity])).toEqual(order.items.map((item) => [item.item_name, item.quantity]));

    const intent = payloadOf(await intentOf(link.token));
    expect(intent).toMatchObject({ amount: order.total, status: 'requires_payment_method' });
    const created = api.calls.filter((call) => call.path === '/v1/payment_intents' && call.form['metadata[payment_link]']);
    expect(created.at(-1)).toMatchObject({
      idempotencyKey: `payment-link-${link.token}`,
      form: { amount: String(cents(order.total)), 'metadata[order_id]': String(order.order_id) },
    });
    // A retry (the page reloaded, a declined card tried again) gets the same intent.
    expect(payloadOf(await intentOf(link.token)).id).toBe(intent.id);
    // Not paid yet: the server asks Stripe, never believes the page.
    const early = await confirm(link.token);
    expect(early.status).toBe(422);
    expect(errorOf(early).message).toBe(paymentAnswers.paymentNotConfirmed);

    api.setIntentStatus(intent.id, 'succeeded');
    const [hook, confirmed, again] = await Promise.all([webhook(intent.id, `evt_link_${intent.id}`), confirm(link.token), confirm(link.token)]);
    expect(hook.status).toBe(200);
    expect(payloadOf(confirmed)).toMatchObject({ state: 'paid', tracking_path: expect.stringMatching(/^\/suivi\?commande=/) as string });
    expect(payloadOf(again).state).toBe('paid');
    expect(await paymentEntries(order.order_id)).toEqual([
      { chain: 'live', kind: 'payment', payment: { order_id: order.order_id, means: 'online_card', amount: cents(order.total) } },
    ]);
    expect(await paymentEvents(order.order_id)).toEqual([['payment', `carte en ligne ${formatPrice(cents(order.total))}`]]);

    // The board: paid, nothing to take at the counter, the card payment not reversible there.
    const after = await boardOrder(order.order_id);
    expect(after.payments).toMatchObject({ paid: order.total, due: 0, payable: false, summary: `carte en ligne ${formatPrice(cents(order.total))}` });
    expect(after.payments.lines.map((line) => [line.means, line.reversible])).toEqual([['online_card', false]]);
    const seq = after.payments.lines[0]!.seq;
    expect((await staffRequest(server, karim.cookie, 'POST', `/v2/restaurant/orders/${order.order_id}/payments/${seq}/reversal`)).status).toBe(409);
    // Asking again for a link: nothing left to pay.
    expect(errorOf(await askLink(order.order_id)).message).toBe(paymentLinkStaffErrors.already_paid);
    // A late webhook replay, another event id: nothing more.
    expect((await webhook(intent.id, `evt_link_late_${intent.id}`)).status).toBe(200);
    expect(await paymentEntries(order.order_id)).toHaveLength(1);
  });

  test('a partly paid order: the link pays the rest, the order is paid in full', async () => {
    const order = await phoneOrder();
    await staffRequest(server, karim.cookie, 'POST', `/v2/restaurant/orders/${order.order_id}/payments`, {
      tenders: [{ means: 'card_terminal', amount: 10 }],
      expected_paid: 0,
    });
    const link = payloadOf(await askLink(order.order_id));
    expect(cents(link.amount_due)).toBe(cents(order.total) - 1000);
    const view = payloadOf(await page(link.token));
    expect(view).toMatchObject({ paid: 10, amount_due: link.amount_due });
    const intent = payloadOf(await intentOf(link.token));
    api.setIntentStatus(intent.id, 'succeeded');
    payloadOf(await confirm(link.token));
    expect((await paymentEntries(order.order_id)).map((entry) => (entry.kind === 'payment' ? [entry.payment.means, entry.payment.amount] : null))).toEqual([
      ['card_terminal', 1000],
      ['online_card', cents(order.total) - 1000],
    ]);
    expect((await boardOrder(order.order_id)).payments).toMatchObject({ due: 0, payable: false });
  });
});

describe('what the page says when the link cannot be paid', () => {
  test('expired after 24 hours: the page says so, no intent; staff get a new link', async () => {
    const order = await phoneOrder();
    const link = payloadOf(await askLink(order.order_id));
    now = new Date(start.getTime() + 24 * 3_600_000);
    try {
      expect(payloadOf(await page(link.token))).toMatchObject({ state: 'expired', message: payLinkErrors.expired });
      const refused = await intentOf(link.token);
      expect(refused.status).toBe(410);
      expect(errorOf(refused).message).toBe(payLinkErrors.expired);
      const fresh = payloadOf(await askLink(order.order_id));
      expect(fresh.token).not.toBe(link.token);
    } finally {
      now = start;
    }
  });

  test('paid at the counter meanwhile: « Cette commande est déjà réglée. »', async () => {
    const order = await phoneOrder();
    const link = payloadOf(await askLink(order.order_id));
    await staffRequest(server, karim.cookie, 'POST', `/v2/restaurant/orders/${order.order_id}/payments`, {
      tenders: [{ means: 'cash', amount: 100 }],
      expected_paid: 0,
    });
    expect(payloadOf(await page(link.token))).toMatchObject({ state: 'already_paid', message: 'Cette commande est déjà réglée.' });
    const refused = await intentOf(link.token);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'payment_link_refused', message: 'Cette commande est déjà réglée.' });
  });

  test('the order cancelled: the page says so, no intent', async () => {
    const order = await phoneOrder();
    const link = payloadOf(await askLink(order.order_id));
    payloadOf(await act(server, karim.cookie, order.order_id, { action: 'cancel', expected_status: 'accepted', reason: 'product_sold_out' }));
    expect(payloadOf(await page(link.token))).toMatchObject({ state: 'cancelled', message: payLinkErrors.cancelled });
    expect(errorOf(await intentOf(link.token))).toMatchObject({ code: 'payment_link_refused', message: payLinkErrors.cancelled });
  });
});

describe('the reconciler', () => {
  test('a payment whose page confirmation and webhook were both lost is recorded by the pass, once', async () => {
    const order = await phoneOrder();
    const link = payloadOf(await askLink(order.order_id));
    const intent = payloadOf(await intentOf(link.token));
    api.setIntentStatus(intent.id, 'succeeded');
    // Within two minutes of the intent: left to the page and the webhook.
    expect(await server.deps.paymentLinks.reconcileOpenLinks()).toBe(0);
    const before = now;
    now = new Date(now.getTime() + 3 * 60_000);
    try {
      expect(await server.deps.paymentLinks.reconcileOpenLinks()).toBeGreaterThanOrEqual(1);
      expect(await paymentEntries(order.order_id)).toEqual([
        { chain: 'live', kind: 'payment', payment: { order_id: order.order_id, means: 'online_card', amount: cents(order.total) } },
      ]);
      await server.deps.paymentLinks.reconcileOpenLinks();
      expect(await paymentEntries(order.order_id)).toHaveLength(1);
    } finally {
      now = before;
    }
  });
});

describe('an order paid by a link, then cancelled', () => {
  test('the link’s card payment is refunded on its own intent, once; the books hand it back and the journal verifies', async () => {
    const { order, intent } = await phoneOrderPaidByLink();
    const cancelled = payloadOf(await act(server, karim.cookie, order.order_id, { action: 'cancel', expected_status: 'accepted', reason: 'product_sold_out' }));
    expect(cancelled.refunds.map((r) => [r.kind, r.status, r.amount])).toEqual([['link', 'succeeded', order.total]]);
    const asked = api.calls.filter((call) => call.path === '/v1/refunds' && call.form.payment_intent === intent.id);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.idempotencyKey).toMatch(new RegExp(`^refund-${order.order_id}-l\\d+$`, 'u'));
    // The books: the card payment, then its refund naming the cancellation's credit note.
    const rows = await server.db.select().from(journalEntries).where(eq(journalEntries.orderId, order.order_id)).orderBy(asc(journalEntries.seq));
    const bodies = rows.map((row) => (JSON.parse(row.content) as { body: EntryBody }).body);
    const note = bodies.flatMap((b) => (b.kind === 'document' && b.document.type === 'credit_note' ? [b.document.number] : []))[0];
    expect(bodies.flatMap((b) => (b.kind === 'refund' ? [b.refund] : []))).toEqual([
      { order_id: order.order_id, means: 'online_card', amount: cents(order.total), credit_note: note },
    ]);
    // Retried (a second screen, the reconciler): nothing more.
    await server.deps.board.processRefund(order.order_id);
    expect(api.calls.filter((call) => call.path === '/v1/refunds' && call.form.payment_intent === intent.id)).toHaveLength(1);
    expect(await verifyJournal(server.db)).toMatchObject({ ok: true });
  });
});

describe('paid twice: a link paid after the counter took the same money (decision 038, « Paid twice »)', () => {
  async function refundEntries(orderId: number) {
    const rows = await server.db.select().from(journalEntries).where(eq(journalEntries.orderId, orderId)).orderBy(asc(journalEntries.seq));
    return rows.flatMap((row) => {
      const body = (JSON.parse(row.content) as { body: EntryBody }).body;
      return body.kind === 'refund' ? [body.refund] : [];
    });
  }

  test('paid in full at the counter seconds before: the link’s payment goes back whole on its intent, once; the sale stands', async () => {
    const order = await phoneOrder();
    const link = payloadOf(await askLink(order.order_id));
    const intent = payloadOf(await intentOf(link.token));
    api.setIntentStatus(intent.id, 'succeeded');
    // The customer paid by card; before the page's confirmation, the counter takes cash for the same rest.
    payloadOf(
      await staffRequest(server, karim.cookie, 'POST', `/v2/restaurant/orders/${order.order_id}/payments`, {
        tenders: [{ means: 'cash', amount: order.total }],
        expected_paid: 0,
      }),
    );
    const [hook, confirmed] = await Promise.all([webhook(intent.id, `evt_twice_${intent.id}`), confirm(link.token)]);
    expect(hook.status).toBe(200);
    expect(confirmed.status).toBe(200);
    const asked = api.calls.filter((call) => call.path === '/v1/refunds' && call.form.payment_intent === intent.id);
    expect(asked.map((call) => call.form.amount)).toEqual([String(cents(order.total))]);
    const after = await boardOrder(order.order_id);
    expect(after.status).toBe('accepted');
    expect(after.refunds.map((r) => [r.kind, r.status, r.amount])).toEqual([['link', 'succeeded', order.total]]);
    expect(after.payments).toMatchObject({ paid: order.total, due: 0 });
    // The books: cash and the link's card payment in, the card payment out, no credit note (the sale stands).
    expect(await paymentEntries(order.order_id)).toEqual([
      { chain: 'live', kind: 'payment', payment: { order_id: order.order_id, means: 'cash', amount: cents(order.total) } },
      { chain: 'live', kind: 'payment', payment: { order_id: order.order_id, means: 'online_card', amount: cents(order.total) } },
    ]);
    expect(await refundEntries(order.order_id)).toEqual([{ order_id: order.order_id, means: 'online_card', amount: cents(order.total) }]);
    const events = await server.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.order_id));
    expect(events.filter((e) => e.type === 'partially_refunded').map((e) => e.reasonText)).toEqual([formatPrice(cents(order.total))]);
    // Asked again (a second screen, the reconciler): nothing more.
    await server.deps.board.processRefund(order.order_id);
    await confirm(link.token);
    expect(api.calls.filter((call) => call.path === '/v1/refunds' && call.form.payment_intent === intent.id)).toHaveLength(1);
    expect(await verifyJournal(server.db)).toMatchObject({ ok: true });
  });

  test('10 € taken at the counter meanwhile: those 10 € go back on the card; cancelled later, only the rest of the link goes back', async () => {
    const order = await phoneOrder();
    const link = payloadOf(await askLink(order.order_id));
    const intent = payloadOf(await intentOf(link.token));
    api.setIntentStatus(intent.id, 'succeeded');
    payloadOf(
      await staffRequest(server, karim.cookie, 'POST', `/v2/restaurant/orders/${order.order_id}/payments`, {
        tenders: [{ means: 'card_terminal', amount: 10 }],
        expected_paid: 0,
      }),
    );
    expect(payloadOf(await confirm(link.token)).state).toBe('paid');
    const onIntent = () => api.calls.filter((call) => call.path === '/v1/refunds' && call.form.payment_intent === intent.id).map((call) => call.form.amount);
    expect(onIntent()).toEqual(['1000']);
    expect((await boardOrder(order.order_id)).payments).toMatchObject({ paid: order.total, due: 0 });

    const cancelled = payloadOf(await act(server, karim.cookie, order.order_id, { action: 'cancel', expected_status: 'accepted', reason: 'product_sold_out' }));
    expect(cancelled.refunds.map((r) => [r.kind, r.status, r.amount])).toEqual([
      ['link', 'succeeded', 10],
      ['link', 'succeeded', Math.round((order.total - 10) * 100) / 100],
    ]);
    expect(onIntent()).toEqual(['1000', String(cents(order.total) - 1000)]);
    expect(await verifyJournal(server.db)).toMatchObject({ ok: true });
  });

  test('the order cancelled before the customer paid: the payment the webhook brings goes back whole', async () => {
    const order = await phoneOrder();
    const link = payloadOf(await askLink(order.order_id));
    const intent = payloadOf(await intentOf(link.token));
    payloadOf(await act(server, karim.cookie, order.order_id, { action: 'cancel', expected_status: 'accepted', reason: 'product_sold_out' }));
    api.setIntentStatus(intent.id, 'succeeded');
    expect((await webhook(intent.id, `evt_late_${intent.id}`)).status).toBe(200);
    const after = await boardOrder(order.order_id);
    expect(after.refunds.map((r) => [r.kind, r.status, r.amount])).toEqual([['link', 'succeeded', order.total]]);
    expect(api.calls.filter((call) => call.path === '/v1/refunds' && call.form.payment_intent === intent.id)).toHaveLength(1);
    expect(await verifyJournal(server.db)).toMatchObject({ ok: true });
  });
});

describe('a changed order paid by its link (decision 039)', () => {
  const pizza = 105; // Pizza Margherita, the default cart's (twice)
  async function changeTo(orderId: number, revision: number, quantity: number, key: string) {
    const payload = await buildOrderPayload(server, { lines: [{ itemId: pizza, quantity }], payment_method: 'cash' });
    const { items, free_items, is_pickup, delivery, tax, subtotal, discount, total, location, is_scheduled, delivery_date, delivery_time_range } = payload;
    const body = {
      change_key: key,
      revision,
      order: { items, free_items, is_pickup, delivery, tax, subtotal, discount, total, location, is_scheduled, delivery_date, delivery_time_range },
    };
    return { total, answer: await staffRequest<BoardOrder>(server, karim.cookie, 'POST', `/v2/restaurant/orders/${orderId}/changes`, body) };
  }

  test('a phone order paid by its link, one pizza fewer: the difference goes back on the link’s intent, the change’s credit note named', async () => {
    const { order, intent } = await phoneOrderPaidByLink();

    const { total, answer } = await changeTo(order.order_id, order.revision, 1, `less-${order.order_id}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const after = BoardOrderSchema.parse(payloadOf(answer));
    const difference = cents(order.total) - cents(total);
    expect(difference).toBeGreaterThan(0);
    expect(after.changes.at(-1)).toMatchObject({ settlement: 'refund', settlement_amount: difference / 100 });
    expect(after.refunds.map((r) => [r.kind, r.status, r.amount])).toEqual([['change', 'succeeded', difference / 100]]);
    const asked = api.calls.filter((call) => call.path === '/v1/refunds' && call.form.payment_intent === intent.id);
    expect(asked.map((call) => call.form.amount)).toEqual([String(difference)]);
    expect(after.payments).toMatchObject({ paid: total, due: 0 });
    const rows = await server.db.select().from(journalEntries).where(eq(journalEntries.orderId, order.order_id)).orderBy(asc(journalEntries.seq));
    const bodies = rows.map((row) => (JSON.parse(row.content) as { body: EntryBody }).body);
    const note = bodies.flatMap((b) => (b.kind === 'document' && b.document.type === 'credit_note' ? [b.document.number] : [])).at(-1);
    expect(bodies.flatMap((b) => (b.kind === 'refund' ? [b.refund] : []))).toEqual([
      { order_id: order.order_id, means: 'online_card', amount: difference, credit_note: note },
    ]);

    // Cancelled afterwards: the link gives back only what it still holds.
    const cancelled = payloadOf(await act(server, karim.cookie, order.order_id, { action: 'cancel', expected_status: 'accepted', reason: 'product_sold_out' }));
    expect(cancelled.refunds.map((r) => [r.kind, r.status, r.amount])).toEqual([
      ['change', 'succeeded', difference / 100],
      ['link', 'succeeded', total],
    ]);
    expect(await verifyJournal(server.db)).toMatchObject({ ok: true });
  });

  test('paid by its link, a third pizza added and paid by a second link: a refund above what one link holds is refused, never split; one that fits goes on the newest', async () => {
    const { order, intent: first } = await phoneOrderPaidByLink();
    const { answer } = await changeTo(order.order_id, order.revision, 3, `more-${order.order_id}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const changed = BoardOrderSchema.parse(payloadOf(answer));
    // A phone order is a counter order: its new total stands, and a second link asks for the rest.
    expect(cents(changed.total)).toBeGreaterThan(cents(order.total));
    const link = payloadOf(await askLink(order.order_id));
    const second = payloadOf(await intentOf(link.token));
    api.setIntentStatus(second.id, 'succeeded');
    expect(payloadOf(await confirm(link.token)).state).toBe('paid');
    const dueCents = cents(changed.total) - cents(order.total);
    expect(cents(second.amount)).toBe(dueCents);

    const before = await boardOrder(order.order_id);
    expect(cents(before.refund_left)).toBe(cents(changed.total));
    const refundPart = (key: string, amount: number) =>
      staffRequest<BoardOrder>(server, karim.cookie, 'POST', `/v2/restaurant/orders/${order.order_id}/refunds`, { refund_key: key, reason: 'late', amount });
    const refused = await refundPart(`split-${order.order_id}`, (cents(order.total) + 100) / 100);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(errorOf(refused).message).toBe(
      `Ce remboursement dépasse ce que garde un seul paiement par carte de la commande (au plus ${formatPrice(cents(order.total))}) : remboursez-le en deux fois.`,
    );
    const made = await refundPart(`fits-${order.order_id}`, dueCents / 100);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const refunds = api.calls.filter((call) => call.path === '/v1/refunds');
    expect(refunds.at(-1)!.form).toMatchObject({ payment_intent: second.id, amount: String(dueCents) });
    expect(refunds.filter((call) => call.form.payment_intent === first.id)).toHaveLength(0);
    expect(await verifyJournal(server.db)).toMatchObject({ ok: true });
  });

  test('paid 10 € at the counter and the rest by link, made cheaper than the counter’s money: refused, nothing refunded', async () => {
    const order = await phoneOrder();
    payloadOf(
      await staffRequest(server, karim.cookie, 'POST', `/v2/restaurant/orders/${order.order_id}/payments`, {
        tenders: [{ means: 'cash', amount: cents(order.total) / 100 - 1 }],
        expected_paid: 0,
      }),
    );
    const link = payloadOf(await askLink(order.order_id));
    const intent = payloadOf(await intentOf(link.token));
    api.setIntentStatus(intent.id, 'succeeded');
    expect(payloadOf(await confirm(link.token)).state).toBe('paid');
    const { answer } = await changeTo(order.order_id, order.revision, 1, `much-less-${order.order_id}`);
    expect(answer.status).toBe(409);
    expect(errorOf(answer).message).toMatch(/ont déjà été encaissés/u);
    expect(api.calls.filter((call) => call.path === '/v1/refunds' && call.form.payment_intent === intent.id)).toHaveLength(0);
  });
});

describe('part of a phone order paid by its link refunded (decisions 035 and 038, « One payment »)', () => {
  function refundPart(orderId: number, body: Record<string, unknown>) {
    return staffRequest<BoardOrder>(server, karim.cookie, 'POST', `/v2/restaurant/orders/${orderId}/refunds`, { reason: 'missing_item', ...body });
  }

  test('a pizza missing: refunded on the link’s intent, once when sent twice, its credit note and refund entry; the rest left to refund', async () => {
    const { order, intent } = await phoneOrderPaidByLink();
    const before = await boardOrder(order.order_id);
    expect(before).toMatchObject({ payment_method: 'cash', refundable: true, refund_left: order.total });
    const line = before.refundable_lines[0]!;
    const body = { refund_key: `link-part-${order.order_id}`, lines: [{ position: line.position, quantity: 1 }] };
    const [first, second] = await Promise.all([refundPart(order.order_id, body), refundPart(order.order_id, body)]);
    expect([first.status, second.status], JSON.stringify(first.body)).toEqual([200, 200]);
    const after = await boardOrder(order.order_id);
    const made = after.refunds.filter((r) => r.kind === 'partial');
    expect(made.map((r) => [r.status, r.reason])).toEqual([['succeeded', 'missing_item']]);
    // Both requests may ask the provider, with the one key: one refund (Stripe replays a key's first answer).
    const asked = api.calls.filter((call) => call.path === '/v1/refunds' && call.form.payment_intent === intent.id);
    expect([...new Set(asked.map((call) => `${call.idempotencyKey} ${call.form.amount}`))]).toEqual([`refund-${order.order_id}-p${made[0]!.id} ${cents(made[0]!.amount)}`]);
    expect(cents(after.refund_left)).toBe(cents(order.total) - cents(made[0]!.amount));
    expect(after.refundable_lines.find((l) => l.position === line.position)!.quantity_left).toBe(line.quantity - 1);

    const rows = await server.db.select().from(journalEntries).where(eq(journalEntries.orderId, order.order_id)).orderBy(asc(journalEntries.seq));
    const bodies = rows.map((row) => (JSON.parse(row.content) as { body: EntryBody }).body);
    const notes = bodies.flatMap((b) => (b.kind === 'document' && b.document.type === 'credit_note' ? [b.document] : []));
    expect(notes.map((note) => note.total_ttc)).toEqual([-cents(made[0]!.amount)]);
    expect(bodies.flatMap((b) => (b.kind === 'refund' ? [b.refund] : []))).toEqual([
      { order_id: order.order_id, means: 'online_card', amount: cents(made[0]!.amount), credit_note: notes[0]!.number },
    ]);
    expect(await verifyJournal(server.db)).toMatchObject({ ok: true });

    // More than the link still holds: refused with what is left, nothing asked.
    const above = await refundPart(order.order_id, { refund_key: `link-above-${order.order_id}`, amount: order.total });
    expect(above.status).toBe(400);
    expect(api.calls.filter((call) => call.path === '/v1/refunds' && call.form.payment_intent === intent.id)).toHaveLength(asked.length);
  });

  test('an order paid only at the counter: nothing to refund by card, said in French', async () => {
    const order = await phoneOrder();
    expect((await boardOrder(order.order_id)).refundable).toBe(false);
    const answer = await refundPart(order.order_id, { refund_key: `counter-${order.order_id}`, amount: 1 });
    expect(answer.status).toBe(409);
    expect(errorOf(answer).message).toBe('Seule une commande payée par carte (en ligne ou par un lien de paiement) se rembourse ici.');
  });
});

describe('the test processor’s card form (PAYMENT_TEST_MODE)', () => {
  let test_: TestServer;
  let staff: TestStaff;
  beforeAll(async () => {
    test_ = await startTestServer({ clock: () => start });
    staff = await createTestStaff(test_.db, { now: start, name: 'Karim Benali' });
  }, 60_000);
  afterAll(async () => test_?.close());

  test('a declined card: nothing recorded, the same intent tried again with the good card, paid once by its webhook and the page', async () => {
    const order = await phoneOrder(test_, staff);
    const link = payloadOf(await askLink(order.order_id, test_, staff));
    expect(payloadOf(await page(link.token, test_)).payment_test_mode).toBe(true);
    const intent = payloadOf(await intentOf(link.token, test_));
    const declined = payloadOf(await confirmCard(test_, intent.client_secret, cards.declined));
    expect(declined.status).toBe('requires_payment_method');
    await (test_.payments.provider as TestProcessor).idle();
    expect((await confirm(link.token, test_)).status).toBe(422);
    expect(await paymentEntries(order.order_id, test_)).toEqual([]);
    const retry = payloadOf(await intentOf(link.token, test_));
    expect(retry.id).toBe(intent.id);
    expect(payloadOf(await confirmCard(test_, retry.client_secret, cards.success)).status).toBe('succeeded');
    const [page_] = await Promise.all([confirm(link.token, test_), (test_.payments.provider as TestProcessor).idle()]);
    expect(payloadOf(page_).state).toBe('paid');
    await (test_.payments.provider as TestProcessor).idle();
    expect((await paymentEntries(order.order_id, test_)).map((entry) => entry.kind === 'payment' && [entry.payment.means, entry.payment.amount])).toEqual([
      ['online_card', cents(order.total)],
    ]);
    expect(await paymentEvents(order.order_id, test_)).toHaveLength(1);
  });

  test('3-D Secure as the checkout handles it: the card asks for authentication, approved, then recorded', async () => {
    const order = await phoneOrder(test_, staff);
    const link = payloadOf(await askLink(order.order_id, test_, staff));
    const intent = payloadOf(await intentOf(link.token, test_));
    const asked = payloadOf(await confirmCard(test_, intent.client_secret, cards.authentication));
    expect(asked.next_action).toBe('authenticate');
    expect((await confirm(link.token, test_)).status).toBe(422);
    expect(payloadOf(await authenticate(test_, intent.client_secret, true)).status).toBe('succeeded');
    expect(payloadOf(await confirm(link.token, test_)).state).toBe('paid');
    await (test_.payments.provider as TestProcessor).idle();
    expect(await paymentEvents(order.order_id, test_)).toHaveLength(1);
  });
});

test('the books: the journal verifies, and the day’s closure counts the links’ card payments with the counter’s money', async () => {
  expect(await verifyJournal(server.db)).toMatchObject({ ok: true, broken: [] });
  const rows = await server.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.chain, 'live'), inArray(journalEntries.kind, ['payment', 'refund'])));
  // Net of the refunds (a cancelled order's link payment given back): what the day's card money is.
  const online = rows
    .map((row) => (JSON.parse(row.content) as { body: EntryBody }).body)
    .reduce((sum, body) => {
      if (body.kind === 'payment' && body.payment.means === 'online_card') return sum + body.payment.amount;
      if (body.kind === 'refund' && body.refund.means === 'online_card') return sum - body.refund.amount;
      return sum;
    }, 0);
  expect(online).toBeGreaterThan(0);
  const signer = await server.deps.books.signer();
  const [closure] = await closeDaysThrough(server.db, signer, 'live', '2026-11-24', now);
  const body = (JSON.parse(closure!.day.content) as { body: EntryBody }).body;
  if (body.kind !== 'closure') throw new Error('not a closure');
  expect(body.closure.payments.online_card).toBe(online);
  expect(await verifyJournal(server.db)).toMatchObject({ ok: true });
});
