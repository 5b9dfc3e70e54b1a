import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { paymentAnswers } from '@resto/copy/storefront/payment';
import { readEnv } from '../../env.ts';
import { createLogger } from '../../logger.ts';
import { buildOrderPayload, errorOf, getJson, payloadOf, postOrder, startTestServer, type TestServer } from '../../test/harness.ts';
import { call, createAccount } from '../../test/accounts.ts';
import { paymentProvider, testModeAllowed } from './providers/from-env.ts';
import { cards, confirmCard, createCustomer, putPaid, rememberSecret, requestIntent } from './test-helpers.ts';

/**
 * docs/decisions/014: without Stripe keys every deployment marked 4242… orders paid and told the
 * restaurant "Carte bancaire en ligne". In production card payments are now off unless
 * PAYMENT_TEST_MODE=1, and a test-mode payment says so wherever staff and customers see it.
 */
const now = new Date('2025-11-28T11:00:00Z'); // Friday noon in Paris: open
const logger = createLogger('silent');

describe('which processor runs', () => {
  test('production without Stripe keys: none, unless PAYMENT_TEST_MODE=1', () => {
    expect(testModeAllowed(readEnv({ NODE_ENV: 'production' }))).toBe(false);
    expect(testModeAllowed(readEnv({}))).toBe(false); // NODE_ENV defaults to production
    expect(testModeAllowed(readEnv({ NODE_ENV: 'production', PAYMENT_TEST_MODE: '1' }))).toBe(true);
    expect(testModeAllowed(readEnv({ NODE_ENV: 'development' }))).toBe(true);
    expect(testModeAllowed(readEnv({ NODE_ENV: 'development', PAYMENT_TEST_MODE: '0' }))).toBe(false);
    expect(() => readEnv({ PAYMENT_TEST_MODE: 'peut-être' })).toThrow(/PAYMENT_TEST_MODE/);
  });

  test('paymentProvider: null in production, the test processor when asked, Stripe with keys', () => {
    const db = {} as never;
    expect(paymentProvider(readEnv({ NODE_ENV: 'production' }), db, logger)).toBeNull();
    expect(paymentProvider(readEnv({ NODE_ENV: 'production', PAYMENT_TEST_MODE: 'yes' }), db, logger)?.name).toBe('test');
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(paymentProvider(readEnv({ NODE_ENV: 'production', ...stripe }), db, logger)?.name).toBe('stripe');
  });
});

describe('card payments off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ clock: () => now, payments: () => null });
  });
  afterAll(async () => {
    await server?.close();
  });

  test('the settings say card is not offered, a card order is refused in French, cash still works', async () => {
    const settings = payloadOf(await getJson<{ name: string; value: unknown }[]>(server.baseUrl, '/v2/public/settings'));
    expect(settings.find((s) => s.name === 'payments.stripe.active')?.value).toBe(false);
    expect(payloadOf(await getJson<{ provider: string }>(server.baseUrl, '/v2/public/checkout/payment-config')).provider).toBe('none');
    const card = await postOrder(server.baseUrl, await buildOrderPayload(server, { payment_method: 'card' }));
    expect(card.status).toBe(422);
    expect(errorOf(card).message).toBe(paymentAnswers.paymentMethodDisabled);
    expect((await postOrder(server.baseUrl, await buildOrderPayload(server))).status).toBe(201);
  });
});

describe('a test-mode payment is labelled', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ clock: () => now });
  });
  afterAll(async () => {
    await server?.close();
  });

  test('in both e-mails, the read-back (/success) and the account orders (ViewOrders); a cash order is not', async () => {
    const account = await createAccount(server);
    const email = account.user.email;
    const payload = await buildOrderPayload(server, {
      payment_method: 'card',
      user_id: account.user.id,
      customer: { first_name: 'Lucie', last_name: 'Martin', email, phone: '06 11 22 33 44' },
    });
    const { order_id: orderId, secret } = payloadOf(await call<{ order_id: number; secret: string }>(server, 'POST', '/v2/public/checkout/', { body: payload, token: account.token }));
    rememberSecret(server, orderId, secret);
    const intent = payloadOf(await requestIntent(server, { order_id: orderId, customer_id: await createCustomer(server), amount: payload.total }));
    await confirmCard(server, intent.client_secret, cards.success);
    expect(payloadOf(await putPaid(server, orderId, intent.id)).status).toBe('paid');

    const customerMail = await server.mail.waitFor((m) => m.to === email.toLowerCase() && m.subject.includes(`n° ${orderId}`));
    expect(customerMail.text).toContain(`Carte bancaire en ligne — ${paymentAnswers.paymentTestMode.toUpperCase()}`);
    const kitchen = await server.mail.waitFor((m) => m.subject.startsWith(`[MODE TEST] Nouvelle commande n° ${orderId}`));
    expect(kitchen.text).toContain(paymentAnswers.paymentTestMode.toUpperCase());

    const view = payloadOf(await getJson<{ payment_test_mode: boolean }>(server.baseUrl, `/v2/public/checkout/${orderId}?local_id=${payload.local_id}`));
    expect(view.payment_test_mode).toBe(true);
    const mine = payloadOf(await call<{ orders: { order_id: number; payment_test_mode: boolean }[] }>(server, 'GET', '/v2/public/auth/orders', { token: account.token, headers: { 'user-id': String(account.user.id) } }));
    expect(mine.orders.find((o) => o.order_id === orderId)?.payment_test_mode).toBe(true);

    const cash = await buildOrderPayload(server);
    const cashId = payloadOf(await postOrder(server.baseUrl, cash)).order_id;
    const cashView = payloadOf(await getJson<{ payment_test_mode: boolean }>(server.baseUrl, `/v2/public/checkout/${cashId}?local_id=${cash.local_id}`));
    expect(cashView.payment_test_mode).toBe(false);
  }, 60_000);
});
