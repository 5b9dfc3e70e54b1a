/**
 * Whether a database error (PGlite or pg, possibly wrapped by Drizzle in `cause`) is a unique
 * violation (SQLSTATE 23505), optionally of one named constraint or index.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505') return !constraint || name === constraint || Boolean(message?.includes(constraint));
  }
  return false;
}
