import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BoardOrder } from '@resto/contract/board';
import { BoardOrderSchema, BoardStateSchema, TrackingViewSchema } from '@resto/contract/board';
import { staffActions, type OrderStatus, type StaffAction } from '@resto/domain/order-lifecycle';
import { queryRows } from '../../db/client.ts';
import { mailOutbox, orderEvents, orders, refunds, staffUsers, testProcessorIntents, testProcessorRefunds } from '../../db/schema.ts';
import { createAccount } from '../../test/accounts.ts';
import { errorOf, looksFrench, payloadOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, staffRequest, type TestStaff } from '../../test/staff.ts';
import { act, board, inMinutes, placeCashOrder, placePaidCardOrder, tracking } from './test-helpers.ts';
import { createCardOrder } from '../payments/test-helpers.ts';

/**
 * The order's life over real HTTP (docs/decisions/019-the-orders-life.md):
 * every transition allowed and refused, roles, ten screens accepting at once, refunds with the
 * test processor (once, refused, retried), the customer's e-mails and status page.
 */

// Tuesday 24 November 2026, 12:30 in Paris (the demo restaurant is open; closed on Mondays).
const now = new Date('2026-11-24T11:30:00Z');
const refusedRefundCard = '4000 0000 0000 5126';

let server: TestServer;
let karim: TestStaff;
let margot: TestStaff;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  karim = await createTestStaff(server.db, { now, name: 'Karim Benali' });
  margot = await createTestStaff(server.db, { now, role: 'owner' });
});
afterAll(async () => server?.close());

async function eventsOf(orderId: number) {
  return server.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);
}

async function outboxOf(orderId: number) {
  return server.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId)).orderBy(mailOutbox.id);
}

/** The order as the board shows it now. */
async function boardOrder(orderId: number): Promise<BoardOrder | undefined> {
  return payloadOf(await board(server, karim.cookie)).orders.find((order) => order.order_id === orderId);
}

/** Takes a cash order to `status` through the board's own actions. */
async function cashOrderAt(status: OrderStatus): Promise<{ orderId: number; secret: string }> {
  const order = await placeCashOrder(server);
  const path: [StaffAction, OrderStatus, Record<string, unknown>][] = {
    pending: [],
    paid: [],
    accepted: [['accept', 'pending', { ready_at: inMinutes(server, 20) }]],
    ready: [
      ['accept', 'pending', { ready_at: inMinutes(server, 20) }],
      ['mark_ready', 'accepted', {}],
    ],
    completed: [
      ['accept', 'pending', { ready_at: inMinutes(server, 20) }],
      ['complete', 'accepted', {}],
    ],
    rejected: [['reject', 'pending', { reason: 'too_many_orders' }]],
    cancelled: [
      ['accept', 'pending', { ready_at: inMinutes(server, 20) }],
      ['cancel', 'accepted', { reason: 'product_sold_out' }],
    ],
  }[status] as [StaffAction, OrderStatus, Record<string, unknown>][];
  for (const [action, expected, extra] of path) payloadOf(await act(server, karim.cookie, order.orderId, { action, expected_status: expected, ...extra }));
  return order;
}

/** What each action needs besides its name. */
const extras: Record<StaffAction, Record<string, unknown>> = {
  accept: { ready_at: '2026-11-24T12:00:00.000Z' },
  delay: { ready_at: '2026-11-24T12:30:00.000Z' },
  mark_ready: {},
  complete: {},
  reject: { reason: 'exceptional_closure' },
  cancel: { reason: 'other', reason_text: 'Four en panne' },
};

/** The status each allowed action leads to, from each status a cash order can be in (packages/domain/src/order-lifecycle.ts). */
const allowed: Record<string, Partial<Record<StaffAction, OrderStatus>>> = {
  pending: { accept: 'accepted', reject: 'rejected' },
  accepted: { delay: 'accepted', mark_ready: 'ready', complete: 'completed', cancel: 'cancelled' },
  ready: { complete: 'completed', cancel: 'cancelled' },
  completed: {},
  rejected: {},
  cancelled: {},
};

