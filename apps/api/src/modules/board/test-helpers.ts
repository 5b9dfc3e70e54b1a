import type { BoardOrder, BoardState, OrderActionBody, TrackingView } from '@resto/contract/board';
import { buildOrderPayload, payloadOf, postOrder, request, type OrderOverrides, type TestServer } from '../../test/harness.ts';
import { staffRequest } from '../../test/staff.ts';
import { cards, confirmCard, createCardOrder, intentFor, putPaid } from '../payments/test-helpers.ts';
import type { TestProcessor } from '../payments/index.ts';

/** Helpers of the board's API tests: staff calls with a session cookie, orders placed and paid over real HTTP. */

export function board(server: TestServer, cookie: string | null) {
  return staffRequest<BoardState>(server, cookie, 'GET', '/v2/restaurant/orders');
}

export function act(server: TestServer, cookie: string | null, orderId: number, body: OrderActionBody | Record<string, unknown>) {
  return staffRequest<BoardOrder>(server, cookie, 'POST', `/v2/restaurant/orders/${orderId}/actions`, body);
}

export function tracking(server: TestServer, secret: string) {
  return request<TrackingView>(server.baseUrl, `/v2/public/tracking/${secret}`);
}

/** A cash order placed now (pickup, the demo's first pizza twice). */
export async function placeCashOrder(server: TestServer, overrides: OrderOverrides = {}): Promise<{ orderId: number; secret: string }> {
  const { order_id, secret } = payloadOf(await postOrder(server.baseUrl, await buildOrderPayload(server, overrides)));
  return { orderId: order_id, secret };
}

/** A card order placed and paid with the test processor (`card`: one of its test numbers). */
export async function placePaidCardOrder(server: TestServer, card: string = cards.success): Promise<{ orderId: number; secret: string; intentId: string; total: number }> {
  const order = await createCardOrder(server);
  const intent = await intentFor(server, order);
  await confirmCard(server, intent.client_secret, card);
  payloadOf(await putPaid(server, order.orderId, intent.id));
  await (server.payments.provider as TestProcessor).idle();
  return { orderId: order.orderId, secret: order.secret!, intentId: intent.id, total: order.total };
}

/** An instant `minutes` after the server's clock, ISO 8601. */
export function inMinutes(server: TestServer, minutes: number): string {
  return new Date(server.now().getTime() + minutes * 60_000).toISOString();
}

/**
 * A phone order's body (docs/decisions/036-phone-orders.md): the storefront's payload for the same
 * cart (its totals by the domain's pricing), without an account, the customer's e-mail optional.
 */
export async function phoneOrderPayload(server: TestServer, overrides: OrderOverrides = {}, customer: { email?: string } = {}) {
  const { user_id: _user, transaction_id: _transaction, ...payload } = await buildOrderPayload(server, overrides);
  return { ...payload, customer: { first_name: 'Louis', last_name: 'Martin', phone: '06 98 76 54 32', ...customer } };
}

/** POST /v2/restaurant/phone-orders with a staff session cookie (or none). */
export function postPhoneOrder(server: TestServer, cookie: string | null, body: unknown) {
  return staffRequest<BoardOrder>(server, cookie, 'POST', '/v2/restaurant/phone-orders', body);
}
