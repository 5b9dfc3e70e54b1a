import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { createDeps } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { mailOutbox, orderEvents, orders, pushSubscriptions, refunds, serverSecrets } from '../../db/schema.ts';
import { createLogger } from '../../logger.ts';
import { buildOrderPayload, errorOf, payloadOf, postOrder, request, startTestServer, type TestServer } from '../../test/harness.ts';
import { cards, confirmCard, createCardOrder, intentFor, orderState, putPaid } from '../payments/test-helpers.ts';
import { createTestStaff, type TestStaff } from '../../test/staff.ts';
import { startTestPushService, type TestPushService } from '../../test/push-service.ts';
import { createMailTransport } from '../mail/index.ts';
import { formatDateTime } from '@resto/domain/format';

/**
 * Nothing unseen (docs/decisions/022-nothing-unseen.md) on a fixed clock, on
 * PGlite and on PostgreSQL: the unopened order's alert (event, e-mail, Web Push to a local push
 * service that decrypts and checks VAPID for real), once even when runs race; the staff screens'
 * presence and ASAP; e-mail-only handling switching it all off.
 */

// Tuesday 24 November 2026, 12:30 in Paris (the demo restaurant is open 11:30–14:30 and 18:30–22:30; closed on Mondays).
const tuesdayNoon = new Date('2026-11-24T12:30:00+01:00');
const tuesdayEvening = new Date('2026-11-24T19:00:00+01:00');
const minutes = (n: number, from: Date) => new Date(from.getTime() + n * 60_000);
const contact = 'bonjour@chez-margot.example';

let now = tuesdayNoon;
let server: TestServer;
let push: TestPushService;
let owner: TestStaff;
let screenCounter = 0;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now, settings: { 'orders.email_only': false } });
  push = await startTestPushService();
  owner = await createTestStaff(server.db, { role: 'owner', now });
});
afterAll(async () => {
  await server?.close();
  await push?.close();
});
afterEach(() => {
  expect(push.refusals).toEqual([]);
});

/** A staff screen's heartbeat at the app's clock, through the board's own route (POST /v2/restaurant/screens/heartbeat). */
async function heartbeat(screenId = `screen-${++screenCounter}`): Promise<void> {
  const answer = await request(server.baseUrl, '/v2/restaurant/screens/heartbeat', {
    method: 'POST',
    headers: { Cookie: owner.cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify({ screen_id: screenId }),
  });
  expect(answer.status).toBe(200);
}

/** Places an ASAP cash order at `now` (a screen connected, so ASAP is offered). @returns its id. */
async function placeOrder(): Promise<number> {
  await heartbeat();
  const answer = await postOrder(server.baseUrl, await buildOrderPayload(server));
  return payloadOf(answer).order_id;
}

async function eventsOf(orderId: number, type: string): Promise<number> {
  const rows = await server.db
    .select({ n: count() })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, type)));
  return rows[0]?.n ?? 0;
}

