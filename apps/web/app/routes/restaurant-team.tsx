import { redirect, useOutletContext } from 'react-router';
import type { StaffMe } from '@resto/contract/staff';
import { getStaffTeam } from '@resto/contract/staff.routes';
import { staffMessages, staffTeamTexts } from '@resto/domain/messages/staff';
import type { Route } from './+types/restaurant-team';
import { ApiCallError } from '../lib/api.ts';
import { staffApi, staffLoginPath } from '../lib/staff-api.server.ts';
import { StaffTeamPage } from '../features/staff/index.ts';

export const meta: Route.MetaFunction = () => [{ title: staffTeamTexts.title }, { name: 'robots', content: 'noindex, nofollow' }];

/** /restaurant/equipe (issue 13, part 1): the owner's team page; a staff member is told it is the owner's. */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    return { team: await staffApi(request, context).call(getStaffTeam), forbidden: false as const };
  } catch (error) {
    if (error instanceof ApiCallError && error.code === 'staff_forbidden') return { team: null, forbidden: true as const };
    if (error instanceof ApiCallError && error.code === 'staff_login_required') throw redirect(staffLoginPath);
    if (error instanceof ApiCallError) throw new Response(error.message, { status: 502 });
    throw error;
  }
}

export default function RestaurantTeam({ loaderData }: Route.ComponentProps) {
  const me = useOutletContext<StaffMe>();
  if (!loaderData.team)
    return (
      <section className="rounded-2xl bg-white p-6 shadow-sm" data-testid="team-forbidden">
        <h1 className="text-2xl font-extrabold">{staffTeamTexts.title}</h1>
        <p role="alert" className="mt-2 text-ink/80">
          {staffMessages.forbidden}
        </p>
      </section>
    );
  return <StaffTeamPage me={me} team={loaderData.team} />;
}
