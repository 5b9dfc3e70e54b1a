import { boardTexts } from '@resto/domain/messages/board';
import type { Route } from './+types/restaurant-orders';
import { BoardPage } from '../features/board/index.ts';

export const meta: Route.MetaFunction = () => [{ title: boardTexts.pageTitle }, { name: 'robots', content: 'noindex' }];

/** Staff pages are never cached: they carry the day's orders. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** /restaurant/commandes: the live orders board (issue 13, parts 2 to 5). */
export default function RestaurantOrders() {
  return <BoardPage />;
}
