import type { BoardOrder } from '@resto/contract/board';
import { createPhoneOrder } from '@resto/contract/board.routes';
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
