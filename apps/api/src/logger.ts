import pino, { type DestinationStream } from 'pino';

/** The fields of an error a log line keeps: never a query's parameters, a row's values or a body. */
export interface LoggedError {
  type: string;
  message: string;
  code?: string;
  /** The SQL text of a failed query, with $1 placeholders (never its parameters). */
  query?: string;
  stack?: string;
  cause?: LoggedError;
}

/** Database error fields that name things, never values (detail, where, params, internalQuery… are left out). */
const namingFields = ['code', 'constraint', 'table', 'column', 'schema', 'routine', 'severity'] as const;

/**
 * pino's `err` serializer (docs/decisions/014; docs/decisions/009): Drizzle's DrizzleQueryError
 * carries the query's parameters in `params` and in its message and stack ("params: e-mail,
 * phone, names, password hash…"); PGlite and pg errors carry them in `params`, `detail` ("Key
 * (email)=(…)") or `where`. This keeps the error's type, message without parameters, SQL text,
 * SQLSTATE and names, and stack, through `cause` (5 levels at most).
 */
export function serializeError(value: unknown, depth = 0): LoggedError | string {
  if (!(value instanceof Error) && (typeof value !== 'object' || value === null)) return String(value).slice(0, 500);
  const error = value as Error & Record<string, unknown>;
  const type = error.constructor?.name ?? 'Error';
  const hasParams = 'params' in error;
  let message = typeof error.message === 'string' ? error.message : '';
  let stack = typeof error.stack === 'string' ? error.stack : undefined;
  if (hasParams) {
    // "Failed query: <sql>\nparams: <values>": the values go.
    const paramsAt = message.indexOf('\nparams:');
    if (paramsAt >= 0) message = message.slice(0, paramsAt);
    // The stack's first lines repeat the message, parameters included: only the frames stay.
    stack = stack?.split('\n').filter((line) => /^\s+at /.test(line)).join('\n');
  }
  const logged: LoggedError & Record<string, unknown> = { type, message, stack };
  if (typeof error.query === 'string') logged.query = error.query;
  for (const field of namingFields) if (typeof error[field] === 'string') logged[field] = error[field];
  if (error.cause !== undefined && depth < 5) {
    const cause = serializeError(error.cause, depth + 1);
    if (typeof cause !== 'string') logged.cause = cause;
  }
  return logged;
}

/**
 * JSON logs; tokens, passwords, query strings and database parameters never reach them (docs/decisions/017,
 * section 6; docs/decisions/014). `destination`: where lines go (default stdout; tests capture them).
 */
export function createLogger(level: string, destination?: DestinationStream) {
  const options = {
    level,
    serializers: { err: serializeError },
    redact: { paths: ['password', '*.password', 'token', '*.token', 'req.headers.authorization'], censor: '[masqué]' },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type Logger = ReturnType<typeof createLogger>;
