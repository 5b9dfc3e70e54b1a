import { OpenAPIHono, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { Context, Env, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { FieldError } from '@resto/contract/errors';
import { commonErrors, staffRoleOf, type StaffRole } from '@resto/contract/route-kit';
import { requestErrors } from '@resto/copy/errors/request';
import { ApiError, zodFieldErrors } from './errors.ts';

/**
 * Routes declared once (docs/decisions/017, section 2): each route of the API is a `createRoute`
 * of @hono/zod-openapi in packages/contract/src/*.routes.ts naming the contract's schemas of its
 * query, path, body and answers. `serve` feeds GET /v2/openapi.json with it, validates the
 * request with the same schemas and types the handler's answer, so documentation, validation
 * and types come from one definition.
 *
 * The request is validated before the handler runs; what must come first (who calls: a staff
 * route's guard, an account's proof: update-profile answers 401 to a stranger whatever the body
 * holds) is middleware that runs before the validators. A JSON body is read whatever its
 * Content-Type, as it always was.
 */

/** An API's routes: a Hono app that also keeps its routes' declarations (`strict: false`: trailing slashes optional). */
export function routes<E extends Env = Env>(options: RoutesOptions = {}) {
  const app = new OpenAPIHono<E>({ strict: false, defaultHook: refusal(defaultInvalidMessage) });
  if (options.authenticateStaff) staffAuthenticators.set(app, options.authenticateStaff);
  return app;
}

export interface RoutesOptions {
  /** How this router's staff routes (`staffOnly` of the contract) find their caller: the staff module's session check. */
  authenticateStaff?: StaffAuthenticator;
}

/**
 * The staff member calling with the role `role` admits. @throws ApiError staff_login_required
 * (401) without a live session, staff_forbidden (403) for a member calling an owner's route.
 */
export type StaffAuthenticator = (c: Context, role: StaffRole) => Promise<StaffPrincipal>;

/** The staff member behind a staff route's call (docs/decisions/020). */
export interface StaffPrincipal {
  staffId: number;
  email: string;
  name: string;
  role: StaffRole;
  sessionId: number;
}

/** What a staff route's handler reads: `c.var.staff`, set by its guard before the request is read. */
export type StaffEnv = { Variables: { staff: StaffPrincipal } };

const staffAuthenticators = new WeakMap<object, StaffAuthenticator>();

/**
 * The guard of a staff route: admits a live staff session of `role` and sets `c.var.staff`.
 * It runs before the body is read: a stranger gets 401 whatever the body holds.
 */
export function staffOnly(role: StaffRole, authenticate: StaffAuthenticator): MiddlewareHandler<StaffEnv> {
  return async (c, next) => {
    c.set('staff', await authenticate(c, role));
    await next();
  };
}

/**
 * A JSON body is read whatever its Content-Type, as the API always did (section 7's clients
 * may send none): the declared body's validator reads only a JSON media type, so a body sent
 * as anything else is relabelled before it.
 */
const jsonWhateverItsType: MiddlewareHandler = async (c, next) => {
  const type = c.req.header('content-type');
  if (!type || !/^application\/([\w.-]+\+)?json\b/i.test(type)) c.req.raw.headers.set('content-type', 'application/json');
  // Parsed here (the text is cached for the validator) so that malformed JSON is our invalid_json, not the validator's bare 400.
  try {
    await c.req.json();
  } catch {
    throw new ApiError('invalid_json', requestErrors.invalidJson);
  }
  await next();
};

/**
 * Whether the route's JSON body is validated by its schema (a zod schema). A body documented by
 * a plain JSON Schema is read by the handler itself (the payment webhook's exact bytes): neither
 * relabelled nor parsed here.
 */
function hasJsonBody(route: RouteConfig): boolean {
  const json = route.request?.body?.content['application/json'];
  const schema = json && 'schema' in json ? json.schema : undefined;
  return typeof (schema as { safeParse?: unknown } | undefined)?.safeParse === 'function';
}

export interface ServeOptions {
  /** The refusal's message when the route words it differently from `defaultInvalidMessage`. */
  invalidMessage?: InvalidMessage;
  /** Checks that must run before the request is validated (an account's proof: 401 whatever the body holds). */
  before?: MiddlewareHandler[];
}

/**
 * Serves `route` (a `createRoute` of packages/contract/src/*.routes.ts) on `app` with `handler`,
 * which reads `c.req.valid('json' | 'query' | 'param')` and answers through `c.json` typed by the
 * route's answers (`ok` below): a handler that returns another shape does not compile. A staff
 * route's guard (`x-staff-role`) runs first and sets `c.var.staff`, then `options.before`, then
 * the validators; what they refuse is an ApiError (invalid_json, invalid_request) answered by the
 * app's error handler like any other. The document gets the route with `commonErrors` added.
 * @throws Error at start-up: a staff route on a router made without `authenticateStaff`.
 */
export function serve<R extends RouteConfig, E extends Env>(
  app: OpenAPIHono<E>,
  route: R,
  handler: RouteHandler<R, E & StaffEnv>,
  options: ServeOptions = {},
): void {
  const role = staffRoleOf(route);
  const middleware: MiddlewareHandler[] = [];
  if (role) {
    const authenticate = staffAuthenticators.get(app);
    if (!authenticate) throw new Error(`${route.method.toUpperCase()} ${route.path} : route du personnel servie sans authentification du personnel.`);
    middleware.push(staffOnly(role, authenticate) as MiddlewareHandler);
  }
  middleware.push(...(options.before ?? []));
  if (hasJsonBody(route)) middleware.push(jsonWhateverItsType);
  const documented = { ...route, responses: { ...commonErrors, ...route.responses } };
  const hook = options.invalidMessage ? refusal(options.invalidMessage) : undefined;
  const query = route.request?.query;
  // A query's name given twice counts once, by its first value, as the API always read it; the
  // framework's validator would pass both as a list and refuse it. The document keeps the
  // declared schema: the route is registered as declared and served, hidden, with the reading.
  const served = query
    ? (app.openAPIRegistry.registerPath(documented), { ...documented, hide: true, request: { ...route.request, query: firstValues(query) } })
    : documented;
  // The generic route's handler and hook types are too deep for TypeScript to relate here; `serve`'s own signature types them.
  (app.openapi as (route: RouteConfig, handler: unknown, hook?: unknown) => void)({ ...served, middleware }, handler, hook);
}

/** `schema` read with the first value of each query name (the framework gives a name given twice as a list). */
function firstValues(schema: NonNullable<NonNullable<RouteConfig['request']>['query']>) {
  return z.preprocess(
    (value) => (value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([name, given]) => [name, Array.isArray(given) ? given[0] : given])) : value),
    schema,
  ) as typeof schema;
}

