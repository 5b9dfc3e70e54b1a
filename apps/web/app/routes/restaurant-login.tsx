import { redirect } from 'react-router';
import { getSettings } from '@resto/contract/catalog.routes';
import { readSetting } from '@resto/domain/settings';
import { staffLogin } from '@resto/copy/staff/team';
import type { Route } from './+types/restaurant-login';
import { loadFromApi } from '../lib/api.server.ts';
import { findStaffMe } from '../lib/staff-api.server.ts';
import { StaffLoginForm, staffHome } from '../features/staff/index.ts';

export const meta: Route.MetaFunction = () => [{ title: staffLogin.title }, { name: 'robots', content: 'noindex, nofollow' }];

/** /restaurant (docs/decisions/020): the staff log-in; someone already signed in goes to the board. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (await findStaffMe(request, context)) throw redirect(staffHome);
  const settings = await loadFromApi(context, getSettings);
  return { restaurant: readSetting(settings, 'contacts.name', '') };
}

export default function RestaurantLogin({ loaderData }: Route.ComponentProps) {
  return (
    <main className="min-h-dvh bg-stone-100 py-6">
      <StaffLoginForm restaurant={loaderData.restaurant} />
    </main>
  );
}
