import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { accountAnswers } from '@resto/copy/storefront/account';
import { anonymisedCustomer } from '@resto/domain/personal-data';
import { orderLines, orders } from '../../db/schema.ts';
import { buildOrderPayload, errorOf, getJson, payloadOf, request, startTestServer, type TestServer } from '../../test/harness.ts';
import { call, createAccount, type Session } from '../../test/accounts.ts';

/**
 * Personal data (docs/decisions/012): the account's data export, and the
 * retention job anonymising guest orders past `privacy.guest_data_retention_months` on the
 * app's fixed clock. Real HTTP, real database (PGlite, and PostgreSQL with DATABASE_URL).
 */

// Fridays at 12:00 in Paris: menu 1 is open.
const firstFriday = new Date('2025-11-28T11:00:00Z');
const secondFriday = new Date('2025-12-05T11:00:00Z');
let now = firstFriday;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
});
afterAll(async () => {
  await server?.close();
});

const lyon = { address: '8 rue Mercière', address2: 'Code 1234B, 3e étage', city: 'Lyon', postal_code: '69002', country: 'France' };

/** A pickup cash order with a note and an address, as a guest or as `session`. */
async function placeOrder(session: Session | null, email: string) {
  const payload = await buildOrderPayload(server, {
    lines: [{ itemId: 106, quantity: 2, note: 'Sonner chez Mme Roux' }],
    user_id: session?.user.id ?? null,
    customer: { first_name: 'Jeanne', last_name: 'Roux', email, phone: '06 98 76 54 32' },
    location: lyon,
  });
  const response = await call<{ order_id: number }>(server, 'POST', '/v2/public/checkout/', { body: payload, token: session?.token });
  expect(response.status).toBe(201);
  return { orderId: payloadOf(response).order_id, localId: payload.local_id };
}

