import type { AccountOrdersPage } from '@resto/contract/auth';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { orderAnswers } from '@resto/copy/errors/orders';
import { requestErrors } from '@resto/copy/errors/request';
import { accountAnswers } from '@resto/copy/storefront/account';
import { orderLines, orders, sessions, users } from '../../db/schema.ts';
import { buildOrderPayload, errorOf, looksFrench, payloadOf, postOrder, startTestServer, type JsonResponse, type TestServer } from '../../test/harness.ts';
import { authQuery, call, createAccount, login, newEmail, type Session } from '../../test/accounts.ts';

/**
 * The logged-in calls of section 7 (profile, update-profile, orders, logout, delete-profile),
 * change-password, and orders placed in an account's name (docs/decisions/006). Over real HTTP.
 */

// 2025-11-28 is a Friday, 12:00 in Paris: menu 1 is open.
let now = new Date('2025-11-28T11:00:00Z');
let server: TestServer;
const logLines: string[] = [];

beforeAll(async () => {
  // Every log line at debug level, to prove tokens never reach them.
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString());
      callback();
    },
  });
  server = await startTestServer({ clock: () => now, logger: pino({ level: 'debug' }, sink) });
});
afterAll(async () => {
  await server?.close();
});


/** Places a pickup cash order, as `session` (bearer token and user_id) or as a guest. */
async function placeOrder(session: Session | null, email?: string) {
  const payload = await buildOrderPayload(server, {
    user_id: session ? session.user.id : null,
    customer: { first_name: 'Lucie', last_name: 'Martin', email: email ?? session?.user.email ?? newEmail('invite'), phone: '06 11 22 33 44' },
  });
  return call<{ order_id: number }>(server, 'POST', '/v2/public/checkout/', { body: payload, token: session?.token });
}

describe('profile', () => {
  test('GET profile with the query token and user_id, or the bearer header; refusals in French', async () => {
    const account = await createAccount(server);
    expect(payloadOf(await call(server, 'GET', `/v2/public/auth/profile${authQuery(account)}`))).toEqual(account.user);
    expect(payloadOf(await call(server, 'GET', `/v2/public/auth/profile?user_id=${account.user.id}`, { token: account.token }))).toEqual(account.user);

    const none = await call(server, 'GET', `/v2/public/auth/profile?user_id=${account.user.id}`);
    expect(none.status).toBe(401);
    expect(errorOf(none).message).toBe(accountAnswers.notLoggedIn);
    expect(errorOf(none).code).toBe('login_required');
    const forged = await call(server, 'GET', `/v2/public/auth/profile?token=${'A'.repeat(43)}&user_id=${account.user.id}`);
    expect(forged.status).toBe(401);
    expect(errorOf(forged).message).toBe(accountAnswers.sessionExpired);
    expect(errorOf(forged).code).toBe('session_expired');
    const noId = await call(server, 'GET', `/v2/public/auth/profile?token=${account.token}`);
    expect(noId.status).toBe(400);
    expect(errorOf(noId).message).toBe(accountAnswers.userIdRequired);
  });

  test('PATCH update-profile: names, phone (stored E.164), address; the e-mail is not changed there', async () => {
    const account = await createAccount(server);
    const updated = await call(server, 'PATCH', `/v2/public/auth/update-profile${authQuery(account)}`, {
      body: {
        ...account.user,
        first_name: 'Lucienne',
        phone: '+33 7 12 34 56 78',
        address: '3 place Bellecour, 69002 Lyon',
        email: 'autre@example.fr',
        id: 999,
      },
    });
    expect(payloadOf(updated)).toEqual({ ...account.user, first_name: 'Lucienne', phone: '+33712345678', address: '3 place Bellecour, 69002 Lyon' });
    expect(payloadOf(await call(server, 'GET', `/v2/public/auth/profile${authQuery(account)}`))).toMatchObject({
      first_name: 'Lucienne',
      email: account.user.email,
    });

    const bad = await call(server, 'PATCH', `/v2/public/auth/update-profile${authQuery(account)}`, {
      body: { first_name: '', last_name: 'Martin', phone: '12' },
    });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).errors).toEqual(
      expect.arrayContaining([
        { path: 'first_name', message: requestErrors.firstNameRequired },
        { path: 'phone', message: requestErrors.invalidPhone },
      ]),
    );
  });

  test('a session unused for 30 days is over; used within them, it lives on', async () => {
    const account = await createAccount(server);
    const start = now;
    now = new Date(start.getTime() + 29 * 86_400_000);
    expect((await call(server, 'GET', `/v2/public/auth/profile${authQuery(account)}`)).status).toBe(200);
    now = new Date(now.getTime() + 29 * 86_400_000); // 58 days after login, 29 after the last use
    expect((await call(server, 'GET', `/v2/public/auth/profile${authQuery(account)}`)).status).toBe(200);
    now = new Date(now.getTime() + 30 * 86_400_000);
    const expired = await call(server, 'GET', `/v2/public/auth/profile${authQuery(account)}`);
    expect(expired.status).toBe(401);
    expect(errorOf(expired).message).toBe(accountAnswers.sessionExpired);
    expect(errorOf(expired).code).toBe('session_expired');
    expect(await server.db.select().from(sessions).where(eq(sessions.userId, account.user.id))).toEqual([]);
    now = start;
  });
});

