import { createRoute } from '@hono/zod-openapi';
import { MessageAnswerSchema } from './common.ts';
import { apiTags, bodyErrors, errorAnswer, jsonBody, security, staffOnly, successAnswer } from './route-kit.ts';
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
} from './staff.ts';

/**
 * The staff area's routes (docs/decisions/020-staff-accounts.md): log-in, log-out and who am I,
 * the owner's team and invitations, the one-time links. The session is the `resto_staff` cookie
 * only; a state change from another site is refused (403 cross_site_refused, apps/api/src/modules/staff/routes.ts
 * `sameSiteOnly`). Log-in and the invitation links need no session; log-out closes the caller's own.
 */
const tags = [apiTags.staffArea.name];

const signedIn = { 401: errorAnswer('Pas de session du restaurant, expirée, ou membre retiré (staff_login_required).') };
const ownerOnly = { ...signedIn, 403: errorAnswer('Réservé au propriétaire (staff_forbidden), ou requête d’un autre site (cross_site_refused).') };
const crossSite = { 403: errorAnswer('Requête d’un autre site (cross_site_refused).') };
const limited = { 429: errorAnswer('Trop d’essais (rate_limited), avec Retry-After.') };

/** POST /v2/restaurant/auth/login: opens a staff session (no session needed). */
export const staffLogin = createRoute({
  operationId: 'staffLogin',
  method: 'post',
  path: '/v2/restaurant/auth/login',
  tags,
  summary: 'Connexion d’un membre du restaurant : pose le cookie de session resto_staff.',
  description:
    'Sans session. Un e-mail inconnu et un mot de passe faux reçoivent la même réponse ; les essais trop nombreux sont freinés (429). La session reste ouverte tant qu’elle sert (14 jours sans usage au plus).',
  request: { body: jsonBody(StaffLoginSchema) },
  responses: {
    200: successAnswer(StaffMeSchema, 'Le membre connecté ; Set-Cookie resto_staff (httpOnly, SameSite=Strict, Secure en HTTPS).'),
    ...bodyErrors,
    401: errorAnswer('E-mail ou mot de passe faux, la même réponse dans les deux cas (staff_login_failed).'),
    ...crossSite,
    ...limited,
  },
});

/** POST /v2/restaurant/auth/logout: closes the caller's own session (its cookie, checked by the handler). */
export const staffLogout = createRoute({
  operationId: 'staffLogout',
  method: 'post',
  path: '/v2/restaurant/auth/logout',
  tags,
  summary: 'Déconnexion : la session de cet appareil se ferme.',
  description: 'La session du cookie resto_staff est supprimée et le cookie effacé ; les autres appareils du membre restent connectés.',
  security: security.staff,
  responses: { 200: successAnswer(MessageAnswerSchema, 'Session fermée, cookie effacé.'), ...signedIn, ...crossSite },
});

/** GET /v2/restaurant/auth/me: the member of the session. */
export const getStaffMe = createRoute(
  staffOnly('staff', {
    operationId: 'getStaffMe',
    method: 'get',
    path: '/v2/restaurant/auth/me',
    tags,
    summary: 'Le membre de la session.',
    description: 'Son nom, son adresse, son rôle (propriétaire ou équipe) et le nom du restaurant, pour l’en-tête de l’espace restaurant.',
    responses: { 200: successAnswer(StaffMeSchema, 'Le membre connecté.'), ...signedIn },
  }),
);

/** GET /v2/restaurant/staff: the team and the pending invitations (owner). */
export const getStaffTeam = createRoute(
  staffOnly('owner', {
    operationId: 'getStaffTeam',
    method: 'get',
    path: '/v2/restaurant/staff',
    tags,
    summary: 'L’équipe et les invitations en attente (propriétaire).',
    description: 'Les membres actifs et les invitations ni utilisées, ni annulées, ni expirées, les plus anciens d’abord.',
    responses: { 200: successAnswer(StaffTeamSchema, 'Membres et invitations.'), ...ownerOnly },
  }),
);

