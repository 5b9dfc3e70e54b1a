import { accountOrderCard, orderStatusLabels } from '@resto/copy/storefront/account';
import { paymentAnswers } from '@resto/copy/storefront/payment';
import { trackingPage } from '@resto/copy/storefront/tracking';
import { formatReceiptDate } from '@resto/domain/receipt';
import { describeSchedule } from '@resto/domain/scheduling';
import { Link } from 'react-router';
import type { AccountOrder } from '@resto/contract/auth';
import { formatEuros, formatRate } from '@resto/domain/format';
import { useLocalePrefix } from '../../lib/paths.ts';
import { trackingPath } from '../tracking/index.ts';
import { cardClass } from '../../components/ui/card.tsx';

const placedAt = (iso: string) => formatReceiptDate(new Date(iso));

/** One past order: number, date, type, status, lines with options, totals with the tax per rate. */
export function OrderCard({ order }: { order: AccountOrder }) {
  const prefix = useLocalePrefix();
  const status = orderStatusLabels[order.status as keyof typeof orderStatusLabels] ?? order.status;
  return (
    <article className={`${cardClass} p-4 sm:p-5`} data-testid="account-order">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-bold">{accountOrderCard.orderNumber(order.order_id)}</h3>
          <p className="text-sm text-ink/70">{placedAt(order.created_at)}</p>
          <p className="text-sm">
            {order.is_pickup ? accountOrderCard.pickup : accountOrderCard.delivery} {describeSchedule(order.delivery_date, order.delivery_time_range)}
            {!order.is_pickup && order.location?.address
              ? ` · ${order.location.address}, ${order.location.postal_code ?? ''} ${order.location.city ?? ''}`.trimEnd()
              : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5 text-xs font-semibold">
          <span className="rounded-full bg-black/5 px-2.5 py-1">{order.is_pickup ? accountOrderCard.pickupType : accountOrderCard.delivery}</span>
          <span className="rounded-full bg-brand-100 px-2.5 py-1 text-brand-700">{status}</span>
          {order.payment_test_mode ? (
            <span className="rounded-full bg-amber-100 px-2.5 py-1 text-amber-800" data-testid="payment-test-mode">
              {paymentAnswers.paymentTestMode}
            </span>
          ) : null}
        </div>
      </header>
      <ul className="mt-3 divide-y divide-black/5 text-sm">
        {order.items.map((item, index) => (
          <li key={index} className="flex justify-between gap-3 py-2">
            <span>
              {item.quantity} × {item.item_name}
              {item.options.length ? (
                <span className="block text-xs text-ink/70">{item.options.map((o) => (o.quantity > 1 ? `${o.quantity} × ${o.name}` : o.name)).join(', ')}</span>
              ) : null}
              {item.note ? <span className="block text-xs italic text-ink/70">« {item.note} »</span> : null}
            </span>
            <span className="whitespace-nowrap">{formatEuros(item.amount)}</span>
          </li>
        ))}
        {order.free_items.map((free) => (
          <li key={`free-${free.item_id}`} className="flex justify-between gap-3 py-2 text-emerald-700">
            <span>
              {free.quantity} × {free.item_name}
            </span>
            <span>{accountOrderCard.free}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-1 border-t border-black/10 pt-2 text-sm">
        {order.discount > 0 ? (
          <div className="flex justify-between text-emerald-700">
            <dt>{accountOrderCard.discounts}</dt>
            <dd>−{formatEuros(order.discount)}</dd>
          </div>
        ) : null}
        {!order.is_pickup ? (
          <div className="flex justify-between">
            <dt>{accountOrderCard.delivery}</dt>
            <dd>{formatEuros(order.delivery)}</dd>
          </div>
        ) : null}
        {order.tax_by_rate.map((t) => (
          <div key={t.rate} className="flex justify-between text-ink/70">
            <dt>{accountOrderCard.vatAt(formatRate(t.rate))}</dt>
            <dd>{formatEuros(t.tax)}</dd>
          </div>
        ))}
        <div className="flex justify-between text-base font-bold">
          <dt>{accountOrderCard.total}</dt>
          <dd data-testid="account-order-total">{formatEuros(order.total)}</dd>
        </div>
      </dl>
      <Link
        to={trackingPath(prefix, order.tracking_secret)}
        className="mt-3 mr-4 inline-block text-sm font-semibold text-brand-700 underline"
        data-testid="account-order-tracking"
      >
        {trackingPage.trackLink}
      </Link>
      {order.receipt_secret ? (
        <Link
          to={`${prefix}/recu?commande=${order.receipt_secret}`}
          className="mt-3 inline-block text-sm font-semibold text-brand-700 underline"
          data-testid="account-order-receipt"
        >
          {accountOrderCard.viewReceipt}
        </Link>
      ) : null}
    </article>
  );
}
