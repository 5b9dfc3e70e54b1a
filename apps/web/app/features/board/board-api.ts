import {
  BoardOrderSchema,
  type BoardOrder,
  type BoardState,
  type CounterPaymentBody,
  type OrderActionBody,
  type PartialRefundBody,
} from '@resto/contract/board';
import * as boardRoutes from '@resto/contract/board.routes';
import * as printerRoutes from '@resto/contract/printers.routes';
import * as paymentLinkRoutes from '@resto/contract/payment-links.routes';
import type { PaymentLinkAnswer } from '@resto/contract/payment-links';
import { printReceipt as printReceiptRoute } from '@resto/contract/receipts.routes';
import type { PrintersStatus } from '@resto/contract/printers';
import { getSettings } from '@resto/contract/catalog.routes';
import { sendScreenHeartbeat } from '@resto/contract/realtime.routes';
import type { SettingsList } from '@resto/domain/settings';
import { api, isApiError } from '../../lib/api.ts';

/**
 * The board's calls to the restaurant API (docs/decisions/019; the routes of apps/api/src/modules/board),
 * all with the staff session cookie the browser sends by itself (same origin).
 */

/** GET /v2/restaurant/orders: today's and upcoming orders, and the last event id they reflect. */
export function loadBoardState(): Promise<BoardState> {
  return api.call(boardRoutes.getBoard, { sensitive: true });
}

/** POST /v2/restaurant/orders/{id}/actions: the order after the action. @throws ApiCallError (409 order_transition_refused carries the order now). */
export function actOnOrder(orderId: number, body: OrderActionBody): Promise<BoardOrder> {
  return api.call(boardRoutes.actOnOrder, { params: { order_id: String(orderId) }, body });
}

/** POST /v2/restaurant/orders/{id}/opened: someone looked at the order (stops its ringing and escalation). */
export function markOpened(orderId: number): Promise<BoardOrder> {
  return api.call(boardRoutes.markOrderOpened, { params: { order_id: String(orderId) } });
}

/** POST /v2/restaurant/orders/{id}/ticket-printed: the kitchen ticket came out of a printer. */
export function markTicketPrinted(orderId: number): Promise<BoardOrder> {
  return api.call(boardRoutes.markTicketPrinted, { params: { order_id: String(orderId) } });
}

/** POST /v2/restaurant/orders/{id}/refund: tries a failed refund again. */
export function retryRefund(orderId: number): Promise<BoardOrder> {
  return api.call(boardRoutes.retryOrderRefund, { params: { order_id: String(orderId) } });
}

/** POST /v2/restaurant/orders/{id}/payment-link (docs/decisions/038): the order's card payment link, made or given again. @throws ApiCallError (409 payment_link_refused). */
export function createPaymentLink(orderId: number): Promise<PaymentLinkAnswer> {
  return api.call(paymentLinkRoutes.createPaymentLink, { params: { order_id: String(orderId) } });
}

/** POST /v2/restaurant/screens/heartbeat: this screen is alive (every 15 s). Failures are silent: the next beat tries again. */
export async function sendHeartbeat(screenId: string): Promise<void> {
  try {
    await api.send(sendScreenHeartbeat, { body: { screen_id: screenId } });
  } catch {
    // Offline or server away: the banner already says so.
  }
}

/** GET /v2/public/settings: the restaurant's public settings (its name, `orders.auto_print`). */
export function loadPublicSettings(): Promise<SettingsList> {
  return api.call(getSettings);
}

/** The order a refused action carries (409 order_transition_refused: the order as it is now), or null. */
export function orderOfRefusal(error: unknown): BoardOrder | null {
  if (!isApiError(error, 'order_transition_refused')) return null;
  const parsed = BoardOrderSchema.safeParse(error.payload);
  return parsed.success ? parsed.data : null;
}

/**
 * POST /v2/restaurant/orders/{id}/payments, « Encaisser »: the order after it and the change to hand
 * back (euros). @throws ApiCallError 409 (taken meanwhile: carries the order now), 422 counter_payment_refused.
 */
export function takeCounterPayment(orderId: number, body: CounterPaymentBody): Promise<{ order: BoardOrder; change: number }> {
  return api.call(boardRoutes.takeCounterPayment, { params: { order_id: String(orderId) }, body });
}

/** POST /v2/restaurant/orders/{id}/payments/{seq}/reversal: a mistaken payment reversed by a counter-entry. */
export function reverseCounterPayment(orderId: number, seq: number): Promise<BoardOrder> {
  return api.call(boardRoutes.reverseCounterPayment, { params: { order_id: String(orderId), seq: String(seq) } });
}

/** POST /v2/restaurant/orders/{id}/not-collected: « Non récupérée ». */
export function markNotCollected(orderId: number, expectedStatus: BoardOrder['status']): Promise<BoardOrder> {
  return api.call(boardRoutes.markNotCollected, { params: { order_id: String(orderId) }, body: { expected_status: expectedStatus } });
}

/** POST /v2/restaurant/orders/{id}/reprint, « Réimprimer » (docs/decisions/033): on one printer, or on every printer of its lines (null). */
export function reprintOrder(orderId: number, printerId: number | null): Promise<BoardOrder> {
  return api.call(printerRoutes.reprintOrder, { params: { order_id: String(orderId) }, body: { printer_id: printerId } });
}

/** POST /v2/restaurant/orders/{id}/receipt-print: the customer's receipt on the counter's printer. @throws ApiCallError (422 no_receipt_printer). */
export function printReceipt(orderId: number): Promise<{ job_id: number; printer_id: number; printer_name: string }> {
  return api.call(printReceiptRoute, { params: { order_id: String(orderId) }, body: {} });
}

/** GET /v2/restaurant/printers/status: every enabled printer's health, for the red banner. */
export function loadPrintersStatus(): Promise<PrintersStatus> {
  return api.call(printerRoutes.getPrintersStatus, { sensitive: true });
}

/** POST /v2/restaurant/orders/{id}/refunds, « Rembourser une partie » (docs/decisions/035): the order after it. @throws ApiCallError (400 on its field, 409, 502 refund_failed with the order). */
export function refundPart(orderId: number, body: PartialRefundBody): Promise<BoardOrder> {
  return api.call(boardRoutes.refundOrderPart, { params: { order_id: String(orderId) }, body });
}
