import { redirect } from 'react-router';
import { BackOfficeOffersSchema } from '@resto/contract/backoffice-offers';
import { offersPageTexts } from '@resto/domain/messages/backoffice-offers';
import type { Route } from './+types/restaurant-offers';
import { ApiCallError } from '../lib/api.ts';
import { staffApi, staffLoginPath } from '../lib/staff-api.server.ts';
import { OffersPage } from '../features/backoffice-offers/index.ts';

export const meta: Route.MetaFunction = () => [{ title: offersPageTexts.title }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** /restaurant/offres (issue 14, part 6): the owner's offers and coupons; a staff member is told they are the owner's. */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    return { data: await staffApi(request, context).call({ path: '/v2/restaurant/offers', response: BackOfficeOffersSchema }) };
  } catch (error) {
    if (error instanceof ApiCallError && error.code === 'staff_forbidden') return { data: null };
    if (error instanceof ApiCallError && error.code === 'staff_login_required') throw redirect(staffLoginPath);
    if (error instanceof ApiCallError) throw new Response(error.message, { status: 502 });
    throw error;
  }
}

export default function RestaurantOffers({ loaderData }: Route.ComponentProps) {
  if (!loaderData.data)
    return (
      <section className="rounded-2xl bg-white p-6 shadow-sm" data-testid="offers-forbidden">
        <h1 className="text-2xl font-extrabold">{offersPageTexts.title}</h1>
        <p role="alert" className="mt-2 text-ink/80">
          {offersPageTexts.ownerOnly}
        </p>
      </section>
    );
  return <OffersPage data={loaderData.data} />;
}