describe('every transition over HTTP, cash orders', () => {
  for (const [from, targets] of Object.entries(allowed))
    for (const action of staffActions) {
      const to = targets[action];
      test(`${from} + ${action} → ${to ? `200 ${to}` : '409 order_transition_refused'}`, async () => {
        const order = await cashOrderAt(from as OrderStatus);
        const before = await eventsOf(order.orderId);
        const response = await act(server, karim.cookie, order.orderId, { action, expected_status: from, ...extras[action] });
        const after = await eventsOf(order.orderId);
        if (to) {
          expect(response.status, JSON.stringify(response.body)).toBe(200);
          const answered = BoardOrderSchema.parse(payloadOf(response));
          expect(answered.status).toBe(to);
          expect(after).toHaveLength(before.length + 1);
          expect(after.at(-1)).toMatchObject({ fromStatus: from, toStatus: to, actor: 'staff', staffId: karim.staffId, actorName: 'Karim Benali' });
          expect(after.at(-1)!.id).toBeGreaterThan(before.at(-1)!.id);
        } else {
          expect(response.status).toBe(409);
          const error = errorOf(response);
          expect(error.code).toBe('order_transition_refused');
          expect(looksFrench(error.message)).toBe(true);
          expect(BoardOrderSchema.parse(error.payload).status).toBe(from);
          expect(after).toHaveLength(before.length);
          const [row] = await server.db.select({ status: orders.status }).from(orders).where(eq(orders.orderId, order.orderId));
          expect(row!.status).toBe(from);
        }
      });
    }

  test('a stale screen is told who moved the order and when', async () => {
    const order = await placeCashOrder(server);
    payloadOf(await act(server, karim.cookie, order.orderId, { action: 'accept', expected_status: 'pending', ready_at: inMinutes(server, 20) }));
    const stale = await act(server, margot.cookie, order.orderId, { action: 'reject', expected_status: 'pending', reason: 'too_many_orders' });
    expect(stale.status).toBe(409);
    expect(errorOf(stale).message).toBe('Cette commande a déjà été acceptée par Karim à 12:30.');
    expect((errorOf(stale).payload as BoardOrder).status).toBe('accepted');
    const double = await act(server, karim.cookie, order.orderId, { action: 'accept', expected_status: 'pending', ready_at: inMinutes(server, 20) });
    expect(errorOf(double).message).toBe('Cette commande a déjà été acceptée par Karim à 12:30.');
  });

  test('ready times: required, in the future, a scheduled order defaults to its slot, a delay must be later', async () => {
    const order = await placeCashOrder(server);
    const missing = await act(server, karim.cookie, order.orderId, { action: 'accept', expected_status: 'pending' });
    expect(missing.status).toBe(400);
    expect(errorOf(missing)).toMatchObject({ code: 'invalid_request', errors: [{ path: 'ready_at' }] });
    const past = await act(server, karim.cookie, order.orderId, { action: 'accept', expected_status: 'pending', ready_at: inMinutes(server, -5) });
    expect(errorOf(past).message).toBe('L’heure de retrait doit être dans le futur.');
    expect((await eventsOf(order.orderId)).map((e) => e.type)).toEqual(['placed']);

    const accepted = payloadOf(await act(server, karim.cookie, order.orderId, { action: 'accept', expected_status: 'pending', ready_at: inMinutes(server, 20) }));
    expect(accepted.ready_at).toBe(inMinutes(server, 20));
    const earlier = await act(server, karim.cookie, order.orderId, { action: 'delay', expected_status: 'accepted', ready_at: inMinutes(server, 15) });
    expect(errorOf(earlier).message).toBe('Le nouvel horaire doit être après l’heure annoncée (12:50).');
    const delayed = payloadOf(await act(server, karim.cookie, order.orderId, { action: 'delay', expected_status: 'accepted', ready_at: inMinutes(server, 35) }));
    expect(delayed).toMatchObject({ status: 'accepted', ready_at: inMinutes(server, 35) });
    expect(delayed.events.at(-1)).toMatchObject({ type: 'delayed', from_status: 'accepted', to_status: 'accepted', ready_at: inMinutes(server, 35) });

    const scheduled = await placeCashOrder(server, { is_scheduled: true, delivery_date: '2026-11-25', delivery_time_range: '12:30-12:45' } as never);
    const slot = payloadOf(await act(server, karim.cookie, scheduled.orderId, { action: 'accept', expected_status: 'pending' }));
    expect(slot.ready_at).toBe('2026-11-25T11:30:00.000Z');
  });

  test('a refusal needs a reason, and "other" its words', async () => {
    const order = await placeCashOrder(server);
    expect(errorOf(await act(server, karim.cookie, order.orderId, { action: 'reject', expected_status: 'pending' })).errors[0]?.path).toBe('reason');
    const noText = await act(server, karim.cookie, order.orderId, { action: 'reject', expected_status: 'pending', reason: 'other', reason_text: '  ' });
    expect(errorOf(noText).errors[0]?.path).toBe('reason_text');
    const unknown = await act(server, karim.cookie, order.orderId, { action: 'reject', expected_status: 'pending', reason: 'not_accepted_in_time' });
    expect(unknown.status).toBe(400);
    const rejected = payloadOf(await act(server, karim.cookie, order.orderId, { action: 'reject', expected_status: 'pending', reason: 'other', reason_text: 'Plus de pâte' }));
    expect(rejected).toMatchObject({ status: 'rejected', column: 'done', reason: 'other', reason_text: 'Plus de pâte', refund: null, available_actions: [] });
  });

  test('an unknown order is a 404, a malformed id a 400', async () => {
    const unknown = await act(server, karim.cookie, 999_999, { action: 'accept', expected_status: 'pending', ready_at: inMinutes(server, 10) });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).code).toBe('order_not_found');
    expect((await staffRequest(server, karim.cookie, 'POST', '/v2/restaurant/orders/abc/opened')).status).toBe(400);
  });
});

