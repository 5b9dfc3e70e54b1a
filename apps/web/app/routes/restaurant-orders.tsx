import { boardPage } from '@resto/copy/staff/board';
import type { Route } from './+types/restaurant-orders';
import { BoardPage } from '../features/board/index.ts';
import { subscribeToPush } from '../features/staff-push/index.ts';

export const meta: Route.MetaFunction = () => [{ title: boardPage.pageTitle }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached: they carry the day's orders. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/**
 * /restaurant/commandes: the live orders board (docs/decisions/019, 021 and 022), inside the staff area's
 * layout (routes/restaurant-area.tsx, which sends a signed-out screen to the login page).
 * « Démarrer le service » also subscribes this device to Web Push (features/staff-push), so an
 * order nobody opened reaches it even when the board is closed (docs/decisions/022-nothing-unseen.md).
 */
export default function RestaurantOrders() {
  return <BoardPage subscribeToPush={subscribeToPush} />;
}
