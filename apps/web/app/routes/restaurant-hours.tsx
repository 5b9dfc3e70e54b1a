import { getHoursPage } from '@resto/contract/hours.routes';
import { hoursPage } from '@resto/copy/staff/hours';
import { staffAnswers } from '@resto/copy/staff/team';
import type { Route } from './+types/restaurant-hours';
import { loadStaffPage, staffApi } from '../lib/staff-api.server.ts';
import { HoursPage } from '../features/backoffice-hours/index.ts';
import { Card } from '../components/ui/card.tsx';

export const meta: Route.MetaFunction = () => [{ title: hoursPage.title }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** /restaurant/horaires (docs/decisions/023): the owner's hours, exceptional days, pause and busy mode; a staff member is told it is the owner's. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadStaffPage(async () => ({ hours: await staffApi(request, context).call(getHoursPage) }), {
    forbidden: () => ({ hours: null }),
  });
}

export default function RestaurantHours({ loaderData }: Route.ComponentProps) {
  if (!loaderData.hours)
    return (
      <Card data-testid="hours-forbidden">
        <h1 className="text-2xl font-extrabold">{hoursPage.title}</h1>
        <p role="alert" className="mt-2 text-ink/80">
          {staffAnswers.forbidden}
        </p>
      </Card>
    );
  return <HoursPage data={loaderData.hours} />;
}
