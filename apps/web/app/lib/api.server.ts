import type { Menu } from '@resto/domain/catalogue';
import type { Offer } from '@resto/domain/offers';
import type { SettingsList } from '@resto/domain/settings';
import type { AppLoadContext } from 'react-router';
import { apiServerTexts } from '@resto/domain/messages/site';

declare module 'react-router' {
  interface AppLoadContext {
    /** In-process call into the API when the storefront and the API share one process. */
    apiFetch?: (path: string, init?: RequestInit) => Promise<Response>;
    /** The site's public origin (SITE_URL), given by the server that runs the storefront. */
    siteUrl?: string;
    /** This answer's Content-Security-Policy nonce (docs/decisions/009-http-security-headers.md). */
    cspNonce?: string;
  }
}

/**
 * The site's public origin for absolute URLs (Open Graph, JSON-LD, robots.txt, sitemap): the
 * server's SITE_URL, else this process's SITE_URL, else http://localhost:PORT. Never the
 * request's Host header, which anyone can set (issue 17, finding 9).
 */
export function siteOrigin(context: AppLoadContext): string {
  const configured = context.siteUrl ?? process.env.SITE_URL;
  if (configured) return new URL(configured).origin;
  return `http://localhost:${process.env.PORT ?? '3000'}`;
}

/**
 * GETs an API path and returns its payload. In one process the call goes straight into the API
 * app (no socket); otherwise to API_URL. @throws Response 502/404 that the error boundary shows.
 */
export async function apiGet<T>(context: AppLoadContext, path: string): Promise<T> {
  const response = context.apiFetch ? await context.apiFetch(path) : await fetch(new URL(path, process.env.API_URL ?? 'http://localhost:3000'));
  const body = (await response.json()) as { status: string; payload?: T; message?: string };
  if (!response.ok || body.status !== 'success') throw new Response(body.message ?? apiServerTexts.apiIndisponible, { status: response.status === 404 ? 404 : 502 });
  return body.payload as T;
}

export interface StoreData {
  settings: SettingsList;
  menus: Menu[];
  offers: Offer[];
}

/** What every page needs: settings, menus and public offers, fetched in parallel. */
export async function loadStoreData(context: AppLoadContext): Promise<StoreData> {
  const [settings, menus, offers] = await Promise.all([
    apiGet<SettingsList>(context, '/v2/public/settings'),
    apiGet<Menu[]>(context, '/v2/public/menus'),
    apiGet<Offer[]>(context, '/v2/public/offers'),
  ]);
  return { settings, menus, offers };
}
