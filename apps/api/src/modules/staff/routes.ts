import { createRoute } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { MessageAnswerSchema, type MessageAnswer } from '@resto/contract/common';
import {
  InvitationInfoSchema,
  InvitationParamsSchema,
  InvitationTokenParamsSchema,
  StaffAcceptSchema,
  StaffInvitationSchema,
  StaffInviteSchema,
  StaffLoginSchema,
  StaffMeSchema,
  StaffParamsSchema,
  StaffTeamSchema,
  type InvitationInfo,
  type StaffInvitation,
  type StaffMe,
  type StaffTeam,
} from '@resto/contract/staff';
import { staffMessages } from '@resto/domain/messages/staff';
import type { Database } from '../../db/client.ts';
import { ApiError, success } from '../../http/errors.ts';
import { bodyErrors, declare, errorAnswer, jsonBody, routes, security, successAnswer } from '../../http/openapi.ts';
import { isHttps } from '../../http/security-headers.ts';
import { clientIp } from '../auth/index.ts';
import { requireStaff, staffCookieName, staffSessionIdleDays } from './sessions.ts';
import type { StaffService } from './service.ts';

const tags = ['Espace restaurant'];

const signedIn = { 401: errorAnswer('Pas de session du restaurant, expirée, ou membre retiré (staff_login_required).') };
const ownerOnly = { ...signedIn, 403: errorAnswer('Réservé au propriétaire (staff_forbidden), ou requête d’un autre site (cross_site_refused).') };
const crossSite = { 403: errorAnswer('Requête d’un autre site (cross_site_refused).') };
const limited = { 429: errorAnswer('Trop d’essais (rate_limited), avec Retry-After.') };

const loginRoute = createRoute({
  method: 'post',
  path: '/auth/login',
  tags,
  summary: 'Connexion d’un membre du restaurant : pose le cookie de session resto_staff.',
  request: { body: jsonBody(StaffLoginSchema) },
  responses: {
    200: successAnswer(StaffMeSchema, 'Le membre connecté ; Set-Cookie resto_staff (httpOnly, SameSite=Strict, Secure en HTTPS).'),
    ...bodyErrors,
    401: errorAnswer('E-mail ou mot de passe faux, la même réponse dans les deux cas (staff_login_failed).'),
    ...crossSite,
    ...limited,
  },
});

const logoutRoute = createRoute({
  method: 'post',
  path: '/auth/logout',
  tags,
  summary: 'Déconnexion : la session de cet appareil se ferme.',
  security: security.staff,
  responses: { 200: successAnswer(MessageAnswerSchema, 'Session fermée, cookie effacé.'), ...signedIn, ...crossSite },
});

const meRoute = createRoute({
  method: 'get',
  path: '/auth/me',
  tags,
  summary: 'Le membre de la session.',
  security: security.staff,
  responses: { 200: successAnswer(StaffMeSchema, 'Le membre connecté.'), ...signedIn },
});

const teamRoute = createRoute({
  method: 'get',
  path: '/staff',
  tags,
  summary: 'L’équipe et les invitations en attente (propriétaire).',
  security: security.staff,
  responses: { 200: successAnswer(StaffTeamSchema, 'Membres et invitations.'), ...ownerOnly },
});

const inviteRoute = createRoute({
  method: 'post',
  path: '/staff/invitations',
  tags,
  summary: 'Invite un membre par e-mail : un lien à usage unique valable 7 jours (propriétaire).',
  security: security.staff,
  request: { body: jsonBody(StaffInviteSchema) },
  responses: { 201: successAnswer(StaffInvitationSchema, 'Invitation créée, e-mail envoyé.'), ...bodyErrors, ...ownerOnly },
});

const revokeRoute = createRoute({
  method: 'delete',
  path: '/staff/invitations/{id}',
  tags,
  summary: 'Annule une invitation en attente (propriétaire).',
  security: security.staff,
  request: { params: InvitationParamsSchema },
  responses: { 200: successAnswer(MessageAnswerSchema, 'Invitation annulée.'), ...ownerOnly, 404: errorAnswer('Invitation inconnue ou déjà utilisée (not_found).') },
});

const removeRoute = createRoute({
  method: 'delete',
  path: '/staff/{staff_id}',
  tags,
  summary: 'Retire un membre : ses sessions, abonnements push et écrans sont supprimés (propriétaire).',
  security: security.staff,
  request: { params: StaffParamsSchema },
  responses: {
    200: successAnswer(MessageAnswerSchema, 'Membre retiré.'),
    ...ownerOnly,
    404: errorAnswer('Membre inconnu ou déjà retiré (not_found).'),
    409: errorAnswer('Le dernier propriétaire, ou soi-même (staff_last_owner).'),
  },
});

