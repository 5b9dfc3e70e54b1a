import { fileURLToPath } from 'node:url';

/**
 * Orders handled by e-mail (docs/decisions/022): "as soon as possible" is offered without a staff
 * screen connected, as the storefront's tests expect; e2e/no-screen.spec.ts has a server without it.
 */
const emailOnly = { 'orders.email_only': true };

/**
 * The servers the end-to-end tests run against, each with its clock frozen at `now`. Ports from
 * E2E_PORT (3300): +0..+2 here, +3 security.spec.ts's `npm run serve`, +4 update-banner.spec.ts,
 * +5 staff.spec.ts's own server (its first-owner link read from the log), +7 the noScreen server here,
 * +8/+9 the mail sink, +10 the backOffice server here, +11 no-async-hooks.spec.ts, +12 books-register.spec.ts's own server (restarted over a month's end), +13 orders-history.spec.ts's, +14 printers.spec.ts's (own-server.ts). Not +6: 3306 is MariaDB's port on these machines.
 */
export const servers = {
  /** Sunday 22 November 2026, 12:30 in Paris: the restaurant is open, the weekday promotion is not. */
  sunday: { port: Number(process.env.E2E_PORT ?? 3300), now: '2026-11-22T12:30:00+01:00', env: { DEMO_SETTINGS: JSON.stringify(emailOnly) } },
  /** Tuesday 24 November 2026, 12:30 in Paris: the Monday-to-Thursday promotion applies. */
  tuesday: { port: Number(process.env.E2E_PORT ?? 3300) + 1, now: '2026-11-24T12:30:00+01:00', env: { DEMO_SETTINGS: JSON.stringify(emailOnly) } },
  /** Sunday again, with cash payment switched off in the restaurant's settings: card is the only method (docs/decisions/007). */
  cardOnly: {
    port: Number(process.env.E2E_PORT ?? 3300) + 2,
    now: '2026-11-22T12:30:00+01:00',
    env: { DEMO_SETTINGS: JSON.stringify({ ...emailOnly, 'payments.cod.active': false }), DEMO_HISTORY: '0' },
  },
  /** Tuesday, orders handled on a board (the demo's settings) and no staff screen connected: no ASAP (docs/decisions/022). */
  noScreen: { port: Number(process.env.E2E_PORT ?? 3300) + 7, now: '2026-11-24T12:30:00+01:00', env: { DEMO_HISTORY: '0' } },
  /**
   * Tuesday, for the back office's specs (docs/decisions/023): they change the menu, hours and settings, so
   * they do it here, never on the servers the storefront's specs share; each spec undoes what
   * would stop the next one (a pause, a closure, a dish sold out) and works on dishes of its own.
   */
  backOffice: {
    port: Number(process.env.E2E_PORT ?? 3300) + 10,
    now: '2026-11-24T12:30:00+01:00',
    env: { DEMO_SETTINGS: JSON.stringify(emailOnly), DEMO_HISTORY: '0' },
  },
} as const;

/** The test SMTP server the storefront servers send e-mails to, and where tests read them (e2e/smtp-sink.ts). */
export const mailSink = {
  smtpPort: Number(process.env.E2E_PORT ?? 3300) + 8,
  httpPort: Number(process.env.E2E_PORT ?? 3300) + 9,
} as const;

/**
 * The server the end-to-end tests run, as production runs it (`npm run serve`, docs/decisions/024): the
 * compiled apps/api/build/server.js that `npm run build` makes, with source maps; the arguments
 * to give `node` (process.execPath). Absolute, so any working directory will do.
 */
export const compiledServerArgs = ['--enable-source-maps', fileURLToPath(new URL('../../api/build/server.js', import.meta.url))];
