import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { errorStatus, type ErrorBody, type ErrorCode, type FieldError } from '@resto/contract/errors';

/** A failing field of a request: 'items.0.quantity' and a French sentence (the contract's FieldError). */
export type { FieldError };

/**
 * An error the API answers with the envelope of docs/decisions/017, section 2.2:
 * {status: 'error', code, message, errors}. The stable `code` (packages/contract/src/errors.ts)
 * says what went wrong; its HTTP status is looked up by `errorResponse`, never chosen at the throw.
 * `payload` travels along when the client needs fresh data (prices_changed: the repriced totals).
 */
export class ApiError extends Error {
  /** Extra response headers (Retry-After of a 429, Connection: close of a 413). */
  headers: Record<string, string> = {};

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors: FieldError[] = [],
    readonly payload?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Adds response headers to this answer. @returns this error. */
  withHeaders(headers: Record<string, string>): this {
    this.headers = { ...this.headers, ...headers };
    return this;
  }
}

/**
 * The one place a code becomes an HTTP status (`errorStatus` of the contract): the answer of an
 * ApiError, as the app's onError and the drain send it.
 */
export function errorResponse(error: ApiError): { status: ContentfulStatusCode; body: ErrorBody } {
  const body: ErrorBody = { status: 'error', code: error.code, message: error.message, errors: error.errors };
  if (error.payload !== undefined) body.payload = error.payload;
  return { status: errorStatus[error.code], body };
}

/** The failing fields of a zod error, their paths dotted and prefixed with `prefix`. */
export function zodFieldErrors(error: z.ZodError, prefix: (string | number)[] = []): FieldError[] {
  return error.issues.map((issue) => ({ path: [...prefix, ...issue.path].map(String).join('.'), message: issue.message }));
}

/** The success envelope `{status: 'success', payload}` (200 unless told). */
export function success<T>(c: Context, payload: T, status: ContentfulStatusCode = 200) {
  return c.json({ status: 'success' as const, payload }, status);
}
