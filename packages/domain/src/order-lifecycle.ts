import type { PaymentMethod } from './checkout.ts';

/**
 * An order's life on the restaurant's side (docs/decisions/019; docs/decisions/016, section 7.2): the one
 * state machine that says which status changes are allowed. The API checks every change with
 * `transition` inside the transaction that writes it, the board offers only the actions
 * `availableActions` returns, and the customer's status page labels statuses with `trackingStep`.
 *
 * Statuses: `pending` (placed: a cash order waits for the restaurant; a card order waits for its
 * payment), `paid` (a card order whose payment succeeded), `accepted` (with a ready time),
 * `ready`, `completed` (collected or delivered); or it ends `rejected` (refused before
 * acceptance, by staff or automatically) or `cancelled` (after acceptance). A card order that was
 * paid is refunded when it ends rejected or cancelled.
 */

export const orderStatuses = ['pending', 'paid', 'accepted', 'ready', 'completed', 'rejected', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export type { PaymentMethod };

/**
 * What can happen to an order. `pay`: the payment provider confirmed a card payment. `accept`,
 * `delay`, `mark_ready`, `complete`, `reject`, `cancel`: staff on the board. `auto_reject`: the
 * server, when nobody accepted the order in time (docs/decisions/022).
 */
export const orderActions = ['pay', 'accept', 'delay', 'mark_ready', 'complete', 'reject', 'cancel', 'auto_reject'] as const;
export type OrderAction = (typeof orderActions)[number];

/** The actions staff take on the board (not `pay`, which the payment provider does, nor `auto_reject`). */
export const staffActions = ['accept', 'delay', 'mark_ready', 'complete', 'reject', 'cancel'] as const satisfies readonly OrderAction[];
export type StaffAction = (typeof staffActions)[number];

/** What the machine needs to know of an order. */
export interface LifecycleOrder {
  status: OrderStatus;
  paymentMethod: PaymentMethod;
}

export type TransitionResult =
  | { ok: true; from: OrderStatus; to: OrderStatus }
  /**
   * `not_allowed`: this action does not apply to this status (a stale screen, a double click);
   * `awaiting_payment`: a card order not paid yet is not the restaurant's to handle;
   * `wrong_method`: `pay` on a cash order (cash is never recorded, docs/decisions/016, section 7.3).
   */
  | { ok: false; from: OrderStatus; reason: 'not_allowed' | 'awaiting_payment' | 'wrong_method' };

/**
 * Whether an order waits for the restaurant's answer: a cash order once placed, a card order once
 * paid. These are the board's *Nouvelles*; an unpaid card order is not shown to the restaurant.
 */
export function awaitsAcceptance(order: LifecycleOrder): boolean {
  return order.paymentMethod === 'cash' ? order.status === 'pending' : order.status === 'paid';
}

/** Whether an order's life is over: completed, rejected or cancelled. */
export function isFinal(status: OrderStatus): boolean {
  return status === 'completed' || status === 'rejected' || status === 'cancelled';
}

/**
 * The status `action` takes `order` to, or why it may not. `delay` keeps `accepted` (a later
 * ready time is an event, not a status). `complete` is allowed from `accepted` as well as `ready`:
 * a dish handed over at once need not be marked ready first.
 */
export function transition(order: LifecycleOrder, action: OrderAction): TransitionResult {
  const from = order.status;
  const refuse = (reason: 'not_allowed' | 'awaiting_payment' | 'wrong_method'): TransitionResult => ({ ok: false, from, reason });
  const to = (status: OrderStatus): TransitionResult => ({ ok: true, from, to: status });
  switch (action) {
    case 'pay':
      if (order.paymentMethod !== 'card') return refuse('wrong_method');
      return from === 'pending' ? to('paid') : refuse('not_allowed');
    case 'accept':
    case 'reject':
    case 'auto_reject':
      if (order.paymentMethod === 'card' && from === 'pending') return refuse('awaiting_payment');
      if (!awaitsAcceptance(order)) return refuse('not_allowed');
      return to(action === 'accept' ? 'accepted' : 'rejected');
    case 'delay':
      return from === 'accepted' ? to('accepted') : refuse('not_allowed');
    case 'mark_ready':
      return from === 'accepted' ? to('ready') : refuse('not_allowed');
    case 'complete':
      return from === 'accepted' || from === 'ready' ? to('completed') : refuse('not_allowed');
    case 'cancel':
      return from === 'accepted' || from === 'ready' ? to('cancelled') : refuse('not_allowed');
  }
}

/** The staff actions the board offers for an order now (in the order the buttons show). */
export function availableActions(order: LifecycleOrder): StaffAction[] {
  return staffActions.filter((action) => transition(order, action).ok);
}

/** Whether a card order's money goes back when it ends this way: it was paid, then rejected or cancelled. */
export function needsRefund(order: LifecycleOrder & { wasPaid: boolean }, to: OrderStatus): boolean {
  return order.paymentMethod === 'card' && order.wasPaid && (to === 'rejected' || to === 'cancelled');
}

/**
 * Why an order is refused or cancelled (docs/decisions/019). `other` needs a text typed by staff;
 * `not_accepted_in_time` is the server's own, for `auto_reject`; `not_collected` is the cancel of
 * « Non récupérée » (an unpaid order nobody came for: no sale, docs/decisions/031).
 */
export const refusalReasons = ['product_sold_out', 'too_many_orders', 'exceptional_closure', 'address_out_of_zone', 'other', 'not_accepted_in_time', 'not_collected'] as const;
export type RefusalReason = (typeof refusalReasons)[number];

/** The reasons staff may pick (the server's own `not_accepted_in_time` is not one). */
export const staffRefusalReasons = ['product_sold_out', 'too_many_orders', 'exceptional_closure', 'address_out_of_zone', 'other'] as const satisfies readonly RefusalReason[];

/** The French label of each reason, as the board lists them and the customer reads them. */
export const refusalReasonLabels: Record<RefusalReason, string> = {
  product_sold_out: 'Produit épuisé',
  too_many_orders: 'Trop de commandes',
  exceptional_closure: 'Fermeture exceptionnelle',
  address_out_of_zone: 'Adresse hors zone',
  other: 'Autre',
  not_accepted_in_time: 'Commande non acceptée à temps',
  not_collected: 'Non récupérée',
};

/** The longest free text of an `other` reason, in characters. */
export const refusalTextMaxLength = 300;

/** The text a customer reads for a reason: the label, or staff's own words for `other`. */
export function refusalReasonText(reason: RefusalReason, text: string | null | undefined): string {
  return reason === 'other' && text?.trim() ? text.trim() : refusalReasonLabels[reason];
}

/** The preset ready times the board offers when accepting an ASAP order, in minutes from now. */
export const readyTimePresetsMinutes = [10, 20, 30] as const;

/** The board's four columns (docs/decisions/019). */
export const boardColumns = ['new', 'in_progress', 'ready', 'done'] as const;
export type BoardColumn = (typeof boardColumns)[number];

export const boardColumnLabels: Record<BoardColumn, string> = {
  new: 'Nouvelles',
  in_progress: 'En préparation',
  ready: 'Prêtes',
  done: 'Terminées',
};

/** The column an order shows in, or null for a card order still waiting for its payment. */
export function boardColumn(order: LifecycleOrder): BoardColumn | null {
  if (awaitsAcceptance(order)) return 'new';
  switch (order.status) {
    case 'accepted':
      return 'in_progress';
    case 'ready':
      return 'ready';
    case 'completed':
    case 'rejected':
    case 'cancelled':
      return 'done';
    default:
      return null;
  }
}

/** The steps of the customer's status page (`/suivi`), in order; `refused` ends it early. */
export type TrackingStep = 'received' | 'accepted' | 'ready' | 'completed' | 'refused' | 'awaiting_payment';

/** The step the customer's page shows for a status: rejected and cancelled both read as refused. */
export function trackingStep(order: LifecycleOrder): TrackingStep {
  if (order.paymentMethod === 'card' && order.status === 'pending') return 'awaiting_payment';
  switch (order.status) {
    case 'pending':
    case 'paid':
      return 'received';
    case 'accepted':
      return 'accepted';
    case 'ready':
      return 'ready';
    case 'completed':
      return 'completed';
    case 'rejected':
    case 'cancelled':
      return 'refused';
  }
}

/** Whether `value` is one of the statuses. */
export function isOrderStatus(value: string): value is OrderStatus {
  return (orderStatuses as readonly string[]).includes(value);
}
