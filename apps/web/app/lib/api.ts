import type { RouteConfig } from '@hono/zod-openapi';
import { z } from 'zod';
import { ErrorCodeSchema, FieldErrorSchema } from '@resto/contract/errors';
import { ApiCallError } from './api-error.ts';
import { requestErrors } from '@resto/copy/errors/request';

/**
 * The storefront's one client of the API (docs/decisions/017, section 2): every call names its
 * route from `@resto/contract/*.routes` (`api.call(createOrder, { body })`); the path, its
 * parameters, the query, the body and the answer are typed from the route, and the answer is
 * parsed with the route's success schema, never cast. The same client runs in the browser (same origin, /v2/…) and in the server loaders (the
 * API app in-process, or API_URL): only the transport differs (`createApi`).
 */

export { ApiCallError, isApiError } from './api-error.ts';

/** How a request reaches the API: the browser's fetch, the API app in-process, or API_URL. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call by its path (the form before the routes were declared in the contract): what is sent,
 * and the response schema. Prefer `call(route, options)`.
 */
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

/** A route of packages/contract/src/*.routes.ts (`createRoute`), as far as the client reads it. */
export type ApiRoute = Pick<RouteConfig, 'method' | 'path' | 'request' | 'responses'>;

/** The schema of a JSON content (`{content: {'application/json': {schema}}}`), or never. */
type JsonSchemaOf<C> = C extends { content: { 'application/json': { schema: infer S extends z.ZodType } } } ? S : never;
/** The route's request part `K` (params, query, body), or never when the route has none. */
type RequestPart<R, K extends string> = R extends { request: infer Q } ? (Q extends Record<K, infer P> ? P : never) : never;
/** What the caller gives for a schema: its input type (before coercion and defaults). */
type InputOf<S> = [S] extends [never] ? never : S extends z.ZodType ? z.input<S> : never;

/** The path parameters of a route (`{name}` in its path). */
export type RouteParams<R> = InputOf<RequestPart<R, 'params'>>;
/** The query of a route. */
export type RouteQuery<R> = InputOf<RequestPart<R, 'query'>>;
/** The JSON body of a route. */
export type RouteBody<R> = InputOf<JsonSchemaOf<RequestPart<R, 'body'>>>;
/** The success schema of a route: its 200 answer's JSON, else its 201's (`successBody(payload)`). */
type SuccessSchemaOf<R> = R extends { responses: infer A }
  ? 200 extends keyof A
    ? JsonSchemaOf<A[200]>
    : 201 extends keyof A
      ? JsonSchemaOf<A[201]>
      : never
  : never;
/** What `call(route)` resolves to: the output type of the success answer's `payload` (defaults applied). */
export type RoutePayload<R> = z.output<SuccessSchemaOf<R>> extends { payload: infer P } ? P : never;

/** A part of the options: required when the route has it with required fields, absent when the route has none. */
type Part<K extends string, T> = [T] extends [never] ? { [P in K]?: undefined } : object extends T ? { [P in K]?: T } : { [P in K]: T };

/** What a call to `route` sends: its parameters, query and body typed from the route, and how it is sent. */
export type RouteCallOptions<R> = Part<'params', RouteParams<R>> &
  Part<'query', RouteQuery<R>> &
  Part<'body', RouteBody<R>> & {
    headers?: Record<string, string>;
    /**
     * The credentials the route's security takes in the query (an account's `token` and
     * `user_id`, spec section 7), which the route documents as security schemes rather than as
     * its query parameters: sent first in the query, undefined ones left out.
     */
    authQuery?: Record<string, string | number | undefined>;
    /** The call carries a secret (a session token in the query): no Referer and no HTTP cache. */
    sensitive?: boolean;
    /** The request must reach the server even if the page goes away (logout before a reload). */
    keepalive?: boolean;
    /** Aborts the request (a screen that goes away, a newer search). */
    signal?: AbortSignal;
  };

/** The options argument of a call to `R`: optional when nothing in it is required. */
export type RouteOptionsArgument<R> = object extends RouteCallOptions<R> ? [options?: RouteCallOptions<R>] : [options: RouteCallOptions<R>];

function isRoute(value: ApiRoute | ApiRawRequest): value is ApiRoute {
  return 'responses' in value && 'method' in value;
}

/**
 * The URL of a call to `route` (same origin, without the host): its path with each `{name}`
 * replaced by the encoded parameter, and the query (undefined and null values left out; an
 * array gives the parameter once per item). For the calls that are not JSON (a file upload with
 * its progress, lib's `send`). @throws Error when a parameter of the path is missing.
 */