function staffCall<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, cookie = owner.cookie) {
  return request<T>(server.baseUrl, path, {
    method,
    headers: { Cookie: cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('an order nobody opened (docs/decisions/022)', () => {
  test('alerted after 2 min, not before: an event, an e-mail to the contact address, a push decrypted by the device; once with two runs racing', async () => {
    const device = push.subscribe();
    expect(payloadOf(await staffCall('POST', '/v2/restaurant/push/subscriptions', device.subscription))).toEqual({
      endpoint: device.subscription.endpoint,
      subscribed: true,
    });
    const { public_key } = payloadOf(await staffCall<{ public_key: string }>('GET', '/v2/restaurant/push/key'));

    now = tuesdayNoon;
    const orderId = await placeOrder();
    now = minutes(1.9, tuesdayNoon);
    expect((await server.deps.escalation.runOnce(now)).alerted).toEqual([]);
    expect(device.received).toEqual([]);

    now = minutes(2.1, tuesdayNoon);
    // Two instances' runs at once: one claims the order, the other finds it claimed.
    const second = createDeps(server.db, createLogger('silent'), () => now, {
      mailTransport: createMailTransport({ smtpUrl: server.mail.url, outboxDir: 'unused', from: 'x <x@example.fr>', logger: createLogger('silent') }),
    });
    const runs = await Promise.all([server.deps.escalation.runOnce(now), second.escalation.runOnce(now)]);
    expect(runs.flatMap((run) => run.alerted)).toEqual([orderId]);
    expect(await eventsOf(orderId, 'unseen_alert')).toBe(1);
    const [row] = await server.db.select({ at: orders.unseenAlertAt }).from(orders).where(eq(orders.orderId, orderId));
    expect(row?.at?.toISOString()).toBe(now.toISOString());

    // The e-mail, through the outbox and real SMTP.
    const mail = await server.mail.waitFor((m) => m.to === contact && m.subject.includes(`n° ${orderId} non ouverte`));
    expect(mail.subject).toBe(`Commande n° ${orderId} non ouverte depuis 2 min`);
    expect(mail.text).toContain(`La commande n° ${orderId} attend votre réponse depuis 2 minutes et aucun écran ne l’a encore ouverte.`);
    expect(mail.text).toContain('Client : Marie Dupont · +33612345678');
    expect(mail.text).toContain('Pour : dès que possible');
    expect(mail.text).toContain('sans réponse, elle sera refusée automatiquement à 12:40, et remboursée');

    // The push: decrypted with the device's keys, signed with the server's VAPID key.
    expect(device.received).toHaveLength(1);
    const notification = JSON.parse(device.received[0]!) as { title: string; body: string; url: string; tag: string; orderId: number };
    expect(notification).toMatchObject({
      title: `Commande n° ${orderId} non ouverte depuis 2 min`,
      url: '/restaurant/commandes',
      tag: `order-${orderId}`,
      orderId,
    });
    expect(notification.body).toMatch(/^Marie D\., 16,00\s€\. Ouvrez-la sur le tableau des commandes/);
    const received = push.pushes.at(-1)!;
    expect(received.vapidKey).toBe(public_key);
    expect(received.claims).toMatchObject({ aud: push.origin, sub: `mailto:${contact}` });
    expect(received.urgency).toBe('high');

    // Later runs leave it alone.
    now = minutes(3, tuesdayNoon);
    expect((await server.deps.escalation.runOnce(now)).alerted).toEqual([]);
    expect(device.received).toHaveLength(1);
    await staffCall('DELETE', '/v2/restaurant/push/subscriptions', { endpoint: device.subscription.endpoint });
  });

  test('an order a screen opened is not alerted; nor one accepted', async () => {
    now = minutes(30, tuesdayNoon);
    const opened = await placeOrder();
    const accepted = await placeOrder();
    await server.db
      .update(orders)
      .set({ openedAt: minutes(0.5, now) })
      .where(eq(orders.orderId, opened));
    await server.db.update(orders).set({ status: 'accepted' }).where(eq(orders.orderId, accepted));
    now = minutes(33, tuesdayNoon);
    const run = await server.deps.escalation.runOnce(now);
    expect(run.alerted).not.toContain(opened);
    expect(run.alerted).not.toContain(accepted);
    expect(await eventsOf(opened, 'unseen_alert')).toBe(0);
  });

  test('a device its push service says is gone (410) is unsubscribed; a failing push service never fails the run', async () => {
    await server.db.delete(pushSubscriptions);
    const gone = push.subscribe();
    const alive = push.subscribe();
    for (const device of [gone, alive]) await staffCall('POST', '/v2/restaurant/push/subscriptions', device.subscription);
    // A push service that does not answer at all (nothing listens there).
    await staffCall('POST', '/v2/restaurant/push/subscriptions', { ...push.subscribe().subscription, endpoint: 'http://127.0.0.1:9/push/0' });
    gone.gone = true;

    now = minutes(60, tuesdayNoon);
    const orderId = await placeOrder();
    now = minutes(63, tuesdayNoon);
    const run = await server.deps.escalation.runOnce(now);
    expect(run.alerted).toEqual([orderId]);
    expect(run.push).toEqual({ delivered: 1, gone: 1, failed: 1 });
    expect(alive.received).toHaveLength(1);
    const left = await server.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);
    expect(left.map((s) => s.endpoint)).not.toContain(gone.subscription.endpoint);
    expect(left.map((s) => s.endpoint)).toContain(alive.subscription.endpoint);
    await server.db.delete(pushSubscriptions);
  });
});

describe('the push routes (staff only)', () => {
  test('the key is the same on every call and stored once; subscribe, re-subscribe, unsubscribe', async () => {
    const first = payloadOf(await staffCall<{ public_key: string }>('GET', '/v2/restaurant/push/key'));
    const again = payloadOf(await staffCall<{ public_key: string }>('GET', '/v2/restaurant/push/key'));
    expect(again).toEqual(first);
    expect(Buffer.from(first.public_key, 'base64url')).toHaveLength(65);
    expect(await server.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'vapid_keys'))).toHaveLength(1);

    const device = push.subscribe();
    await staffCall('POST', '/v2/restaurant/push/subscriptions', device.subscription);
    await staffCall('POST', '/v2/restaurant/push/subscriptions', device.subscription);
    expect(await server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.subscription.endpoint))).toHaveLength(1);
    const removed = await staffCall('DELETE', '/v2/restaurant/push/subscriptions', { endpoint: device.subscription.endpoint });
    expect(payloadOf(removed)).toEqual({ endpoint: device.subscription.endpoint, subscribed: false });
    expect(await server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.subscription.endpoint))).toHaveLength(0);
  });

  test('refused to a visitor (401) and for an endpoint that is not https (400, French)', async () => {
    const stranger = await request(server.baseUrl, '/v2/restaurant/push/key');
    expect(stranger.status).toBe(401);
    expect(errorOf(stranger).code).toBe('staff_login_required');
    const device = push.subscribe();
    const plain = await staffCall('POST', '/v2/restaurant/push/subscriptions', { ...device.subscription, endpoint: 'http://push.example.com/x' });
    expect(plain.status).toBe(400);
    expect(errorOf(plain).errors).toContainEqual({ path: 'endpoint', message: 'Adresse de notification refusée : elle doit être en https.' });
    const badKeys = await staffCall('POST', '/v2/restaurant/push/subscriptions', { ...device.subscription, keys: { p256dh: 'x', auth: 'y' } });
    expect(badKeys.status).toBe(400);
  });
});

