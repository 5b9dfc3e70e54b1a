import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { messages } from '@resto/domain/messages';

/** A failing field of a request: 'items.0.quantity' and a French sentence. */
export interface FieldError {
  path: string;
  message: string;
}

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

export function zodFieldErrors(error: z.ZodError, prefix: (string | number)[] = []): FieldError[] {
  return error.issues.map((issue) => ({ path: [...prefix, ...issue.path].map(String).join('.'), message: issue.message }));
}

/** Reads a JSON body and validates it; 400 with the failing fields otherwise. */
export async function parseJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError(400, messages.invalidJson);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const errors = zodFieldErrors(parsed.error);
    throw new ApiError(400, errors[0] ? `${messages.invalidRequest} ${errors[0].message}` : messages.invalidRequest, errors);
  }
  return parsed.data;
}

export function success<T>(c: Context, payload: T, status: ContentfulStatusCode = 200) {
  return c.json({ status: 'success' as const, payload }, status);
}
