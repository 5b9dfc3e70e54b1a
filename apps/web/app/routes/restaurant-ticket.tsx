import { useSearchParams } from 'react-router';
import { kitchenTicket } from '@resto/copy/staff/board';
import type { Route } from './+types/restaurant-ticket';
import { TicketPage } from '../features/board/index.ts';

export const meta: Route.MetaFunction = ({ params }) => [{ title: kitchenTicket.pageTitle(Number(params.orderId)) }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached: they carry the day's orders. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/**
 * /restaurant/commandes/:orderId/ticket: the kitchen ticket for 80 mm paper (docs/decisions/019),
 * outside the staff layout (nothing but the ticket is printed). `?imprimer=1` prints it at once.
 */
export default function RestaurantTicket({ params }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const print = search.get('imprimer') === '1';
  return <TicketPage orderId={Number(params.orderId)} print={print} />;
}
