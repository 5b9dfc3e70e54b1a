import { staffAreaTexts } from '@resto/domain/messages/staff';
import type { Route } from './+types/restaurant-hours';

export const meta: Route.MetaFunction = () => [{ title: staffAreaTexts.hours }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** /restaurant/horaires (issue 14): being built. */
export default function RestaurantHours() {
  return <h1 className="text-2xl font-extrabold">{staffAreaTexts.hours}</h1>;
}
