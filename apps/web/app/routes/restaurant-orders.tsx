import { staffAreaTexts } from '@resto/domain/messages/staff';
import type { Route } from './+types/restaurant-orders';

export const meta: Route.MetaFunction = () => [{ title: staffAreaTexts.orders }, { name: 'robots', content: 'noindex, nofollow' }];

/** /restaurant/commandes: a placeholder until the board (helper "board-ui") replaces this file. */
export default function RestaurantOrders() {
  return (
    <section className="rounded-2xl bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-extrabold">{staffAreaTexts.orders}</h1>
      <p className="mt-2 text-ink/70" data-testid="board-placeholder">
        {staffAreaTexts.ordersPlaceholder}
      </p>
    </section>
  );
}
