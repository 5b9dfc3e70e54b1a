import { staffAreaTexts } from '@resto/domain/messages/staff';
import type { Route } from './+types/restaurant-offers';

export const meta: Route.MetaFunction = () => [{ title: staffAreaTexts.offers }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** /restaurant/offres (issue 14): being built. */
export default function RestaurantOffers() {
  return <h1 className="text-2xl font-extrabold">{staffAreaTexts.offers}</h1>;
}
