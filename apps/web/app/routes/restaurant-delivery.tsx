import { redirect } from 'react-router';
import { VersionedSettingsSchema } from '@resto/contract/backoffice-settings';
import { staffAreaTexts } from '@resto/domain/messages/staff';
import { deliveryPageTexts } from '@resto/domain/messages/backoffice-settings';
import type { Route } from './+types/restaurant-delivery';
import { ApiCallError } from '../lib/api.ts';
import { staffApi, staffLoginPath } from '../lib/staff-api.server.ts';
import { DeliveryPage } from '../features/backoffice-settings/index.ts';

export const meta: Route.MetaFunction = () => [{ title: staffAreaTexts.delivery }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** Every stored setting with its version (GET /v2/restaurant/settings, the owner's); a staff member is told it is the owner's. */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    return { settings: await staffApi(request, context).call({ path: '/v2/restaurant/settings', response: VersionedSettingsSchema }) };
  } catch (error) {
    if (error instanceof ApiCallError && error.code === 'staff_forbidden') return { settings: null };
    if (error instanceof ApiCallError && error.code === 'staff_login_required') throw redirect(staffLoginPath);
    if (error instanceof ApiCallError) throw new Response(error.message, { status: 502 });
    throw error;
  }
}

/** /restaurant/livraison (issue 14, part 5). */
export default function RestaurantDelivery({ loaderData }: Route.ComponentProps) {
  if (!loaderData.settings)
    return (
      <section className="rounded-2xl bg-white p-6 shadow-sm" data-testid="delivery-forbidden">
        <h1 className="text-2xl font-extrabold">{staffAreaTexts.delivery}</h1>
        <p role="alert" className="mt-2 text-ink/80">
          {deliveryPageTexts.forbidden}
        </p>
      </section>
    );
  return <DeliveryPage settings={loaderData.settings} />;
}