describe('staff screens and "as soon as possible" (docs/decisions/022)', () => {
  const asap = async () => postOrder(server.baseUrl, await buildOrderPayload(server));
  const screenSetting = async () => {
    const settings = payloadOf(await request<{ name: string; value: unknown }[]>(server.baseUrl, '/v2/public/settings'));
    return settings.find((s) => s.name === 'orders.screen_connected')?.value;
  };
  const outageMails = () => server.mail.received.filter((m) => m.to === owner.email && m.subject === 'Aucun écran de commandes connecté');

  test('no screen within 45 s while open: ASAP refused in French and not offered, the owner alerted once; a heartbeat brings it back', async () => {
    await server.deps.mail.idle();
    const earlier = outageMails().length; // the lunch service's, from the tests above
    now = tuesdayEvening;
    await heartbeat('comptoir');
    expect(await screenSetting()).toBe(true);
    expect((await asap()).status).toBe(201);
    expect((await server.deps.escalation.runOnce(now)).screensAlerted).toBe(false);

    now = minutes(0.8, tuesdayEvening); // 48 s after the last heartbeat
    expect(await screenSetting()).toBe(false);
    const refused = await asap();
    expect(refused.status).toBe(422);
    expect(errorOf(refused)).toMatchObject({
      code: 'slot_unavailable',
      message: 'Le restaurant ne prend pas de commande immédiate pour le moment : choisissez un créneau.',
      errors: [{ path: 'is_scheduled', message: 'Le restaurant ne prend pas de commande immédiate pour le moment : choisissez un créneau.' }],
    });
    // A slot is still taken.
    const scheduled = await postOrder(
      server.baseUrl,
      await buildOrderPayload(server, { is_scheduled: true, delivery_date: '2026-11-24', delivery_time_range: '20:00-20:15' }),
    );
    expect(scheduled.status).toBe(201);

    // A board reloading is no outage: nothing within the first 3 minutes.
    expect((await server.deps.escalation.runOnce(now)).screensAlerted).toBe(false);
    now = minutes(2.9, tuesdayEvening);
    expect((await server.deps.escalation.runOnce(now)).screensAlerted).toBe(false);
    // Two instances' runs at the same instant, the app's clock there too: the outbox sends what they wrote as due.
    now = minutes(3, tuesdayEvening);
    const runs = await Promise.all([server.deps.escalation.runOnce(now), server.deps.escalation.runOnce(now)]);
    expect(runs.filter((run) => run.screensAlerted)).toHaveLength(1);
    now = minutes(5, tuesdayEvening);
    expect((await server.deps.escalation.runOnce(now)).screensAlerted).toBe(false);
    const since = `depuis ${formatDateTime(tuesdayEvening)}`;
    const mail = await server.mail.waitFor((m) => m.to === owner.email && m.text.includes(since));
    expect(mail.subject).toBe('Aucun écran de commandes connecté');
    expect(mail.text).toContain(`Aucun écran n’affiche le tableau des commandes ${since}, alors que le restaurant est ouvert.`);
    expect(mail.text).toContain('ne propose plus « dès que possible »');
    await server.deps.mail.idle();
    expect(outageMails().filter((m) => m.text.includes(since))).toHaveLength(1);

    await heartbeat('comptoir');
    expect(await screenSetting()).toBe(true);
    expect((await asap()).status).toBe(201);
    // The tab closed again during the same dinner: the same outage, no second e-mail.
    for (const at of [9, 20, 60]) {
      now = minutes(at, tuesdayEvening);
      expect((await server.deps.escalation.runOnce(now)).screensAlerted).toBe(false);
    }
    await server.deps.mail.idle();
    expect(outageMails()).toHaveLength(earlier + 1);
    // The next service without a screen: a new outage, a new e-mail.
    now = new Date('2026-11-25T11:35:00+01:00');
    expect((await server.deps.escalation.runOnce(now)).screensAlerted).toBe(true);
  });

  test('no alert while nobody is on the staff (the demo’s first start), then 3 minutes after the first account', async () => {
    const fresh = await startTestServer({ clock: () => now, settings: { 'orders.email_only': false } });
    try {
      for (const at of [0, 10, 90]) {
        now = minutes(at, tuesdayEvening);
        expect((await fresh.deps.escalation.runOnce(now)).screensAlerted).toBe(false);
      }
      now = minutes(100, tuesdayEvening);
      await createTestStaff(fresh.db, { role: 'owner', now });
      now = minutes(102, tuesdayEvening);
      expect((await fresh.deps.escalation.runOnce(now)).screensAlerted).toBe(false);
      now = minutes(103, tuesdayEvening);
      expect((await fresh.deps.escalation.runOnce(now)).screensAlerted).toBe(true);
      await fresh.deps.mail.idle();
    } finally {
      await fresh.close();
    }
  });

  test('closed: no alert about screens (ASAP is refused as closed)', async () => {
    now = new Date('2026-11-24T16:00:00+01:00'); // between lunch and dinner
    const run = await server.deps.escalation.runOnce(now);
    expect(run.screensAlerted).toBe(false);
    const refused = await asap();
    expect(refused.status).toBe(422);
    expect(errorOf(refused).message).toMatch(/fermé/);
  });
});

