import type { BoardOrder } from '@resto/contract/board';
import { phoneTicketLine } from '@resto/copy/staff/phone-order';
import { boardOrderCard, kitchenTicket } from '@resto/copy/staff/board';
import { describeOrderAmounts } from '@resto/domain/order-amounts';
import { formatPhone } from '@resto/domain/phone';
import { customerNotice } from '@resto/copy/staff/customers';
import { addressOf, boardTime, customerName, describeWanted, paymentLabel } from './order-view.tsx';

/**
 * The paper's layout (docs/decisions/019): 80 mm thermal rolls print about 72 mm wide; the page is
 * as long as the ticket (`auto`). On screen the ticket shows at the same width, on grey.
 */
export const ticketCss = `
@page { size: 80mm auto; margin: 3mm 4mm; }
.kitchen-ticket { width: 72mm; font-family: ui-monospace, 'DejaVu Sans Mono', 'Liberation Mono', Menlo, monospace; color: #000; background: #fff; font-size: 12pt; line-height: 1.25; }
.kitchen-ticket p, .kitchen-ticket dt { overflow-wrap: anywhere; }
.kitchen-ticket .ticket-amount { display: flex; justify-content: space-between; gap: 2mm; }
.kitchen-ticket .ticket-amount dd { white-space: nowrap; margin: 0; }
.kitchen-ticket .ticket-total { font-size: 14pt; font-weight: 800; }
.kitchen-ticket hr { border: 0; border-top: 1px dashed #000; margin: 2mm 0; }
@media print {
  html, body { background: #fff !important; margin: 0; }
  .ticket-screen-only { display: none !important; }
  /* app.css hides everything but the receipt in print: the ticket is shown again, at the page's top left. */
  .ticket-sheet, .ticket-sheet * { visibility: visible !important; }
  .ticket-sheet { position: absolute; inset: 0 auto auto 0; box-shadow: none !important; padding: 0 !important; margin: 0 !important; }
}
`;

/**
 * The ticket itself: black on white, large number and time, everything the kitchen needs; times
 * not of today carry their day (`nowMs`: the server's clock).
 */
export function KitchenTicket({ order, nowMs }: { order: BoardOrder; nowMs: number }) {
  const address = addressOf(order);
  return (
    <article className="kitchen-ticket" data-testid="kitchen-ticket">
      <p style={{ fontSize: '30pt', fontWeight: 900, lineHeight: 1 }}>{boardOrderCard.orderNumber(order.order_id)}</p>
      <p style={{ fontSize: '16pt', fontWeight: 700 }}>{boardTime(order.placed_at ?? order.created_at, nowMs)}</p>
      <hr />
      <p style={{ fontSize: '15pt', fontWeight: 800 }}>{order.is_pickup ? boardOrderCard.pickup : boardOrderCard.delivery}</p>
      {order.source === 'phone' ? <p style={{ fontSize: '15pt', fontWeight: 800 }}>{phoneTicketLine}</p> : null}
      {address ? <p>{address}</p> : null}
      <p style={{ fontWeight: 700 }}>{describeWanted(order)}</p>
      <p style={{ fontSize: '14pt', fontWeight: 800 }}>{order.ready_at ? kitchenTicket.ready(boardTime(order.ready_at, nowMs)) : kitchenTicket.notAccepted}</p>
      <hr />
      <p>
        {kitchenTicket.customer} : <strong>{customerName(order)}</strong>
      </p>
      <p>{formatPhone(order.customer.phone)}</p>
      {order.customer_notice?.note ? <p style={{ fontWeight: 800 }}>{customerNotice.ticketNote(order.customer_notice.note)}</p> : null}
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
          {line.note ? <p style={{ paddingLeft: '4mm', fontStyle: 'italic' }}>{boardOrderCard.note(line.note)}</p> : null}
          {line.allergens.length ? (
            <p style={{ paddingLeft: '4mm' }} data-testid="ticket-allergens">
              {boardOrderCard.allergens} <strong>{line.allergens.join(', ')}</strong>
            </p>
          ) : null}
        </div>
      ))}
      {order.free_items.map((free) => (
        <p key={`free-${free.item_id}`} style={{ fontSize: '13pt', fontWeight: 800 }}>
          {free.quantity} × {free.item_name} ({boardOrderCard.free})
        </p>
      ))}
      <hr />
      <dl data-testid="ticket-amounts">
        {describeOrderAmounts(order).map((line, index) => (
          <div key={index} className={line.kind === 'total' ? 'ticket-amount ticket-total' : 'ticket-amount'}>
            <dt>{line.label}</dt>
            <dd>{line.amount}</dd>
          </div>
        ))}
      </dl>
      <p style={{ fontWeight: 700 }}>
        {paymentLabel(order)}
        {order.payment_test_mode ? ` · ${boardOrderCard.testMode}` : ''}
      </p>
    </article>
  );
}

