import { staffAreaTexts } from '@resto/domain/messages/staff';
import type { Route } from './+types/restaurant-settings';

export const meta: Route.MetaFunction = () => [{ title: staffAreaTexts.settings }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** /restaurant/reglages (issue 14): being built. */
export default function RestaurantSettings() {
  return <h1 className="text-2xl font-extrabold">{staffAreaTexts.settings}</h1>;
}
