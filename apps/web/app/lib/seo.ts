import type { MetaDescriptor } from 'react-router';
import type { Menu } from '@resto/domain/catalogue';
import { readSetting, type SettingsList } from '@resto/domain/settings';
import { seo } from '@resto/copy/storefront/site';

/** The canonical path of a page: its /fr twin points at the unprefixed page (docs/decisions/016, section 4.2). */
function canonicalPath(pathname: string): string {
  return pathname.replace(/^\/fr(?=\/|$)/, '') || '/';
}

/** What a page's meta needs to know about the site, read from the shell's loader data. */
export interface SiteMeta {
  /** The site's configured origin (SITE_URL, 'https://…'), for the absolute URLs Open Graph wants. */
  origin: string;
  name: string;
  settings: SettingsList;
  menus: Menu[];
}

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** The shell's loader data seen from a meta function (its matches); undefined on error pages. */
function shellData(matches: readonly (MatchLike | undefined)[]) {
  return matches.find((m) => m?.id === 'routes/shell')?.loaderData as { settings?: SettingsList; menus?: Menu[]; origin?: string } | undefined;
}

/** The shell's data seen from a meta function (its matches); null on error pages. */
export function siteMetaFrom(matches: readonly (MatchLike | undefined)[]): SiteMeta | null {
  const data = shellData(matches);
  if (!data?.settings) return null;
  return {
    origin: data.origin ?? '',
    name: readSetting(data.settings, 'contacts.name', seo.restaurantFallback),
    settings: data.settings,
    menus: data.menus ?? [],
  };
}

/** A page's <title>: 'Connexion · Chez Margot', or the page's own words alone where the shell's data is missing. */
export function titleWithSite(title: string, site: SiteMeta | null | undefined): string {
  return site ? `${title} · ${site.name}` : title;
}

/** Where a page is, as its meta function receives it: its location, and the matches that carry the site's origin. */
interface PageAt {
  location: { pathname: string };
  matches: readonly (MatchLike | undefined)[];
}

export interface PageMetaExtra {
  site?: SiteMeta | null;
  /** Absolute or root-relative image for link previews. */
  image?: string;
  type?: 'website' | 'restaurant.menu' | 'product';
  /** The canonical path when the query matters (a dish's /menu?product=…). */
  canonical?: string;
}

/**
 * Title, description, canonical link and Open Graph / Twitter tags of a page. The canonical link
 * and og:url are absolute, on the site's configured origin (SITE_URL, never the request's Host;
 * docs/decisions/027: Lighthouse's canonical audit), wherever the shell's data is there (not on the
 * prerendered offline page, nor error pages outside the shell). With the site's data (`extra.site`,
 * else read from the shell's match) the title ends with the restaurant's name (settings
 * `contacts.name`), on every storefront page alike, and the preview image is absolute too.
 */
export function pageMeta(title: string, page: PageAt, description?: string, extra: PageMetaExtra = {}): MetaDescriptor[] {
  const site = extra.site ?? siteMetaFrom(page.matches);
  const canonical = extra.canonical ?? canonicalPath(page.location.pathname);
  const origin = site?.origin || shellData(page.matches)?.origin || '';
  const absolute = (path: string) => (origin && path.startsWith('/') ? `${origin}${path}` : path);
  const fullTitle = titleWithSite(title, site);
  const image = extra.image ?? (site ? '/icons/icon-512.png' : undefined);
  return [
    { title: fullTitle },
    ...(description ? [{ name: 'description', content: description }] : []),
    { tagName: 'link', rel: 'canonical', href: absolute(canonical) },
    { property: 'og:title', content: title },
    ...(description ? [{ property: 'og:description', content: description }] : []),
    { property: 'og:type', content: extra.type ?? 'website' },
    { property: 'og:url', content: absolute(canonical) },
    { property: 'og:locale', content: 'fr_FR' },
    ...(site ? [{ property: 'og:site_name', content: site.name }] : []),
    ...(image ? [{ property: 'og:image', content: absolute(image) }] : []),
    { name: 'twitter:card', content: image && extra.image ? 'summary_large_image' : 'summary' },
  ];
}