describe('orders in an account', () => {
  test('an order with user_id needs that account’s bearer token: none 401, another’s 403, its own 201', async () => {
    const account = await createAccount(server);
    const other = await createAccount(server);
    const payload = await buildOrderPayload(server, { user_id: account.user.id });
    const noToken = await postOrder(server.baseUrl, payload);
    expect(noToken.status).toBe(401);
    expect(errorOf(noToken).errors).toEqual([{ path: 'user_id', message: orderAnswers.orderNeedsLogin }]);
    expect(errorOf(noToken).code).toBe('login_required');
    const wrong = await call(server, 'POST', '/v2/public/checkout/', { body: payload, token: other.token });
    expect(wrong.status).toBe(403);
    expect(errorOf(wrong).errors).toEqual([{ path: 'user_id', message: orderAnswers.orderAccountMismatch }]);
    expect(errorOf(wrong).code).toBe('account_mismatch');
    const placed = await call<{ order_id: number }>(server, 'POST', '/v2/public/checkout/', { body: payload, token: account.token });
    expect(placed.status).toBe(201);
    const [row] = await server.db
      .select()
      .from(orders)
      .where(eq(orders.orderId, payloadOf(placed).order_id));
    expect(row!.userId).toBe(account.user.id);
  });

  test('GET orders: newest first, 20 a page by default, with lines, totals, type, status and date; guest orders with the same e-mail are not attached', async () => {
    const email = newEmail('fidele');
    const guest = payloadOf(await placeOrder(null, email)).order_id; // before sign-up, same e-mail
    const account = await createAccount(server, { email });
    const placed: number[] = [];
    for (let i = 0; i < 3; i++) {
      now = new Date(now.getTime() + 60_000);
      placed.push(payloadOf(await placeOrder(account)).order_id);
    }
    const page = payloadOf(await call<AccountOrdersPage>(server, 'GET', `/v2/public/auth/orders${authQuery(account)}`));
    expect(page).toMatchObject({ page: 1, limit: 20, total: 3, pages: 1 });
    expect(page.orders.map((o) => o.order_id)).toEqual([...placed].reverse());
    expect(page.orders.map((o) => o.order_id)).not.toContain(guest);
    const first = page.orders[0]!;
    expect(first).toMatchObject({ status: 'pending', is_pickup: true, customer: { email } });
    expect(first.items.length).toBeGreaterThan(0);
    expect(first.total).toBeGreaterThan(0);
    expect(first.tax_by_rate.length).toBeGreaterThan(0);
    expect(Date.parse(first.created_at)).toBeGreaterThan(0);

    const second = payloadOf(await call<AccountOrdersPage>(server, 'GET', `/v2/public/auth/orders${authQuery(account, '&page=2&limit=2')}`));
    expect(second).toMatchObject({ page: 2, limit: 2, total: 3, pages: 2 });
    expect(second.orders.map((o) => o.order_id)).toEqual([placed[0]]);

    for (const query of ['&page=0', '&limit=0', '&limit=101', '&page=abc']) {
      const bad = await call(server, 'GET', `/v2/public/auth/orders${authQuery(account, query)}`);
      expect(bad.status, query).toBe(400);
      expect(looksFrench(errorOf(bad).message), query).toBe(true);
    }
  });
});

