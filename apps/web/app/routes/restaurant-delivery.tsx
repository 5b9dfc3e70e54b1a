import { deliverySettingsPage } from '@resto/copy/staff/settings';
import { staffArea } from '@resto/copy/staff/team';
import type { Route } from './+types/restaurant-delivery';
import { loadVersionedSettings } from '../lib/staff-api.server.ts';
import { DeliveryPage } from '../features/backoffice-settings/index.ts';
import { Card } from '../components/ui/card.tsx';

export const meta: Route.MetaFunction = () => [{ title: staffArea.delivery }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** Every stored setting with its version; null for a staff member (see loadVersionedSettings). */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadVersionedSettings(request, context);
}

/** /restaurant/livraison (docs/decisions/023). */
export default function RestaurantDelivery({ loaderData }: Route.ComponentProps) {
  if (!loaderData.settings)
    return (
      <Card data-testid="delivery-forbidden">
        <h1 className="text-2xl font-extrabold">{staffArea.delivery}</h1>
        <p role="alert" className="mt-2 text-ink/80">
          {deliverySettingsPage.forbidden}
        </p>
      </Card>
    );
  return <DeliveryPage settings={loaderData.settings} />;
}
