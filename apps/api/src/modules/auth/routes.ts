import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import {
  ChangePasswordSchema,
  DeleteAccountSchema,
  LoginSchema,
  OrdersQuerySchema,
  ProfileUpdateSchema,
  ResetPasswordSchema,
  SendOtpQuerySchema,
  SignupSchema,
  VerifyOtpQuerySchema,
} from '@resto/domain/account';
import { messages } from '@resto/domain/messages';
import { ApiError, parseJsonBody, success, zodFieldErrors } from '../../http/errors.ts';
import { clientIp, credentialsOf } from './credentials.ts';
import { toUser, type AuthService } from './service.ts';

/** Validates a query; 400 with the failing fields otherwise. */
function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) {
    const errors = zodFieldErrors(parsed.error);
    throw new ApiError('invalid_request', errors[0]?.message ?? messages.invalidRequest, errors);
  }
  return parsed.data;
}

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
  return new Hono({ strict: false })
    .post('/login', async (c) => success(c, await auth.login(await parseJsonBody(c, LoginSchema), ip(c))))
    .post('/signup', async (c) => success(c, await auth.signup(await parseJsonBody(c, SignupSchema), ip(c))))
    .post('/logout', async (c) => success(c, await auth.logout(await caller(c))))
    .get('/verify-otp', async (c) => {
      const { email, otp } = parseQuery(c, VerifyOtpQuerySchema);
      return success(c, await auth.verifyOtp(email, otp, ip(c)));
    })
    .get('/send-otp', async (c) => success(c, await auth.sendOtp(parseQuery(c, SendOtpQuerySchema).email, ip(c))))
    .post('/reset-password', async (c) => success(c, await auth.resetPassword(await parseJsonBody(c, ResetPasswordSchema), ip(c))))
    .get('/profile', async (c) => success(c, toUser((await caller(c)).user)))
    .patch('/update-profile', async (c) => {
      const who = await caller(c);
      return success(c, await auth.updateProfile(who, await parseJsonBody(c, ProfileUpdateSchema)));
    })
    .get('/orders', async (c) => {
      const who = await caller(c);
      const { page, limit } = parseQuery(c, OrdersQuerySchema);
      return success(c, await auth.orders(who, page, limit));
    })
    .get('/export', async (c) => {
      // Issue 16 (RGPD): a file to save, never cached. Bearer only: a token in the URL would be logged by proxies.
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
      if (!bearer) throw new ApiError('login_required', messages.notLoggedIn, [{ path: 'token', message: messages.notLoggedIn }]);
      const who = await caller(c);
      const data = await auth.exportData(who);
      const day = data.exported_at.slice(0, 10);
      return c.body(JSON.stringify(data, null, 2), 200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="mes-donnees-${day}.json"`,
        'Cache-Control': 'no-store',
      });
    })
    .post('/change-password', async (c) => {
      const who = await caller(c);
      return success(c, await auth.changePassword(who, await parseJsonBody(c, ChangePasswordSchema), ip(c)));
    })
    .delete('/delete-profile', async (c) => {
      // The body may carry token and user_id (section 7): read it once, authenticate, then validate.
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        body = {};
      }
      const loose = typeof body === 'object' && body !== null ? (body as { token?: unknown; user_id?: unknown }) : {};
      const who = await caller(c, loose);
      const parsed = DeleteAccountSchema.safeParse(body);
      if (!parsed.success) {
        const errors = zodFieldErrors(parsed.error);
        throw new ApiError('invalid_request', errors[0]?.message ?? messages.invalidRequest, errors);
      }
      return success(c, await auth.deleteAccount(who, parsed.data.password, ip(c)));
    });
}