describe('roles', () => {
  test('no cookie, a customer token, a removed member: 401 on every staff route', async () => {
    const order = await placeCashOrder(server);
    const calls = [
      ['GET', '/v2/restaurant/orders', undefined],
      ['POST', `/v2/restaurant/orders/${order.orderId}/actions`, { action: 'accept', expected_status: 'pending', ready_at: inMinutes(server, 10) }],
      ['POST', `/v2/restaurant/orders/${order.orderId}/opened`, undefined],
      ['POST', `/v2/restaurant/orders/${order.orderId}/ticket-printed`, undefined],
      ['POST', `/v2/restaurant/orders/${order.orderId}/refund`, undefined],
    ] as const;
    const customer = await createAccount(server);
    const removed = await createTestStaff(server.db, { now });
    await server.db.update(staffUsers).set({ removedAt: now }).where(eq(staffUsers.id, removed.staffId));
    for (const [method, path, body] of calls) {
      expect(errorOf(await staffRequest(server, null, method, path, body)).code).toBe('staff_login_required');
      const asCustomer = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: { Authorization: `Bearer ${customer.token}`, 'Content-Type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      expect(asCustomer.status).toBe(401);
      expect((await staffRequest(server, removed.cookie, method, path, body)).status).toBe(401);
      expect((await staffRequest(server, 'resto_staff=forged', method, path, body)).status).toBe(401);
    }
    expect((await eventsOf(order.orderId)).map((e) => e.type)).toEqual(['placed']);
  });
});

describe('concurrency', () => {
  test('ten screens accept one order at once: one 200, nine 409 with the current order, one event', async () => {
    const order = await placeCashOrder(server);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => act(server, karim.cookie, order.orderId, { action: 'accept', expected_status: 'pending', ready_at: inMinutes(server, 20) })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(errorOf(refused).code).toBe('order_transition_refused');
      expect(BoardOrderSchema.parse(errorOf(refused).payload).status).toBe('accepted');
    }
    expect((await eventsOf(order.orderId)).map((e) => e.type)).toEqual(['placed', 'accepted']);
    expect((await outboxOf(order.orderId)).filter((m) => m.kind.startsWith('status-')).length + countSent(order.orderId, 'acceptée')).toBeGreaterThanOrEqual(1);
  });
});

/** Waits for a mail by subject: the SMTP sink gets every order's mails one after the other, so a long file's queue takes a while. */
function mailWithSubject(subject: string) {
  return server.mail.waitFor((m) => m.subject === subject, 60_000);
}

/** Mails the SMTP sink received about an order whose subject contains `word`. */
function countSent(orderId: number, word: string): number {
  return server.mail.received.filter((m) => m.subject.includes(`n° ${orderId} `) && m.subject.includes(word)).length;
}