describe('orders.email_only (docs/decisions/022)', () => {
  test('handled by e-mail: ASAP without any screen, no alert, no automatic refusal, no screens alert', async () => {
    const emailOnly = await startTestServer({ clock: () => now, settings: { 'orders.email_only': true } });
    try {
      now = tuesdayNoon;
      await createTestStaff(emailOnly.db, { role: 'owner', now });
      const answer = await postOrder(emailOnly.baseUrl, await buildOrderPayload(emailOnly));
      expect(answer.status).toBe(201);
      const orderId = payloadOf(answer).order_id;
      now = minutes(15, tuesdayNoon);
      expect(await emailOnly.deps.escalation.runOnce(now)).toEqual({
        alerted: [],
        rejected: [],
        screensAlerted: false,
        printersAlerted: [],
        ticketsFallenBack: 0,
        push: { delivered: 0, gone: 0, failed: 0 },
      });
      const [row] = await emailOnly.db.select({ status: orders.status, alert: orders.unseenAlertAt }).from(orders).where(eq(orders.orderId, orderId));
      expect(row).toEqual({ status: 'pending', alert: null });
      expect(await emailOnly.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.kind, 'screens-outage'))).toEqual([{ n: 0 }]);
      const settings = payloadOf(await request<{ name: string; value: unknown }[]>(emailOnly.baseUrl, '/v2/public/settings'));
      expect(settings.find((s) => s.name === 'orders.email_only')?.value).toBe(true);
    } finally {
      await emailOnly.close();
    }
  });
});

