import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { BoardOrder } from '@resto/contract/board';
import { markTicketPrinted } from './board-api.ts';
import { serverNow, useBoardStore } from './board-store.ts';
import { KitchenTicket, ticketCss } from './kitchen-ticket.tsx';

/**
 * While the board prints, only the ticket is on paper: the board is taken out of the print and
 * the ticket host shown. The page's `@page` (80 mm) exists only while the host is mounted.
 */
const hostCss = `
.board-print-ticket { display: none; }
@media print {
  html.printing-ticket body > * { display: none !important; }
  html.printing-ticket body > .board-print-ticket { display: block !important; }
}
`;

/**
 * Prints the kitchen ticket of `order` from the board itself (docs/decisions/019), then
 * POST …/ticket-printed and puts the answer in the store, so the card says « ticket imprimé » here
 * and on other screens (by the stream). In place rather than in a frame or a new window: the
 * site's headers forbid framing (frame-ancestors 'none', X-Frame-Options DENY;
 * apps/api/src/http/security-headers.ts) and a kiosk tablet blocks pop-ups.
 * `onDone` is called once the print was handed to the browser (the host may then unmount).
 */
export function TicketPrintHost({ order, onDone }: { order: BoardOrder; onDone: () => void }) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const root = document.documentElement;
    root.classList.add('printing-ticket');
    const cleanUp = () => root.classList.remove('printing-ticket');
    window.addEventListener('afterprint', cleanUp, { once: true });
    // Printed after the ticket is painted; window.print() returns when the dialog closes (or at once where it does not block).
    const frame = requestAnimationFrame(() => {
      window.print();
      markTicketPrinted(order.order_id)
        .then((now) => useBoardStore.getState().order(now))
        .catch(() => undefined)
        .finally(() => {
          cleanUp();
          onDone();
        });
    });
    return () => cancelAnimationFrame(frame);
  }, [order.order_id, onDone]);
  return createPortal(
    <div className="board-print-ticket ticket-sheet" data-testid="board-print-ticket">
      <style>{`${ticketCss}${hostCss}`}</style>
      <KitchenTicket order={order} nowMs={serverNow()} />
    </div>,
    document.body,
  );
}
