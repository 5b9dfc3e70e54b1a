import { orderPlaced } from '@resto/copy/storefront/checkout';
import { paymentAnswers } from '@resto/copy/storefront/payment';
import { trackingPage } from '@resto/copy/storefront/tracking';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { describeSchedule } from '@resto/domain/scheduling';
import { readSetting } from '@resto/domain/settings';
import type { Route } from './+types/success';
import type { OrderView } from '@resto/contract/orders';
import { getOrder } from '@resto/contract/orders.routes';
import { api } from '../lib/api.ts';
import { formatEuros } from '@resto/domain/format';
import { useLocalePrefix } from '../lib/paths.ts';
import { pageMeta } from '../lib/seo.ts';
import { useStoreData } from '../lib/store-data.ts';
import { lastOrderKey } from '../features/checkout/checkout-store.ts';
import { trackingPath } from '../features/tracking/index.ts';
import { buttonClass } from '../components/ui/button.tsx';

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(orderPlaced.documentTitle, { location, matches }),
  { name: 'robots', content: 'noindex' },
];

/** 'le mardi 24 novembre, 12:30–12:45' or 'dès que possible'. */
const whenOf = (order: Pick<OrderView, 'delivery_date' | 'delivery_time_range'>) => describeSchedule(order.delivery_date, order.delivery_time_range);

/** 'Retrait dès que possible au 12 rue …' or 'Livraison le mardi 24 novembre, 12:30–12:45 au 8 rue …, 69002 Lyon'. */
function scheduleOf(order: OrderView, restaurantAddress: string): string {
  if (order.is_pickup) return orderPlaced.pickupAt(whenOf(order), restaurantAddress);
  const place = [order.location?.address, `${order.location?.postal_code ?? ''} ${order.location?.city ?? ''}`.trim()].filter(Boolean).join(', ');
  return orderPlaced.deliveryAt(whenOf(order), place);
}

/** How the order is paid: already by card (the card flow reaches /success once paid), else at the door or the counter. */
function paymentClauseOf(order: Pick<OrderView, 'is_pickup' | 'payment_method'>): string {
  if (order.payment_method === 'card') return orderPlaced.paidByCard;
  return order.is_pickup ? orderPlaced.payOnPickup : orderPlaced.payOnDelivery;
}

/** /success?order={order_id}: the order number, and its recap for the browser that placed it. */
export default function Success() {
  const [searchParams] = useSearchParams();
  const orderId = Number(searchParams.get('order'));
  const prefix = useLocalePrefix();
  const { settings } = useStoreData();
  const [order, setOrder] = useState<OrderView>();
  // The last order this browser placed (use-place-order.ts), read once hydrated: the server has no local storage.
  const lastOrder = useSyncExternalStore(
    noSubscription,
    () => localStorage.getItem(lastOrderKey),
    () => null,
  );
  const last = useMemo(() => JSON.parse(lastOrder ?? 'null') as { order_id: number; local_id: string; secret?: string } | null, [lastOrder]);
  const secret = last?.order_id === orderId ? last.secret : undefined;

  useEffect(() => {
    if (!last || last.order_id !== orderId) return;
    api
      .call(getOrder, { params: { order_id: String(last.order_id) }, query: { local_id: last.local_id } })
      .then(setOrder)
      .catch(() => undefined);
  }, [last, orderId]);

  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <div className="rounded-3xl bg-white p-6 text-center shadow-sm">
        <CheckCircle2 size={56} className="mx-auto text-emerald-600" aria-hidden />
        <h1 className="mt-3 text-2xl font-extrabold">
          {orderPlaced.thanks}
          {order ? ` ${order.customer.first_name}` : ''} !
        </h1>
        {Number.isInteger(orderId) && orderId > 0 ? (
          <p className="mt-2 text-lg">
            {orderPlaced.orderPrefix}
            <strong data-testid="order-number">{orderPlaced.orderNumberShort(orderId)}</strong>
            {orderPlaced.recordedSuffix}
          </p>
        ) : (
          <p className="mt-2 text-lg">{orderPlaced.recorded}</p>
        )}
        <p className="mt-1 text-ink/70" data-testid="order-schedule">
          {order ? `${scheduleOf(order, readSetting(settings, 'contacts.address', orderPlaced.restaurantFallback))}${paymentClauseOf(order)} ` : null}
          {orderPlaced.questions}
          {readSetting(settings, 'contacts.phone', '')}.
        </p>
        {order?.payment_test_mode ? (
          <p className="mt-3 inline-block rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-800" data-testid="payment-test-mode">
            {paymentAnswers.paymentTestMode}
          </p>
        ) : null}
        {order ? (
          <div className="mt-5 text-left">
            <ul className="divide-y divide-black/5 text-sm">
              {order.items.map((item, index) => (
                <li key={index} className="flex justify-between gap-3 py-2">
                  <span>
                    {item.quantity} × {item.item_name}
                    {item.options.length ? <span className="block text-xs text-ink/70">{item.options.map((o) => o.name).join(', ')}</span> : null}
                  </span>
                  <span>{formatEuros(item.amount)}</span>
                </li>
              ))}
              {order.free_items.map((free) => (
                <li key={free.item_id} className="flex justify-between gap-3 py-2 text-emerald-700">
                  <span>
                    {free.quantity} × {free.item_name}
                  </span>
                  <span>{orderPlaced.free}</span>
                </li>
              ))}
            </ul>
            {order.applied_offers
              .filter((offer) => offer.amount > 0)
              .map((offer) => (
                <p key={offer.offer_id} className="flex justify-between gap-3 text-sm text-emerald-700">
                  <span>{offer.is_coupon ? orderPlaced.coupon(offer.name) : offer.name}</span>
                  <span>−{formatEuros(offer.amount)}</span>
                </p>
              ))}
            {!order.is_pickup ? (
              <p className="flex justify-between gap-3 text-sm">
                <span>{orderPlaced.delivery}</span>
                <span>{order.delivery > 0 ? formatEuros(order.delivery) : orderPlaced.freeOfCharge}</span>
              </p>
            ) : null}
            <p className="mt-2 flex justify-between border-t border-black/10 pt-2 font-bold">
              <span>{orderPlaced.totalInclTax}</span>
              <span data-testid="order-total">{formatEuros(order.total)}</span>
            </p>
          </div>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          {secret ? (
            <Link to={trackingPath(prefix, secret)} data-testid="tracking-link" className={buttonClass('primary', 'inline-block px-5 py-2.5')}>
              {trackingPage.trackLink}
            </Link>
          ) : null}
          {secret ? (
            <Link
              to={`${prefix}/recu?commande=${secret}`}
              data-testid="receipt-link"
              className="inline-block rounded-full border border-brand-600 px-5 py-2.5 font-semibold text-brand-700"
            >
              {orderPlaced.viewReceipt}
            </Link>
          ) : null}
          <Link
            to={`${prefix}/menu`}
            className={
              secret ? 'inline-block rounded-full px-5 py-2.5 font-semibold text-brand-700 underline' : buttonClass('primary', 'inline-block px-5 py-2.5')
            }
          >
            {orderPlaced.backToMenu}
          </Link>
        </div>
      </div>
    </div>
  );
}

/** The last order in local storage changes only when this browser places another: nothing to subscribe to. */
const noSubscription = () => () => {};
