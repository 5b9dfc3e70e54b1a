import { redirect } from 'react-router';
import { VersionedSettingsSchema } from '@resto/contract/backoffice-settings';
import { staffAreaTexts } from '@resto/domain/messages/staff';
import { settingsPageTexts } from '@resto/domain/messages/backoffice-settings';
import type { Route } from './+types/restaurant-settings';
import { ApiCallError } from '../lib/api.ts';
import { staffApi, staffLoginPath } from '../lib/staff-api.server.ts';
import { SettingsPage } from '../features/backoffice-settings/index.ts';

export const meta: Route.MetaFunction = () => [{ title: staffAreaTexts.settings }, { name: 'robots', content: 'noindex, nofollow' }];

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

/** /restaurant/reglages (issue 14, part 7). */
export default function RestaurantSettings({ loaderData }: Route.ComponentProps) {
  if (!loaderData.settings)
    return (
      <section className="rounded-2xl bg-white p-6 shadow-sm" data-testid="settings-forbidden">
        <h1 className="text-2xl font-extrabold">{staffAreaTexts.settings}</h1>
        <p role="alert" className="mt-2 text-ink/80">
          {settingsPageTexts.forbidden}
        </p>
      </section>
    );
  return <SettingsPage settings={loaderData.settings} />;
}
