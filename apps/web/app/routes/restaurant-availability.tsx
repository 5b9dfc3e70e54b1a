import { listAvailability } from '@resto/contract/availability.routes';
import { availability } from '@resto/copy/staff/availability';
import type { Route } from './+types/restaurant-availability';
import { loadStaffPage, staffApi } from '../lib/staff-api.server.ts';
import { AvailabilityPage } from '../features/backoffice-availability/index.ts';

export const meta: Route.MetaFunction = () => [{ title: availability.pageTitle }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** /restaurant/disponibilites (docs/decisions/023): every dish and its availability, for staff and owners. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadStaffPage(async () => ({
    dishes: await staffApi(request, context).call(listAvailability),
  }));
}

export default function RestaurantAvailability({ loaderData }: Route.ComponentProps) {
  return <AvailabilityPage initial={loaderData.dishes} />;
}