describe('the board', () => {
  test('shows today’s orders with allergens and payment, never an unpaid card order; opened and ticket-printed once', async () => {
    const cash = await placeCashOrder(server);
    const unpaid = await createCardOrder(server);
    const state = BoardStateSchema.parse(payloadOf(await board(server, karim.cookie)));
    const shown = state.orders.find((o) => o.order_id === cash.orderId)!;
    expect(shown).toMatchObject({ status: 'pending', column: 'new', available_actions: ['accept', 'reject'], payment_method: 'cash', opened_at: null });
    expect(shown.items[0]!.allergens.length).toBeGreaterThan(0);
    expect(shown.items[0]!.allergens).toContain('Gluten');
    expect(state.orders.some((o) => o.order_id === unpaid.orderId)).toBe(false);
    expect(state.last_event_id).toBeGreaterThanOrEqual(shown.events.at(-1)!.id);
    expect(state.server_time).toBe(now.toISOString());

    const opened = payloadOf(await staffRequest<BoardOrder>(server, karim.cookie, 'POST', `/v2/restaurant/orders/${cash.orderId}/opened`));
    expect(opened.opened_at).toBe(now.toISOString());
    const again = payloadOf(await staffRequest<BoardOrder>(server, margot.cookie, 'POST', `/v2/restaurant/orders/${cash.orderId}/opened`));
    expect(again).toEqual(opened);
    const printed = payloadOf(await staffRequest<BoardOrder>(server, karim.cookie, 'POST', `/v2/restaurant/orders/${cash.orderId}/ticket-printed`));
    expect(printed.ticket_printed_at).toBe(now.toISOString());
    expect(payloadOf(await staffRequest<BoardOrder>(server, karim.cookie, 'POST', `/v2/restaurant/orders/${cash.orderId}/ticket-printed`))).toEqual(printed);
    expect((await eventsOf(cash.orderId)).map((e) => e.type)).toEqual(['placed', 'opened', 'ticket_printed']);

    // An unpaid card order is not the restaurant's: 409 with the reason, nothing written.
    for (const path of ['opened', 'ticket-printed']) {
      const refused = await staffRequest(server, karim.cookie, 'POST', `/v2/restaurant/orders/${unpaid.orderId}/${path}`);
      expect(refused.status).toBe(409);
      expect(errorOf(refused).message).toMatch(/pas encore payée/);
    }
    const accept = await act(server, karim.cookie, unpaid.orderId, { action: 'accept', expected_status: 'pending', ready_at: inMinutes(server, 10) });
    expect(errorOf(accept).message).toMatch(/pas encore payée/);
    expect((await eventsOf(unpaid.orderId)).map((e) => e.type)).toEqual(['placed']);
  });

  test('the day in Paris: every order not finished, whatever its day, and those finished today; not yesterday’s finished ones', async () => {
    const yesterday = new Date(now.getTime() - 24 * 3_600_000);
    const placedYesterday = await placeCashOrder(server);
    const scheduledToday = await placeCashOrder(server);
    const finishedYesterday = await cashOrderAt('completed');
    const finishedToday = await cashOrderAt('completed');
    await server.db.update(orders).set({ createdAt: yesterday }).where(eq(orders.orderId, placedYesterday.orderId));
    await server.db.update(orders).set({ createdAt: yesterday, deliveryDate: '2026-11-24', deliveryTimeRange: '19:00-19:15' }).where(eq(orders.orderId, scheduledToday.orderId));
    await server.db.update(orders).set({ createdAt: yesterday, updatedAt: yesterday }).where(eq(orders.orderId, finishedYesterday.orderId));
    await server.db.update(orders).set({ createdAt: yesterday }).where(eq(orders.orderId, finishedToday.orderId));
    const shown = new Set(payloadOf(await board(server, karim.cookie)).orders.map((o) => o.order_id));
    expect(shown.has(placedYesterday.orderId)).toBe(true);
    expect(shown.has(scheduledToday.orderId)).toBe(true);
    expect(shown.has(finishedYesterday.orderId)).toBe(false);
    expect(shown.has(finishedToday.orderId)).toBe(true);
  });

  test('cash is never recorded as received: no action, field or event marks it paid', async () => {
    const order = await cashOrderAt('completed');
    const shown = (await boardOrder(order.orderId))!;
    expect(shown.status).toBe('completed');
    expect(shown.payment_method).toBe('cash');
    expect(shown.events.map((e) => e.type)).toEqual(['placed', 'accepted', 'completed']);
    expect(Object.keys(shown).filter((key) => /paid|cash_received|received/.test(key))).toEqual([]);
    const pay = await act(server, karim.cookie, order.orderId, { action: 'pay', expected_status: 'completed' });
    expect(pay.status).toBe(400);
  });
});

