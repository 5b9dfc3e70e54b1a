import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { Context, Env } from 'hono';
import type { z } from 'zod';
import { successBody } from '@resto/contract/common';
import { ErrorBodySchema, type FieldError } from '@resto/contract/errors';
import { messages } from '@resto/domain/messages';
import { ApiError, zodFieldErrors } from './errors.ts';

/**
 * Routes declared once (issue 12, part 1; docs/decisions/017, section 2): each route of the API
 * is a `createRoute` of @hono/zod-openapi naming the contract's schemas of its query, path,
 * body and answers. The declaration feeds GET /v2/openapi.json, and the same schemas validate
 * the request here, so documentation, validation and types come from one definition.
 *
 * The request is validated where the handler asks for it (`input.body()`, `input.query()`),
 * not before: some routes check who calls before they read the body (update-profile answers 401
 * to a stranger whatever the body holds), and they keep that order. A JSON body is read whatever
 * its Content-Type, as it always was.
 */

/** An API's routes: a Hono app that also keeps its routes' declarations (`strict: false`: trailing slashes optional). */
export function routes<E extends Env = Env>() {
  return new OpenAPIHono<E>({ strict: false });
}

/** The error answers' schema, as the component `ErrorBody` of the document. */
const ErrorBodyComponent = ErrorBodySchema.meta({ id: 'ErrorBody' });

/** A JSON answer `{status: 'success', payload}` whose payload is `schema`. */
export function successAnswer(schema: z.ZodType, description: string) {
  return { description, content: { 'application/json': { schema: successBody(schema) } } };
}

/** An error answer `{status: 'error', code, message, errors}` (packages/contract/src/errors.ts). */
export function errorAnswer(description: string) {
  return { description, content: { 'application/json': { schema: ErrorBodyComponent } } };
}

/** A JSON request body of `schema`. */
export function jsonBody<S extends z.ZodType>(schema: S, description?: string) {
  return { required: true, description, content: { 'application/json': { schema } } };
}

/**
 * Statuses every route may answer, added by `declare` to those the route names: a text the
 * database refuses in the path, query or body (400, before any route runs: http/text-guard.ts),
 * a server fault (500), the database away or the server stopping (503).
 */
const commonErrors = {
  400: errorAnswer('Texte refusé dans le chemin, la requête ou le corps (invalid_text), avec le champ.'),
  500: errorAnswer('Erreur interne (internal_error).'),
  503: errorAnswer('Base de données injoignable ou serveur en cours d’arrêt (database_unavailable, server_stopping).'),
};

/** Statuses of every route with a JSON body: malformed JSON or a refused field (400), a body over 1 MB (413). */
export const bodyErrors = {
  400: errorAnswer('JSON illisible (invalid_json) ou champ refusé (invalid_request, invalid_text), avec les champs fautifs.'),
  413: errorAnswer('Corps de requête trop grand (body_too_large).'),
} as const;

/** The OpenAPI security requirements of section 7 (the schemes are in app.ts). */
type SecurityRequirements = Record<string, string[]>[];

export const security: Record<'account' | 'bearer' | 'optionalBearer' | 'staff', SecurityRequirements> = {
  /** A staff call (issue 13): the `resto_staff` session cookie, never a bearer token. */
  staff: [{ staffCookie: [] }],
  /** An account's call: a bearer token or `token` in the query, and `user_id` in the query or the `user-id` header. */
  account: [
    { bearerToken: [], userIdQuery: [] },
    { bearerToken: [], userIdHeader: [] },
    { tokenQuery: [], userIdQuery: [] },
  ],
  /** A bearer token only (a token in a URL would be logged by proxies). */
  bearer: [
    { bearerToken: [], userIdQuery: [] },
    { bearerToken: [], userIdHeader: [] },
  ],
  /** Anyone; an account's bearer token when there is one (an account's order, or the proof of its owner). */
  optionalBearer: [{}, { bearerToken: [] }],
};

/** Which part of the request failed its schema. */
type RequestPart = 'body' | 'query' | 'params';

/**
 * The message of a refused request, before the failing fields: for a body, "Requête invalide."
 * and the first field's sentence; for a query or path, the first field's sentence alone.
 */
export type InvalidMessage = (part: RequestPart, errors: FieldError[]) => string;

const defaultInvalidMessage: InvalidMessage = (part, errors) => {
  if (part === 'body') return errors[0] ? `${messages.invalidRequest} ${errors[0].message}` : messages.invalidRequest;
  return errors[0]?.message ?? messages.invalidRequest;
};

