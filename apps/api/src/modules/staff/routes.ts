import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import {
  acceptStaffInvitation,
  getStaffInvitation,
  getStaffMe,
  getStaffTeam,
  inviteStaff,
  removeStaffMember,
  revokeStaffInvitation,
  staffLogin,
  staffLogout,
} from '@resto/contract/staff.routes';
import { staffAnswers } from '@resto/copy/staff/team';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { ok, routes, serve } from '../../http/openapi.ts';
import { isHttps } from '../../http/security-headers.ts';
import { clientIp } from '../auth/index.ts';
import { requireStaff, staffAuthenticator, staffCookieName, staffSessionIdleDays } from './sessions.ts';
import type { StaffService } from './service.ts';

/** A positive integer from a path parameter, or null. */
function idOf(value: string): number | null {
  return /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}

/**
 * State-changing calls of the staff area come from the site itself (docs/decisions/020): besides the
 * SameSite=Strict cookie, a request whose `Origin` (when present) is another site's, or whose
 * `Sec-Fetch-Site` says cross-site, is refused with 403 cross_site_refused before anything runs.
 * The site's own origin is SITE_URL, or any origin whose host is the Host the request was sent to
 * (a browser sets both Host and Origin; another site cannot make them agree). GET and HEAD pass.
 */
export function sameSiteOnly(siteUrl: string): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
    const origin = c.req.header('origin');
    const fetchSite = c.req.header('sec-fetch-site');
    const refused = () => new ApiError('cross_site_refused', staffAnswers.crossSite);
    if (fetchSite === 'cross-site') throw refused();
    if (origin !== undefined) {
      if (!URL.canParse(origin)) throw refused();
      const url = new URL(origin);
      const host = c.req.header('host');
      // The host alone: behind a TLS-terminating proxy the request reaches us over http.
      const own = url.origin === siteUrl || (host !== undefined && url.host === host);
      if (!own) throw refused();
    }
    return next();
  };
}

/**
 * /v2/restaurant/… of the staff area (docs/decisions/020-staff-accounts.md), declared in
 * packages/contract/src/staff.routes.ts: log-in, log-out and /auth/me, the owner's team and
 * invitations, the one-time links. The session is the `resto_staff` cookie only (sessions.ts): a
 * customer's bearer token opens none of these. Each staff route's guard admits its declared role
 * (`staffOnly` of the contract) and sets `c.var.staff` before the body is read.
 */
export function staffRoutes(staff: StaffService, deps: { db: Database; clock: () => Date; trustProxy: boolean | number }) {
  const app = routes({ authenticateStaff: staffAuthenticator(deps.db, deps.clock) });
  const ip = (c: Context) => clientIp(c, deps.trustProxy);
  const setSession = (c: Context, token: string) =>
    setCookie(c, staffCookieName, token, {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      secure: isHttps(c.req.raw, deps.trustProxy),
      maxAge: staffSessionIdleDays * 86_400,
    });

  serve(app, staffLogin, async (c) => {
    const { token, me } = await staff.login(c.req.valid('json'), ip(c));
    setSession(c, token);
    return ok(c, me);
  });
  // Not a staffOnly route: log-out closes the session of the cookie it came with (sessions.ts requireStaff).
  serve(app, staffLogout, async (c) => {
    await staff.logout(await requireStaff(c, deps.db, deps.clock()));
    deleteCookie(c, staffCookieName, { path: '/', secure: isHttps(c.req.raw, deps.trustProxy), httpOnly: true, sameSite: 'Strict' });
    return ok(c, { message: staffAnswers.loggedOut });
  });
  serve(app, getStaffMe, async (c) => ok(c, await staff.me(c.var.staff)));
  serve(app, getStaffTeam, async (c) => ok(c, await staff.team()));
  serve(app, inviteStaff, async (c) => ok(c, await staff.invite(c.var.staff, c.req.valid('json')), 201));
  serve(app, revokeStaffInvitation, async (c) => {
    const id = idOf(c.req.valid('param').id);
    if (id === null) throw new ApiError('not_found', staffAnswers.invitationNotFound);
    await staff.revokeInvitation(id);
    return ok(c, { message: staffAnswers.invitationRevoked });
  });
  serve(app, removeStaffMember, async (c) => {
    const id = idOf(c.req.valid('param').staff_id);
    if (id === null) throw new ApiError('not_found', staffAnswers.memberNotFound);
    await staff.remove(c.var.staff, id);
    return ok(c, { message: staffAnswers.memberRemoved });
  });
  serve(app, getStaffInvitation, async (c) => ok(c, await staff.invitationInfo(c.req.valid('param').token)));
  serve(app, acceptStaffInvitation, async (c) => {
    const { token } = c.req.valid('param');
    const { token: session, me } = await staff.accept(token, c.req.valid('json'));
    setSession(c, session);
    return ok(c, me, 201);
  });
  return app;
}