/** The success envelope `{status: 'success', payload}` as a route's typed JSON answer: 200, or `status` (201 of a creation). */
export function ok<T>(c: Context, payload: T): ReturnType<typeof okWith<T, 200>>;
export function ok<T, S extends ContentfulStatusCode>(c: Context, payload: T, status: S): ReturnType<typeof okWith<T, S>>;
export function ok<T>(c: Context, payload: T, status: ContentfulStatusCode = 200) {
  return okWith(c, payload, status);
}

function okWith<T, S extends ContentfulStatusCode>(c: Context, payload: T, status: S) {
  return c.json({ status: 'success' as const, payload }, status);
}

/** Which part of the request failed its schema. */
type RequestPart = 'body' | 'query' | 'params';

/**
 * The message of a refused request, before the failing fields: for a body, "Requête invalide."
 * and the first field's sentence; for a query or path, the first field's sentence alone.
 */
export type InvalidMessage = (part: RequestPart, errors: FieldError[]) => string;

const defaultInvalidMessage: InvalidMessage = (part, errors) => {
  if (part === 'body') return errors[0] ? `${requestErrors.invalidRequest} ${errors[0].message}` : requestErrors.invalidRequest;
  return errors[0]?.message ?? requestErrors.invalidRequest;
};

/** The validators' hook: a refused part of the request becomes `refuseInvalid`'s ApiError. */
function refusal(invalidMessage: InvalidMessage) {
  return (result: { success: boolean; target: string; error?: unknown }) => {
    if (result.success) return;
    const part: RequestPart = result.target === 'json' ? 'body' : result.target === 'param' ? 'params' : 'query';
    throw refuseInvalid(part, result.error as z.ZodError, invalidMessage);
  };
}

/**
 * The default hook: a request refused by its declared schema is a 400 with the code
 * `invalid_request`, the message of `invalidMessage` and every failing field.
 */
function refuseInvalid(part: RequestPart, error: z.ZodError, invalidMessage: InvalidMessage = defaultInvalidMessage): ApiError {
  const errors = zodFieldErrors(error);
  return new ApiError('invalid_request', invalidMessage(part, errors), errors);
}
