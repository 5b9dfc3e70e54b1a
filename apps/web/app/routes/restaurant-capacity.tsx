import { staffAreaTexts } from '@resto/domain/messages/staff';
import type { Route } from './+types/restaurant-capacity';

export const meta: Route.MetaFunction = () => [{ title: staffAreaTexts.capacity }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** /restaurant/capacite (issue 14): being built. */
export default function RestaurantCapacity() {
  return <h1 className="text-2xl font-extrabold">{staffAreaTexts.capacity}</h1>;
}
