import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { BoardOrder } from '@resto/contract/board';
import { kitchenTicket } from '@resto/copy/staff/board';
import { isApiError } from '../../lib/api.ts';
import { loadBoardState, markTicketPrinted } from './board-api.ts';
import { KitchenTicket, ticketCss } from './kitchen-ticket.tsx';

type Loaded = { state: 'loading' } | { state: 'found'; order: BoardOrder; nowMs: number } | { state: 'missing'; message: string };

/**
 * /restaurant/commandes/:orderId/ticket: the kitchen ticket on its own page (to reprint or check
 * it on any screen). With `?imprimer=1` it prints itself once, then POST …/ticket-printed. The
 * board prints the same ticket in place (print-ticket.tsx).
 */
export function TicketPage({ orderId, print }: { orderId: number; print: boolean }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const printed = useRef(false);

  useEffect(() => {
    let alive = true;
    loadBoardState()
      .then((state) => {
        const order = state.orders.find((o) => o.order_id === orderId);
        // The server's clock says which times are today's (the tablet's may be off).
        const nowMs = Date.parse(state.server_time);
        if (alive) setLoaded(order ? { state: 'found', order, nowMs } : { state: 'missing', message: kitchenTicket.notFound });
      })
      .catch((error: unknown) => {
        if (alive) setLoaded({ state: 'missing', message: isApiError(error) ? error.message : kitchenTicket.notFound });
      });
    return () => {
      alive = false;
    };
  }, [orderId]);

  useEffect(() => {
    if (!print || loaded.state !== 'found' || printed.current) return;
    printed.current = true;
    const timer = setTimeout(() => {
      window.print();
      markTicketPrinted(orderId)
        .then((order) => setLoaded((before) => ({ state: 'found', order, nowMs: before.state === 'found' ? before.nowMs : Date.now() })))
        .catch(() => undefined);
    }, 50);
    return () => clearTimeout(timer);
  }, [print, loaded, orderId]);

  return (
    <div className="min-h-dvh bg-neutral-200 py-4 print:bg-white print:py-0">
      <style>{ticketCss}</style>
      <div className="ticket-screen-only mx-auto mb-3 flex w-[80mm] justify-between gap-2 text-sm">
        <Link to="/restaurant/commandes" className="font-semibold underline">
          {kitchenTicket.backToBoard}
        </Link>
        <button type="button" className="rounded-full bg-black px-4 py-1.5 font-bold text-white" onClick={() => window.print()} disabled={loaded.state !== 'found'}>
          {kitchenTicket.print}
        </button>
      </div>
      <div className="ticket-sheet mx-auto w-[80mm] bg-white p-[4mm] shadow">
        {loaded.state === 'loading' ? <p>{kitchenTicket.loading}</p> : null}
        {loaded.state === 'missing' ? <p role="alert">{loaded.message}</p> : null}
        {loaded.state === 'found' ? <KitchenTicket order={loaded.order} nowMs={loaded.nowMs} /> : null}
      </div>
    </div>
  );
}
