import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ordersPageSize } from '@resto/domain/account';
import type { Route } from './+types/profile-orders';
import { pageMeta } from '../lib/seo.ts';
import { useLocalePrefix } from '../lib/paths.ts';
import type { AccountOrdersPage } from '@resto/contract/auth';
import { listAccountOrders } from '@resto/contract/auth.routes';
import { api, ApiCallError } from '../lib/api.ts';
import { isSessionLost, sessionQuery } from '../features/account/index.ts';
import { OrderCard } from '../features/account/index.ts';
import { useSessionLost } from '../features/account/index.ts';
import { orderHistory } from '@resto/copy/storefront/account';
import { FormAlert } from '../components/ui/alert.tsx';
import { buttonClass } from '../components/ui/button.tsx';
import { cardClass } from '../components/ui/card.tsx';

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(orderHistory.pageTitle, { location, matches }),
  { name: 'robots', content: 'noindex' },
];

/** /profile/ViewOrders (?page=): past orders, 20 a page, newest first (spec sections 7 and 9). */
export default function ViewOrders() {
  const [searchParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(searchParams.get('page')) || 1));
  const prefix = useLocalePrefix();
  const sessionLost = useSessionLost();
  const [data, setData] = useState<AccountOrdersPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  // Another page asked: loading again, the previous alert gone, from the render that sees the new page.
  const [askedPage, setAskedPage] = useState(page);
  if (askedPage !== page) {
    setAskedPage(page);
    setLoading(true);
    setError(null);
  }

  useEffect(() => {
    let cancelled = false;
    api
      .call(listAccountOrders, { authQuery: sessionQuery(), query: { page, limit: ordersPageSize }, sensitive: true })
      .then((answer) => !cancelled && setData(answer))
      .catch((e: unknown) => {
        if (cancelled) return;
        if (isSessionLost(e)) return sessionLost();
        setError(e instanceof ApiCallError ? e.message : null);
      })
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [page]);

  const pageLink = (n: number) => `${prefix}/profile/ViewOrders${n > 1 ? `?page=${n}` : ''}`;
  return (
    <div className="space-y-4">
      <h2 className="text-2xl font-extrabold">{orderHistory.heading}</h2>
      <FormAlert message={error} />
      {loading && !data ? <p className="text-ink/70">{orderHistory.loading}</p> : null}
      {data && data.total === 0 ? (
        <div className={`${cardClass} p-6 text-center`}>
          <p className="font-semibold">{orderHistory.empty}</p>
          <p className="mt-1 text-sm text-ink/70">{orderHistory.emptyHint}</p>
          <Link to={`${prefix}/menu`} className={buttonClass('primary', 'mt-4 inline-block px-4 py-2.5 text-sm')}>
            {orderHistory.viewMenu}
          </Link>
        </div>
      ) : null}
      <div className="space-y-3" aria-busy={loading || undefined}>
        {data?.orders.map((order) => (
          <OrderCard key={order.order_id} order={order} />
        ))}
      </div>
      {data && data.pages > 1 ? (
        <nav aria-label={orderHistory.pagination} className="flex items-center justify-between gap-2 text-sm">
          {page > 1 ? (
            <Link to={pageLink(page - 1)} className={buttonClass('secondary', 'px-4 py-2')}>
              {orderHistory.newer}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-ink/70">{orderHistory.pageOf(data.page, data.pages)}</span>
          {page < data.pages ? (
            <Link to={pageLink(page + 1)} className={buttonClass('secondary', 'px-4 py-2')}>
              {orderHistory.older}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
