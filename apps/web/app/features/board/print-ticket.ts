import { BoardOrderSchema } from '@resto/contract/board';
import { useBoardStore } from './board-store.ts';

/**
 * Printing a kitchen ticket from the board (issue 13, part 6). The ticket page
 * (/restaurant/commandes/:orderId/ticket?imprimer=1) is loaded in a hidden frame: it renders the
 * ticket, calls `window.print()` (the frame's own document is printed, on an 80 mm page), then
 * POST …/ticket-printed, and tells this page the order as it is now (`ticketPrintedMessage`), so
 * the card shows « ticket imprimé » at once and other screens see it by the stream. A frame, not
 * a new window: a kiosk tablet blocks pop-ups.
 */

/** The message the ticket page posts to the board that framed it. */
export const ticketPrintedMessage = 'board:ticket-printed';

/** The ticket page's path for an order; `print` makes it print itself once loaded. */
export const ticketPath = (orderId: number, print = false) => `/restaurant/commandes/${orderId}/ticket${print ? '?imprimer=1' : ''}`;

/** A frame is removed this long after it was opened, printed or not. */
const frameLifetimeMs = 120_000;

/** Prints the ticket of `orderId` through a hidden frame. */
export function printTicket(orderId: number): void {
  const frame = document.createElement('iframe');
  frame.src = ticketPath(orderId, true);
  frame.title = `ticket-${orderId}`;
  frame.setAttribute('aria-hidden', 'true');
  frame.dataset.testid = 'ticket-frame';
  // Out of sight but laid out at the ticket's width (a display:none frame has no layout to print).
  Object.assign(frame.style, { position: 'fixed', right: '0', bottom: '0', width: '80mm', height: '10px', opacity: '0', pointerEvents: 'none', border: '0' });
  document.body.appendChild(frame);
  setTimeout(() => frame.remove(), frameLifetimeMs);
}

/** Listens for the ticket pages' messages and applies the order they send back (returns the unsubscribe). */
export function listenForPrintedTickets(): () => void {
  const onMessage = (message: MessageEvent) => {
    if (message.origin !== window.location.origin) return;
    const data = message.data as { type?: unknown; order?: unknown } | null;
    if (!data || data.type !== ticketPrintedMessage) return;
    const order = BoardOrderSchema.safeParse(data.order);
    if (order.success) useBoardStore.getState().order(order.data);
  };
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
}
