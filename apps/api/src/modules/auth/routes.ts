import type { Context, MiddlewareHandler } from 'hono';
import type { AccountExport } from '@resto/contract/auth';
import {
  changePassword,
  deleteProfile,
  exportAccount,
  getProfile,
  listAccountOrders,
  login,
  logout,
  resetPassword,
  sendOtp,
  signup,
  updateProfile,
  verifyOtp,
} from '@resto/contract/auth.routes';
import { DeleteAccountSchema } from '@resto/contract/auth';
import { requestErrors } from '@resto/copy/errors/request';
import { accountAnswers } from '@resto/copy/storefront/account';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { ApiError, zodFieldErrors } from '../../http/errors.ts';
import { isHttps } from '../../http/security-headers.ts';
import { ok, routes, serve, type InvalidMessage } from '../../http/openapi.ts';
import { clientIp, credentialsOf } from './credentials.ts';
import { toUser, type Authenticated, type AuthService } from './service.ts';

/** What an account's route reads: `c.var.account`, the caller found by its guard before the request is read. */
type AccountEnv = { Variables: { account: Authenticated } };

/** Refusals of a query, and of delete-profile's body: the first field's sentence alone. */
const firstFieldMessage: InvalidMessage = (_part, errors) => errors[0]?.message ?? requestErrors.invalidRequest;

/** The cookie naming the browser's pending sign-up (docs/decisions/006), and how long it lives: as long as a pending sign-up. */
const signupTicketCookie = 'signup_ticket';
const signupTicketDays = 7;

/**
 * /v2/public/auth/… (spec section 7, every auth call with its method, path, body or query; plus
 * change-password, see docs/decisions/006). Trailing slashes are optional (strict: false).
 */
export function authRoutes(auth: AuthService, options: { trustProxy: boolean | number }) {
  const ip = (c: Context) => clientIp(c, options.trustProxy);
  const caller = (c: Context, body?: { token?: unknown; user_id?: unknown }) => {
    const { token, userId } = credentialsOf(c, body);
    return auth.authenticate(token, userId);
  };
  /** The account's guard: the caller's session, found before the request is read (a stranger gets 401 whatever it sends). */
  const signedIn: MiddlewareHandler<AccountEnv> = async (c, next) => {
    c.set('account', await caller(c));
    await next();
  };
  /**
   * delete-profile's guard: its body may carry token and user_id (section 7), so it is read here
   * once (unreadable JSON reads as {}), the caller authenticated with it, and only then checked
   * against DeleteAccountSchema by hand, its refusal worded by `firstFieldMessage`: a stranger
   * gets 401 whatever the body holds. The route's own validators then find a valid body.
   */
  const signedInByBody: MiddlewareHandler<AccountEnv> = async (c, next) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      body = {};
    }
    const loose = typeof body === 'object' && body !== null ? (body as { token?: unknown; user_id?: unknown }) : {};
    c.set('account', await caller(c, loose));
    const checked = DeleteAccountSchema.safeParse(body);
    if (!checked.success) {
      const errors = zodFieldErrors(checked.error);
      throw new ApiError('invalid_request', firstFieldMessage('body', errors), errors);
    }
    await next();
  };
  const app = routes<AccountEnv>();
  /**
   * The sign-up ticket: which browser made a pending sign-up (docs/decisions/006). Read by
   * verify-otp and send-otp only, for as long as a pending sign-up lives.
   */
  const ticketCookie = (c: Context) =>
    ({ path: '/v2/public/auth', httpOnly: true, sameSite: 'Strict', secure: isHttps(c.req.raw, options.trustProxy) }) as const;
  serve(app, login, async (c) => ok(c, await auth.login(c.req.valid('json'), ip(c), getCookie(c, signupTicketCookie))));
  serve(app, signup, async (c) => {
    const { answer, ticket } = await auth.signup(c.req.valid('json'), ip(c));
    setCookie(c, signupTicketCookie, ticket, { ...ticketCookie(c), maxAge: signupTicketDays * 86_400 });
    return ok(c, answer);
  });
  serve(app, logout, async (c) => ok(c, await auth.logout(await caller(c))));
  serve(
    app,
    verifyOtp,
    async (c) => {
      const { email, otp } = c.req.valid('query');
      const session = await auth.verifyOtp(email, otp, ip(c), getCookie(c, signupTicketCookie));
      deleteCookie(c, signupTicketCookie, ticketCookie(c));
      return ok(c, session);
    },
    { invalidMessage: firstFieldMessage },
  );
  serve(app, sendOtp, async (c) => ok(c, await auth.sendOtp(c.req.valid('query').email, ip(c), getCookie(c, signupTicketCookie))), {
    invalidMessage: firstFieldMessage,
  });
  serve(app, resetPassword, async (c) => ok(c, await auth.resetPassword(c.req.valid('json'), ip(c))));
  serve(app, getProfile, async (c) => ok(c, toUser((await caller(c)).user)));
  serve(app, updateProfile, async (c) => ok(c, await auth.updateProfile(c.var.account, c.req.valid('json'))), { before: [signedIn] });
  serve(
    app,
    listAccountOrders,
    async (c) => {
      const { page, limit } = c.req.valid('query');
      return ok(c, await auth.orders(c.var.account, page, limit));
    },
    { invalidMessage: firstFieldMessage, before: [signedIn] },
  );
  serve(app, exportAccount, async (c) => {
    // docs/decisions/012 (RGPD): a file to save, never cached. Bearer only: a token in the URL would be logged by proxies.
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (!bearer) throw new ApiError('login_required', accountAnswers.notLoggedIn, [{ path: 'token', message: accountAnswers.notLoggedIn }]);
    const who = await caller(c);
    const data: AccountExport = await auth.exportData(who);
    const day = data.exported_at.slice(0, 10);
    // Written indented, as a file to save: the route's JSON answer, not the envelope.
    const file = c.body(JSON.stringify(data, null, 2), 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="mes-donnees-${day}.json"`,
      'Cache-Control': 'no-store',
    });
    return file as typeof file & ReturnType<typeof c.json<AccountExport, 200>>;
  });
  serve(app, changePassword, async (c) => ok(c, await auth.changePassword(c.var.account, c.req.valid('json'), ip(c))), { before: [signedIn] });
  serve(app, deleteProfile, async (c) => ok(c, await auth.deleteAccount(c.var.account, c.req.valid('json').password, ip(c))), {
    invalidMessage: firstFieldMessage,
    before: [signedInByBody],
  });
  return app;
}
