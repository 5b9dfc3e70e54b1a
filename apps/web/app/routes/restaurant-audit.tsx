import { staffAreaTexts } from '@resto/domain/messages/staff';
import type { Route } from './+types/restaurant-audit';

export const meta: Route.MetaFunction = () => [{ title: staffAreaTexts.audit }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** /restaurant/journal (issue 14): being built. */
export default function RestaurantAudit() {
  return <h1 className="text-2xl font-extrabold">{staffAreaTexts.audit}</h1>;
}