describe('logout, password change, deletion', () => {
  test('logout revokes this session only', async () => {
    const account = await createAccount(server);
    const other = payloadOf(await login(server, account.user.email, account.password));
    const out = await call(server, 'POST', '/v2/public/auth/logout/', { token: account.token, headers: { 'user-id': String(account.user.id) } });
    expect(payloadOf(out)).toEqual({ message: accountAnswers.loggedOut });
    expect((await call(server, 'GET', `/v2/public/auth/profile${authQuery(account)}`)).status).toBe(401);
    expect((await call(server, 'GET', `/v2/public/auth/profile${authQuery(other)}`)).status).toBe(200);
    expect((await call(server, 'POST', '/v2/public/auth/logout/', { token: account.token, headers: { 'user-id': String(account.user.id) } })).status).toBe(401);
  });

  test('change-password: current password checked, confirmation matched, common refused; other sessions revoked, this one kept', async () => {
    const account = await createAccount(server);
    const other = payloadOf(await login(server, account.user.email, account.password));
    const path = '/v2/public/auth/change-password/';
    const headers = { 'user-id': String(account.user.id) };
    const wrong = await call(server, 'POST', path, {
      token: account.token,
      headers,
      body: { current_password: 'pas-le-bon', password: 'Nouveau-Secret-2026', password_confirmation: 'Nouveau-Secret-2026' },
    });
    expect(wrong.status).toBe(422);
    expect(errorOf(wrong).errors).toEqual([{ path: 'current_password', message: accountAnswers.passwordWrong }]);
    const mismatch = await call(server, 'POST', path, {
      token: account.token,
      headers,
      body: { current_password: account.password, password: 'Nouveau-Secret-2026', password_confirmation: 'Nouveau-Secret-2027' },
    });
    expect(mismatch.status).toBe(400);
    expect(errorOf(mismatch).errors).toContainEqual({ path: 'password_confirmation', message: accountAnswers.passwordsDoNotMatch });
    const common = await call(server, 'POST', path, {
      token: account.token,
      headers,
      body: { current_password: account.password, password: 'motdepasse', password_confirmation: 'motdepasse' },
    });
    expect(common.status).toBe(422);

    const changed = await call(server, 'POST', path, {
      token: account.token,
      headers,
      body: { current_password: account.password, password: 'Nouveau-Secret-2026', password_confirmation: 'Nouveau-Secret-2026' },
    });
    expect(payloadOf(changed)).toEqual({ message: accountAnswers.passwordChanged });
    expect((await call(server, 'GET', `/v2/public/auth/profile${authQuery(account)}`)).status).toBe(200);
    expect((await call(server, 'GET', `/v2/public/auth/profile${authQuery(other)}`)).status).toBe(401);
    expect((await login(server, account.user.email, account.password)).status).toBe(401);
    expect((await login(server, account.user.email, 'Nouveau-Secret-2026')).status).toBe(200);
  });

  test('delete-profile: logged in, password required, confirmation matched; personal data erased, orders kept anonymised, sessions gone', async () => {
    const account = await createAccount(server);
    const second = payloadOf(await login(server, account.user.email, account.password));
    await call(server, 'PATCH', `/v2/public/auth/update-profile${authQuery(account)}`, { body: { ...account.user, address: '8 rue Mercière, 69002 Lyon' } });
    const guestBefore = payloadOf(await placeOrder(null, account.user.email)).order_id; // a guest's order with that address
    const payload = await buildOrderPayload(server, {
      user_id: account.user.id,
      customer: { first_name: 'Lucie', last_name: 'Martin', email: account.user.email, phone: '06 11 22 33 44' },
      lines: [{ itemId: 105, quantity: 1, note: 'Digicode 4512B, 3e étage' }],
    });
    const owned = payloadOf(await call<{ order_id: number }>(server, 'POST', '/v2/public/checkout/', { body: payload, token: account.token })).order_id;

    const path = '/v2/public/auth/delete-profile/';
    const anonymous = await call(server, 'DELETE', path, { body: { password: account.password, password_confirmation: account.password } });
    expect(anonymous.status).toBe(401);
    expect(errorOf(anonymous).message).toBe(accountAnswers.notLoggedIn);
    const withBody = { token: account.token, user_id: account.user.id };
    const noPassword = await call(server, 'DELETE', path, { token: account.token, body: { ...withBody, password: '', password_confirmation: '' } });
    expect(noPassword.status).toBe(400);
    expect(errorOf(noPassword).errors).toContainEqual({ path: 'password', message: accountAnswers.passwordRequired });
    const mismatch = await call(server, 'DELETE', path, {
      token: account.token,
      body: { ...withBody, password: account.password, password_confirmation: 'autre chose' },
    });
    expect(mismatch.status).toBe(400);
    expect(errorOf(mismatch).errors).toContainEqual({ path: 'password_confirmation', message: accountAnswers.passwordsDoNotMatch });
    const wrong = await call(server, 'DELETE', path, {
      token: account.token,
      body: { ...withBody, password: 'pas-le-bon', password_confirmation: 'pas-le-bon' },
    });
    expect(wrong.status).toBe(422);
    expect(errorOf(wrong).message).toBe(accountAnswers.passwordWrong);

    const deleted = await call(server, 'DELETE', path, {
      token: account.token,
      body: { ...withBody, password: account.password, password_confirmation: account.password },
    });
    expect(payloadOf(deleted)).toEqual({ message: accountAnswers.accountDeleted });

    // Every session is gone, the login refused, no personal data left.
    for (const session of [account, second]) expect((await call(server, 'GET', `/v2/public/auth/profile${authQuery(session)}`)).status).toBe(401);
    expect((await login(server, account.user.email, account.password)).status).toBe(401);
    expect(await server.db.select().from(users).where(eq(users.id, account.user.id))).toEqual([]);
    expect(await server.db.select().from(sessions).where(eq(sessions.userId, account.user.id))).toEqual([]);
    const [order] = await server.db.select().from(orders).where(eq(orders.orderId, owned));
    expect(order).toMatchObject({ userId: null, customer: { first_name: 'Compte', last_name: 'supprimé', email: '', phone: '' } });
    expect(order!.totalCents).toBeGreaterThan(0); // the accounting record stays
    const lines = await server.db.select().from(orderLines).where(eq(orderLines.orderId, owned));
    expect(lines.map((l) => l.note)).toEqual(['']);
    expect(JSON.stringify(order)).not.toContain(account.user.email);
    // The guest order was never the account's: it is not touched.
    const [guest] = await server.db.select().from(orders).where(eq(orders.orderId, guestBefore));
    expect(guest!.customer.email).toBe(account.user.email);
    // The address can sign up again (a minute later: codes are throttled), as a new account.
    now = new Date(now.getTime() + 60_000);
    const again = await createAccount(server, { email: account.user.email });
    expect(again.user.id).not.toBe(account.user.id);
  });
});

