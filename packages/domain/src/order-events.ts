import type { OrderAction, OrderStatus } from './order-lifecycle.ts';

/**
 * The kinds of `order_events` rows (docs/decisions/019-the-orders-life.md).
 * Status changes: `placed` (to pending), `paid`, `accepted`, `delayed` (accepted → accepted, a
 * new ready time), `ready`, `completed`, `rejected`, `auto_rejected`, `cancelled`. Facts that
 * change no status: `opened` (a screen first opened it), `ticket_printed` and `ticket_failed` (a kitchen printer, docs/decisions/033), `refunded`,
 * `refund_failed`, `unseen_alert` (the escalation's e-mail and push), `payment_taken` and
 * `payment_reversed` (« Encaisser » at the counter and its counter-entry, docs/decisions/031).
 */
export const orderEventTypes = [
  'placed',
  'paid',
  'accepted',
  'delayed',
  'ready',
  'completed',
  'rejected',
  'auto_rejected',
  'cancelled',
  'opened',
  'ticket_printed',
  'ticket_failed',
  'refunded',
  'refund_failed',
  'unseen_alert',
  'payment_taken',
  'payment_reversed',
] as const;
export type OrderEventType = (typeof orderEventTypes)[number];

const typeOfAction: Record<OrderAction, OrderEventType> = {
  pay: 'paid',
  accept: 'accepted',
  delay: 'delayed',
  mark_ready: 'ready',
  complete: 'completed',
  reject: 'rejected',
  auto_reject: 'auto_rejected',
  cancel: 'cancelled',
};

/** The event an allowed action writes. */
export function eventTypeOfAction(action: OrderAction): OrderEventType {
  return typeOfAction[action];
}

/**
 * The event of a status reached in a past order's history (the demo history, and rows of the
 * former `order_status_history`): `placed` for the first `pending`, else the status's own name.
 */
export function eventTypeOfStatus(status: OrderStatus | string): OrderEventType {
  if (status === 'pending') return 'placed';
  return (orderEventTypes as readonly string[]).includes(status) ? (status as OrderEventType) : 'placed';
}
