import { data, Link } from 'react-router';
import type { TrackingView } from '@resto/contract/board';
import { getOrderTracking } from '@resto/contract/board.routes';
import { trackingPage } from '@resto/copy/storefront/tracking';
import type { Route } from './+types/tracking';
import { ApiCallError } from '../lib/api.ts';
import { serverApi } from '../lib/api.server.ts';
import { useLocalePrefix } from '../lib/paths.ts';
import { pageMeta } from '../lib/seo.ts';
import { TrackingPage } from '../features/tracking/index.ts';
import { buttonClass } from '../components/ui/button.tsx';

export const meta: Route.MetaFunction = ({ location, matches, data: loaderData }) => [
  ...pageMeta(loaderData && 'view' in loaderData ? trackingPage.pageTitle(loaderData.view.order_id) : trackingPage.pageTitleUnknown, { location, matches }),
  { name: 'robots', content: 'noindex' },
  // The secret is in the address: never sent on to another site.
  { name: 'referrer', content: 'no-referrer' },
];

/** The order's secret is its only key, and the status changes: the page is never stored by a cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });

/**
 * Reads GET /v2/public/tracking/{secret} (docs/decisions/019). A secret that opens no order answers
 * a French 404 page; any other failure goes to the error boundary (502).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const secret = new URL(request.url).searchParams.get('commande') ?? '';
  if (!/^[0-9a-f]{32,128}$/.test(secret)) return data({ unknown: true as const }, { status: 404 });
  try {
    const view: TrackingView = await serverApi(context).call(getOrderTracking, { params: { secret } });
    return { view, secret };
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 404) return data({ unknown: true as const }, { status: 404 });
    if (error instanceof ApiCallError) throw new Response(error.message, { status: 502 });
    throw error;
  }
}

/**
 * /suivi?commande=<secret>: the customer's live status page (docs/decisions/019), linked from
 * /success, the confirmation e-mail and the account's orders.
 */
export default function Tracking({ loaderData }: Route.ComponentProps) {
  const prefix = useLocalePrefix();
  if ('unknown' in loaderData) {
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <div className="rounded-3xl bg-white p-6 text-center shadow-sm" data-testid="tracking-unknown">
          <p className="text-4xl font-bold" aria-hidden>
            404
          </p>
          <h1 className="mt-2 text-2xl font-extrabold">{trackingPage.notFoundTitle}</h1>
          <p className="mt-2 text-ink/70">{trackingPage.notFound}</p>
          <Link to={`${prefix}/menu`} className={buttonClass('primary', 'mt-6 inline-block px-5 py-2.5')}>
            {trackingPage.backToMenu}
          </Link>
        </div>
      </div>
    );
  }
  return <TrackingPage key={loaderData.secret} secret={loaderData.secret} initial={loaderData.view} />;
}
