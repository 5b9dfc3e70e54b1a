import { z } from 'zod';
import { ErrorCodeSchema, FieldErrorSchema } from '@resto/contract/errors';
import { ApiCallError } from './api-error.ts';
import { requestMessages } from '@resto/domain/messages/errors';

/**
 * The storefront's one client of the API (docs/decisions/017, section 2): every call names the
 * response schema of its route from `@resto/contract`, and the answer is parsed with it, never
 * cast. The same client runs in the browser (same origin, /v2/…) and in the server loaders (the
 * API app in-process, or API_URL): only the transport differs (`createApi`).
 */

export { ApiCallError, isApiError } from './api-error.ts';

/** How a request reaches the API: the browser's fetch, the API app in-process, or API_URL. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call: the route, what is sent, and the response schema of the route (from `@resto/contract`). */
export interface ApiRequest<S extends z.ZodType> {
  /** GET by default. */
  method?: ApiMethod;
  /** '/v2/public/…', without the query. */
  path: string;
  /** Query parameters; undefined and null ones are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** The schema of the answer's `payload` (a success answer is `{status: 'success', payload}`). */
  response: S;
  /**
   * The call carries a secret (a session token in the query): no Referer and no HTTP cache, as
   * the account calls always did.
   */
  sensitive?: boolean;
  /** The request must reach the server even if the page goes away (logout before a reload). */
  keepalive?: boolean;
}

/** A request without its response schema: for `send`, whose answer is not an envelope (a file). */
export type ApiRawRequest = Omit<ApiRequest<z.ZodType>, 'response'>;

const SuccessEnvelopeSchema = z.object({ status: z.literal('success'), payload: z.unknown() });

/**
 * What an error answer is read as. `code` must be one of the contract's; when it is missing or
 * unknown the error is `invalid_answer`, but the server's message and fields are still shown.
 */
const LooseErrorBodySchema = z.object({
  status: z.literal('error'),
  code: z.unknown().optional(),
  message: z.string().optional(),
  errors: z.array(FieldErrorSchema).optional().catch(undefined),
  payload: z.unknown().optional(),
});

function urlOf(request: ApiRawRequest): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query ?? {})) if (value !== undefined && value !== null) query.set(key, String(value));
  const search = query.toString();
  return search ? `${request.path}?${search}` : request.path;
}

async function readJson(response: Response): Promise<{ ok: true; value: unknown } | { ok: false }> {
  try {
    return { ok: true, value: await response.json() };
  } catch {
    return { ok: false };
  }
}

/** The ApiCallError of a failed answer (status ≥ 400, or a body that is not a success envelope), from its read body. */
function errorOf(status: number, json: Awaited<ReturnType<typeof readJson>>): ApiCallError {
  const body = json.ok ? LooseErrorBodySchema.safeParse(json.value) : undefined;
  if (!body?.success) return new ApiCallError(status, 'invalid_answer', requestMessages.genericError, [], undefined, { cause: body?.error });
  const code = ErrorCodeSchema.safeParse(body.data.code);
  return new ApiCallError(
    status,
    code.success ? code.data : 'invalid_answer',
    body.data.message ?? requestMessages.genericError,
    body.data.errors ?? [],
    body.data.payload,
  );
}

/**
 * The client over one transport.
 * - `call(request)`: sends the request and returns the answer's payload parsed with
 *   `request.response` (its output type, defaults applied).
 * - `send(request)`: for the answers that are not an envelope (a file to download): the Response
 *   when it succeeded.
 * Both @throw ApiCallError: `network` when there was no answer, the API's `code` for an error
 * answer, `invalid_answer` for an answer outside the contract.
 */
export function createApi(transport: ApiTransport) {
  async function send(request: ApiRawRequest): Promise<Response> {
    const headers: Record<string, string> = { ...request.headers };
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
    const init: RequestInit = {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      ...(request.sensitive ? { referrerPolicy: 'no-referrer', cache: 'no-store' } : {}),
      ...(request.keepalive ? { keepalive: true } : {}),
    };
    let response: Response;
    try {
      response = await transport(urlOf(request), init);
    } catch (error) {
      throw new ApiCallError(0, 'network', requestMessages.genericError, [], undefined, { cause: error });
    }
    if (!response.ok) throw errorOf(response.status, await readJson(response));
    return response;
  }

  async function call<S extends z.ZodType>(request: ApiRequest<S>): Promise<z.output<S>> {
    const response = await send(request);
    const json = await readJson(response);
    const envelope = json.ok ? SuccessEnvelopeSchema.safeParse(json.value) : undefined;
    if (!envelope?.success) throw errorOf(response.status, json);
    const payload = request.response.safeParse(envelope.data.payload);
    if (!payload.success) throw new ApiCallError(response.status, 'invalid_answer', requestMessages.genericError, [], undefined, { cause: payload.error });
    return payload.data;
  }

  return { call, send };
}

export type Api = ReturnType<typeof createApi>;

/** The browser's client: same origin, /v2/… (fetch is called as the window's own: a bare reference loses its `this`). */
export const api: Api = createApi((path, init) => fetch(path, init));
