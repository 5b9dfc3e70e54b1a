import { getCoupon } from '@resto/contract/catalog.routes';
import { readOrderHistory } from '@resto/contract/order-history.routes';
import { orderChangeErrors, orderChangePage } from '@resto/copy/staff/order-change';
import { orderHistoryErrors } from '@resto/copy/staff/order-history';
import type { Route } from './+types/restaurant-change-order';
import { ApiCallError } from '../lib/api.ts';
import { loadStoreData } from '../lib/api.server.ts';
import { loadStaffPage, staffApi } from '../lib/staff-api.server.ts';
import { PhoneOrderPage } from '../features/phone-order/index.ts';
import { Card } from '../components/ui/card.tsx';

export const meta: Route.MetaFunction = ({ params }) => [
  { title: orderChangePage.title(Number(params.orderId)) },
  { name: 'robots', content: 'noindex, nofollow' },
];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/**
 * /restaurant/commandes/<id>/modifier (docs/decisions/039-changing-an-order.md): « Modifier la
 * commande », the phone order's screen filled with the order as it is (its lines, order type,
 * address and slot; its customer kept), priced by the storefront's code, written by the API's change.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const [{ menus, settings, offers }, order] = await Promise.all([
    loadStoreData(context),
    loadStaffPage(async () => {
      try {
        return (await staffApi(request, context).call(readOrderHistory, { params: { order_id: params.orderId } })).order;
      } catch (error) {
        if (!(error instanceof ApiCallError) || !error.is('order_not_found', 'invalid_request')) throw error;
        return null;
      }
    }),
  ]);
  // Its coupon's offer, so that the screen prices the order as the server will (an ended coupon: none, the server says why).
  const coupon = order?.coupon_code
    ? await staffApi(request, context)
        .call(getCoupon, { params: { coupon: order.coupon_code } })
        .then(([offer]) => offer ?? null)
        .catch(() => null)
    : null;
  return { menus, settings, offers, order, coupon };
}

export default function RestaurantChangeOrder({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  if (!order || !order.changeable)
    return (
      <Card>
        <h1 className="text-2xl font-extrabold">{orderChangePage.button}</h1>
        <p role="alert" className="mt-2 text-ink/80">
          {order ? orderChangeErrors.notChangeable : orderHistoryErrors.unknownOrder}
        </p>
      </Card>
    );
  return (
    <PhoneOrderPage
      key={`${order.order_id}-${order.revision}`}
      menus={loaderData.menus}
      settings={loaderData.settings}
      offers={loaderData.offers}
      editing={order}
      coupon={loaderData.coupon}
    />
  );
}