describe('two API instances on one PostgreSQL', () => {
  test('each with its own pool: an order is alerted once', async () => {
    if (server.kind !== 'postgres' || !server.databaseUrl) {
      // On PGlite there is one process by design (docs/decisions/017, section 7.1): the race above covers it.
      expect(server.kind).toBe('pglite');
      return;
    }
    const other = await openDatabase({ databaseUrl: server.databaseUrl, dataDir: 'unused' });
    try {
      const logger = createLogger('silent');
      const instance = createDeps(other.db, logger, () => now, {
        mailTransport: createMailTransport({ smtpUrl: server.mail.url, outboxDir: 'unused', from: 'x <x@example.fr>', logger }),
      });
      now = minutes(60, tuesdayEvening);
      const orderIds = [await placeOrder(), await placeOrder(), await placeOrder()];
      now = minutes(62.5, tuesdayEvening);
      const runs = await Promise.all([server.deps.escalation.runOnce(now), instance.escalation.runOnce(now), instance.escalation.runOnce(now)]);
      expect(runs.flatMap((run) => run.alerted).sort()).toEqual([...orderIds].sort());
      for (const orderId of orderIds) expect(await eventsOf(orderId, 'unseen_alert')).toBe(1);
      await instance.mail.idle();
    } finally {
      await other.close();
    }
  });
});

