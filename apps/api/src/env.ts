import { resolve } from 'node:path';
import { z } from 'zod';

/** An optional string variable; empty means unset. */
const optionalText = (schema: z.ZodString) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** The only reader of process.env: validated once at boot, with a clear message when wrong. */
const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL doit commencer par postgres://' })
        .optional(),
    ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_BUILD_DIR: z.string().optional(),
    /** Freezes the server's clock at this instant (ISO 8601): for tests and demos of time-bound offers. */
    CLOCK_NOW: z.iso.datetime({ offset: true }).optional(),
    /** Starts the server's clock at this instant (ISO 8601) and lets it run: for benches that need time to pass in an open slot. */
    CLOCK_START: z.iso.datetime({ offset: true }).optional(),
    NODE_ENV: z.string().default('production'),
    /**
     * The site's public origin (https://chez-margot.fr): absolute URLs of Open Graph, JSON-LD,
     * robots.txt and the sitemap. Never taken from the request's Host (docs/decisions/009).
     */
    SITE_URL: optionalText(z.string()).transform((value, ctx) => {
      if (value === undefined) return undefined;
      const url = URL.canParse(value) ? new URL(value) : null;
      if (url && (url.protocol === 'https:' || url.protocol === 'http:') && url.pathname === '/' && !url.search && !url.hash && !url.username)
        return url.origin;
      ctx.addIssue({ code: 'custom', message: 'SITE_URL est une origine http(s) sans chemin, ex. https://chez-margot.fr' });
      return z.NEVER;
    }),
    /** Address search: 'offline' (communes from npm data, no network) or 'ban' (Base Adresse Nationale, street level). */
    LOCATIONS_PROVIDER: z.enum(['offline', 'ban'], { error: 'LOCATIONS_PROVIDER vaut offline ou ban.' }).default('offline'),
    BAN_URL: z.url({ error: 'BAN_URL doit être une URL.' }).default('https://api-adresse.data.gouv.fr'),
    /** An OSRM server for road distances; straight lines without it. */
    OSRM_URL: z.preprocess((value) => (value === '' ? undefined : value), z.url({ error: 'OSRM_URL doit être une URL.' }).optional()),
    /** smtp://user:password@host:587 (or smtps://…): e-mails by SMTP. Absent: written to DATA_DIR/outbox and logged. */
    SMTP_URL: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .string()
        .regex(/^smtps?:\/\//, { error: 'SMTP_URL doit commencer par smtp:// ou smtps://' })
        .optional(),
    ),
    /** Without SMTP_URL: how many .eml files DATA_DIR/outbox keeps at most (the oldest go first; docs/decisions/010). */
    OUTBOX_MAX_FILES: z.coerce.number().int().min(1, { error: 'OUTBOX_MAX_FILES vaut au moins 1.' }).default(1000),
    /** SIGTERM/SIGINT: seconds the requests being served get to finish before their connections are cut (docs/decisions/010). */
    SHUTDOWN_TIMEOUT: z.coerce.number().min(0, { error: 'SHUTDOWN_TIMEOUT est un nombre de secondes.' }).default(10),
    /**
     * Seconds an idle keep-alive connection stays open (docs/decisions/010). Longer than the idle timeout of
     * the proxies that reuse connections to the server (nginx's upstream keepalive_timeout and
     * common load balancers: 60 s): with Node's 5 s, a proxy or client sending on a connection the
     * server was closing got ECONNRESET (a browser test's PUT did, on a busy machine).
     */
    KEEP_ALIVE_TIMEOUT: z.coerce
      .number()
      .int({ error: 'KEEP_ALIVE_TIMEOUT est un nombre entier de secondes.' })
      .min(1, { error: 'KEEP_ALIVE_TIMEOUT vaut au moins 1 seconde.' })
      .default(65),
    /** The From header of every e-mail. */
    MAIL_FROM: z.string().min(3).default('Commande en ligne <no-reply@localhost>'),
    /**
     * Reverse proxies in front of the server that append to X-Forwarded-For: 0 (none), 1 (true,
     * yes, on) or their count (2 behind a CDN and a load balancer). Rate limits key on the address
     * the nearest one appended, never on what the client wrote (docs/decisions/014).
     */
    TRUST_PROXY: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : undefined),
      z
        .string()
        .default('0')
        .transform((value, ctx) => {
          if (['true', 'yes', 'on'].includes(value)) return 1;
          if (['false', 'no', 'off'].includes(value)) return 0;
          if (/^\d{1,2}$/.test(value)) return Number(value);
          ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY vaut 0, 1 ou le nombre de proxys devant le serveur.' });
          return z.NEVER;
        }),
    ),
    /**
     * Multiplies the maximum of the order, payment and address-search limits (docs/decisions/014): 1 in
     * production; the benches and browser tests, which order hundreds of times from 127.0.0.1, use 1000.
     */
    RATE_LIMIT_FACTOR: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number({ error: 'RATE_LIMIT_FACTOR est un nombre ≥ 1.' }).min(1, { error: 'RATE_LIMIT_FACTOR est un nombre ≥ 1.' }).max(1_000_000).default(1),
    ),
    /**
     * Card payments with the built-in test processor (no real payment) when no Stripe keys are
     * set: on by default outside production, off in production unless asked (docs/decisions/010).
     */
    PAYMENT_TEST_MODE: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : undefined),
      z
        .enum(['1', 'true', 'yes', 'on', '0', 'false', 'no', 'off'], { error: 'PAYMENT_TEST_MODE vaut 1 ou 0.' })
        .optional()
        .transform((value) => (value === undefined ? undefined : ['1', 'true', 'yes', 'on'].includes(value))),
    ),
    /** Load 3,000 generated past orders with the demo restaurant on a first start (0/false/no/off: none). */
    DEMO_HISTORY: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : undefined),
      z
        .enum(['1', 'true', 'yes', 'on', '0', 'false', 'no', 'off'], { error: 'DEMO_HISTORY vaut 1 ou 0.' })
        .default('1')
        .transform((value) => ['1', 'true', 'yes', 'on'].includes(value)),
    ),
    /** Settings replacing the demo restaurant's at its first load, as a JSON object (demos, browser tests). */
    DEMO_SETTINGS: optionalText(z.string()).transform((value, ctx) => {
      if (value === undefined) return undefined;
      try {
        const parsed: unknown = JSON.parse(value);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: 'DEMO_SETTINGS doit être un objet JSON, ex. {"payments.cod.active": false}.' });
      return z.NEVER;
    }),
    /**
     * The token of the first owner's link, chosen in advance (provisioning scripts, browser tests):
     * at least 32 characters of [A-Za-z0-9_-]. Unset: a random one, printed in the log (docs/decisions/020).
     */
    STAFF_FIRST_OWNER_TOKEN: optionalText(
      z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, { error: 'STAFF_FIRST_OWNER_TOKEN : 32 à 128 caractères parmi A-Z a-z 0-9 _ -.' }),
    ),
    /**
     * The books' Ed25519 signing key (docs/decisions/031-the-books.md), PKCS#8 PEM or its DER in
     * base64 on one line, kept outside the database. Unset: a key made once and kept in the database.
     */
    BOOKS_SIGNING_KEY: optionalText(z.string()),
    /** Stripe (docs/decisions/007): all three set selects Stripe; none selects the built-in test processor. */
    STRIPE_SECRET_KEY: optionalText(z.string().regex(/^(sk|rk)_(test|live)_/, { error: 'STRIPE_SECRET_KEY commence par sk_test_ ou sk_live_.' })),
    STRIPE_PUBLISHABLE_KEY: optionalText(z.string().regex(/^pk_(test|live)_/, { error: 'STRIPE_PUBLISHABLE_KEY commence par pk_test_ ou pk_live_.' })),
    STRIPE_WEBHOOK_SECRET: optionalText(z.string().regex(/^whsec_/, { error: 'STRIPE_WEBHOOK_SECRET commence par whsec_.' })),
  })
  .superRefine((env, ctx) => {
    const stripe = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET];
    if (stripe.some(Boolean) && !stripe.every(Boolean))
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'Stripe demande STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY et STRIPE_WEBHOOK_SECRET ensemble (aucune : processeur de test).',
      });
    if (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_SECRET_KEY.split('_')[1] !== env.STRIPE_PUBLISHABLE_KEY.split('_')[1])
      ctx.addIssue({ code: 'custom', path: ['STRIPE_PUBLISHABLE_KEY'], message: 'Les clés Stripe doivent être toutes deux de test ou toutes deux live.' });
  });

/** The parsed variables, with `dataDir` absolute and `siteUrl` the public origin (SITE_URL, else http://localhost:PORT). */
export type Env = z.infer<typeof EnvSchema> & { dataDir: string; siteUrl: string };

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuration invalide :\n${lines.join('\n')}`);
  }
  return { ...parsed.data, dataDir: resolve(parsed.data.DATA_DIR), siteUrl: parsed.data.SITE_URL ?? `http://localhost:${parsed.data.PORT}` };
}
