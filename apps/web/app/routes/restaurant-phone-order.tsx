import { phoneOrderPage } from '@resto/copy/staff/phone-order';
import type { Route } from './+types/restaurant-phone-order';
import { loadStoreData } from '../lib/api.server.ts';
import { PhoneOrderPage } from '../features/phone-order/index.ts';

export const meta: Route.MetaFunction = () => [{ title: phoneOrderPage.pageTitle }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/**
 * /restaurant/commandes/nouvelle (docs/decisions/036-phone-orders.md): a phone order, staff and
 * owner (the staff area's layout sends a signed-out screen to the login page). The menus, settings
 * and offers are the storefront's, priced by the same code.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { menus, settings, offers } = await loadStoreData(context);
  return { menus, settings, offers };
}

export default function RestaurantPhoneOrder({ loaderData }: Route.ComponentProps) {
  return <PhoneOrderPage menus={loaderData.menus} settings={loaderData.settings} offers={loaderData.offers} />;
}
