import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Context, MiddlewareHandler } from 'hono';
import { putHeaders } from './fast-path/prepared-answer.ts';

/**
 * HTTP security headers of the storefront and the API
 * (docs/decisions/009-http-security-headers.md).
 */

/** The outside services a page may load, decided per request from the restaurant's settings. */
export interface ThirdParties {
  /** Stripe's Payment Element: card payments are on and the provider is Stripe (not the test processor). */
  stripe: boolean;
  /** Google Tag Manager / gtag.js: the integration is on with a valid id (it still loads only after consent). */
  tagManager: boolean;
}

/** Stripe.js (loaded by @stripe/stripe-js from js.stripe.com) and its frames, per Stripe's CSP guide. */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/** gtm.js / gtag.js and the measurement requests they make, per Google's CSP guide for Tag Manager. */
const TAG_MANAGER = {
  script: ['https://www.googletagmanager.com'],
  frame: ['https://www.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
};

/**
 * The Content-Security-Policy of a storefront page. `nonce` is the base64 nonce of this answer's
 * inline scripts (React Router's hydration data, ScrollRestoration, streamed data); the outside
 * services are allowed only when `thirdParties` says the page may use them. Pure.
 * @returns one header value, directives separated by `; `
 */
export function contentSecurityPolicy(nonce: string, thirdParties: ThirdParties): string {
  const extra = (pick: (sources: typeof STRIPE) => string[]) => [
    ...(thirdParties.stripe ? pick(STRIPE) : []),
    ...(thirdParties.tagManager ? pick(TAG_MANAGER) : []),
  ];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", `'nonce-${nonce}'`, ...extra((s) => s.script)]],
    // React's style attributes and the dialogs' scroll lock (a <style> element added at run time).
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...extra((s) => s.img)]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...extra((s) => s.connect)]],
    ['frame-src', extra((s) => s.frame).length ? extra((s) => s.frame) : ["'none'"]],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** A fresh nonce: 16 random bytes, base64 (CSP level 3 asks for at least 128 bits). */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * Whether the request reached us over HTTPS: its own URL, or — only when `trustProxy` — the
 * first `X-Forwarded-Proto` value a reverse proxy set. Anyone can send that header, so it is
 * ignored when no proxy is trusted.
 */
export function isHttps(request: Request, trustProxy: boolean | number): boolean {
  // A Request's URL is absolute and its scheme lower case: no need to parse it.
  return request.url.startsWith('https:') || (trustProxy !== false && trustProxy !== 0 && forwardedHttps(request.headers.get('x-forwarded-proto')));
}

/** `isHttps` for a request as Node's HTTP server gives it (its socket, its parsed headers). */
export function isHttpsIncoming(request: IncomingMessage, trustProxy: boolean | number): boolean {
  const forwarded = request.headers['x-forwarded-proto'];
  return (request.socket as Partial<TLSSocket>).encrypted === true || (trustProxy !== false && trustProxy !== 0 && forwardedHttps(forwarded));
}

/** Whether the first value of an `X-Forwarded-Proto` header is https. */
function forwardedHttps(value: string | string[] | null | undefined): boolean {
  const first = Array.isArray(value) ? value[0] : value;
  return first?.split(',')[0]?.trim().toLowerCase() === 'https';
}

/** Two years, subdomains included: sent only over HTTPS (browsers ignore it on plain HTTP, and a local run must stay reachable). */
export const HSTS_VALUE = 'max-age=63072000; includeSubDomains';

export const HSTS_HEADER: Readonly<Record<string, string>> = Object.freeze({ 'Strict-Transport-Security': HSTS_VALUE });

/** Strict-Transport-Security on answers to HTTPS requests (see `isHttps`). */
export function strictTransportSecurity(trustProxy: boolean | number): MiddlewareHandler {
  return (c, next) => (isHttps(c.req.raw, trustProxy) ? putHeaders(c, HSTS_HEADER, next) : next());
}

