/**
 * The front door of the `auth` module: what other modules may use of it. Files of other
 * modules import it from here, never from its inner files (eslint.config.js, « API modules »).
 *
 * Customer accounts and sessions (docs/decisions/006-accounts-sessions-mail.md): the service, passwords, tokens, rate limits and the client's address.
 */
export { clientIp } from './credentials.ts';
export { hashPassword, isCommonPassword, verifyAgainstNothing, verifyPassword } from './passwords.ts';
export { RateLimiter } from './rate-limits.ts';
export type { PlannedHits } from './rate-limits.ts';
export { AuthService } from './service.ts';
export { hashSessionToken, newSessionToken } from './tokens.ts';