describe('another user’s token is refused on every authenticated call (403)', () => {
  let victim: Session & { password: string };
  let attacker: Session & { password: string };
  beforeAll(async () => {
    victim = await createAccount(server);
    attacker = await createAccount(server);
  });

  const attempts: [string, () => Promise<JsonResponse<unknown>>][] = [
    ['GET profile (query)', () => call(server, 'GET', `/v2/public/auth/profile?token=${attacker.token}&user_id=${victim.user.id}`)],
    ['GET profile (bearer)', () => call(server, 'GET', `/v2/public/auth/profile?user_id=${victim.user.id}`, { token: attacker.token })],
    [
      'PATCH update-profile',
      () =>
        call(server, 'PATCH', `/v2/public/auth/update-profile?token=${attacker.token}&user_id=${victim.user.id}`, {
          body: { first_name: 'Pirate', last_name: 'X', phone: '0611223344' },
        }),
    ],
    ['GET orders', () => call(server, 'GET', `/v2/public/auth/orders?token=${attacker.token}&user_id=${victim.user.id}&page=1&limit=20`)],
    ['POST logout', () => call(server, 'POST', '/v2/public/auth/logout/', { token: attacker.token, headers: { 'user-id': String(victim.user.id) } })],
    [
      'POST change-password',
      () =>
        call(server, 'POST', '/v2/public/auth/change-password/', {
          token: attacker.token,
          headers: { 'user-id': String(victim.user.id) },
          body: { current_password: attacker.password, password: 'Pirate-Secret-2026', password_confirmation: 'Pirate-Secret-2026' },
        }),
    ],
    [
      'DELETE delete-profile',
      () =>
        call(server, 'DELETE', '/v2/public/auth/delete-profile/', {
          token: attacker.token,
          body: { token: attacker.token, user_id: victim.user.id, password: attacker.password, password_confirmation: attacker.password },
        }),
    ],
    [
      'POST checkout (order in the victim’s name)',
      async () => call(server, 'POST', '/v2/public/checkout/', { token: attacker.token, body: await buildOrderPayload(server, { user_id: victim.user.id }) }),
    ],
  ];

  test.each(attempts)('%s: 403', async (name, attempt) => {
    const response = await attempt();
    expect(response.status).toBe(403);
    // The order in another's name is account_mismatch; every account call is wrong_user.
    expect(errorOf(response).code).toBe(name.startsWith('POST checkout') ? 'account_mismatch' : 'wrong_user');
  });

  test('after all of them, the victim’s account is intact and still logged in', async () => {
    expect(payloadOf(await call(server, 'GET', `/v2/public/auth/profile${authQuery(victim)}`))).toEqual(victim.user);
    expect((await login(server, victim.user.email, victim.password)).status).toBe(200);
    expect(payloadOf(await call<AccountOrdersPage>(server, 'GET', `/v2/public/auth/orders${authQuery(victim)}`)).total).toBe(0);
  });
});