describe('GET /v2/public/auth/export', () => {
  test('a JSON file with the profile, every order and the consents; no-store; never a secret', async () => {
    now = firstFriday;
    const session = await createAccount(server, { first_name: 'Lucie' });
    const first = await placeOrder(session, session.user.email);
    const second = await placeOrder(session, session.user.email);

    const response = await fetch(`${server.baseUrl}/v2/public/auth/export`, {
      headers: { Authorization: `Bearer ${session.token}`, 'user-id': String(session.user.id) },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="mes-donnees-2025-11-28.json"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    const data = JSON.parse(text) as {
      exported_at: string;
      profile: { id: number; email: string; first_name: string; created_at: string; email_verified_at: string | null };
      orders: { order_id: number; customer: { email: string }; items: { note: string }[] }[];
      sessions: { created_at: string }[];
      consents: { cookies: { stored_in: string }; marketing_emails: { given: boolean } };
    };
    expect(data.exported_at).toBe(firstFriday.toISOString());
    expect(data.profile).toMatchObject({ id: session.user.id, email: session.user.email, first_name: 'Lucie' });
    expect(data.profile.email_verified_at).not.toBeNull();
    expect(data.orders.map((o) => o.order_id).sort()).toEqual([first.orderId, second.orderId].sort());
    expect(data.orders[0]?.items[0]?.note).toBe('Sonner chez Mme Roux');
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.consents.cookies.stored_in).toBe('browser');
    expect(data.consents.marketing_emails.given).toBe(false);
    expect(text).not.toContain(session.token);
    expect(text).not.toMatch(/argon2|password_hash|passwordHash|"secret"/);
  });

  test('refused without a bearer token (a token in the URL is not accepted), or with a dead one', async () => {
    const session = await createAccount(server);
    const inQuery = await request(server.baseUrl, `/v2/public/auth/export?token=${session.token}&user_id=${session.user.id}`);
    expect(inQuery.status).toBe(401);
    expect(errorOf(inQuery).message).toBe(accountAnswers.notLoggedIn);
    const dead = await call(server, 'GET', '/v2/public/auth/export', { token: 'x'.repeat(43), headers: { 'user-id': String(session.user.id) } });
    expect(dead.status).toBe(401);
  });
});

describe('guest data retention (36 months by default)', () => {
  test('guest orders past the period are anonymised once; accounting data, recent orders and accounts’ orders stay', async () => {
    now = firstFriday;
    const old = await placeOrder(null, 'ancien.invite@example.fr');
    const session = await createAccount(server);
    const account = await placeOrder(session, session.user.email);
    now = secondFriday;
    const recent = await placeOrder(null, 'recent.invite@example.fr');
    const ids = [old.orderId, account.orderId, recent.orderId];
    const selectOrders = () => server.db.select().from(orders).where(inArray(orders.orderId, ids)).orderBy(orders.orderId);
    const selectLines = () => server.db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(orderLines.id);
    const before = await selectOrders();
    const linesBefore = await selectLines();

    // Three years and three days after the first Friday: the first order is past, the second Friday's is not.
    now = new Date('2028-12-01T09:00:00Z');
    const pass = await server.deps.privacy.anonymiseExpiredGuestData();
    expect(pass.cutoff.toISOString()).toBe('2025-12-01T09:00:00.000Z');
    expect(pass.anonymised).toBe(1);

    const after = await selectOrders();
    const byId = new Map(after.map((o) => [o.orderId, o]));
    const anonymised = byId.get(old.orderId)!;
    expect(anonymised.customer).toEqual(anonymisedCustomer);
    expect(anonymised.location).toEqual({ city: 'Lyon', postal_code: '69002' });
    expect(anonymised.anonymisedAt?.toISOString()).toBe('2028-12-01T09:00:00.000Z');
    const oldBefore = before.find((o) => o.orderId === old.orderId)!;
    for (const key of ['subtotalCents', 'discountCents', 'deliveryCents', 'taxCents', 'totalCents', 'taxByRate', 'createdAt', 'status', 'paymentMethod', 'mealVoucherCents'] as const)
      expect(anonymised[key]).toEqual(oldBefore[key]);
    // The account's order and the recent guest order are untouched.
    for (const id of [account.orderId, recent.orderId]) expect(byId.get(id)).toEqual(before.find((o) => o.orderId === id));
    // Lines keep everything but the kitchen note of the anonymised order.
    const linesAfter = await selectLines();
    expect(linesAfter.map(({ note: _note, ...rest }) => rest)).toEqual(linesBefore.map(({ note: _note, ...rest }) => rest));
    expect(linesAfter.filter((l) => l.orderId === old.orderId).map((l) => l.note)).toEqual(['']);
    expect(linesAfter.filter((l) => l.orderId === recent.orderId).map((l) => l.note)).toEqual(['Sonner chez Mme Roux']);

    // The guest's read-back (real HTTP) shows no personal data any more, and the amounts.
    const view = payloadOf(await getJson<{ customer: unknown; total: number }>(server.baseUrl, `/v2/public/checkout/${old.orderId}?local_id=${old.localId}`));
    expect(view.customer).toEqual(anonymisedCustomer);
    expect(view.total).toBe(oldBefore.totalCents / 100);

    // Idempotent, and two passes at once (two API instances) anonymise nothing twice.
    const [again, concurrent] = await Promise.all([server.deps.privacy.anonymiseExpiredGuestData(), server.deps.privacy.anonymiseExpiredGuestData()]);
    expect(again.anonymised + concurrent.anonymised).toBe(0);
    expect((await server.db.select({ at: orders.anonymisedAt }).from(orders).where(eq(orders.orderId, old.orderId)))[0]?.at?.toISOString()).toBe(
      '2028-12-01T09:00:00.000Z',
    );
  });

  test('two instances racing on fresh work: each expired order is anonymised by exactly one of them', async () => {
    now = secondFriday;
    const placed = await Promise.all([1, 2, 3, 4].map((n) => placeOrder(null, `course.${n}@example.fr`)));
    now = new Date('2029-01-01T09:00:00Z');
    const passes = await Promise.all([1, 2, 3].map(() => server.deps.privacy.anonymiseExpiredGuestData()));
    const total = passes.reduce((sum, p) => sum + p.anonymised, 0);
    const rows = await server.db.select().from(orders).where(inArray(orders.orderId, placed.map((p) => p.orderId)));
    expect(rows.every((o) => o.anonymisedAt !== null && o.customer.email === '')).toBe(true);
    // The second Friday's guest order of the previous test is in this batch too.
    expect(total).toBe(placed.length + 1);
  });
});
