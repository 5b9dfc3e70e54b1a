import { useOutletContext } from 'react-router';
import { getCapacity } from '@resto/contract/capacity.routes';
import type { StaffMe } from '@resto/contract/staff';
import { capacityPage } from '@resto/copy/staff/capacity';
import { staffArea } from '@resto/copy/staff/team';
import type { Route } from './+types/restaurant-capacity';
import { loadStaffPage, staffApi } from '../lib/staff-api.server.ts';
import { CapacityPage } from '../features/backoffice-capacity/index.ts';

export const meta: Route.MetaFunction = () => [{ title: staffArea.capacity }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** /restaurant/capacite (docs/decisions/023): the capacity per 15-minute slot, read by any member, set by the owner. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadStaffPage(async () => ({ view: await staffApi(request, context).call(getCapacity) }), {
    failure: capacityPage.loadFailed,
  });
}

export default function RestaurantCapacity({ loaderData }: Route.ComponentProps) {
  const me = useOutletContext<StaffMe>();
  return <CapacityPage me={me} view={loaderData.view} />;
}
