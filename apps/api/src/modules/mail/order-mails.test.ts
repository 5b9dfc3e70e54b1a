import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { eurosToCents } from '@resto/domain/money';
import { formatPrice } from '@resto/domain/format';
import { mailOutbox, orders } from '../../db/schema.ts';
import { buildOrderPayload, payloadOf, postOrder, startTestServer, type TestServer } from '../../test/harness.ts';
import { newEmail } from '../../test/accounts.ts';
import { retryDelaySeconds } from './service.ts';
import { unpackMailBody } from './outbox-body.ts';
import { cards, confirmCard, intentFor, putPaid, rememberSecret } from '../payments/test-helpers.ts';

/**
 * Order e-mails (docs/decisions/006): the customer's confirmation and the restaurant's new-order e-mail,
 * received by a real SMTP server; a relay that fails never fails the order, and the mail is retried.
 */

// 2025-11-28 is a Friday, 12:00 in Paris: menu 1 is open.
let now = new Date('2025-11-28T11:00:00Z');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
});
afterAll(async () => {
  await server?.close();
});

async function placeCashOrder(email: string) {
  const payload = await buildOrderPayload(server, {
    customer: { first_name: 'Jeanne', last_name: 'Roux', email, phone: '06 98 76 54 32' },
    lines: [
      { itemId: 105, quantity: 2, note: 'Bien cuite' },
      {
        itemId: 110,
        quantity: 1,
        choices: [
          { option_id: 1006, option_option_id: 5027, quantity: 1 },
          { option_id: 1007, option_option_id: 5029, quantity: 1 },
        ],
      },
    ],
  });
  const response = await postOrder(server.baseUrl, payload);
  return { response, payload };
}

