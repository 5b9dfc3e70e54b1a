import type { BoardOrder } from '@resto/contract/board';
import { boardOrderCard } from '@resto/copy/staff/board';
import { describeBoardTime } from '@resto/domain/board-time';
import { describeWanted, describePayment as paymentLabel } from '@resto/domain/board-order';
import { toRestaurantTime } from '@resto/domain/clock';
import { formatEuros } from '@resto/domain/format';
import { describeOrderAmounts } from '@resto/domain/order-amounts';
import { refusalReasonText } from '@resto/domain/order-lifecycle';

/** 'HH:MM' in Europe/Paris of an ISO instant. */
export const clockTime = (instant: string) => toRestaurantTime(new Date(instant)).time;

/** An ISO instant as the board says it: 'HH:MM' today, 'demain 12:30', else 'mercredi 2 décembre 12:30' (`nowMs`: the server's clock). */
export const boardTime = (instant: string, nowMs: number) => describeBoardTime(new Date(instant), new Date(nowMs));

/**
 * The order's facts as the staff side words them, one rule for the board, the browser's ticket and
 * the printed one (packages/domain/src/board-order.ts).
 */
export {
  describeDeliveryAddress as addressOf,
  describePayment as paymentLabel,
  describeCustomerName as customerName,
  describeWanted,
} from '@resto/domain/board-order';

/** The order's time facts: the slot or « dès que possible », and the ready time once accepted. */
export function OrderTiming({ order, nowMs, className = '' }: { order: BoardOrder; nowMs: number; className?: string }) {
  return (
    <div className={className}>
      <p data-testid="order-schedule">{describeWanted(order)}</p>
      {order.ready_at && order.status !== 'rejected' && order.status !== 'cancelled' ? (
        <p className="font-bold" data-testid="order-ready-at">
          {boardOrderCard.readyAt(boardTime(order.ready_at, nowMs))}
        </p>
      ) : null}
    </div>
  );
}

/** The lines as the kitchen reads them: quantity, name, options, note, allergens in bold; free items. */
export function OrderLines({ order, compact = false }: { order: BoardOrder; compact?: boolean }) {
  return (
    <ul className={`divide-y divide-black/5 ${compact ? 'text-sm' : 'text-base'}`} data-testid="order-lines">
      {order.items.map((line, index) => (
        <li key={index} className="py-1.5">
          <p className="flex justify-between gap-2">
            <span>
              <strong className="tabular-nums">{line.quantity} ×</strong> {line.item_name}
            </span>
            {compact ? null : <span className="whitespace-nowrap tabular-nums text-ink/70">{formatEuros(line.amount)}</span>}
          </p>
          {line.options.length ? (
            <p className="pl-5 text-sm text-ink/70">{line.options.map((o) => (o.quantity > 1 ? `${o.quantity} × ${o.name}` : o.name)).join(', ')}</p>
          ) : null}
          {line.note ? <p className="pl-5 text-sm italic">{boardOrderCard.note(line.note)}</p> : null}
          {line.allergens.length ? (
            <p className="pl-5 text-sm" data-testid="line-allergens">
              {boardOrderCard.allergens} <strong>{line.allergens.join(', ')}</strong>
            </p>
          ) : null}
        </li>
      ))}
      {order.free_items.map((free) => (
        <li key={`free-${free.item_id}`} className="py-1.5">
          <strong className="tabular-nums">{free.quantity} ×</strong> {free.item_name} <span className="text-sm text-emerald-700">({boardOrderCard.free})</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * How the amount is made, from the order as stored: subtotal, each reduction (a coupon with its
 * code), delivery, tax when prices excluded it, total (packages/domain/src/order-amounts.ts), so
 * the counter can explain the figure a customer pays.
 */
export function OrderAmounts({ order }: { order: BoardOrder }) {
  return (
    <dl className="space-y-0.5 text-sm tabular-nums" data-testid="order-amounts">
      {describeOrderAmounts(order).map((line, index) => (
        <div
          key={index}
          className={`flex justify-between gap-3 ${line.kind === 'reduction' ? 'text-emerald-800' : ''} ${line.kind === 'total' ? 'border-t border-black/10 pt-1 text-base font-extrabold' : ''}`}
        >
          <dt className="[overflow-wrap:anywhere]">{line.label}</dt>
          <dd className="whitespace-nowrap">{line.amount}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The total, the payment, « mode test », and the refund of a refused card order. */
export function OrderPayment({
  order,
  withTotal = true,
}: {
  order: BoardOrder;
  /** False where OrderAmounts already ends with the total. */ withTotal?: boolean;
}) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
      {withTotal ? (
        <p className="text-lg font-extrabold tabular-nums" data-testid="order-total">
          {formatEuros(order.total)}
        </p>
      ) : null}
      <p className="flex flex-wrap items-center gap-1.5 text-sm">
        <span
          className={`rounded-full px-2 py-0.5 font-semibold ${order.payment_method === 'card' || (order.payments.paid > 0 && order.payments.due === 0) ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-900'}`}
          data-testid="order-payment"
        >
          {paymentLabel(order)}
        </span>
        {order.payment_test_mode ? (
          <span className="rounded-full bg-violet-100 px-2 py-0.5 font-semibold text-violet-800" data-testid="order-test-mode">
            {boardOrderCard.testMode}
          </span>
        ) : null}
        {order.meal_voucher && order.meal_voucher_amount > 0 ? (
          <span className="text-ink/70">{boardOrderCard.mealVoucher(formatEuros(order.meal_voucher_amount))}</span>
        ) : null}
      </p>
    </div>
  );
}

/** Why a finished order was refused or cancelled, and where its refund is. */
export function OrderOutcome({ order }: { order: BoardOrder }) {
  if (!order.reason && !order.refund) return null;
  return (
    <div className="space-y-1 text-sm [overflow-wrap:anywhere]">
      {order.reason ? <p data-testid="order-reason">{boardOrderCard.reason(refusalReasonText(order.reason, order.reason_text))}</p> : null}
      {order.refund?.status === 'pending' ? <p className="font-semibold text-amber-800">{boardOrderCard.refundPending}</p> : null}
      {order.refund?.status === 'succeeded' ? (
        <p className="font-semibold text-emerald-800">{boardOrderCard.refundSucceeded(formatEuros(order.refund.amount))}</p>
      ) : null}
      {order.refund?.status === 'failed' ? (
        <div role="alert" data-testid="order-refund-failed">
          <p className="font-semibold text-red-700">{boardOrderCard.refundFailed}</p>
          {/* The provider's own words (often English), for whoever calls its support. */}
          {order.refund.last_error ? <p className="text-xs text-stone-600">{boardOrderCard.providerAnswer(order.refund.last_error)}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
