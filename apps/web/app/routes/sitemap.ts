import { getSettings } from '@resto/contract/catalog.routes';
import type { Route } from './+types/sitemap';
import { loadFromApi, siteOrigin } from '../lib/api.server.ts';
import { publicPaths, sitemapXml } from '../lib/site-urls.ts';

/**
 * /sitemap.xml and /fr/sitemap.xml: the allowed pages. Both list the canonical (unprefixed) URLs,
 * since the /fr twins declare those as canonical (docs/decisions/008-pwa-shell.md).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const settings = await loadFromApi(context, getSettings);
  return new Response(sitemapXml(siteOrigin(context), publicPaths(settings)), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
