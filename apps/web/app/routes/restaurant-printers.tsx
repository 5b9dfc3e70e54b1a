import { listPrinters } from '@resto/contract/printers.routes';
import { printersPage } from '@resto/copy/staff/printers';
import type { Route } from './+types/restaurant-printers';
import { loadStaffPage, staffApi } from '../lib/staff-api.server.ts';
import { PrintersPage } from '../features/backoffice-printers/index.ts';

export const meta: Route.MetaFunction = () => [{ title: printersPage.title }, { name: 'robots', content: 'noindex, nofollow' }];

/** Staff pages are never cached. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** /restaurant/imprimantes (docs/decisions/033): the owner edits the printers; a staff member sees their states. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadStaffPage(async () => ({ data: await staffApi(request, context).call(listPrinters) }));
}

export default function RestaurantPrinters({ loaderData }: Route.ComponentProps) {
  return <PrintersPage data={loaderData.data} />;
}
