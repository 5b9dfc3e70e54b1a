import type { BoardOrder } from '@resto/contract/board';
import { changeOrder as changeOrderRoute, createPhoneOrder } from '@resto/contract/board.routes';
import type { OrderChangeBody } from '@resto/domain/order-change';
import type { PhoneOrderPayload } from '@resto/domain/phone-order';
import { api } from '../../lib/api.ts';

/**
 * POST /v2/restaurant/phone-orders (docs/decisions/036-phone-orders.md), with the staff session
 * cookie the browser sends: the order placed with the storefront's rules and accepted, as the board
 * shows it. @throws ApiCallError with the storefront's French refusal (sold out, slot full, pause…).
 */
export function placePhoneOrder(body: PhoneOrderPayload): Promise<BoardOrder> {
  return api.call(createPhoneOrder, { body });
}

/**
 * POST /v2/restaurant/orders/{order_id}/changes (docs/decisions/039-changing-an-order.md): the
 * order's new content priced and checked by the storefront's rules, written once per change key.
 * @throws ApiCallError with the French refusal; a change made meanwhile carries the order now as `payload`.
 */
export function changeOrder(orderId: number, body: OrderChangeBody): Promise<BoardOrder> {
  return api.call(changeOrderRoute, { params: { order_id: String(orderId) }, body });
}
