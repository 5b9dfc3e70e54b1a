import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  AccountExportSchema,
  AccountOrdersPageSchema,
  ChangePasswordSchema,
  DeleteAccountSchema,
  LoginSchema,
  OrdersQuerySchema,
  ProfileUpdateSchema,
  ResetPasswordSchema,
  SendOtpQuerySchema,
  SessionSchema,
  SignupAnswerSchema,
  SignupSchema,
  UserSchema,
  VerifyOtpQuerySchema,
  type AccountExport,
  type AccountOrdersPage,
  type Session,
  type SignupAnswer,
  type User,
} from '@resto/contract/auth';
import { MessageAnswerSchema, type MessageAnswer } from '@resto/contract/common';
import { messages } from '@resto/domain/messages';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { ApiError, success } from '../../http/errors.ts';
import { isHttps } from '../../http/security-headers.ts';
import { bodyErrors, declare, errorAnswer, jsonBody, routes, security, successAnswer, type InvalidMessage } from '../../http/openapi.ts';
import { clientIp, credentialsOf } from './credentials.ts';
import { toUser, type AuthService } from './service.ts';

const tags = ['Comptes'];

const queryErrors = { 400: errorAnswer('Paramètre refusé (invalid_request), avec les champs fautifs.') };
const signedIn = {
  400: errorAnswer('user_id absent ou invalide (invalid_request).'),
  401: errorAnswer('Pas de jeton, ou session expirée (login_required, session_expired).'),
  403: errorAnswer('Le jeton est celui d’un autre compte (wrong_user).'),
};
const limited = { 429: errorAnswer('Trop d’essais (rate_limited), avec Retry-After.') };

const loginRoute = createRoute({
  method: 'post',
  path: '/login',
  tags,
  summary: 'Connexion (section 7) : un jeton et l’utilisateur.',
  request: { body: jsonBody(LoginSchema) },
  responses: {
    200: successAnswer(SessionSchema, 'Le jeton de session et l’utilisateur.'),
    ...bodyErrors,
    401: errorAnswer('E-mail ou mot de passe faux (login_failed).'),
    403: errorAnswer('Adresse pas encore confirmée : un nouveau code est envoyé (email_not_verified).'),
    ...limited,
  },
});

const signupRoute = createRoute({
  method: 'post',
  path: '/signup',
  tags,
  summary: 'Inscription (section 7) : un code est envoyé par e-mail, sans session encore ; le cookie `signup_ticket` désigne le navigateur de cette inscription.',
  request: { body: jsonBody(SignupSchema) },
  responses: {
    200: successAnswer(SignupAnswerSchema, 'Inscription en attente du code (la même réponse qu’un compte existe ou non).'),
    ...bodyErrors,
    422: errorAnswer('Mot de passe trop courant (password_too_common).'),
    ...limited,
  },
});

const logoutRoute = createRoute({
  method: 'post',
  path: '/logout',
  tags,
  summary: 'Déconnexion (section 7) : la session se ferme.',
  security: security.account,
  responses: { 200: successAnswer(MessageAnswerSchema, 'Session fermée.'), ...signedIn },
});

const verifyOtpRoute = createRoute({
  method: 'get',
  path: '/verify-otp',
  tags,
  summary: 'Vérifie le code d’inscription (section 7) : un jeton et l’utilisateur. Le cookie `signup_ticket` choisit l’inscription de ce navigateur.',
  request: { query: VerifyOtpQuerySchema },
  responses: {
    200: successAnswer(SessionSchema, 'Compte confirmé : le jeton de session et l’utilisateur.'),
    400: errorAnswer('Paramètre refusé (invalid_request) ou code faux ou expiré (code_invalid).'),
    ...limited,
  },
});

const sendOtpRoute = createRoute({
  method: 'get',
  path: '/send-otp',
  tags,
  summary: 'Envoie un code de réinitialisation du mot de passe (section 7).',
  request: { query: SendOtpQuerySchema },
  responses: { 200: successAnswer(MessageAnswerSchema, 'Code envoyé si l’adresse a un compte.'), ...queryErrors, ...limited },
});

const resetPasswordRoute = createRoute({
  method: 'post',
  path: '/reset-password',
  tags,
  summary: 'Nouveau mot de passe avec le code reçu (section 7).',
  request: { body: jsonBody(ResetPasswordSchema) },
  responses: {
    200: successAnswer(MessageAnswerSchema, 'Mot de passe changé.'),
    400: errorAnswer('JSON illisible (invalid_json), champ refusé (invalid_request) ou code faux (code_invalid).'),
    413: bodyErrors[413],
    422: errorAnswer('Mot de passe trop courant (password_too_common).'),
    ...limited,
  },
});

const profileRoute = createRoute({
  method: 'get',
  path: '/profile',
  tags,
  summary: 'L’utilisateur connecté (section 7).',
  security: security.account,
  responses: { 200: successAnswer(UserSchema, 'L’utilisateur.'), ...signedIn },
});

const updateProfileRoute = createRoute({
  method: 'patch',
  path: '/update-profile',
  tags,
  summary: 'Modifie le profil (section 7) ; l’e-mail ne change pas ici.',
  security: security.account,
  request: { body: jsonBody(ProfileUpdateSchema) },
  responses: { 200: successAnswer(UserSchema, 'L’utilisateur modifié.'), ...bodyErrors, ...signedIn },
});

const ordersRoute = createRoute({
  method: 'get',
  path: '/orders',
  tags,
  summary: 'Les commandes du compte, les plus récentes d’abord (section 7), par pages.',
  security: security.account,
  request: { query: OrdersQuerySchema },
  responses: { 200: successAnswer(AccountOrdersPageSchema, 'Une page de commandes.'), ...signedIn },
});