/**
 * The default hook: a request refused by its declared schema is a 400 with the code
 * `invalid_request`, the message of `invalidMessage` and every failing field.
 */
function refuseInvalid(part: RequestPart, error: z.ZodError, invalidMessage: InvalidMessage = defaultInvalidMessage): ApiError {
  const errors = zodFieldErrors(error);
  return new ApiError('invalid_request', invalidMessage(part, errors), errors);
}

type JsonSchemaOf<R> = R extends { request: { body: { content: { 'application/json': { schema: infer S extends z.ZodType } } } } } ? S : never;
type QuerySchemaOf<R> = R extends { request: { query: infer S extends z.ZodType } } ? S : never;
type ParamsSchemaOf<R> = R extends { request: { params: infer S extends z.ZodType } } ? S : never;

/** The request of a declared route, validated by its declared schemas when asked for. */
export interface RouteInput<R extends RouteConfig> {
  /** The JSON body, read whatever its Content-Type; 400 invalid_json when it is not JSON, 400 invalid_request when it fails the schema. */
  body(): Promise<z.output<JsonSchemaOf<R>>>;
  /** A value as the body (read by the handler itself), checked against the body's schema. */
  checkBody(value: unknown): z.output<JsonSchemaOf<R>>;
  /** The query (first value of each name); 400 invalid_request when it fails the schema. */
  query(): z.output<QuerySchemaOf<R>>;
  /** The path's parameters; 400 invalid_request when they fail the schema. */
  params(): z.output<ParamsSchemaOf<R>>;
}

export interface DeclareOptions {
  /** The refusal's message when the route words it differently from `defaultInvalidMessage`. */
  invalidMessage?: InvalidMessage;
}

function check<T>(schema: z.ZodType | undefined, value: unknown, part: RequestPart, options: DeclareOptions): T {
  if (!schema) throw new Error(`La route ne déclare pas de schéma pour ${part}.`);
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw refuseInvalid(part, parsed.error, options.invalidMessage);
  return parsed.data as T;
}

/** A declared route's schemas, as `RequestInput` checks them. */
interface RouteSchemas {
  body: z.ZodType | undefined;
  query: z.ZodType | undefined;
  params: z.ZodType | undefined;
  options: DeclareOptions;
}

/**
 * The request's parts of one call, checked on demand. A class rather than an object of arrow
 * functions: nothing is allocated per request but the instance (issue 15: the cost of each request).
 */
class RequestInput<R extends RouteConfig> implements RouteInput<R> {
  constructor(
    private readonly c: Context,
    private readonly schemas: RouteSchemas,
  ) {}

  async body(): Promise<z.output<JsonSchemaOf<R>>> {
    let value: unknown;
    try {
      value = await this.c.req.json();
    } catch {
      throw new ApiError('invalid_json', messages.invalidJson);
    }
    return check(this.schemas.body, value, 'body', this.schemas.options);
  }

  checkBody(value: unknown): z.output<JsonSchemaOf<R>> {
    return check(this.schemas.body, value, 'body', this.schemas.options);
  }

  query(): z.output<QuerySchemaOf<R>> {
    return check(this.schemas.query, this.c.req.query(), 'query', this.schemas.options);
  }

  params(): z.output<ParamsSchemaOf<R>> {
    return check(this.schemas.params, this.c.req.param(), 'params', this.schemas.options);
  }
}

/**
 * Declares `route` on `app` (its document entry) and serves it with `handler`, which receives
 * the request's parts to validate with the declared schemas. What they refuse is an ApiError
 * (invalid_json, invalid_request), answered by the app's error handler like any other.
 */
export function declare<R extends RouteConfig, E extends Env>(
  app: OpenAPIHono<E>,
  route: R,
  handler: (c: Context<E>, input: RouteInput<R>) => Response | Promise<Response>,
  options: DeclareOptions = {},
): void {
  app.openAPIRegistry.registerPath({ ...route, responses: { ...commonErrors, ...route.responses } });
  const request = route.request;
  const json = request?.body?.content['application/json'];
  const schemas: RouteSchemas = {
    body: json && 'schema' in json ? (json.schema as z.ZodType) : undefined,
    query: request?.query as z.ZodType | undefined,
    params: request?.params as z.ZodType | undefined,
    options,
  };
  const path = route.path.replaceAll(/\/{(.+?)}/g, '/:$1');
  app.on(route.method.toUpperCase(), path, (c) => handler(c as Context<E>, new RequestInput<R>(c as Context, schemas)));
}
