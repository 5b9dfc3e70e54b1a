import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { FieldError } from '@resto/contract/errors';

/** A failing field of a request: 'items.0.quantity' and a French sentence (the contract's FieldError). */
export type { FieldError };

/**
 * An error the API answers with the envelope of DESIGN.md:
 * {status: 'error', message, errors} and the given HTTP status; `payload` travels along when
 * the client needs fresh data (409 with the repriced totals).
 */
export class ApiError extends Error {
  /** Extra response headers (Retry-After of a 429). */
  headers: Record<string, string> = {};

  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors: FieldError[] = [],
    readonly payload?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The failing fields of a zod error, their paths dotted and prefixed with `prefix`. */
export function zodFieldErrors(error: z.ZodError, prefix: (string | number)[] = []): FieldError[] {
  return error.issues.map((issue) => ({ path: [...prefix, ...issue.path].map(String).join('.'), message: issue.message }));
}

/** The success envelope `{status: 'success', payload}` (200 unless told). */
export function success<T>(c: Context, payload: T, status: ContentfulStatusCode = 200) {
  return c.json({ status: 'success' as const, payload }, status);
}