describe('e-mails to the customer', () => {
  test('accepted with the time, delayed with the new time, ready; each written once in the outbox and sent', { timeout: 120_000 }, async () => {
    const order = await placeCashOrder(server);
    payloadOf(await act(server, karim.cookie, order.orderId, { action: 'accept', expected_status: 'pending', ready_at: '2026-11-24T11:50:00.000Z' }));
    payloadOf(await act(server, karim.cookie, order.orderId, { action: 'delay', expected_status: 'accepted', ready_at: '2026-11-24T12:05:00.000Z' }));
    payloadOf(await act(server, karim.cookie, order.orderId, { action: 'mark_ready', expected_status: 'accepted' }));
    const accepted = await mailWithSubject(`Commande n° ${order.orderId} acceptée`);
    expect(accepted.to).toBe('marie.dupont@example.fr');
    expect(accepted.text).toContain('Bonjour Marie,');
    expect(accepted.text).toContain('Elle sera prête vers 12:50.');
    expect(accepted.text).toContain(`/suivi?commande=${order.secret}`);
    expect(accepted.html).toContain(`/suivi?commande=${order.secret}`);
    const delayed = await mailWithSubject(`Commande n° ${order.orderId} : nouvel horaire`);
    expect(delayed.text).toContain('sera prête vers 13:05.');
    const ready = await mailWithSubject(`Commande n° ${order.orderId} prête`);
    expect(ready.text).toContain('vous pouvez venir la chercher');
    const events = await eventsOf(order.orderId);
    // One outbox kind per event: status-<event id> (a replay of one event writes nothing more).
    await server.deps.mail.idle();
    expect(server.mail.received.filter((m) => m.subject.startsWith(`Commande n° ${order.orderId} `))).toHaveLength(3);
    expect(events.map((e) => e.type)).toEqual(['placed', 'accepted', 'delayed', 'ready']);
  });

  test('refused: the reason and "nothing to pay" for cash; cancelled: the reason', { timeout: 120_000 }, async () => {
    const order = await placeCashOrder(server);
    payloadOf(await act(server, karim.cookie, order.orderId, { action: 'reject', expected_status: 'pending', reason: 'product_sold_out' }));
    const mail = await mailWithSubject(`Commande n° ${order.orderId} refusée`);
    expect(mail.text).toContain('Raison : Produit épuisé.');
    expect(mail.text).toContain('Vous n’avez rien payé');
    const cancelled = await cashOrderAt('cancelled');
    const cancelMail = await mailWithSubject(`Commande n° ${cancelled.orderId} annulée`);
    expect(cancelMail.text).toContain('Raison : Produit épuisé.');
  });
});

