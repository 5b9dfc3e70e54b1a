import { z } from 'zod';

/** An unset variable and an empty one mean the same: not configured. */
const optional = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * The web server's environment, as its loaders read it:
 * - `SITE_URL`: the site's public origin (an absolute URL), when the server that runs the
 *   storefront does not give it in the load context;
 * - `PORT`: the port this process listens on (digits), for the fallback origin
 *   http://localhost:PORT (3000 when unset);
 * - `API_URL`: where the API answers (an absolute URL) when it does not run in this process
 *   (http://localhost:3000 when unset).
 */
const WebEnvSchema = z.object({
  SITE_URL: optional(z.url()),
  PORT: optional(z.string().regex(/^\d+$/u)).transform((port) => port ?? '3000'),
  API_URL: optional(z.url()).transform((url) => url ?? 'http://localhost:3000'),
});

export type WebEnv = z.output<typeof WebEnvSchema>;

let read: WebEnv | undefined;

/**
 * The web server's environment, read from `process.env` and validated once, on the first call
 * (the server sets its variables before it loads the build). @throws z.ZodError naming the
 * variable when one is set but malformed (SITE_URL or API_URL not an absolute URL, PORT not digits).
 */
export function webEnv(): WebEnv {
  read ??= WebEnvSchema.parse(process.env);
  return read;
}