describe('an order nobody accepted in time is refused automatically (docs/decisions/022)', () => {
  const base = new Date('2026-11-24T20:00:00+01:00');

  test('after 10 min, not before: rejected by the system with its reason, the customer told to call the restaurant; opening it does not stop the timer', async () => {
    now = base;
    const orderId = await placeOrder();
    // Opened on a screen (the board's own route) but never accepted.
    const opened = await request(server.baseUrl, `/v2/restaurant/orders/${orderId}/opened`, { method: 'POST', headers: { Cookie: owner.cookie } });
    expect(opened.status).toBe(200);
    now = minutes(9.9, base);
    expect((await server.deps.escalation.runOnce(now)).rejected).not.toContain(orderId);
    expect((await orderState(server.db, orderId)).status).toBe('pending');

    now = minutes(10.1, base);
    // Two runs at once (two instances): one refuses, the other finds it refused.
    const runs = await Promise.all([server.deps.escalation.runOnce(now), server.deps.escalation.runOnce(now)]);
    expect(runs.flatMap((run) => run.rejected).filter((id) => id === orderId)).toEqual([orderId]);
    expect((await orderState(server.db, orderId)).status).toBe('rejected');
    const events = await server.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'auto_rejected')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor: 'system', fromStatus: 'pending', toStatus: 'rejected', reason: 'not_accepted_in_time', staffId: null });

    const mail = await server.mail.waitFor((m) => m.to === 'marie.dupont@example.fr' && m.subject === `Commande n° ${orderId} refusée`);
    expect(mail.text).toContain(`Le restaurant n’a pas pu confirmer votre commande n° ${orderId} à temps : elle est annulée.`);
    expect(mail.text).toContain('Appelez le restaurant au +33 4 78 00 00 00');
    expect(mail.text).toContain('Vous n’avez rien payé');
  });

  test('a paid card order is refused and refunded through the payment provider', async () => {
    now = minutes(30, base);
    await heartbeat();
    const order = await createCardOrder(server);
    const intent = await intentFor(server, order);
    expect(payloadOf(await confirmCard(server, intent.client_secret, cards.success)).status).toBe('succeeded');
    expect((await putPaid(server, order.orderId, intent.id)).status).toBe(200);
    expect((await orderState(server.db, order.orderId)).status).toBe('paid');
    // Payments run on real time whatever the app's clock (app.ts): the payment's instant, on this test's clock.
    await server.db.update(orders).set({ placedAt: now }).where(eq(orders.orderId, order.orderId));

    now = minutes(40.5, base);
    const run = await server.deps.escalation.runOnce(now);
    expect(run.rejected).toContain(order.orderId);
    expect((await orderState(server.db, order.orderId)).status).toBe('rejected');
    const [refund] = await server.db.select().from(refunds).where(eq(refunds.orderId, order.orderId));
    expect(refund).toMatchObject({ status: 'succeeded', amountCents: Math.round(order.total * 100) });

    const mail = await server.mail.waitFor((m) => m.to === 'marie.dupont@example.fr' && m.subject === `Commande n° ${order.orderId} refusée`);
    expect(mail.text).toMatch(/Votre paiement de .+ vous est remboursé sur votre carte/);
    expect(mail.text).toContain('Appelez le restaurant au +33 4 78 00 00 00');
  });

  test('an order accepted in time is left alone', async () => {
    now = minutes(60, base);
    const orderId = await placeOrder();
    const accept = await request(server.baseUrl, `/v2/restaurant/orders/${orderId}/actions`, {
      method: 'POST',
      headers: { Cookie: owner.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'accept', expected_status: 'pending', ready_at: minutes(80, base).toISOString() }),
    });
    expect(accept.status).toBe(200);
    now = minutes(75, base);
    expect((await server.deps.escalation.runOnce(now)).rejected).not.toContain(orderId);
    expect((await orderState(server.db, orderId)).status).toBe('accepted');
  });
});

