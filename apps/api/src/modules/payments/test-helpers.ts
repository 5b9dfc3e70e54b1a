import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ErrorCode } from '@resto/contract/errors';
import { catalogVersion, orderEvents, orders, paymentWebhookEvents, payments, settings } from '../../db/schema.ts';
import type { Database } from '../../db/client.ts';
import { buildOrderPayload, errorOf, payloadOf, postOrder, sendJson, type TestServer } from '../../test/harness.ts';

/** Helpers of the card payment API tests: each step of the browser's flow over real HTTP. */

export const cards = { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', authentication: '4000 0027 6000 3184' } as const;

export interface CardOrder {
  orderId: number;
  localId: string;
  /** Euros, as the API writes it. */
  total: number;
  payload: Awaited<ReturnType<typeof buildOrderPayload>>;
  /** The order's secret, answered by POST /checkout/: the proof the payment calls send (docs/decisions/014). */
  secret?: string;
}

/** Each order's secret by server and order number, remembered as the browser keeps it. */
const secrets = new Map<string, string>();
const secretKey = (server: Pick<TestServer, 'baseUrl'>, orderId: number) => `${server.baseUrl}#${orderId}`;

/** Remembers an order's secret for requestIntent and putPaid (as the storefront keeps it with the order). */
export function rememberSecret(server: Pick<TestServer, 'baseUrl'>, orderId: number, secret: string) {
  secrets.set(secretKey(server, orderId), secret);
}

/** The remembered secret of an order, if any. */
function secretOf(server: Pick<TestServer, 'baseUrl'>, orderId: number): string | undefined {
  return secrets.get(secretKey(server, orderId));
}

/** POST /v2/public/checkout/ with payment_method 'card': a pending order. */
export async function createCardOrder(server: TestServer): Promise<CardOrder> {
  const payload = await buildOrderPayload(server, { payment_method: 'card' });
  const { order_id, secret } = payloadOf(await postOrder(server.baseUrl, payload));
  rememberSecret(server, order_id, secret);
  return { orderId: order_id, localId: payload.local_id, total: payload.total, payload, secret };
}

export async function createCustomer(server: TestServer): Promise<string> {
  const response = await sendJson<{ customer: string }>(server.baseUrl, 'POST', '/v2/public/checkout/stripe-customer', {
    email: 'marie.dupont@example.fr',
    name: 'Marie Dupont',
    phone: '+33612345678',
  });
  return payloadOf(response).customer;
}

/** POST stripe-payment-intent, with the order's remembered secret unless the body says otherwise. */
export function requestIntent(
  server: TestServer,
  body: { order_id: number; customer_id: string; amount: number; payment_intent_id?: string; secret?: string | null; local_id?: string },
) {
  return sendJson<{ id: string; client_secret: string; status: string; amount: number }>(
    server.baseUrl,
    'POST',
    '/v2/public/checkout/stripe-payment-intent',
    { secret: secretOf(server, body.order_id), ...body },
  );
}

/** Customer and intent for an order, as the browser asks them at confirmation. */
export async function intentFor(server: TestServer, order: CardOrder) {
  const customer = await createCustomer(server);
  return payloadOf(await requestIntent(server, { order_id: order.orderId, customer_id: customer, amount: order.total }));
}

export function confirmCard(server: TestServer, clientSecret: string, number: string) {
  return sendJson<{ id: string; status: string; next_action: string | null; last_payment_error: string | null }>(
    server.baseUrl,
    'POST',
    '/v2/public/checkout/test-processor/confirm',
    { client_secret: clientSecret, number, expiry: '12/34', cvc: '123' },
  );
}

export function authenticate(server: TestServer, clientSecret: string, approve: boolean) {
  return sendJson<{ id: string; status: string }>(server.baseUrl, 'POST', '/v2/public/checkout/test-processor/authenticate', {
    client_secret: clientSecret,
    approve,
  });
}

/** PUT /checkout/ status paid, with the order's remembered secret (or the one given; null: none). */
export function putPaid(server: TestServer, orderId: number, transactionId: string | null, secret: string | null = secretOf(server, orderId) ?? null) {
  return sendJson<{ order_id: number; status: string }>(server.baseUrl, 'PUT', '/v2/public/checkout/', {
    order_id: orderId,
    transaction_id: transactionId,
    status: 'paid',
    secret,
  });
}

/** The order's status and status history, read from the database. */
export async function orderState(db: Database, orderId: number) {
  const [order] = await db.select({ status: orders.status, transactionId: orders.transactionId }).from(orders).where(eq(orders.orderId, orderId));
  const history = await db
    .select({ status: orderEvents.toStatus })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), isNotNull(orderEvents.toStatus)))
    .orderBy(orderEvents.id);
  const [payment] = await db.select({ status: payments.status, intentId: payments.intentId }).from(payments).where(eq(payments.orderId, orderId));
  return { status: order?.status, transactionId: order?.transactionId ?? null, history: history.map((h) => h.status), payment: payment ?? null };
}

export async function countRows(db: Database, table: typeof payments | typeof paymentWebhookEvents): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return rows[0]?.n ?? 0;
}

/** Changes a setting before the first request reads the catalogue, and bumps its version for running apps. */
export async function setSetting(db: Database, name: string, value: unknown) {
  await db.update(settings).set({ value }).where(eq(settings.name, name));
  await db.update(catalogVersion).set({ version: sql`${catalogVersion.version} + 1` });
}

/** Expects a French error envelope with this HTTP status (and this message and code when given). */
export function expectError(response: Awaited<ReturnType<typeof sendJson>>, status: number, message?: string, code?: ErrorCode) {
  expect(response.status).toBe(status);
  const error = errorOf(response);
  if (message) expect(error.message).toBe(message);
  if (code) expect(error.code).toBe(code);
  return error;
}
