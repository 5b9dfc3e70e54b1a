import { redirect, type AppLoadContext } from 'react-router';
import type { VersionedSetting } from '@resto/contract/backoffice-settings';
import { listSettings } from '@resto/contract/settings.routes';
import type { StaffMe } from '@resto/contract/staff';
import { getStaffMe } from '@resto/contract/staff.routes';
import { ApiCallError, createApi, type Api } from './api.ts';
import { webEnv } from './env.server.ts';

/**
 * The API client of the staff area's loaders (docs/decisions/020): like `serverApi`
 * (api.server.ts), plus the page request's `Cookie` header, so the API sees the `resto_staff`
 * session of the person whose page is being rendered. The staff area's changes are mostly sent by
 * the browser itself, which sets `Origin`; the few made by a page's action (a form posted without
 * JavaScript: /restaurant/registre) pass on the browser's `Sec-Fetch-Site`, so the API's
 * same-site check (sameSiteOnly, docs/decisions/020) refuses a cross-site post there too.
 */
export function staffApi(request: Request, context: AppLoadContext): Api {
  const cookie = request.headers.get('cookie');
  const fetchSite = request.headers.get('sec-fetch-site');
  return createApi((path, init) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set('Cookie', cookie);
    if (fetchSite) headers.set('Sec-Fetch-Site', fetchSite);
    const forwarded = { ...init, headers };
    return context.apiFetch ? context.apiFetch(path, forwarded) : fetch(new URL(path, webEnv().API_URL), forwarded);
  });
}

/** Where a person without a staff session is sent: the login page. */
export const staffLoginPath = '/restaurant';

/** The staff member of the page's session, or null when there is none (no cookie, expired, removed). @throws Response 502 on another failure. */
export async function findStaffMe(request: Request, context: AppLoadContext): Promise<StaffMe | null> {
  try {
    return await staffApi(request, context).call(getStaffMe);
  } catch (error) {
    if (error instanceof ApiCallError && error.code === 'staff_login_required') return null;
    if (error instanceof ApiCallError) throw new Response(error.message, { status: 502 });
    throw error;
  }
}

/** The staff member of the page's session. @throws a redirect to the login page without one. */
export async function requireStaffMe(request: Request, context: AppLoadContext): Promise<StaffMe> {
  const me = await findStaffMe(request, context);
  if (!me) throw redirect(staffLoginPath);
  return me;
}

/**
 * What a staff page's loader does with its calls' failures, in one place:
 * - no session (`staff_login_required`): @throws a redirect to the login page;
 * - a staff member on an owner's page (`staff_forbidden`): the value of `options.forbidden()`, when
 *   the page has one (the page then tells them it is the owner's); without it, like any failure;
 * - any other failure of the API: @throws Response 502 with the API's French message (or
 *   `options.failure`, the page's own), that the error boundary shows;
 * - anything else is rethrown.
 * `load` makes the calls (with `staffApi`) and returns the loader's data.
 */
export async function loadStaffPage<T, F = never>(load: () => Promise<T>, options: { forbidden?: () => F; failure?: string } = {}): Promise<T | F> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiCallError && error.code === 'staff_forbidden' && options.forbidden) return options.forbidden();
    if (error instanceof ApiCallError && error.code === 'staff_login_required') throw redirect(staffLoginPath);
    if (error instanceof ApiCallError) throw new Response(options.failure ?? error.message, { status: 502 });
    throw error;
  }
}

/**
 * The loader of the owner's settings pages (/restaurant/reglages, /restaurant/livraison): every
 * stored setting with its version (GET /v2/restaurant/settings, the owner's); `settings` null
 * when the session is a staff member's, so the page tells them it is the owner's.
 * @throws a redirect to the login page without a session, Response 502 on another failure.
 */
export function loadVersionedSettings(request: Request, context: AppLoadContext): Promise<{ settings: VersionedSetting[] | null }> {
  return loadStaffPage(async () => ({ settings: await staffApi(request, context).call(listSettings) }), { forbidden: () => ({ settings: null }) });
}
