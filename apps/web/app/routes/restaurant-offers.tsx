import { listBackOfficeOffers } from '@resto/contract/offers.routes';
import { offersPage } from '@resto/copy/staff/offers';
import type { Route } from './+types/restaurant-offers';
import { loadStaffPage, staffApi } from '../lib/staff-api.server.ts';
import { OffersPage } from '../features/backoffice-offers/index.ts';
import { Card } from '../components/ui/card.tsx';

export const meta: Route.MetaFunction = () => [{ title: offersPage.title }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** /restaurant/offres (docs/decisions/023): the owner's offers and coupons; a staff member is told they are the owner's. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadStaffPage(async () => ({ data: await staffApi(request, context).call(listBackOfficeOffers) }), {
    forbidden: () => ({ data: null }),
  });
}

export default function RestaurantOffers({ loaderData }: Route.ComponentProps) {
  if (!loaderData.data)
    return (
      <Card data-testid="offers-forbidden">
        <h1 className="text-2xl font-extrabold">{offersPage.title}</h1>
        <p role="alert" className="mt-2 text-ink/80">
          {offersPage.ownerOnly}
        </p>
      </Card>
    );
  return <OffersPage data={loaderData.data} />;
}