const invitationRoute = createRoute({
  method: 'get',
  path: '/invitations/{token}',
  tags,
  summary: 'Ce à quoi sert un lien d’invitation encore valable.',
  request: { params: InvitationTokenParamsSchema },
  responses: { 200: successAnswer(InvitationInfoSchema, 'Le rôle, l’adresse (null : premier propriétaire), l’échéance.'), 400: errorAnswer('Lien inconnu, utilisé, annulé ou expiré (staff_invitation_invalid).') },
});

const acceptRoute = createRoute({
  method: 'post',
  path: '/invitations/{token}',
  tags,
  summary: 'Crée le compte d’un lien d’invitation et ouvre sa session (cookie resto_staff).',
  request: { params: InvitationTokenParamsSchema, body: jsonBody(StaffAcceptSchema) },
  responses: {
    201: successAnswer(StaffMeSchema, 'Compte créé et connecté.'),
    400: errorAnswer('JSON illisible, champ refusé (invalid_request) ou lien plus valable (staff_invitation_invalid).'),
    413: bodyErrors[413],
    ...crossSite,
    422: errorAnswer('Mot de passe trop courant (password_too_common).'),
  },
});

/** A positive integer from a path parameter, or null. */
function idOf(value: string): number | null {
  return /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}

/**
 * State-changing calls of the staff area come from the site itself (issue 13, part 1): besides the
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
    const refused = () => new ApiError('cross_site_refused', staffMessages.crossSite);
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
 * /v2/restaurant/… of the staff area (issue 13, part 1): log-in, log-out and /auth/me, the
 * owner's team and invitations, the one-time links. The session is the `resto_staff` cookie only
 * (sessions.ts): a customer's bearer token opens none of these.
 */
export function staffRoutes(staff: StaffService, deps: { db: Database; clock: () => Date; trustProxy: boolean | number }) {
  const app = routes();
  const ip = (c: Context) => clientIp(c, deps.trustProxy);
  const who = (c: Context, role?: 'owner') => requireStaff(c, deps.db, deps.clock(), role);
  const setSession = (c: Context, token: string) =>
    setCookie(c, staffCookieName, token, {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      secure: isHttps(c.req.raw, deps.trustProxy),
      maxAge: staffSessionIdleDays * 86_400,
    });

  declare(app, loginRoute, async (c, input) => {
    const { token, me } = await staff.login(await input.body(), ip(c));
    setSession(c, token);
    return success<StaffMe>(c, me);
  });
  declare(app, logoutRoute, async (c) => {
    await staff.logout(await who(c));
    deleteCookie(c, staffCookieName, { path: '/', secure: isHttps(c.req.raw, deps.trustProxy), httpOnly: true, sameSite: 'Strict' });
    return success<MessageAnswer>(c, { message: staffMessages.loggedOut });
  });
  declare(app, meRoute, async (c) => success<StaffMe>(c, await staff.me(await who(c))));
  declare(app, teamRoute, async (c) => {
    await who(c, 'owner');
    return success<StaffTeam>(c, await staff.team());
  });
  declare(app, inviteRoute, async (c, input) => {
    const owner = await who(c, 'owner');
    return success<StaffInvitation>(c, await staff.invite(owner, await input.body()), 201);
  });
  declare(app, revokeRoute, async (c, input) => {
    await who(c, 'owner');
    const id = idOf(input.params().id);
    if (id === null) throw new ApiError('not_found', staffMessages.invitationNotFound);
    await staff.revokeInvitation(id);
    return success<MessageAnswer>(c, { message: staffMessages.invitationRevoked });
  });
  declare(app, removeRoute, async (c, input) => {
    const owner = await who(c, 'owner');
    const id = idOf(input.params().staff_id);
    if (id === null) throw new ApiError('not_found', staffMessages.memberNotFound);
    await staff.remove(owner, id);
    return success<MessageAnswer>(c, { message: staffMessages.memberRemoved });
  });
  declare(app, invitationRoute, async (c, input) => success<InvitationInfo>(c, await staff.invitationInfo(input.params().token)));
  declare(app, acceptRoute, async (c, input) => {
    const { token } = input.params();
    const { token: session, me } = await staff.accept(token, await input.body());
    setSession(c, session);
    return success<StaffMe>(c, me, 201);
  });
  return app;
}
