import { isPageAllowed } from '@resto/domain/site';
import type { SettingsList } from '@resto/domain/settings';

/** The indexable pages, canonical (unprefixed): home, menu, the allowed optional pages, legal pages (spec section 2). */
export function publicPaths(settings: SettingsList): string[] {
  return [
    '/',
    '/menu',
    ...(isPageAllowed(settings, 'About') ? ['/about'] : []),
    ...(isPageAllowed(settings, 'Contact') ? ['/contact'] : []),
    ...(isPageAllowed(settings, 'Blog') ? ['/blog'] : []),
    '/terms-of-service',
    '/privacy-policy',
    '/cookie-policy',
  ];
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A sitemaps.org document listing `paths` under `origin`. */
export function sitemapXml(origin: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
