import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createLogger } from './logger.ts';
import { buildOrderPayload, payloadOf, postOrder, startTestServer, type TestServer } from './test/harness.ts';
import { call, createAccount, login, newEmail, signupBody } from './test/accounts.ts';
import { cards, confirmCard, createCustomer, putPaid, rememberSecret, requestIntent } from './modules/payments/test-helpers.ts';

/**
 * docs/decisions/014: the log line of a 500 carried Drizzle's query parameters (e-mail, phone,
 * names, the argon2 hash). The pino output of a real server, at debug, through sign-up, login,
 * orders, a card payment and forced database errors, holds no personal data and no secret.
 */
const now = new Date('2025-11-28T11:00:00Z'); // Friday noon in Paris: open
const lines: string[] = [];
let server: TestServer;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  server = await startTestServer({ clock: () => now, logger: createLogger('debug', sink) });
});
afterAll(async () => {
  await server?.close();
});

test('no personal data or secret reaches a log line, at any level', async () => {
  const secrets: string[] = [];
  const person = { first_name: 'Zéphyrine', last_name: 'Quatremaire', phone: '06 47 58 69 70', email: newEmail('zephyrine') };
  secrets.push(person.first_name, person.last_name, person.email, '06 47 58 69 70', '+33647586970', '647586970');

  // Sign-up (code read from the SMTP server), login.
  const account = await createAccount(server, { ...person, password: 'Tarte-aux-pralines-1984' });
  secrets.push('Tarte-aux-pralines-1984', account.token);
  const session = payloadOf(await login(server, person.email, 'Tarte-aux-pralines-1984'));
  secrets.push(session.token);
  await login(server, person.email, 'mauvais-mot-de-passe-1'); // a failed login logs nothing personal either

  // A guest cash order with a note, an account card order paid with the test processor.
  const cash = await buildOrderPayload(server, { customer: person, lines: [{ itemId: 105, quantity: 1, note: 'Digicode Bâtiment-Hortensia' }] });
  const cashAnswer = payloadOf(await postOrder(server.baseUrl, cash));
  secrets.push(cash.local_id, cashAnswer.secret, 'Bâtiment-Hortensia');
  const card = await buildOrderPayload(server, { customer: person, payment_method: 'card', user_id: account.user.id });
  const placed = payloadOf(await call<{ order_id: number; secret: string }>(server, 'POST', '/v2/public/checkout/', { body: card, token: account.token }));
  rememberSecret(server, placed.order_id, placed.secret);
  secrets.push(card.local_id, placed.secret);
  const intent = payloadOf(await requestIntent(server, { order_id: placed.order_id, customer_id: await createCustomer(server), amount: card.total }));
  secrets.push(intent.client_secret);
  await confirmCard(server, intent.client_secret, cards.success);
  expect(payloadOf(await putPaid(server, placed.order_id, intent.id)).status).toBe('paid');

  // Forced database errors while writing an order and an account: their parameters are personal data and an argon2 hash.
  await server.db.execute(sql`create function refuse_all() returns trigger language plpgsql as $$ begin raise exception 'refusé pour le test'; end $$`);
  await server.db.execute(sql`create trigger refuse_orders before insert on orders for each row execute function refuse_all()`);
  // A sign-up is written to `signups` until it is confirmed (docs/decisions/006).
  await server.db.execute(sql`create trigger refuse_signups before insert on signups for each row execute function refuse_all()`);
  const failedOrder = await postOrder(server.baseUrl, await buildOrderPayload(server, { customer: person }));
  expect(failedOrder.status).toBe(500);
  const failedSignup = await call(server, 'POST', '/v2/public/auth/signup/', { body: signupBody({ ...person, email: newEmail('zephyrine'), password: 'Tarte-aux-pralines-1984' }) });
  expect(failedSignup.status).toBe(500);
  await server.deps.mail.idle();

  const internal = lines.filter((line) => line.includes('erreur interne'));
  expect(internal.length).toBeGreaterThanOrEqual(2);
  // The errors are still useful: the SQL text and the database's own message.
  expect(internal.some((line) => line.includes('insert into \\"orders\\"') && line.includes('refusé pour le test'))).toBe(true);
  expect(lines.some((line) => line.includes('"level":20'))).toBe(true); // debug lines were written

  const leaks = lines.flatMap((line) => [...secrets.filter((secret) => line.includes(secret)), ...(/\$argon2/.test(line) ? ['$argon2…'] : [])].map((secret) => `${secret} in ${line.slice(0, 300)}`));
  expect(leaks).toEqual([]);
}, 120_000);
