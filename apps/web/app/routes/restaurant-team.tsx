import { useOutletContext } from 'react-router';
import type { StaffMe } from '@resto/contract/staff';
import { getStaffTeam } from '@resto/contract/staff.routes';
import { staffAnswers, teamPage } from '@resto/copy/staff/team';
import type { Route } from './+types/restaurant-team';
import { loadStaffPage, staffApi } from '../lib/staff-api.server.ts';
import { StaffTeamPage } from '../features/staff/index.ts';
import { Card } from '../components/ui/card.tsx';

export const meta: Route.MetaFunction = () => [{ title: teamPage.title }, { name: 'robots', content: 'noindex, nofollow' }];

/** /restaurant/equipe (docs/decisions/020): the owner's team page; a staff member is told it is the owner's. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadStaffPage(async () => ({ team: await staffApi(request, context).call(getStaffTeam), forbidden: false as const }), {
    forbidden: () => ({ team: null, forbidden: true as const }),
  });
}

export default function RestaurantTeam({ loaderData }: Route.ComponentProps) {
  const me = useOutletContext<StaffMe>();
  if (!loaderData.team)
    return (
      <Card data-testid="team-forbidden">
        <h1 className="text-2xl font-extrabold">{teamPage.title}</h1>
        <p role="alert" className="mt-2 text-ink/80">
          {staffAnswers.forbidden}
        </p>
      </Card>
    );
  return <StaffTeamPage me={me} team={loaderData.team} />;
}
