import { staffAreaTexts } from '@resto/domain/messages/staff';
import type { Route } from './+types/restaurant-menu';

export const meta: Route.MetaFunction = () => [{ title: staffAreaTexts.menu }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** /restaurant/carte (issue 14): being built. */
export default function RestaurantMenu() {
  return <h1 className="text-2xl font-extrabold">{staffAreaTexts.menu}</h1>;
}
