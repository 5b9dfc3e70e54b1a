import type { MiddlewareHandler } from 'hono';
import { requestErrors } from '@resto/copy/errors/request';
import { findUnsafeText, unsafeTextReason } from '@resto/domain/text';
import { ApiError } from './errors.ts';

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Paths whose raw body is checked by a signature, never refused here (Stripe retries a 400 for days). */
const rawBodyPaths = new Set(['/v2/public/checkout/stripe-webhook', '/v2/public/checkout/stripe-webhook/']);

function refuse(path: string): never {
  // A path 200,000 levels deep stays out of the answer.
  const field = path.length > 120 ? `${path.slice(0, 120)}…` : path;
  const message = requestErrors.unsafeText(field);
  throw new ApiError('invalid_text', message, [{ path: field, message }]);
}

/**
 * Refuses, before any route runs, text the database cannot store (docs/decisions/014;
 * docs/decisions/009): a body that is not UTF-8, a control character (NUL…, but tab and line
 * breaks) or a lone surrogate in any string or key of a JSON body, in a query parameter or in the
 * path. 400 in French naming the field. The body is read here once as bytes; routes read it
 * again from Hono's cache (c.req.json(), c.req.text()).
 */
export function textGuard(): MiddlewareHandler {
  return async (c, next) => {
    // Only escapes can hide a control character or a lone surrogate in a path or a query: one
    // without `%` is checked as it is, and a URL without `?` has no query to parse.
    let path = c.req.path;
    if (path.includes('%'))
      try {
        path = decodeURIComponent(path);
      } catch {
        // malformed escapes stay as written: no NUL can hide in them
      }
    if (unsafeTextReason(path)) refuse('');
    const url = c.req.url;
    if (url.includes('?')) {
      for (const [key, value] of new URL(url).searchParams) {
        if (unsafeTextReason(key)) refuse('');
        if (unsafeTextReason(value)) refuse(key);
      }
    }
    // GET and HEAD carry no body; asking a request for its body would build a whole Request.
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD' && c.req.raw.body && !rawBodyPaths.has(c.req.path)) {
      const bytes = await c.req.arrayBuffer();
      let text: string;
      try {
        text = decoder.decode(bytes);
      } catch {
        throw new ApiError('invalid_text', requestErrors.invalidEncoding);
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined; // not JSON: the route answers (parseJsonBody: 400 invalid JSON)
      }
      if (body !== undefined) {
        const unsafe = findUnsafeText(body);
        if (unsafe) refuse(unsafe.path);
      } else if (unsafeTextReason(text)) refuse('');
    }
    await next();
  };
}