describe('order e-mails', () => {
  test('a card order: no e-mail while it waits for its payment, the confirmation once it is paid (docs/decisions/006 and 007)', async () => {
    const email = newEmail('carte');
    const payload = await buildOrderPayload(server, {
      customer: { first_name: 'Jeanne', last_name: 'Roux', email, phone: '06 98 76 54 32' },
      payment_method: 'card',
    });
    const { order_id: orderId, secret } = payloadOf(await postOrder(server.baseUrl, payload));
    rememberSecret(server, orderId, secret);
    expect(await server.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId))).toEqual([]);
    const intent = await intentFor(server, { orderId, localId: payload.local_id, total: payload.total, payload });
    await confirmCard(server, intent.client_secret, cards.success);
    expect(payloadOf(await putPaid(server, orderId, intent.id)).status).toBe('paid');
    const customer = await server.mail.waitFor((m) => m.to === email);
    expect(customer.subject).toBe(`Votre commande n° ${orderId} est bien reçue`);
    expect(customer.text).toContain('Carte bancaire en ligne');
  });

  test('a scheduled order: its day and slot in French in both e-mails (docs/decisions/005)', async () => {
    const email = newEmail('creneau');
    const payload = await buildOrderPayload(server, {
      customer: { first_name: 'Jeanne', last_name: 'Roux', email, phone: '06 98 76 54 32' },
      lines: [{ itemId: 105, quantity: 1 }],
      is_scheduled: true,
      delivery_date: '2025-11-29',
      delivery_time_range: '19:30-19:45',
    });
    const response = await postOrder(server.baseUrl, payload);
    expect(response.status).toBe(201);
    const orderId = payloadOf(response).order_id;
    const customer = await server.mail.waitFor((m) => m.to === email);
    const kitchen = await server.mail.waitFor((m) => m.to === 'bonjour@chez-margot.example' && m.subject.includes(`n° ${orderId}`));
    for (const text of [customer.text, customer.html, kitchen.text]) expect(text).toContain('Samedi 29 novembre, 19:30–19:45');
  });

  test('a cash order sends the customer a French confirmation and the restaurant a new-order e-mail, once', async () => {
    const email = newEmail('commande');
    const { response, payload } = await placeCashOrder(email);
    expect(response.status).toBe(201);
    const orderId = payloadOf(response).order_id;

    const customer = await server.mail.waitFor((m) => m.to === email);
    expect(customer.subject).toBe(`Votre commande n° ${orderId} est bien reçue`);
    // Placed is not accepted: the first e-mail never says « confirmée » (orders handled by e-mail here: no confirmation promised).
    expect(customer.text).toContain('Bonjour Jeanne, merci pour votre commande ! Le restaurant l’a bien reçue. Voici son récapitulatif.');
    expect(customer.text).not.toMatch(/confirm/i);
    for (const text of [customer.text, customer.html]) {
      expect(text).toContain(`n° ${orderId}`);
      expect(text).toContain('Pizza Margherita');
      expect(text).toContain('Bien cuite');
      expect(text).toContain('Burger Classique');
      expect(text).toContain('À point');
      expect(text).toContain('À emporter');
      expect(text).toContain('12 rue des Marronniers, 69002 Lyon'); // the pickup point
      expect(text).toContain('Dès que possible');
      expect(text).toMatch(/Sur place/);
      expect(text).toMatch(/TVA 10 %/);
      expect(text).toContain(formatPrice(eurosToCents(payload.total)));
    }
    expect(customer.text).toContain('bonjour@chez-margot.example'); // the restaurant's contacts
    expect(customer.text).toContain('+33 4 78 00 00 00');

    const kitchen = await server.mail.waitFor((m) => m.to === 'bonjour@chez-margot.example' && m.subject.includes(`n° ${orderId}`));
    expect(kitchen.subject).toMatch(new RegExp(`^Nouvelle commande n° ${orderId} — à emporter — `));
    expect(kitchen.text).toContain('Jeanne Roux');
    expect(kitchen.text).toContain('+33698765432');

    // The same order sent again: no second e-mail, and the outbox is empty once sent.
    expect((await postOrder(server.baseUrl, payload)).status).toBe(200);
    await server.deps.mail.idle();
    expect(server.mail.received.filter((m) => m.to === email)).toHaveLength(1);
    expect(await server.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId))).toEqual([]);
  });

  test('a relay that refuses: the order is placed all the same, the e-mails wait and are sent on a later try', async () => {
    server.mail.failNext(2);
    const email = newEmail('relais');
    const { response } = await placeCashOrder(email);
    expect(response.status).toBe(201);
    const orderId = payloadOf(response).order_id;
    await server.deps.mail.idle();

    const waiting = await server.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId));
    expect(waiting).toHaveLength(2);
    expect(waiting.every((m) => m.attempts === 1 && m.lastError !== null && m.nextAttemptAt.getTime() === now.getTime() + 60_000)).toBe(true);
    expect(server.mail.received.some((m) => m.to === email)).toBe(false);

    // Not due yet: nothing is sent. A minute later, the retry loop sends both.
    expect(await server.deps.mail.sendDue()).toBe(0);
    now = new Date(now.getTime() + 60_000);
    expect(await server.deps.mail.sendDue()).toBe(2);
    await server.mail.waitFor((m) => m.to === email);
    expect(await server.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId))).toEqual([]);
  });

  test('a waiting mail is stored deflated (text and HTML in `body`), and a row written before migration 0014, in clear, is still sent (docs/decisions/026)', async () => {
    server.mail.failNext(2);
    const email = newEmail('compresse');
    const orderId = payloadOf((await placeCashOrder(email)).response).order_id;
    await server.deps.mail.idle();
    const waiting = await server.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId));
    expect(waiting).toHaveLength(2);
    for (const row of waiting) {
      expect([row.text, row.html]).toEqual([null, null]);
      const { text, html } = unpackMailBody(row.body!);
      expect(text).toContain(`n° ${orderId}`);
      expect(html).toContain(`n° ${orderId}`);
      expect(row.body!.length).toBeLessThan((text.length + html.length) / 2);
    }
    const before = newEmail('avant-0014');
    await server.db.insert(mailOutbox).values({ kind: 'avant-0014', recipient: before, subject: 'Écrit avant 0014', text: 'texte en clair', html: '<p>HTML en clair</p>', nextAttemptAt: now });
    now = new Date(now.getTime() + 60_000);
    expect(await server.deps.mail.sendDue()).toBe(3);
    const old = await server.mail.waitFor((m) => m.to === before);
    expect([old.subject, old.text.trim()]).toEqual(['Écrit avant 0014', 'texte en clair']);
    expect(old.html).toContain('<p>HTML en clair</p>');
    const customer = await server.mail.waitFor((m) => m.to === email);
    expect(customer.subject).toBe(`Votre commande n° ${orderId} est bien reçue`);
  });

  /**
   * docs/decisions/010: 7 orders of 30 SIGKILLs were stored without their e-mails, which were written after
   * the order's transaction. A CHECK constraint that refuses this customer's outbox rows stands in
   * for the crash between the two: the order must then not be kept either, so the client's retry
   * (same local_id) places it with its e-mails.
   */
  async function refuseOutboxRowsTo(email: string | null) {
    await server.db.execute(sql`alter table mail_outbox drop constraint if exists crash_stand_in`);
    if (email) await server.db.execute(sql.raw(`alter table mail_outbox add constraint crash_stand_in check (recipient <> '${email}')`));
  }

  test('a cash order and its e-mails are written in one transaction: no order without its e-mails, the retry sends them (docs/decisions/010)', async () => {
    const email = newEmail('coupure');
    await refuseOutboxRowsTo(email);
    try {
      const { response, payload } = await placeCashOrder(email);
      expect(response.status).toBe(500);
      expect(await server.db.select().from(orders).where(eq(orders.localId, payload.local_id))).toEqual([]);
      await refuseOutboxRowsTo(null);
      const retried = await postOrder(server.baseUrl, payload);
      expect(retried.status).toBe(201);
      const orderId = payloadOf(retried).order_id;
      const customer = await server.mail.waitFor((m) => m.to === email);
      expect(customer.subject).toBe(`Votre commande n° ${orderId} est bien reçue`);
      await server.mail.waitFor((m) => m.to === 'bonjour@chez-margot.example' && m.subject.includes(`n° ${orderId}`));
    } finally {
      await refuseOutboxRowsTo(null);
    }
  });

  test('a card order is marked paid and its e-mails written in one transaction (docs/decisions/010)', async () => {
    const email = newEmail('coupure-carte');
    const payload = await buildOrderPayload(server, {
      customer: { first_name: 'Jeanne', last_name: 'Roux', email, phone: '06 98 76 54 32' },
      payment_method: 'card',
    });
    const { order_id: orderId, secret } = payloadOf(await postOrder(server.baseUrl, payload));
    rememberSecret(server, orderId, secret); // the order's proof for the payment calls (docs/decisions/014)
    const intent = await intentFor(server, { orderId, localId: payload.local_id, total: payload.total, payload });
    await refuseOutboxRowsTo(email);
    try {
      await confirmCard(server, intent.client_secret, cards.success);
      // The test processor's webhook met the same refusal: the order is still pending, without e-mails.
      expect((await putPaid(server, orderId, intent.id)).status).toBe(500);
      const [pending] = await server.db.select().from(orders).where(eq(orders.orderId, orderId));
      expect(pending?.status).toBe('pending');
      await refuseOutboxRowsTo(null);
      expect(payloadOf(await putPaid(server, orderId, intent.id)).status).toBe('paid');
      const customer = await server.mail.waitFor((m) => m.to === email);
      expect(customer.subject).toBe(`Votre commande n° ${orderId} est bien reçue`);
    } finally {
      await refuseOutboxRowsTo(null);
    }
  });

  test.each([
    [1, 60],
    [2, 120],
    [3, 240],
    [10, 21_600],
  ])('retry %i waits %i s (doubling, at most 6 hours)', (attempts, seconds) => {
    expect(retryDelaySeconds(attempts)).toBe(seconds);
  });
});
