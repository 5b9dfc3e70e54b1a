import { Outlet } from 'react-router';
import { staffArea } from '@resto/copy/staff/team';
import type { Route } from './+types/restaurant-area';
import { requireStaffMe } from '../lib/staff-api.server.ts';
import { StaffShell } from '../features/staff/index.ts';

export const meta: Route.MetaFunction = () => [{ title: staffArea.area }, { name: 'robots', content: 'noindex, nofollow' }];

/**
 * The signed-in staff pages' layout (docs/decisions/020): without a live staff session (none,
 * expired, or a removed member's) every page under it sends to the login page. Its child pages
 * read the member with `useOutletContext<StaffMe>()`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { me: await requireStaffMe(request, context) };
}

export default function RestaurantArea({ loaderData }: Route.ComponentProps) {
  return (
    <StaffShell me={loaderData.me}>
      <Outlet context={loaderData.me} />
    </StaffShell>
  );
}
