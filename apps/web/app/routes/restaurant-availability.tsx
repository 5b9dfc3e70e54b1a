import { staffAreaTexts } from '@resto/domain/messages/staff';
import type { Route } from './+types/restaurant-availability';

export const meta: Route.MetaFunction = () => [{ title: staffAreaTexts.availability }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** /restaurant/disponibilites (issue 14): being built. */
export default function RestaurantAvailability() {
  return <h1 className="text-2xl font-extrabold">{staffAreaTexts.availability}</h1>;
}
