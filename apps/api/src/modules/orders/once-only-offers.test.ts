import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { offerAnswers } from '@resto/copy/storefront/cart';
import { orderOffers, orders } from '../../db/schema.ts';
import { buildOrderPayload, errorOf, payloadOf, startTestServer, type JsonResponse, type TestServer } from '../../test/harness.ts';
import { call, createAccount, type Session } from '../../test/accounts.ts';

/**
 * A once-only coupon (BIENVENUE10, allow_repeat false) is used once per person, whether the person
 * orders logged in or as a guest, and whatever spelling of their mailbox they type
 * (docs/decisions/003). Over real HTTP, on PGlite and PostgreSQL.
 */

// 2025-11-28 is a Friday, 12:00 in Paris: menu 1 is open, no weekday promotion.
const now = new Date('2025-11-28T11:00:00Z');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
});
afterAll(async () => {
  await server?.close();
});

/** A fresh Gmail-style local part ('marie.dupont.1a2b3c'), so tests never share a mailbox. */
const freshName = (label: string) => `${label}.${randomBytes(3).toString('hex')}`;
const lines = [{ itemId: 105, quantity: 2 }]; // 22 €: over BIENVENUE10's 20 € minimum

/** Places a pickup cash order with BIENVENUE10, as `session` or as a guest typing `email`. */
async function orderWithCoupon(email: string, session: Session | null = null): Promise<JsonResponse<{ order_id: number }>> {
  const payload = await buildOrderPayload(server, {
    lines,
    coupon: 'BIENVENUE10',
    user_id: session ? session.user.id : null,
    customer: { first_name: 'Marie', last_name: 'Dupont', email, phone: '06 12 34 56 78' },
  });
  return call<{ order_id: number }>(server, 'POST', '/v2/public/checkout/', { body: payload, token: session?.token });
}

function expectAlreadyUsed(response: JsonResponse<unknown>) {
  expect(response.status, JSON.stringify(response.body)).toBe(422);
  expect(errorOf(response).errors).toEqual([{ path: 'coupon', message: offerAnswers.couponAlreadyUsed }]);
}

describe('BIENVENUE10 once per person, logged in or not', () => {
  test('used logged in: refused as a guest with the same e-mail, its capitals, dots or +tag at Gmail, and googlemail.com', async () => {
    const name = freshName('marie.dupont');
    const account = await createAccount(server, { email: `${name}@gmail.com` });
    const first = await orderWithCoupon(account.user.email, account);
    expect(first.status, JSON.stringify(first.body)).toBe(201);

    for (const email of [
      `${name}@gmail.com`,
      `${name.toUpperCase()}@Gmail.com`,
      `${name}+1@gmail.com`,
      `${name.replaceAll('.', '')}@gmail.com`,
      `${name.replace('marie.', 'm.a.r.i.e.')}+bienvenue@googlemail.com`,
    ])
      expectAlreadyUsed(await orderWithCoupon(email));
    // The account itself, typing another spelling at checkout: refused too.
    expectAlreadyUsed(await orderWithCoupon(`${name}+2@gmail.com`, account));

    // Another person: accepted.
    expect((await orderWithCoupon(`${freshName('marie.dupont')}@gmail.com`)).status).toBe(201);
  });

  test('used as a guest with a +tag: refused to the account of that mailbox, logged in', async () => {
    const name = freshName('jean.martin');
    const guest = await orderWithCoupon(`${name}+pizza@gmail.com`);
    expect(guest.status, JSON.stringify(guest.body)).toBe(201);
    const account = await createAccount(server, { email: `${name.replaceAll('.', '')}@gmail.com` });
    expectAlreadyUsed(await orderWithCoupon(account.user.email, account));
  });

  test('a logged-in order records its use under the account and under its e-mail keys', async () => {
    const name = freshName('paul.durand');
    const account = await createAccount(server, { email: `${name}@outlook.fr` });
    const placed = payloadOf(await orderWithCoupon(`${name}+commande@outlook.fr`, account));
    const keys = await server.db.select({ key: orderOffers.customerKey }).from(orderOffers).where(eq(orderOffers.orderId, placed.order_id));
    expect(keys.map((k) => k.key).sort()).toEqual([`email:${name}@outlook.fr`, `user:${account.user.id}`]);
    // Outlook ignores +tag but not dots: another dotting is another person.
    expectAlreadyUsed(await orderWithCoupon(`${name}+autre@outlook.fr`));
    expect((await orderWithCoupon(`${name.replace('.', '')}@outlook.fr`)).status).toBe(201);
  });

  test('at a domain outside the list, +1 is another address (documented choice)', async () => {
    const name = freshName('lea');
    expect((await orderWithCoupon(`${name}@example.fr`)).status).toBe(201);
    expectAlreadyUsed(await orderWithCoupon(`${name.toUpperCase()}@EXAMPLE.FR`));
    expect((await orderWithCoupon(`${name}+1@example.fr`)).status).toBe(201);
  });

  test('raced: the account and 7 guest spellings of its mailbox at once, one order gets BIENVENUE10', async () => {
    const name = freshName('claire.petit');
    const account = await createAccount(server, { email: `${name}@gmail.com` });
    const spellings = [
      `${name}@gmail.com`,
      `${name}+1@gmail.com`,
      `${name}+2@gmail.com`,
      `${name.replaceAll('.', '')}@gmail.com`,
      `${name.toUpperCase()}@gmail.com`,
      `${name}@googlemail.com`,
      `${name.replaceAll('.', '')}+x@googlemail.com`,
    ];
    const responses = await Promise.all([orderWithCoupon(account.user.email, account), ...spellings.map((email) => orderWithCoupon(email))]);
    const statuses = responses.map((r) => r.status);
    expect(
      statuses.filter((s) => s === 201),
      JSON.stringify(statuses),
    ).toHaveLength(1);
    for (const response of responses.filter((r) => r.status !== 201)) expectAlreadyUsed(response);
    const ids = responses.filter((r) => r.status === 201).map((r) => payloadOf(r).order_id);
    const withCoupon = await server.db.select({ id: orders.orderId }).from(orders).where(inArray(orders.orderId, ids));
    expect(withCoupon).toHaveLength(1);
  });
});
