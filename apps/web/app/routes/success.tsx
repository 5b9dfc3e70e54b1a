import { messages } from '@resto/domain/messages';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { describeSchedule } from '@resto/domain/scheduling';
import { readSetting } from '@resto/domain/settings';
import type { Route } from './+types/success';
import { callApi } from '../lib/api-client.ts';
import { formatEuros } from '../lib/format.ts';
import { useLocalePrefix } from '../lib/paths.ts';
import { pageMeta } from '../lib/seo.ts';
import { useStoreData } from '../lib/store-data.ts';
import { lastOrderKey } from '../features/checkout/checkout-store.ts';

export const meta: Route.MetaFunction = ({ location }) => [
  ...pageMeta('Commande envoyée · Merci !', location.pathname),
  { name: 'robots', content: 'noindex' },
];

/** 'le mardi 24 novembre, 12:30–12:45' or 'dès que possible'. */
const whenOf = (order: Pick<PlacedOrder, 'delivery_date' | 'delivery_time_range'>) => describeSchedule(order.delivery_date, order.delivery_time_range);

interface PlacedOrder {
  order_id: number;
  is_pickup: boolean;
  delivery_date: string | null;
  delivery_time_range: string | null;
  location: { address?: string; postal_code?: string; city?: string } | null;
  status: string;
  total: number;
  tax: number;
  items: { item_name: string; quantity: number; amount: number; options: { name: string }[] }[];
  applied_offers: { offer_id: number; name: string; amount: number; is_coupon: boolean }[];
  free_items: { item_id: number; item_name: string; quantity: number }[];
  delivery: number;
  customer: { first_name: string };
  /** Paid with the built-in test processor (issue 17): no money moved. */
  payment_test_mode?: boolean;
}

/** /success?order={order_id}: the order number, and its recap for the browser that placed it. */
export default function Success() {
  const [searchParams] = useSearchParams();
  const orderId = Number(searchParams.get('order'));
  const prefix = useLocalePrefix();
  const { settings } = useStoreData();
  const [order, setOrder] = useState<PlacedOrder>();
  // The last order this browser placed (use-place-order.ts), read once hydrated: the server has no local storage.
  const lastOrder = useSyncExternalStore(noSubscription, () => localStorage.getItem(lastOrderKey), () => null);
  const last = useMemo(() => JSON.parse(lastOrder ?? 'null') as { order_id: number; local_id: string; secret?: string } | null, [lastOrder]);
  const secret = last?.order_id === orderId ? last.secret : undefined;

  useEffect(() => {
    if (!last || last.order_id !== orderId) return;
    callApi<PlacedOrder>('GET', `/v2/public/checkout/${last.order_id}?local_id=${encodeURIComponent(last.local_id)}`)
      .then(setOrder)
      .catch(() => undefined);
  }, [last, orderId]);

  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <div className="rounded-3xl bg-white p-6 text-center shadow-sm">
        <CheckCircle2 size={56} className="mx-auto text-emerald-600" aria-hidden />
        <h1 className="mt-3 text-2xl font-extrabold">Merci{order ? ` ${order.customer.first_name}` : ''} !</h1>
        {Number.isInteger(orderId) && orderId > 0 ? (
          <p className="mt-2 text-lg">
            Votre commande <strong data-testid="order-number">n° {orderId}</strong> est bien enregistrée.
          </p>
        ) : (
          <p className="mt-2 text-lg">Votre commande est bien enregistrée.</p>
        )}
        <p className="mt-1 text-ink/70">
          {order && !order.is_pickup
            ? `Livraison ${whenOf(order)} au ${[order.location?.address, `${order.location?.postal_code ?? ''} ${order.location?.city ?? ''}`.trim()].filter(Boolean).join(', ')}, paiement à la livraison.`
            : `Retrait ${order ? whenOf(order) : 'dès que possible'} au ${readSetting(settings, 'contacts.address', 'restaurant')}, paiement sur place.`}{' '}
          Pour toute question : {readSetting(settings, 'contacts.phone', '')}.
        </p>
        {order?.payment_test_mode ? (
          <p className="mt-3 inline-block rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-800" data-testid="payment-test-mode">
            {messages.paymentTestMode}
          </p>
        ) : null}
        {order ? (
          <div className="mt-5 text-left">
            <ul className="divide-y divide-black/5 text-sm">
              {order.items.map((item, index) => (
                <li key={index} className="flex justify-between gap-3 py-2">
                  <span>
                    {item.quantity} × {item.item_name}
                    {item.options.length ? <span className="block text-xs text-ink/60">{item.options.map((o) => o.name).join(', ')}</span> : null}
                  </span>
                  <span>{formatEuros(item.amount)}</span>
                </li>
              ))}
              {order.free_items.map((free) => (
                <li key={free.item_id} className="flex justify-between gap-3 py-2 text-emerald-700">
                  <span>
                    {free.quantity} × {free.item_name}
                  </span>
                  <span>Offert</span>
                </li>
              ))}
            </ul>
            {order.applied_offers
              .filter((offer) => offer.amount > 0)
              .map((offer) => (
                <p key={offer.offer_id} className="flex justify-between gap-3 text-sm text-emerald-700">
                  <span>{offer.is_coupon ? `Code promo · ${offer.name}` : offer.name}</span>
                  <span>−{formatEuros(offer.amount)}</span>
                </p>
              ))}
            {!order.is_pickup ? (
              <p className="flex justify-between gap-3 text-sm">
                <span>Livraison</span>
                <span>{order.delivery > 0 ? formatEuros(order.delivery) : 'Gratuit'}</span>
              </p>
            ) : null}
            <p className="mt-2 flex justify-between border-t border-black/10 pt-2 font-bold">
              <span>Total TTC</span>
              <span data-testid="order-total">{formatEuros(order.total)}</span>
            </p>
          </div>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          {secret ? (
            <Link
              to={`${prefix}/recu?commande=${secret}`}
              data-testid="receipt-link"
              className="inline-block rounded-full border border-brand-600 px-5 py-2.5 font-semibold text-brand-700"
            >
              Voir le reçu
            </Link>
          ) : null}
          <Link to={`${prefix}/menu`} className="inline-block rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white">
            Retour à la carte
          </Link>
        </div>
      </div>
    </div>
  );
}

/** The last order in local storage changes only when this browser places another: nothing to subscribe to. */
const noSubscription = () => () => {};
