import { staffAreaTexts } from '@resto/domain/messages/staff';
import type { Route } from './+types/restaurant-delivery';

export const meta: Route.MetaFunction = () => [{ title: staffAreaTexts.delivery }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** /restaurant/livraison (issue 14): being built. */
export default function RestaurantDelivery() {
  return <h1 className="text-2xl font-extrabold">{staffAreaTexts.delivery}</h1>;
}
