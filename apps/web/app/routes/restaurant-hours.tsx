import { redirect } from 'react-router';
import { HoursPageSchema } from '@resto/contract/backoffice-hours';
import { staffMessages } from '@resto/domain/messages/staff';
import { hoursPageTexts } from '@resto/domain/messages/backoffice-hours';
import type { Route } from './+types/restaurant-hours';
import { ApiCallError } from '../lib/api.ts';
import { staffApi, staffLoginPath } from '../lib/staff-api.server.ts';
import { HoursPage } from '../features/backoffice-hours/index.ts';

export const meta: Route.MetaFunction = () => [{ title: hoursPageTexts.title }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** /restaurant/horaires (issue 14, part 3): the owner's hours, exceptional days, pause and busy mode; a staff member is told it is the owner's. */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    return { hours: await staffApi(request, context).call({ path: '/v2/restaurant/hours', response: HoursPageSchema }) };
  } catch (error) {
    if (error instanceof ApiCallError && error.code === 'staff_forbidden') return { hours: null };
    if (error instanceof ApiCallError && error.code === 'staff_login_required') throw redirect(staffLoginPath);
    if (error instanceof ApiCallError) throw new Response(error.message, { status: 502 });
    throw error;
  }
}

export default function RestaurantHours({ loaderData }: Route.ComponentProps) {
  if (!loaderData.hours)
    return (
      <section className="rounded-2xl bg-white p-6 shadow-sm" data-testid="hours-forbidden">
        <h1 className="text-2xl font-extrabold">{hoursPageTexts.title}</h1>
        <p role="alert" className="mt-2 text-ink/80">
          {staffMessages.forbidden}
        </p>
      </section>
    );
  return <HoursPage data={loaderData.hours} />;
}