describe('counted in opening time, from when the order can be handled (docs/decisions/022, « Counting in opening time »)', () => {
  const tuesdayNight = new Date('2026-11-24T22:12:00+01:00');
  const wednesday = (time: string) => new Date(`2026-11-25T${time}:00+01:00`);

  const secrets = new Map<number, string>();
  /** A cash pre-order placed at `now` for Wednesday's slot `range`. @returns its id. */
  async function preOrder(range: string): Promise<number> {
    const answer = await postOrder(
      server.baseUrl,
      await buildOrderPayload(server, { is_scheduled: true, delivery_date: '2026-11-25', delivery_time_range: range }),
    );
    expect(answer.status).toBe(201);
    const { order_id, secret } = payloadOf(answer) as { order_id: number; secret: string };
    secrets.set(order_id, secret);
    return order_id;
  }
  /** When the status page says the restaurant can confirm the order (GET /v2/public/tracking/{secret}). */
  const confirmationFrom = async (orderId: number) =>
    payloadOf(await request<{ confirmation_from: string | null }>(server.baseUrl, `/v2/public/tracking/${secrets.get(orderId)}`)).confirmation_from;

  test('placed at 22:12 for tomorrow: neither alerted nor refused overnight nor before the opening that precedes its slot', async () => {
    now = tuesdayNight;
    const dinner = await preOrder('19:30-19:45');
    const lunch = await preOrder('13:00-13:15');
    // The customer's first e-mail: received, to be confirmed by the restaurant (its board), never « confirmée ».
    const received = await server.mail.waitFor((m) => m.to === 'marie.dupont@example.fr' && m.subject === `Votre commande n° ${dinner} est bien reçue`);
    expect(received.text).toContain('Le restaurant va la confirmer : vous recevrez un e-mail dès qu’il l’aura acceptée');
    expect(received.text).not.toContain('confirmée');
    // The status page says when the restaurant can answer: at the opening before each slot.
    expect(await confirmationFrom(dinner)).toBe(wednesday('18:30').toISOString());
    expect(await confirmationFrom(lunch)).toBe(wednesday('11:30').toISOString());

    // The night (the restaurant closes at 22:30), and Wednesday morning: nothing.
    for (const at of [minutes(10.5, tuesdayNight), minutes(16, tuesdayNight), wednesday('09:00'), wednesday('11:29')]) {
      now = at;
      const run = await server.deps.escalation.runOnce(now);
      expect(run.alerted).not.toContain(dinner);
      expect(run.alerted).not.toContain(lunch);
      expect(run.rejected).not.toContain(dinner);
      expect(run.rejected).not.toContain(lunch);
    }
    expect((await orderState(server.db, dinner)).status).toBe('pending');
    expect((await orderState(server.db, lunch)).status).toBe('pending');

    // The lunch order counts from the 11:30 opening: alerted at 11:32, refused at 11:40.
    now = wednesday('11:32');
    let run = await server.deps.escalation.runOnce(now);
    expect(run.alerted).toContain(lunch);
    expect(run.alerted).not.toContain(dinner);
    const alert = await server.mail.waitFor((m) => m.to === contact && m.subject === `Commande n° ${lunch} non ouverte depuis 2 min`);
    expect(alert.text).toContain(`La commande n° ${lunch} attend votre réponse depuis 2 minutes`);
    expect(alert.text).toContain('Pour : le mercredi 25 novembre, 13:00–13:15');
    expect(alert.text).toContain('sans réponse, elle sera refusée automatiquement à 11:40');
    now = wednesday('11:39');
    expect((await server.deps.escalation.runOnce(now)).rejected).not.toContain(lunch);
    now = wednesday('11:40');
    expect((await server.deps.escalation.runOnce(now)).rejected).toContain(lunch);
    // During lunch the dinner order still waits for its opening; once open, nothing more to announce.
    expect(await confirmationFrom(dinner)).toBe(wednesday('18:30').toISOString());

    // The dinner order, from the 18:30 opening: not during lunch service, not at 18:31.
    now = wednesday('14:00');
    run = await server.deps.escalation.runOnce(now);
    expect(run.alerted).not.toContain(dinner);
    expect(run.rejected).not.toContain(dinner);
    now = wednesday('18:31');
    expect((await server.deps.escalation.runOnce(now)).alerted).not.toContain(dinner);
    now = wednesday('18:32');
    expect(await confirmationFrom(dinner)).toBeNull();
    expect((await server.deps.escalation.runOnce(now)).alerted).toContain(dinner);
    now = wednesday('18:39');
    expect((await server.deps.escalation.runOnce(now)).rejected).not.toContain(dinner);
    expect((await orderState(server.db, dinner)).status).toBe('pending');
    now = wednesday('18:40');
    expect((await server.deps.escalation.runOnce(now)).rejected).toContain(dinner);
    expect((await orderState(server.db, dinner)).status).toBe('rejected');
  });
});
