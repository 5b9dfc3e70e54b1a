import type { Route } from './+types/robots';
import { siteOrigin } from '../lib/api.server.ts';

/** /robots.txt: everything public is crawlable; ordering steps, account pages, the offline page and the staff area are not. */
export function loader({ context }: Route.LoaderArgs) {
  const origin = siteOrigin(context);
  const hidden = ['/checkout', '/success', '/recu', '/suivi', '/offline', '/auth', '/profile'];
  // The staff area (docs/decisions/020) has no /fr twin.
  const lines = ['User-agent: *', 'Allow: /', ...hidden.flatMap((p) => [`Disallow: ${p}`, `Disallow: /fr${p}`]), 'Disallow: /restaurant', '', `Sitemap: ${origin}/sitemap.xml`, ''];
  return new Response(lines.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
