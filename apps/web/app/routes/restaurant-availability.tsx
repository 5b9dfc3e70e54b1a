import { redirect } from 'react-router';
import { AvailabilityListSchema } from '@resto/contract/backoffice-images';
import { availabilityTexts } from '@resto/domain/messages/backoffice-availability';
import type { Route } from './+types/restaurant-availability';
import { ApiCallError } from '../lib/api.ts';
import { staffApi, staffLoginPath } from '../lib/staff-api.server.ts';
import { AvailabilityPage } from '../features/backoffice-availability/index.ts';

export const meta: Route.MetaFunction = () => [{ title: availabilityTexts.pageTitle }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** /restaurant/disponibilites (issue 14, part 2): every dish and its availability, for staff and owners. */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    return { dishes: await staffApi(request, context).call({ path: '/v2/restaurant/availability', response: AvailabilityListSchema }) };
  } catch (error) {
    if (error instanceof ApiCallError && error.code === 'staff_login_required') throw redirect(staffLoginPath);
    if (error instanceof ApiCallError) throw new Response(error.message, { status: 502 });
    throw error;
  }
}

export default function RestaurantAvailability({ loaderData }: Route.ComponentProps) {
  return <AvailabilityPage initial={loaderData.dishes} />;
}