/**
 * The headers every storefront answer (page or file) carries: the set of Hono's
 * secureHeaders (Helmet's) with the options below, written out once (security-headers.test.ts
 * checks it is still exactly what secureHeaders sets) so that a prepared answer can carry them
 * without a Headers object (docs/decisions/028; http/fast-path/prepared-answer.ts, putHeaders).
 */
export const STOREFRONT_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  // Stripe's 3-D Secure may open a window of the bank's; it must be able to come back.
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  // Geolocation for "Ma position"; Stripe's Payment Element asks for payment (Apple / Google Pay).
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=(self "https://js.stripe.com")',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Frame-Options': 'DENY',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
});

/**
 * Headers every storefront answer carries, page or file: no MIME sniffing, no framing by another site
 * (the checkout and the account pages would otherwise be clickjackable), referrers reduced to our
 * origin for other sites, our own browsing-context group (`STOREFRONT_SECURITY_HEADERS`). HSTS apart (HTTPS only).
 */
const storefrontSecurityHeaders: MiddlewareHandler = (c, next) => putHeaders(c, STOREFRONT_SECURITY_HEADERS, next);

/**
 * The headers of every API answer (/v2: JSON, a receipt's PDF as an attachment, a dish image, the
 * staff's event stream): the set OWASP's REST Security Cheat Sheet ("Security Headers") asks of
 * every API response — no MIME sniffing, no framing (`frame-ancestors` and, for old browsers,
 * `X-Frame-Options`), and `default-src 'none'` should a body ever be shown as a page — with
 * `Cross-Origin-Resource-Policy: same-site` (another site's page cannot load them as a resource).
 * Not the headers that only act on an HTML document (referrer, permissions, opener, DNS
 * prefetch...): an API answer has none to govern, and each costs every answer its bytes and its
 * parsing (docs/decisions/028; docs/decisions/009-http-security-headers.md, "API answers"). HSTS apart (HTTPS only).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Cross-Origin-Resource-Policy': 'same-site',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
});

/** `API_SECURITY_HEADERS` on every answer of the routes it guards. */
export const apiSecurityHeaders: MiddlewareHandler = (c, next) => putHeaders(c, API_SECURITY_HEADERS, next);

/** `Cache-Control: no-store` on every answer of the routes it guards (personal data). */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
};

/** Storefront pages whose answers are personal (a session, an order, an account, the staff area): never stored by a cache. */
const PERSONAL_PAGE = /^\/(fr\/)?(checkout|success|auth|profile|restaurant)(\/|\.data|$)/;

/** Whether a storefront path is one of the personal pages (with its React Router `.data` twin). */
export function isPersonalPage(pathname: string): boolean {
  return PERSONAL_PAGE.test(pathname);
}

declare module 'hono' {
  interface ContextVariableMap {
    /** This answer's CSP nonce, for the storefront's server rendering. */
    cspNonce: string;
  }
}

export interface StorefrontSecurityOptions {
  trustProxy: boolean | number;
  /** Which outside services the pages may load now (read from the cached settings). */
  thirdParties: () => Promise<ThirdParties>;
}

/**
 * The storefront's headers (everything outside /v2): the base headers and HSTS, a nonce per
 * request (in `c.get('cspNonce')` for the SSR handler) and the Content-Security-Policy on HTML
 * answers, and `Cache-Control: no-store` on the personal pages.
 */
export function storefrontSecurity(options: StorefrontSecurityOptions): MiddlewareHandler[] {
  const policy: MiddlewareHandler = async (c: Context, next) => {
    const nonce = newNonce();
    c.set('cspNonce', nonce);
    await next();
    if (c.res.headers.get('Content-Type')?.startsWith('text/html'))
      // Settings unreadable: the policy without any outside service (closed, never open).
      c.res.headers.set(
        'Content-Security-Policy',
        contentSecurityPolicy(nonce, await options.thirdParties().catch(() => ({ stripe: false, tagManager: false }))),
      );
    if (isPersonalPage(c.req.path)) c.res.headers.set('Cache-Control', 'no-store');
  };
  return [strictTransportSecurity(options.trustProxy), storefrontSecurityHeaders, policy];
}