export function routeUrl(route: Pick<ApiRoute, 'path'>, options: { params?: object; query?: object } = {}): string {
  const params = (options.params ?? {}) as Record<string, unknown>;
  const path = route.path.replaceAll(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${route.path}: parameter ${name} missing`);
    return encodeURIComponent(String(value));
  });
  return withQuery(path, options.query as Record<string, unknown> | undefined);
}

function withQuery(path: string, values: Record<string, unknown> | undefined): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) query.append(key, String(item));
    else query.set(key, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** The schema of the success answer's payload (`successBody(payload)` of the route's 200, else 201). @throws Error for a route without one. */
function payloadSchemaOf(route: ApiRoute): z.ZodType {
  const answer = (route.responses[200] ?? route.responses[201]) as { content?: Record<string, { schema?: unknown }> } | undefined;
  const schema = answer?.content?.['application/json']?.schema;
  const payload = schema instanceof z.ZodObject ? (schema.shape as Record<string, unknown>).payload : undefined;
  if (!(payload instanceof z.ZodType)) throw new Error(`${route.method.toUpperCase()} ${route.path}: no JSON success answer`);
  return payload;
}

/** The request of a call to `route`, in the form `send` takes. */
function requestOf(route: ApiRoute, options: RouteCallOptions<ApiRoute> | undefined): ApiRawRequest & { signal?: AbortSignal } {
  return {
    method: route.method.toUpperCase() as ApiMethod,
    path: routeUrl(route, { params: options?.params as object | undefined, query: { ...options?.authQuery, ...(options?.query as object | undefined) } }),
    body: options?.body,
    headers: options?.headers,
    sensitive: options?.sensitive,
    keepalive: options?.keepalive,
    signal: options?.signal,
  };
}

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
  return withQuery(request.path, request.query);
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
  if (!body?.success) return new ApiCallError(status, 'invalid_answer', requestErrors.genericError, [], undefined, { cause: body?.error });
  const code = ErrorCodeSchema.safeParse(body.data.code);
  return new ApiCallError(
    status,
    code.success ? code.data : 'invalid_answer',
    body.data.message ?? requestErrors.genericError,
    body.data.errors ?? [],
    body.data.payload,
  );
}

/**
 * The client over one transport.
 * - `call(route, options)`: sends the call of a route of `@resto/contract/*.routes` (method and
 *   path from the route, `{name}` from `options.params`) and returns the success answer's
 *   payload parsed with the route's schema (its output type, defaults applied).
 * - `send(route, options)`: for the answers that are not an envelope (a file to download): the
 *   Response when it succeeded.
 * - `call(request)` and `send(request)` with a path: the same, for a path and a response schema
 *   given by hand.
 * All @throw ApiCallError: `network` when there was no answer, the API's `code` for an error
 * answer, `invalid_answer` for an answer outside the contract.
 */
export function createApi(transport: ApiTransport) {
  async function sendRequest(request: ApiRawRequest & { signal?: AbortSignal }): Promise<Response> {
    const headers: Record<string, string> = { ...request.headers };
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
    const init: RequestInit = {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      ...(request.sensitive ? { referrerPolicy: 'no-referrer', cache: 'no-store' } : {}),
      ...(request.keepalive ? { keepalive: true } : {}),
      ...(request.signal ? { signal: request.signal } : {}),
    };
    let response: Response;
    try {
      response = await transport(urlOf(request), init);
    } catch (error) {
      throw new ApiCallError(0, 'network', requestErrors.genericError, [], undefined, { cause: error });
    }
    if (!response.ok) throw errorOf(response.status, await readJson(response));
    return response;
  }

  async function callRequest<S extends z.ZodType>(request: ApiRawRequest & { signal?: AbortSignal }, schema: S): Promise<z.output<S>> {
    const response = await sendRequest(request);
    const json = await readJson(response);
    const envelope = json.ok ? SuccessEnvelopeSchema.safeParse(json.value) : undefined;
    if (!envelope?.success) throw errorOf(response.status, json);
    const payload = schema.safeParse(envelope.data.payload);
    if (!payload.success) throw new ApiCallError(response.status, 'invalid_answer', requestErrors.genericError, [], undefined, { cause: payload.error });
    return payload.data;
  }

  function call<R extends ApiRoute>(route: R, ...options: RouteOptionsArgument<R>): Promise<RoutePayload<R>>;
  function call<S extends z.ZodType>(request: ApiRequest<S>): Promise<z.output<S>>;
  function call(target: ApiRoute | ApiRequest<z.ZodType>, options?: RouteCallOptions<ApiRoute>): Promise<unknown> {
    if (isRoute(target)) return callRequest(requestOf(target, options), payloadSchemaOf(target));
    return callRequest(target, target.response);
  }

  function send<R extends ApiRoute>(route: R, ...options: RouteOptionsArgument<R>): Promise<Response>;
  function send(request: ApiRawRequest): Promise<Response>;
  function send(target: ApiRoute | ApiRawRequest, options?: RouteCallOptions<ApiRoute>): Promise<Response> {
    return sendRequest(isRoute(target) ? requestOf(target, options) : target);
  }

  return { call, send };
}

export type Api = ReturnType<typeof createApi>;

/** The browser's client: same origin, /v2/… (fetch is called as the window's own: a bare reference loses its `this`). */
export const api: Api = createApi((path, init) => fetch(path, init));