/** POST /v2/restaurant/staff/invitations: invites a member by e-mail (owner). */
export const inviteStaff = createRoute(
  staffOnly('owner', {
    operationId: 'inviteStaff',
    method: 'post',
    path: '/v2/restaurant/staff/invitations',
    tags,
    summary: 'Invite un membre par e-mail : un lien à usage unique valable 7 jours (propriétaire).',
    description: 'Le lien part par e-mail à l’adresse donnée, avec le rôle choisi ; il crée le compte quand la personne choisit son mot de passe.',
    request: { body: jsonBody(StaffInviteSchema) },
    responses: { 201: successAnswer(StaffInvitationSchema, 'Invitation créée, e-mail envoyé.'), ...bodyErrors, ...ownerOnly },
  }),
);

/** DELETE /v2/restaurant/staff/invitations/{id}: revokes a pending invitation (owner). */
export const revokeStaffInvitation = createRoute(
  staffOnly('owner', {
    operationId: 'revokeStaffInvitation',
    method: 'delete',
    path: '/v2/restaurant/staff/invitations/{id}',
    tags,
    summary: 'Annule une invitation en attente (propriétaire).',
    description: 'Son lien ne sert plus : l’ouvrir dit qu’il n’est plus valable.',
    request: { params: InvitationParamsSchema },
    responses: { 200: successAnswer(MessageAnswerSchema, 'Invitation annulée.'), ...ownerOnly, 404: errorAnswer('Invitation inconnue ou déjà utilisée (not_found).') },
  }),
);

/** DELETE /v2/restaurant/staff/{staff_id}: removes a member (owner). */
export const removeStaffMember = createRoute(
  staffOnly('owner', {
    operationId: 'removeStaffMember',
    method: 'delete',
    path: '/v2/restaurant/staff/{staff_id}',
    tags,
    summary: 'Retire un membre : ses sessions, abonnements push et écrans sont supprimés (propriétaire).',
    description: 'Le membre ne peut plus se connecter. On ne retire ni le dernier propriétaire, ni soi-même.',
    request: { params: StaffParamsSchema },
    responses: {
      200: successAnswer(MessageAnswerSchema, 'Membre retiré.'),
      ...ownerOnly,
      404: errorAnswer('Membre inconnu ou déjà retiré (not_found).'),
      409: errorAnswer('Le dernier propriétaire, ou soi-même (staff_last_owner).'),
    },
  }),
);

/** GET /v2/restaurant/invitations/{token}: what a live link is for (no session needed). */
export const getStaffInvitation = createRoute({
  operationId: 'getStaffInvitation',
  method: 'get',
  path: '/v2/restaurant/invitations/{token}',
  tags,
  summary: 'Ce à quoi sert un lien d’invitation encore valable.',
  description: 'Sans session : le lien est la clé. Ne dit jamais qui a invité.',
  request: { params: InvitationTokenParamsSchema },
  responses: {
    200: successAnswer(InvitationInfoSchema, 'Le rôle, l’adresse (null : premier propriétaire), l’échéance.'),
    400: errorAnswer('Lien inconnu, utilisé, annulé ou expiré (staff_invitation_invalid).'),
  },
});

/** POST /v2/restaurant/invitations/{token}: creates the link's account and opens its session (no session needed). */
export const acceptStaffInvitation = createRoute({
  operationId: 'acceptStaffInvitation',
  method: 'post',
  path: '/v2/restaurant/invitations/{token}',
  tags,
  summary: 'Crée le compte d’un lien d’invitation et ouvre sa session (cookie resto_staff).',
  description: 'Sans session : le lien est la clé, utilisable une fois. Le compte a le rôle et l’adresse de l’invitation ; le lien du premier propriétaire n’a pas d’adresse : la personne la saisit.',
  request: { params: InvitationTokenParamsSchema, body: jsonBody(StaffAcceptSchema) },
  responses: {
    201: successAnswer(StaffMeSchema, 'Compte créé et connecté.'),
    400: errorAnswer('JSON illisible, champ refusé (invalid_request) ou lien plus valable (staff_invitation_invalid).'),
    413: bodyErrors[413],
    ...crossSite,
    422: errorAnswer('Mot de passe trop courant (password_too_common).'),
  },
});
