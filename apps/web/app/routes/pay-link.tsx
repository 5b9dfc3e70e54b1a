import { data } from 'react-router';
import { getPaymentLink } from '@resto/contract/payment-links.routes';
import type { PaymentLinkView } from '@resto/contract/payment-links';
import { payLinkErrors, payLinkPage } from '@resto/copy/storefront/payment-links';
import { paymentLinkTokenPattern } from '@resto/domain/payment-links';
import type { Route } from './+types/pay-link';
import { ApiCallError } from '../lib/api.ts';
import { serverApi } from '../lib/api.server.ts';
import { pageMeta } from '../lib/seo.ts';
import { PayLinkPage } from '../features/pay-link/index.ts';

export const meta: Route.MetaFunction = ({ location, matches, data: loaderData }) => [
  ...pageMeta(loaderData && 'view' in loaderData ? payLinkPage.pageTitle(loaderData.view.order_id) : payLinkErrors.unknown, { location, matches }),
  { name: 'robots', content: 'noindex' },
  // The token is in the address: never sent on to another site.
  { name: 'referrer', content: 'no-referrer' },
];

/** The token is the only key, and the state changes: never stored by a cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });

/** Reads GET /v2/public/payment-links/{token}; an unknown token answers a French 404 page. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const token = params.token;
  if (!paymentLinkTokenPattern.test(token)) return data({ unknown: true as const }, { status: 404 });
  try {
    const view: PaymentLinkView = await serverApi(context).call(getPaymentLink, { params: { token } });
    return { view, token };
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 404) return data({ unknown: true as const }, { status: 404 });
    if (error instanceof ApiCallError) throw new Response(error.message, { status: 502 });
    throw error;
  }
}

/** /payer/<token>: a customer pays by card what is left to pay on an order (docs/decisions/038). */
export default function PayLink({ loaderData }: Route.ComponentProps) {
  if ('unknown' in loaderData) {
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <p role="alert" className="rounded-3xl bg-white p-6 text-center text-lg font-bold shadow-sm" data-testid="pay-link-unknown">
          {payLinkErrors.unknown}
        </p>
      </div>
    );
  }
  return <PayLinkPage key={loaderData.token} token={loaderData.token} initial={loaderData.view} />;
}
