import type { ErrorCode, FieldError } from '@resto/contract/errors';

/*
 * The API client's error, apart from the client (api.ts) so that a screen can tell its errors
 * without importing zod and the contract's schemas: the location search loads its calls on demand
 * (docs/decisions/027) and still reads `ApiCallError` here.
 */

/**
 * The codes the client itself gives, beside the API's `ErrorCode`s:
 * - `network`: no answer at all (offline, connection refused, aborted); status 0;
 * - `invalid_answer`: an answer outside the contract (a payload its schema refuses, an error
 *   without the envelope, a body that is not JSON); the HTTP status is kept.
 */
type ClientErrorCode = 'network' | 'invalid_answer';

/** What a failed call means: one of the API's codes, or one of the client's own. */
export type ApiErrorCode = ErrorCode | ClientErrorCode;

/**
 * A failed call. The storefront decides what to do by `code` only; `message` is the server's
 * French sentence, shown as it comes (spec section 8); `errors` are the failing fields, shown
 * next to their field; `payload` is the fresh data some errors carry (`prices_changed`).
 */
export class ApiCallError extends Error {
  constructor(
    /** The answer's HTTP status; 0 when there was no answer. */
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly errors: FieldError[] = [],
    readonly payload: unknown = undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ApiCallError';
  }

  /** Whether this error has one of `codes`. */
  is(...codes: ApiErrorCode[]): boolean {
    return codes.includes(this.code);
  }
}

/** Whether `error` is an ApiCallError with one of `codes`. */
export function isApiError(error: unknown, ...codes: ApiErrorCode[]): error is ApiCallError {
  return error instanceof ApiCallError && (codes.length === 0 || error.is(...codes));
}