const exportRoute = createRoute({
  method: 'get',
  path: '/export',
  tags,
  summary: 'Toutes les données du compte, en un fichier JSON à enregistrer (RGPD, articles 15 et 20).',
  description: 'Le fichier lui-même, sans enveloppe, en pièce jointe mes-donnees-AAAA-MM-JJ.json. Jeton Bearer seulement.',
  security: security.bearer,
  responses: {
    200: { description: 'Le fichier des données.', content: { 'application/json': { schema: AccountExportSchema } } },
    ...signedIn,
  },
});

const changePasswordRoute = createRoute({
  method: 'post',
  path: '/change-password',
  tags,
  summary: 'Change le mot de passe avec l’actuel (au-delà de la section 7, docs/decisions/006).',
  security: security.account,
  request: { body: jsonBody(ChangePasswordSchema) },
  responses: {
    200: successAnswer(MessageAnswerSchema, 'Mot de passe changé.'),
    ...bodyErrors,
    ...signedIn,
    422: errorAnswer('Mot de passe actuel faux ou nouveau trop courant (password_wrong, password_too_common).'),
    ...limited,
  },
});

const deleteProfileRoute = createRoute({
  method: 'delete',
  path: '/delete-profile',
  tags,
  summary: 'Supprime le compte (section 7) avec son mot de passe confirmé.',
  description: '`token` et `user_id` peuvent aussi venir dans le corps.',
  security: [...security.account, { tokenBody: [] }],
  request: { body: jsonBody(DeleteAccountSchema) },
  responses: {
    200: successAnswer(MessageAnswerSchema, 'Compte supprimé.'),
    ...bodyErrors,
    ...signedIn,
    422: errorAnswer('Mot de passe faux (password_wrong).'),
    ...limited,
  },
});

/** Refusals of a query, and of delete-profile's body: the first field's sentence alone. */
const firstFieldMessage: InvalidMessage = (_part, errors) => errors[0]?.message ?? messages.invalidRequest;

/** The cookie naming the browser's pending sign-up (issue 17, finding 1), and how long it lives: as long as a pending sign-up. */
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
  const app = routes();
  /**
   * The sign-up ticket: which browser made a pending sign-up (docs/decisions/006). Read by
   * verify-otp and send-otp only, for as long as a pending sign-up lives.
   */
  const ticketCookie = (c: Context) =>
    ({ path: '/v2/public/auth', httpOnly: true, sameSite: 'Strict', secure: isHttps(c.req.raw, options.trustProxy) }) as const;
  declare(app, loginRoute, async (c, input) => success<Session>(c, await auth.login(await input.body(), ip(c), getCookie(c, signupTicketCookie))));
  declare(app, signupRoute, async (c, input) => {
    const { answer, ticket } = await auth.signup(await input.body(), ip(c));
    setCookie(c, signupTicketCookie, ticket, { ...ticketCookie(c), maxAge: signupTicketDays * 86_400 });
    return success<SignupAnswer>(c, answer);
  });
  declare(app, logoutRoute, async (c) => success<MessageAnswer>(c, await auth.logout(await caller(c))));
  declare(
    app,
    verifyOtpRoute,
    async (c, input) => {
      const { email, otp } = input.query();
      const session = await auth.verifyOtp(email, otp, ip(c), getCookie(c, signupTicketCookie));
      deleteCookie(c, signupTicketCookie, ticketCookie(c));
      return success<Session>(c, session);
    },
    { invalidMessage: firstFieldMessage },
  );
  declare(app, sendOtpRoute, async (c, input) => success<MessageAnswer>(c, await auth.sendOtp(input.query().email, ip(c), getCookie(c, signupTicketCookie))), {
    invalidMessage: firstFieldMessage,
  });
  declare(app, resetPasswordRoute, async (c, input) => success<MessageAnswer>(c, await auth.resetPassword(await input.body(), ip(c))));
  declare(app, profileRoute, async (c) => success<User>(c, toUser((await caller(c)).user)));
  declare(app, updateProfileRoute, async (c, input) => {
    const who = await caller(c);
    return success<User>(c, await auth.updateProfile(who, await input.body()));
  });
  declare(
    app,
    ordersRoute,
    async (c, input) => {
      const who = await caller(c);
      const { page, limit } = input.query();
      return success<AccountOrdersPage>(c, await auth.orders(who, page, limit));
    },
    { invalidMessage: firstFieldMessage },
  );
  declare(app, exportRoute, async (c) => {
    // Issue 16 (RGPD): a file to save, never cached. Bearer only: a token in the URL would be logged by proxies.
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (!bearer) throw new ApiError('login_required', messages.notLoggedIn, [{ path: 'token', message: messages.notLoggedIn }]);
    const who = await caller(c);
    const data: AccountExport = await auth.exportData(who);
    const day = data.exported_at.slice(0, 10);
    return c.body(JSON.stringify(data, null, 2), 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="mes-donnees-${day}.json"`,
      'Cache-Control': 'no-store',
    });
  });
  declare(app, changePasswordRoute, async (c, input) => {
    const who = await caller(c);
    return success<MessageAnswer>(c, await auth.changePassword(who, await input.body(), ip(c)));
  });
  declare(
    app,
    deleteProfileRoute,
    async (c, input) => {
      // The body may carry token and user_id (section 7): read it once, authenticate, then validate.
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        body = {};
      }
      const loose = typeof body === 'object' && body !== null ? (body as { token?: unknown; user_id?: unknown }) : {};
      const who = await caller(c, loose);
      const { password } = input.checkBody(body);
      return success<MessageAnswer>(c, await auth.deleteAccount(who, password, ip(c)));
    },
    { invalidMessage: firstFieldMessage },
  );
  return app;
}
