import { redirect, type AppLoadContext } from 'react-router';
import { isPageAllowed, type OptionalPage } from '@resto/domain/site';
import type { SettingsList } from '@resto/domain/settings';
import { getSettings } from '@resto/contract/catalog.routes';
import { loadFromApi } from './api.server.ts';

/**
 * Lets an optional page (About, Contact, Blog) render only when the configuration allows it;
 * otherwise redirects home, keeping the /fr prefix (docs/decisions/016, section 4.1).
 * @returns the settings, already loaded for the check.
 */
export async function requireAllowedPage(context: AppLoadContext, request: Request, page: OptionalPage): Promise<SettingsList> {
  const settings = await loadFromApi(context, getSettings);
  if (!isPageAllowed(settings, page)) {
    const { pathname } = new URL(request.url);
    throw redirect(pathname === '/fr' || pathname.startsWith('/fr/') ? '/fr' : '/');
  }
  return settings;
}
