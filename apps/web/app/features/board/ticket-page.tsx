import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { BoardOrder } from '@resto/contract/board';
import { orderCardTexts, ticketTexts } from '@resto/domain/messages/board';
import { formatEuros } from '@resto/domain/format';
import { formatPhone } from '@resto/domain/phone';
import { describeSchedule } from '@resto/domain/scheduling';
import { isApiError } from '../../lib/api.ts';
import { loadBoardState, markTicketPrinted } from './board-api.ts';
import { addressOf, clockTime, customerName, paymentLabel } from './order-view.tsx';
import { ticketPrintedMessage } from './print-ticket.ts';

/**
 * The paper's layout (issue 13, part 6): 80 mm thermal rolls print about 72 mm wide; the page is
 * as long as the ticket (`auto`). On screen the ticket shows at the same width, on grey.
 */
const ticketCss = `
@page { size: 80mm auto; margin: 3mm 4mm; }
.kitchen-ticket { width: 72mm; font-family: ui-monospace, 'DejaVu Sans Mono', 'Liberation Mono', Menlo, monospace; color: #000; background: #fff; font-size: 12pt; line-height: 1.25; }
.kitchen-ticket hr { border: 0; border-top: 1px dashed #000; margin: 2mm 0; }
@media print {
  html, body { background: #fff !important; margin: 0; }
  .ticket-screen-only { display: none !important; }
  /* app.css hides everything but the receipt in print: the ticket is shown again, at the page's top left. */
  .ticket-sheet, .ticket-sheet * { visibility: visible !important; }
  .ticket-sheet { position: absolute; inset: 0 auto auto 0; box-shadow: none !important; padding: 0 !important; margin: 0 !important; }
}
`;

/** The ticket itself: black on white, large number and time, everything the kitchen needs. */
export function KitchenTicket({ order }: { order: BoardOrder }) {
  const address = addressOf(order);
  return (
    <article className="kitchen-ticket" data-testid="kitchen-ticket">
      <p style={{ fontSize: '30pt', fontWeight: 900, lineHeight: 1 }}>{orderCardTexts.orderNumber(order.order_id)}</p>
      <p style={{ fontSize: '16pt', fontWeight: 700 }}>{clockTime(order.placed_at ?? order.created_at)}</p>
      <hr />
      <p style={{ fontSize: '15pt', fontWeight: 800 }}>{order.is_pickup ? orderCardTexts.pickup : orderCardTexts.delivery}</p>
      {address ? <p>{address}</p> : null}
      <p style={{ fontWeight: 700 }}>{describeSchedule(order.delivery_date, order.delivery_time_range)}</p>
      <p style={{ fontSize: '14pt', fontWeight: 800 }}>{order.ready_at ? ticketTexts.ready(clockTime(order.ready_at)) : ticketTexts.notAccepted}</p>
      <hr />
      <p>
        {ticketTexts.customer} : <strong>{customerName(order)}</strong>
      </p>
      <p>{formatPhone(order.customer.phone)}</p>
      <hr />
      {order.items.map((line, index) => (
        <div key={index} style={{ marginBottom: '1.5mm' }}>
          <p style={{ fontSize: '13pt', fontWeight: 800 }}>
            {line.quantity} × {line.item_name}
          </p>
          {line.options.map((o, i) => (
            <p key={i} style={{ paddingLeft: '4mm' }}>
              + {o.quantity > 1 ? `${o.quantity} × ${o.name}` : o.name}
            </p>
          ))}
          {line.note ? <p style={{ paddingLeft: '4mm', fontStyle: 'italic' }}>{orderCardTexts.note(line.note)}</p> : null}
          {line.allergens.length ? (
            <p style={{ paddingLeft: '4mm' }} data-testid="ticket-allergens">
              {orderCardTexts.allergens} <strong>{line.allergens.join(', ')}</strong>
            </p>
          ) : null}
        </div>
      ))}
      {order.free_items.map((free) => (
        <p key={`free-${free.item_id}`} style={{ fontSize: '13pt', fontWeight: 800 }}>
          {free.quantity} × {free.item_name} ({orderCardTexts.free})
        </p>
      ))}
      <hr />
      <p style={{ display: 'flex', justifyContent: 'space-between', fontSize: '14pt', fontWeight: 800 }}>
        <span>{orderCardTexts.total}</span>
        <span>{formatEuros(order.total)}</span>
      </p>
      <p style={{ fontWeight: 700 }}>
        {paymentLabel(order)}
        {order.payment_test_mode ? ` · ${orderCardTexts.testMode}` : ''}
      </p>
    </article>
  );
}

type Loaded = { state: 'loading' } | { state: 'found'; order: BoardOrder } | { state: 'missing'; message: string };

/**
 * /restaurant/commandes/:orderId/ticket: the kitchen ticket on its own page. With `?imprimer=1`
 * (the board's « Imprimer », in a hidden frame: print-ticket.ts) it prints itself once, then
 * POST …/ticket-printed and tells the board that framed it.
 */
export function TicketPage({ orderId, print }: { orderId: number; print: boolean }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const printed = useRef(false);

  useEffect(() => {
    let alive = true;
    loadBoardState()
      .then((state) => {
        const order = state.orders.find((o) => o.order_id === orderId);
        if (alive) setLoaded(order ? { state: 'found', order } : { state: 'missing', message: ticketTexts.notFound });
      })
      .catch((error: unknown) => {
        if (alive) setLoaded({ state: 'missing', message: isApiError(error) ? error.message : ticketTexts.notFound });
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
        .then((order) => {
          setLoaded({ state: 'found', order });
          if (window.parent !== window) window.parent.postMessage({ type: ticketPrintedMessage, order }, window.location.origin);
        })
        .catch(() => undefined);
    }, 50);
    return () => clearTimeout(timer);
  }, [print, loaded, orderId]);

  return (
    <div className="min-h-dvh bg-neutral-200 py-4 print:bg-white print:py-0">
      <style>{ticketCss}</style>
      <div className="ticket-screen-only mx-auto mb-3 flex w-[80mm] justify-between gap-2 text-sm">
        <Link to="/restaurant/commandes" className="font-semibold underline">
          {ticketTexts.backToBoard}
        </Link>
        <button type="button" className="rounded-full bg-black px-4 py-1.5 font-bold text-white" onClick={() => window.print()} disabled={loaded.state !== 'found'}>
          {ticketTexts.print}
        </button>
      </div>
      <div className="ticket-sheet mx-auto w-[80mm] bg-white p-[4mm] shadow">
        {loaded.state === 'loading' ? <p>{ticketTexts.loading}</p> : null}
        {loaded.state === 'missing' ? <p role="alert">{loaded.message}</p> : null}
        {loaded.state === 'found' ? <KitchenTicket order={loaded.order} /> : null}
      </div>
    </div>
  );
}
