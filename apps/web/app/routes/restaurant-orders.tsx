import { boardTexts } from '@resto/domain/messages/board';
import type { Route } from './+types/restaurant-orders';
import { BoardPage } from '../features/board/index.ts';

export const meta: Route.MetaFunction = () => [{ title: boardTexts.pageTitle }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached: they carry the day's orders. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/**
 * /restaurant/commandes: the live orders board (issue 13, parts 2 to 6), inside the staff area's
 * layout (routes/restaurant-area.tsx, which sends a signed-out screen to the login page).
 * TODO(escalation merge): pass `subscribeToPush` from features/staff-push (the "escalation" part)
 * as `<BoardPage subscribeToPush={subscribeToPush} />`, so « Démarrer le service » subscribes this device to Web Push.
 */
export default function RestaurantOrders() {
  return <BoardPage />;
}