describe('refunds with the test processor', () => {
  test('a paid card order refused: refunded once, event refunded, e-mail with the amount', { timeout: 120_000 }, async () => {
    const order = await placePaidCardOrder(server);
    const shown = (await boardOrder(order.orderId))!;
    expect(shown).toMatchObject({ status: 'paid', column: 'new', available_actions: ['accept', 'reject'] });
    const rejected = payloadOf(await act(server, karim.cookie, order.orderId, { action: 'reject', expected_status: 'paid', reason: 'too_many_orders' }));
    expect(rejected).toMatchObject({ status: 'rejected', refund: { status: 'succeeded', amount: order.total, last_error: null } });
    expect(rejected.events.map((e) => e.type)).toEqual(['placed', 'paid', 'rejected', 'refunded']);
    const made = await server.db.select().from(testProcessorRefunds).where(eq(testProcessorRefunds.intentId, order.intentId));
    expect(made).toMatchObject([{ idempotencyKey: `refund-${order.orderId}`, amountCents: Math.round(order.total * 100), status: 'succeeded' }]);
    const mail = await mailWithSubject(`Commande n° ${order.orderId} refusée`);
    expect(mail.text).toMatch(/Votre paiement de .+ vous est remboursé/);
    // A retry of a refund already made answers the order, refunds nothing more.
    const [retryA, retryB] = await Promise.all([
      staffRequest<BoardOrder>(server, karim.cookie, 'POST', `/v2/restaurant/orders/${order.orderId}/refund`),
      staffRequest<BoardOrder>(server, margot.cookie, 'POST', `/v2/restaurant/orders/${order.orderId}/refund`),
    ]);
    expect([retryA.status, retryB.status]).toEqual([200, 200]);
    expect(await server.db.select().from(testProcessorRefunds).where(eq(testProcessorRefunds.intentId, order.intentId))).toHaveLength(1);
  });

  test('the refused-refund card: the order stays cancelled, staff see the error; two retries at once refund once', async () => {
    const order = await placePaidCardOrder(server, refusedRefundCard);
    payloadOf(await act(server, karim.cookie, order.orderId, { action: 'accept', expected_status: 'paid', ready_at: inMinutes(server, 20) }));
    const cancelled = payloadOf(await act(server, karim.cookie, order.orderId, { action: 'cancel', expected_status: 'accepted', reason: 'exceptional_closure' }));
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.refund).toMatchObject({ status: 'failed', amount: order.total });
    expect(cancelled.refund!.last_error).toMatch(/refused/);
    expect(cancelled.events.map((e) => e.type)).toEqual(['placed', 'paid', 'accepted', 'cancelled', 'refund_failed']);

    // The retry is refused again while the card refuses: 502 refund_failed, the order unchanged.
    const again = await staffRequest(server, karim.cookie, 'POST', `/v2/restaurant/orders/${order.orderId}/refund`);
    expect(again.status).toBe(502);
    expect(errorOf(again).code).toBe('refund_failed');
    expect(BoardOrderSchema.parse(errorOf(again).payload)).toMatchObject({ status: 'cancelled', refund: { status: 'failed' } });

    // The bank now accepts (the test processor's card changed): two retries at once refund once.
    await server.db.update(testProcessorIntents).set({ cardLast4: '4242' }).where(eq(testProcessorIntents.id, order.intentId));
    const retries = await Promise.all([
      staffRequest<BoardOrder>(server, karim.cookie, 'POST', `/v2/restaurant/orders/${order.orderId}/refund`),
      staffRequest<BoardOrder>(server, margot.cookie, 'POST', `/v2/restaurant/orders/${order.orderId}/refund`),
    ]);
    expect(retries.map((r) => r.status)).toEqual([200, 200]);
    const made = await server.db.select().from(testProcessorRefunds).where(eq(testProcessorRefunds.intentId, order.intentId));
    expect(made.filter((r) => r.status === 'succeeded')).toHaveLength(1);
    const final = (await boardOrder(order.orderId))!;
    expect(final).toMatchObject({ status: 'cancelled', refund: { status: 'succeeded', last_error: null } });
    expect(final.events.filter((e) => e.type === 'refunded')).toHaveLength(1);
  });

  test('a pending refund left by a crash is asked again by the reconciler, once', async () => {
    const order = await placePaidCardOrder(server);
    // As if the process died after the commit, before asking the provider.
    await server.db.transaction(async (tx) => {
      await tx.update(orders).set({ status: 'rejected' }).where(eq(orders.orderId, order.orderId));
      await tx.insert(refunds).values({ orderId: order.orderId, provider: 'test', amountCents: Math.round(order.total * 100), status: 'pending', refundKey: `refund-${order.orderId}`, updatedAt: new Date(Date.now() - 120_000) });
    });
    expect(await server.deps.board.retryPendingRefunds()).toBeGreaterThanOrEqual(1);
    expect(await server.deps.board.retryPendingRefunds()).toBe(0);
    const [row] = await server.db.select().from(refunds).where(eq(refunds.orderId, order.orderId));
    expect(row!.status).toBe('succeeded');
    expect(await server.db.select().from(testProcessorRefunds).where(eq(testProcessorRefunds.intentId, order.intentId))).toHaveLength(1);
  });

  test('a cash order has no refund to retry: 409', async () => {
    const order = await cashOrderAt('rejected');
    const response = await staffRequest(server, karim.cookie, 'POST', `/v2/restaurant/orders/${order.orderId}/refund`);
    expect(response.status).toBe(409);
    expect(errorOf(response).message).toBe('Cette commande n’a pas de remboursement à relancer.');
  });
});

