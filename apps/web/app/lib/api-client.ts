import { messages } from '@resto/domain/messages';

/** The API's error envelope (DESIGN.md): a French message, the failing fields, sometimes fresh data. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: { path: string; message: string }[],
    readonly payload: unknown,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

/**
 * Calls the API from the browser (same origin, /v2/…) and returns the payload.
 * @throws ApiCallError with the server's French message, or the generic one when offline.
 */
export async function callApi<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? extraHeaders : { 'Content-Type': 'application/json', ...extraHeaders },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiCallError(0, messages.genericError, [], undefined);
  }
  const json = (await response.json().catch(() => ({}))) as { status?: string; payload?: T; message?: string; errors?: { path: string; message: string }[] };
  if (!response.ok || json.status !== 'success') {
    throw new ApiCallError(response.status, json.message ?? messages.genericError, json.errors ?? [], json.payload);
  }
  return json.payload as T;
}
