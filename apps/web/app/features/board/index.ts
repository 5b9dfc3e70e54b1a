/**
 * The restaurant's orders board and kitchen ticket (docs/decisions/019, 021 and 022): what the routes use
 * of it. Its state lives in board-store.ts (pure rules in board-state.ts).
 */
export { BoardPage } from './board-page.tsx';
export { TicketPage } from './ticket-page.tsx';
/** The order's lines, amounts and outcome as the board draws them: the history's order page shows them too. */
export { OrderAmounts, OrderLines, OrderOutcome } from './order-view.tsx';
/** « Rembourser une partie » and the order's refunds (docs/decisions/035): the history's order page shows it too. */
export { PartialRefunds, type PartialRefundPost } from './partial-refund-panel.tsx';
/** The same form posted to a page's action (the history's order page, without JavaScript too). */
export { newRefundKey, refundBodyOf, refundFields, refundFormValuesOf, type PartialRefundSubmission } from './partial-refund-form.ts';
/** A card payment link's text to copy (docs/decisions/038): the phone order screen shows it too. */
export { PaymentLinkShare } from './payment-link-panel.tsx';
export { createPaymentLink } from './board-api.ts';
