import type { BoardOrder } from '@resto/contract/board';
import { boardOrderCard } from '@resto/copy/staff/board';
import { orderSourceLabels } from '@resto/copy/staff/phone-order';
import { Bike, Phone, Printer, ShoppingBag } from 'lucide-react';
import { formatPhone } from '@resto/domain/phone';
import { describeCustomerNotice } from '@resto/domain/customers';
import { serverNow } from './board-store.ts';
import { OrderPrintJobs } from './printer-states.tsx';
import { addressOf, customerName, OrderLines, OrderOutcome, OrderPayment, OrderTiming } from './order-view.tsx';

/** The card's accent by column: new orders stand out. */
const accent: Record<BoardOrder['column'], string> = {
  new: 'border-l-red-600',
  in_progress: 'border-l-amber-500',
  ready: 'border-l-emerald-600',
  done: 'border-l-black/20',
};

/** The kind of an order, with its icon: À emporter or Livraison, and « Téléphone » for a phone order (docs/decisions/036). */
export function OrderKind({ order }: { order: BoardOrder }) {
  const Icon = order.is_pickup ? ShoppingBag : Bike;
  return (
    <span className="inline-flex items-center gap-1 font-semibold" data-testid="order-kind">
      <Icon aria-hidden className="size-4" />
      {order.is_pickup ? boardOrderCard.pickup : boardOrderCard.delivery}
      {order.source === 'phone' ? (
        <span className="ml-1 inline-flex items-center gap-1 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-bold text-sky-900" data-testid="order-source">
          <Phone aria-hidden className="size-3" />
          {orderSourceLabels.phone}
        </span>
      ) : null}
    </span>
  );
}

/** The customer's name and phone (a tel: link: one tap calls from a phone or a tablet). */
export function OrderCustomer({ order }: { order: BoardOrder }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2">
      <span className="font-semibold" data-testid="order-customer">
        {customerName(order)}
      </span>
      <a
        href={`tel:${order.customer.phone}`}
        className="inline-flex items-center gap-1 text-brand-700 underline"
        aria-label={boardOrderCard.callCustomer(formatPhone(order.customer.phone))}
        onClick={(e) => e.stopPropagation()}
        data-testid="order-phone"
      >
        <Phone aria-hidden className="size-3.5" />
        {formatPhone(order.customer.phone)}
      </a>
      <CustomerNotice order={order} />
    </p>
  );
}

/**
 * What the restaurant knows of the customer (docs/decisions/037): « Client signalé : … » or
 * « Client bloqué : … », the staff note, « 2 commandes non récupérées »; nothing without it.
 */
function CustomerNotice({ order }: { order: BoardOrder }) {
  const lines = describeCustomerNotice(order.customer_notice);
  if (lines.length === 0) return null;
  return (
    <span className="block w-full space-y-0.5" data-testid="order-customer-notice">
      {lines.map((line) => (
        <span
          key={line.kind}
          className={`block rounded-md px-1.5 py-0.5 text-xs font-bold ${line.kind === 'note' ? 'bg-sky-50 text-sky-900' : 'bg-red-50 text-red-800'}`}
        >
          {line.text}
        </span>
      ))}
    </span>
  );
}

/**
 * An order on the board (docs/decisions/019): the number large, pickup or delivery (+ address), the
 * slot or « dès que possible », the ready time, the customer, the lines with options, notes and
 * allergens, the total and the payment. Tapping it opens the whole order (`onOpen`).
 */
export function OrderCard({ order, onOpen }: { order: BoardOrder; onOpen: (orderId: number) => void }) {
  const unopened = order.column === 'new' && order.opened_at === null;
  const address = addressOf(order);
  return (
    <article
      className={`cursor-pointer rounded-xl border-l-8 bg-white p-2.5 shadow-sm [overflow-wrap:anywhere] lg:p-3 transition hover:shadow-md ${accent[order.column]} ${unopened ? 'ring-2 ring-red-500' : ''}`}
      onClick={() => onOpen(order.order_id)}
      data-testid="board-order"
      data-order-id={order.order_id}
      data-status={order.status}
    >
      <header className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
        <button
          type="button"
          className="whitespace-nowrap text-left text-2xl font-black leading-none tracking-tight tabular-nums lg:text-3xl focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          aria-label={boardOrderCard.orderLabel(order.order_id)}
          onClick={(e) => {
            e.stopPropagation();
            onOpen(order.order_id);
          }}
          data-testid="order-number"
        >
          {boardOrderCard.orderNumber(order.order_id)}
        </button>
        <div className="flex flex-col items-end gap-1 text-xs">
          {unopened ? (
            // The badge's text stays solid (a pulsing opacity put it below WCAG contrast half the time); a dot beside it pulses.
            <span className="flex items-center gap-1.5 rounded-full bg-red-700 px-2 py-0.5 font-bold text-white">
              <span aria-hidden className="size-2 rounded-full bg-white motion-safe:animate-ping" />
              {boardOrderCard.newBadge}
            </span>
          ) : null}
          {order.status === 'rejected' ? (
            <span className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-800">{boardOrderCard.statusRejected}</span>
          ) : null}
          {order.status === 'cancelled' ? (
            <span className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-800">{boardOrderCard.statusCancelled}</span>
          ) : null}
          {order.status === 'completed' ? <span className="rounded-full bg-black/5 px-2 py-0.5 font-semibold">{boardOrderCard.statusCompleted}</span> : null}
          {order.ticket_printed_at ? (
            <span className="inline-flex items-center gap-1 text-ink/70" data-testid="ticket-printed">
              <Printer aria-hidden className="size-3" />
              {boardOrderCard.ticketPrinted}
            </span>
          ) : null}
        </div>
      </header>
      <div className="mt-2 space-y-1 text-sm">
        <p className="flex flex-wrap gap-x-2">
          <OrderKind order={order} />
          {address ? <span data-testid="order-address">{address}</span> : null}
        </p>
        <OrderTiming order={order} nowMs={serverNow()} />
        <OrderCustomer order={order} />
        <OrderPrintJobs order={order} />
      </div>
      {/* A finished order keeps its card short: its lines are one tap away. */}
      {order.column === 'done' ? null : (
        <div className="mt-2 border-t border-black/10 pt-1">
          <OrderLines order={order} compact />
        </div>
      )}
      <div className="mt-2 border-t border-black/10 pt-2">
        <OrderPayment order={order} />
        <OrderOutcome order={order} />
      </div>
    </article>
  );
}
