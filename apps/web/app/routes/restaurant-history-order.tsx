import { retryOrderRefund } from '@resto/contract/board.routes';
import { readOrderHistory } from '@resto/contract/order-history.routes';
import { orderHistoryErrors, orderHistoryPage } from '@resto/copy/staff/order-history';
import type { Route } from './+types/restaurant-history-order';
import { ApiCallError } from '../lib/api.ts';
import { loadStaffPage, staffApi } from '../lib/staff-api.server.ts';
import { HistoryOrderView, historyHref, historyQueryOf } from '../features/order-history/index.ts';
import { orderHistoryPath } from '../features/staff/index.ts';
import { Card } from '../components/ui/card.tsx';

export const meta: Route.MetaFunction = ({ params }) => [
  { title: orderHistoryPage.orderNumber(Number(params.orderId)) },
  { name: 'robots', content: 'noindex, nofollow' },
];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/**
 * /restaurant/commandes/historique/<id>?<the list's query> (docs/decisions/034): one past order's
 * whole life; the back link returns to the list as it was searched.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const query = historyQueryOf(new URL(request.url));
  const backHref = historyHref(orderHistoryPath, query, query.cursor || null);
  return loadStaffPage(async () => {
    try {
      return { detail: await staffApi(request, context).call(readOrderHistory, { params: { order_id: params.orderId } }), backHref };
    } catch (error) {
      if (!(error instanceof ApiCallError) || !error.is('order_not_found', 'invalid_request')) throw error;
      return { detail: null, backHref };
    }
  });
}

/** « Relancer le remboursement »: the board's own call (one refund per order, idempotent at the provider). */
export async function action({ request, context, params }: Route.ActionArgs) {
  return loadStaffPage(async () => {
    try {
      await staffApi(request, context).call(retryOrderRefund, { params: { order_id: params.orderId } });
      return { refundMessage: null };
    } catch (error) {
      if (!(error instanceof ApiCallError) || !error.is('refund_failed', 'order_transition_refused')) throw error;
      return { refundMessage: error.message };
    }
  });
}

export default function RestaurantHistoryOrder({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.detail)
    return (
      <Card>
        <h1 className="text-2xl font-extrabold">{orderHistoryPage.title}</h1>
        <p role="alert" className="mt-2 text-ink/80">
          {orderHistoryErrors.unknownOrder}
        </p>
      </Card>
    );
  return <HistoryOrderView detail={loaderData.detail} backHref={loaderData.backHref} refundMessage={actionData?.refundMessage ?? null} />;
}