test('tokens and passwords never reach the logs, even at debug level with the token in the query', async () => {
  const account = await createAccount(server);
  await call(server, 'GET', `/v2/public/auth/profile${authQuery(account)}`);
  await call(server, 'GET', `/v2/public/auth/orders${authQuery(account)}`);
  await call(server, 'GET', `/v2/public/auth/profile?token=${account.token}&user_id=${account.user.id + 1}`);
  const logs = logLines.join('');
  expect(logs).toContain('/v2/public/auth/profile'); // the requests were logged…
  expect(logs).not.toContain(account.token); // …without their query
  expect(logs).not.toContain(account.password);
  expect(logs).not.toContain('token=');
});

test('housekeeping counts every old code once, also those of the sign-ups it deletes (codes first, not side by side)', async () => {
  const start = now;
  for (let i = 0; i < 12; i++) {
    payloadOf(
      await call(server, 'POST', '/v2/public/auth/signup/', {
        body: { first_name: 'Paul', last_name: 'Durand', phone: '0611223344', email: newEmail(`oubli${i}`), password: 'Un-mot-de-passe-long' },
      }),
    );
  }
  now = new Date(start.getTime() + 8 * 86_400_000);
  const removed = await server.deps.auth.purgeExpired();
  // Each sign-up's code is older than a day and its sign-up older than 7 days: the code is counted
  // as a code, not lost in the cascade of its sign-up's deletion.
  expect(removed.codes).toBeGreaterThanOrEqual(12);
  expect(removed.unverified).toBeGreaterThanOrEqual(12);
  now = start;
});

test('housekeeping deletes idle sessions, old codes and counters, and sign-ups never confirmed; nothing alive', async () => {
  const alive = await createAccount(server);
  const start = now;
  const unconfirmed = newEmail('jamais');
  payloadOf(
    await call(server, 'POST', '/v2/public/auth/signup/', {
      body: { first_name: 'Paul', last_name: 'Durand', phone: '0611223344', email: unconfirmed, password: 'Un-mot-de-passe-long' },
    }),
  );
  now = new Date(start.getTime() + 8 * 86_400_000);
  payloadOf(await call(server, 'GET', `/v2/public/auth/profile${authQuery(alive)}`)); // used: stays alive
  const removed = await server.deps.auth.purgeExpired();
  expect(removed.unverified).toBeGreaterThanOrEqual(1);
  expect(removed.codes).toBeGreaterThanOrEqual(1);
  expect(removed.counters).toBeGreaterThanOrEqual(1);
  expect(await server.db.select().from(users).where(eq(users.email, unconfirmed))).toEqual([]);
  expect((await call(server, 'GET', `/v2/public/auth/profile${authQuery(alive)}`)).status).toBe(200);
  now = start;
});