describe('the customer’s status page', () => {
  test('GET /v2/public/tracking/{secret}: each step, the ready time, the reason and the refund; no-store; 404 for an unknown secret', async () => {
    const order = await placeCashOrder(server);
    const received = await tracking(server, order.secret);
    expect(received.headers.get('cache-control')).toBe('no-store');
    expect(TrackingViewSchema.parse(payloadOf(received))).toMatchObject({ order_id: order.orderId, status: 'pending', step: 'received', ready_at: null });
    payloadOf(await act(server, karim.cookie, order.orderId, { action: 'accept', expected_status: 'pending', ready_at: inMinutes(server, 20) }));
    expect(payloadOf(await tracking(server, order.secret))).toMatchObject({ step: 'accepted', ready_at: inMinutes(server, 20) });
    payloadOf(await staffRequest(server, karim.cookie, 'POST', `/v2/restaurant/orders/${order.orderId}/opened`));
    payloadOf(await act(server, karim.cookie, order.orderId, { action: 'mark_ready', expected_status: 'accepted' }));
    const ready = payloadOf(await tracking(server, order.secret));
    expect(ready.step).toBe('ready');
    expect(ready.events.map((e) => e.type)).toEqual(['placed', 'accepted', 'ready']);
    payloadOf(await act(server, karim.cookie, order.orderId, { action: 'complete', expected_status: 'ready' }));
    expect(payloadOf(await tracking(server, order.secret)).step).toBe('completed');

    const card = await placePaidCardOrder(server);
    payloadOf(await act(server, karim.cookie, card.orderId, { action: 'reject', expected_status: 'paid', reason: 'address_out_of_zone' }));
    expect(payloadOf(await tracking(server, card.secret))).toMatchObject({
      step: 'refused',
      reason_text: 'Adresse hors zone',
      refund: { status: 'succeeded', amount: card.total },
      payment_method: 'card',
      payment_test_mode: true,
    });
    const unpaid = await createCardOrder(server);
    expect(payloadOf(await tracking(server, unpaid.secret!)).step).toBe('awaiting_payment');
    const unknown = await tracking(server, '0'.repeat(64));
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).code).toBe('order_not_found');
  });

  test('trackingView and boardOrder serve the realtime helper', async () => {
    const order = await placeCashOrder(server);
    expect((await server.deps.board.trackingView(order.secret))?.order_id).toBe(order.orderId);
    expect((await server.deps.board.boardOrder(order.orderId))?.order_id).toBe(order.orderId);
    expect(await server.deps.board.boardOrder(999_999)).toBeNull();
    expect(await server.deps.board.trackingView('nope')).toBeNull();
  });
});

describe('one history', () => {
  test('events have ids from the counter, in commit order, and the order view’s status_history reads them', async () => {
    const order = await cashOrderAt('ready');
    const events = await eventsOf(order.orderId);
    const ids = events.map((e) => e.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const [counter] = await queryRows<{ last: number }>(server.db, sql`select last from document_counters where name = 'order_event'`);
    expect(counter!.last).toBeGreaterThanOrEqual(ids.at(-1)!);
    const [row] = await server.db.select({ localId: orders.localId }).from(orders).where(eq(orders.orderId, order.orderId));
    const view = await fetch(`${server.baseUrl}/v2/public/checkout/${order.orderId}?local_id=${row!.localId}`).then((r) => r.json() as Promise<{ payload: { status_history: { status: string }[] } }>);
    expect(view.payload.status_history.map((h) => h.status)).toEqual(['pending', 'accepted', 'ready']);
    const outbox = await server.db.select({ kind: mailOutbox.kind }).from(mailOutbox).where(and(eq(mailOutbox.orderId, order.orderId)));
    for (const row of outbox) expect(row.kind).toMatch(/^(order-|status-\d+$)/);
  });
});
