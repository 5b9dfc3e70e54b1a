import type { Menu, Offer, Settings } from '@resto/contract/catalog';
import { getSettings, listMenus, listOffers } from '@resto/contract/catalog.routes';
import type { AppLoadContext } from 'react-router';
import type { z } from 'zod';
import { errorStatus } from '@resto/contract/errors';
import { ApiCallError, createApi, type Api, type ApiRequest, type ApiRoute, type RouteCallOptions, type RouteOptionsArgument, type RoutePayload } from './api.ts';
import { restaurantOffsetSpan, type OffsetSpan } from '@resto/domain/clock';
import { webEnv } from './env.server.ts';

declare module 'react-router' {
  interface AppLoadContext {
    /** In-process call into the API when the storefront and the API share one process. */
    apiFetch?: (path: string, init?: RequestInit) => Promise<Response>;
    /** The site's public origin (SITE_URL), given by the server that runs the storefront. */
    siteUrl?: string;
    /** This answer's Content-Security-Policy nonce (docs/decisions/009-http-security-headers.md). */
    cspNonce?: string;
    /** The server's clock (CLOCK_NOW when it is set): the instant pages are rendered at (lib/use-now.ts). */
    now?: () => Date;
  }
}

/**
 * The site's public origin for absolute URLs (Open Graph, JSON-LD, robots.txt, sitemap): the
 * server's SITE_URL, else this process's SITE_URL, else http://localhost:PORT. Never the
 * request's Host header, which anyone can set (docs/decisions/009).
 */
export function siteOrigin(context: AppLoadContext): string {
  const configured = context.siteUrl ?? webEnv().SITE_URL;
  if (configured) return new URL(configured).origin;
  return `http://localhost:${webEnv().PORT}`;
}

/**
 * The API client of the server loaders (lib/api.ts): in one process the call goes straight into
 * the API app (no socket); otherwise to API_URL.
 */
export function serverApi(context: AppLoadContext): Api {
  return createApi(context.apiFetch ?? ((path, init) => fetch(new URL(path, webEnv().API_URL), init)));
}

/** Whether the error's code means "no such thing" (its status is 404 in the contract's one table). */
function isNotFound(error: ApiCallError): boolean {
  return error.code !== 'network' && error.code !== 'invalid_answer' && errorStatus[error.code] === 404;
}

/**
 * A loader's call of a route of `@resto/contract/*.routes` (`api.call(route, options)`), or of a
 * path with its response schema: the payload parsed with the route's schema. @throws Response 404
 * (a code of "no such thing") or 502 (any other failure), with the API's French message, that
 * the error boundary shows.
 */
export async function loadFromApi<R extends ApiRoute>(context: AppLoadContext, route: R, ...options: RouteOptionsArgument<R>): Promise<RoutePayload<R>>;
export async function loadFromApi<S extends z.ZodType>(context: AppLoadContext, request: ApiRequest<S>): Promise<z.output<S>>;
export async function loadFromApi(context: AppLoadContext, target: ApiRoute | ApiRequest<z.ZodType>, options?: RouteCallOptions<ApiRoute>): Promise<unknown> {
  try {
    return await (serverApi(context).call as (target: ApiRoute | ApiRequest<z.ZodType>, options?: RouteCallOptions<ApiRoute>) => Promise<unknown>)(target, options);
  } catch (error) {
    if (error instanceof ApiCallError) throw new Response(error.message, { status: isNotFound(error) ? 404 : 502 });
    throw error;
  }
}

export interface StoreData {
  settings: Settings;
  menus: Menu[];
  offers: Offer[];
  /** The server's instant when it rendered the page (ISO 8601): hydration renders with it too (lib/use-now.ts). */
  renderedAt: string;
  /** The restaurant zone's UTC offset then and the span it holds for: the browser reads that instant, and its own clock within the span, in Paris without Intl (lib/use-now.ts). */
  renderedOffset: OffsetSpan;
}

/** What every page needs: settings, menus and public offers, fetched in parallel, and the server's instant. */
export async function loadStoreData(context: AppLoadContext): Promise<StoreData> {
  const [settings, menus, offers] = await Promise.all([
    loadFromApi(context, getSettings),
    loadFromApi(context, listMenus),
    loadFromApi(context, listOffers),
  ]);
  const renderedAt = context.now?.() ?? new Date();
  return { settings, menus, offers, renderedAt: renderedAt.toISOString(), renderedOffset: restaurantOffsetSpan(renderedAt) };
}
