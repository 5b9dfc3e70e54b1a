import { searchOrderHistory } from '@resto/contract/order-history.routes';
import { orderHistoryPage } from '@resto/copy/staff/order-history';
import type { Route } from './+types/restaurant-history';
import { ApiCallError } from '../lib/api.ts';
import { loadStaffPage, staffApi } from '../lib/staff-api.server.ts';
import { historyApiQuery, historyQueryOf, OrderHistoryPageView } from '../features/order-history/index.ts';

export const meta: Route.MetaFunction = () => [{ title: orderHistoryPage.title }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/**
 * /restaurant/commandes/historique?q=&from=&to=&status=&channel=&means=&cursor= (docs/decisions/034):
 * a page of past orders, staff and owner; a refused field is said with what was typed kept.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = historyQueryOf(new URL(request.url));
  return loadStaffPage(async () => {
    try {
      return { query, page: await staffApi(request, context).call(searchOrderHistory, { query: historyApiQuery(query) }), refusal: null };
    } catch (error) {
      if (!(error instanceof ApiCallError) || error.code !== 'invalid_request') throw error;
      return { query, page: null, refusal: { message: error.errors[0]?.message ?? error.message, field: error.errors[0]?.path ?? null } };
    }
  });
}

export default function RestaurantHistory({ loaderData }: Route.ComponentProps) {
  return <OrderHistoryPageView query={loaderData.query} page={loaderData.page} refusal={loaderData.refusal} />;
}
