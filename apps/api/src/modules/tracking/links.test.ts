import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AccountOrdersPage } from '@resto/contract/auth';
import { buildOrderPayload, payloadOf, postOrder, request, startTestServer, type TestServer } from '../../test/harness.ts';
import { authQuery, call, createAccount, newEmail } from '../../test/accounts.ts';

/**
 * The links to the customer's status page /suivi?commande=<secret> (docs/decisions/019) that the API
 * gives: in the customer's confirmation e-mail (SITE_URL + path) and on the account's own orders.
 * Over real HTTP; PGlite, and PostgreSQL with DATABASE_URL.
 */

const tuesdayNoonParis = new Date('2026-11-24T11:30:00Z');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ clock: () => tuesdayNoonParis });
});
afterAll(async () => {
  await server?.close();
});

const cart = [{ itemId: 101, quantity: 2 }];

describe('links to /suivi', () => {
  test("the customer's confirmation e-mail has « Suivre ma commande » with the absolute URL; the kitchen's has not", async () => {
    const email = 'suivi.mail@example.fr';
    const payload = await buildOrderPayload(server, { lines: cart, customer: { first_name: 'Inès', last_name: 'Roux', email, phone: '06 98 76 54 32' } });
    const response = await postOrder(server.baseUrl, payload);
    expect(response.status).toBe(201);
    const { order_id: orderId, secret } = payloadOf(response) as { order_id: number; secret: string };
    const link = `https://chez-margot.example/suivi?commande=${secret}`;
    const customer = await server.mail.waitFor((m) => m.to === email);
    expect(customer.text).toContain(`Suivre ma commande : ${link}`);
    expect(customer.html).toContain(`href="${link}"`);
    expect(customer.html).toContain('Suivre ma commande</a>');
    const kitchen = await server.mail.waitFor((m) => m.to === 'bonjour@chez-margot.example' && m.subject.includes(`n° ${orderId}`));
    expect(kitchen.text).not.toContain('/suivi?commande=');
  });

  test('the links follow SITE_URL, the one source of the site’s address, whatever a restaurant file’s `site.url` says', async () => {
    const other = await startTestServer({ clock: () => tuesdayNoonParis, siteUrl: 'http://localhost:3999/', settings: { 'orders.email_only': true, 'site.url': 'https://ancien.example' } });
    try {
      const email = 'suivi.site@example.fr';
      const payload = await buildOrderPayload(other, { lines: cart, customer: { first_name: 'Inès', last_name: 'Roux', email, phone: '06 98 76 54 32' } });
      const { secret } = payloadOf(await postOrder(other.baseUrl, payload)) as { secret: string };
      const customer = await other.mail.waitFor((m) => m.to === email);
      expect(customer.text).toContain(`Suivre ma commande : http://localhost:3999/suivi?commande=${secret}`);
      expect(customer.text).toContain(`Votre reçu : http://localhost:3999/recu?commande=${secret}`);
      expect(customer.text).not.toContain('ancien.example');
      // The storefront (its legal notice) reads the same address, once.
      const settings = payloadOf(await request<{ name: string; value: unknown }[]>(other.baseUrl, '/v2/public/settings'));
      expect(settings.filter((s) => s.name === 'site.url')).toEqual([{ name: 'site.url', value: 'http://localhost:3999' }]);
    } finally {
      await other.close();
    }
  });

  test("each of the account's orders carries its tracking_secret, a card order not paid yet included", async () => {
    const account = await createAccount(server, { email: newEmail('suivi') });
    const customer = { first_name: 'Lucie', last_name: 'Martin', email: account.user.email, phone: '06 11 22 33 44' };
    const payload = await buildOrderPayload(server, { lines: cart, user_id: account.user.id, customer });
    const placed = await call<{ order_id: number; secret: string }>(server, 'POST', '/v2/public/checkout/', { body: payload, token: account.token });
    expect(placed.status).toBe(201);
    const cardPayload = await buildOrderPayload(server, { lines: cart, user_id: account.user.id, customer, payment_method: 'card' });
    const cardPlaced = await call<{ order_id: number; secret: string }>(server, 'POST', '/v2/public/checkout/', { body: cardPayload, token: account.token });
    expect(cardPlaced.status).toBe(201);
    const card = { orderId: payloadOf(cardPlaced).order_id, secret: payloadOf(cardPlaced).secret };
    const page = payloadOf(await call<AccountOrdersPage>(server, 'GET', `/v2/public/auth/orders${authQuery(account)}`));
    const bySecret = Object.fromEntries(page.orders.map((order) => [order.order_id, order.tracking_secret]));
    expect(bySecret).toEqual({ [payloadOf(placed).order_id]: payloadOf(placed).secret, [card.orderId]: card.secret });
    // The unpaid card order has no receipt yet, but its status page is open.
    expect(page.orders.find((order) => order.order_id === card.orderId)?.receipt_secret).toBeNull();
  });

  test("another account's orders list never shows this order's secret", async () => {
    const owner = await createAccount(server, { email: newEmail('suivi-a') });
    const other = await createAccount(server, { email: newEmail('suivi-b') });
    const payload = await buildOrderPayload(server, {
      lines: cart,
      user_id: owner.user.id,
      customer: { first_name: 'Léa', last_name: 'Petit', email: owner.user.email, phone: '06 22 33 44 55' },
    });
    const placed = await call<{ order_id: number; secret: string }>(server, 'POST', '/v2/public/checkout/', { body: payload, token: owner.token });
    expect(placed.status).toBe(201);
    const page = payloadOf(await call<AccountOrdersPage>(server, 'GET', `/v2/public/auth/orders${authQuery(other)}`));
    expect(JSON.stringify(page)).not.toContain(payloadOf(placed).secret);
  });
});
