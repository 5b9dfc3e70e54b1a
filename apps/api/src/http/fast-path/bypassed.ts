import type { MiddlewareHandler } from 'hono';

/**
 * What the catalogue's door (prepared-door.ts) bypasses, and why that is safe: every middleware
 * that a GET of `/v2/public/menus`, `/settings` or `/offers` would run through in the server's app
 * (run-server.ts `serverApp`), by the name it is registered under (`namedMiddleware`), in the
 * order the app runs them (docs/decisions/028-prepared-answers.md, "The door").
 *
 * prepared-door.test.ts walks the app's chain for each of those requests and fails when a
 * middleware before the document's handler is unnamed or not on this list: a middleware added on
 * `/v2/*` (or `*`, or `/v2/public/*`) must say here why the door may skip it, or the door must do
 * its work too, or it must be registered after the door's documents.
 */
export const bypassedAtTheDoor = [
  {
    middleware: 'compress',
    why: 'A prepared answer is already compressed, in the encoding the request prefers (br, gzip, identity): compress() skips prepared answers in the app too.',
  },
  {
    middleware: 'hsts',
    why: 'The door writes the same HSTS header (security-headers.ts HSTS_HEADER) over HTTPS, TRUST_PROXY read the same way (isHttpsIncoming).',
  },
  {
    middleware: 'security-headers',
    why: "The door writes the API's security headers itself, from the same constants (security-headers.ts API_SECURITY_HEADERS).",
  },
  {
    middleware: 'body-limit',
    why: 'Only a GET reaches the door: no body to limit (the app reads none on GET and HEAD either).',
  },
  {
    middleware: 'request-log',
    why: 'It logs nothing at info; at debug the door is closed (catalogDoor `isOpen`), so every request is logged by the app.',
  },
  {
    middleware: 'text-guard',
    why: 'The door answers only the exact paths, without a query or `%`: nothing the guard would decode or refuse.',
  },
] as const;

/** A middleware's name on `bypassedAtTheDoor` (and bench/api.bench.ts's). */
export type BypassedMiddleware = (typeof bypassedAtTheDoor)[number]['middleware'];

const names = new WeakMap<MiddlewareHandler, string>();

/** `middleware`, registered by `name`: what prepared-door.test.ts checks against `bypassedAtTheDoor`. */
export function namedMiddleware(name: string, middleware: MiddlewareHandler): MiddlewareHandler {
  names.set(middleware, name);
  return middleware;
}

/** The name `handler` was registered under (`namedMiddleware`), or undefined. */
export function middlewareName(handler: unknown): string | undefined {
  return typeof handler === 'function' ? names.get(handler as MiddlewareHandler) : undefined;
}
