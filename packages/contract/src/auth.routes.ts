import { createRoute } from '@hono/zod-openapi';
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
} from './auth.ts';
import { MessageAnswerSchema } from './common.ts';
import { apiTags, bodyErrors, errorAnswer, jsonBody, security, successAnswer } from './route-kit.ts';

/** Accounts (spec section 7; docs/decisions/006): /v2/public/auth/…. */
const tags = [apiTags.accounts.name];

/** The queries of verify-otp, send-otp and orders, each parameter described (the same schemas: `.meta` copies them). */
const verifyOtpQuery = VerifyOtpQuerySchema.extend({
  otp: VerifyOtpQuerySchema.shape.otp.meta({ description: 'Le code reçu par e-mail.' }),
  email: VerifyOtpQuerySchema.shape.email.meta({ description: 'L’e-mail de l’inscription.' }),
});
const sendOtpQuery = SendOtpQuerySchema.extend({ email: SendOtpQuerySchema.shape.email.meta({ description: 'L’e-mail du compte.' }) });
const ordersQuery = OrdersQuerySchema.extend({
  page: OrdersQuerySchema.shape.page.meta({ description: 'La page, à partir de 1 (1 par défaut).' }),
  limit: OrdersQuerySchema.shape.limit.meta({ description: 'Le nombre de commandes par page.' }),
});

const queryErrors = { 400: errorAnswer('Paramètre refusé (invalid_request), avec les champs fautifs.') };
const signedIn = {
  400: errorAnswer('user_id absent ou invalide (invalid_request).'),
  401: errorAnswer('Pas de jeton, ou session expirée (login_required, session_expired).'),
  403: errorAnswer('Le jeton est celui d’un autre compte (wrong_user).'),
};
const limited = { 429: errorAnswer('Trop d’essais (rate_limited), avec Retry-After.') };

/** POST /v2/public/auth/login: signs in with e-mail and password. */
export const login = createRoute({
  operationId: 'login',
  method: 'post',
  path: '/v2/public/auth/login',
  tags,
  summary: 'Connexion (section 7) : un jeton et l’utilisateur.',
  description: 'Renvoie le jeton de session et l’utilisateur. Une adresse pas encore confirmée reçoit un nouveau code (403).',
  request: { body: jsonBody(LoginSchema) },
  responses: {
    200: successAnswer(SessionSchema, 'Le jeton de session et l’utilisateur.'),
    ...bodyErrors,
    401: errorAnswer('E-mail ou mot de passe faux (login_failed).'),
    403: errorAnswer('Adresse pas encore confirmée : un nouveau code est envoyé (email_not_verified).'),
    ...limited,
  },
});

/** POST /v2/public/auth/signup: a pending sign-up, its code sent by e-mail. */
export const signup = createRoute({
  operationId: 'signup',
  method: 'post',
  path: '/v2/public/auth/signup',
  tags,
  summary: 'Inscription (section 7) : un code est envoyé par e-mail, sans session encore ; le cookie `signup_ticket` désigne le navigateur de cette inscription.',
  description: 'Le code part par e-mail ; la réponse est la même qu’un compte existe ou non.',
  request: { body: jsonBody(SignupSchema) },
  responses: {
    200: successAnswer(SignupAnswerSchema, 'Inscription en attente du code (la même réponse qu’un compte existe ou non).'),
    ...bodyErrors,
    422: errorAnswer('Mot de passe trop courant (password_too_common).'),
    ...limited,
  },
});

/** POST /v2/public/auth/logout: closes the session of the token. */
export const logout = createRoute({
  operationId: 'logout',
  method: 'post',
  path: '/v2/public/auth/logout',
  tags,
  summary: 'Déconnexion (section 7) : la session se ferme.',
  description: 'Ferme la session du jeton.',
  security: security.account,
  responses: { 200: successAnswer(MessageAnswerSchema, 'Session fermée.'), ...signedIn },
});

/** GET /v2/public/auth/verify-otp?email=&otp=: confirms a sign-up with its code. */
export const verifyOtp = createRoute({
  operationId: 'verifyOtp',
  method: 'get',
  path: '/v2/public/auth/verify-otp',
  tags,
  summary: 'Vérifie le code d’inscription (section 7) : un jeton et l’utilisateur. Le cookie `signup_ticket` choisit l’inscription de ce navigateur.',
  description: 'Le compte est confirmé et une session ouverte ; le cookie `signup_ticket` est effacé.',
  request: { query: verifyOtpQuery },
  responses: {
    200: successAnswer(SessionSchema, 'Compte confirmé : le jeton de session et l’utilisateur.'),
    400: errorAnswer('Paramètre refusé (invalid_request) ou code faux ou expiré (code_invalid).'),
    ...limited,
  },
});

/** GET /v2/public/auth/send-otp?email=: sends a password reset code. */
export const sendOtp = createRoute({
  operationId: 'sendOtp',
  method: 'get',
  path: '/v2/public/auth/send-otp',
  tags,
  summary: 'Envoie un code de réinitialisation du mot de passe (section 7).',
  description: 'La réponse est la même que l’adresse ait un compte ou non.',
  request: { query: sendOtpQuery },
  responses: { 200: successAnswer(MessageAnswerSchema, 'Code envoyé si l’adresse a un compte.'), ...queryErrors, ...limited },
});

/** POST /v2/public/auth/reset-password: a new password with the code received. */
export const resetPassword = createRoute({
  operationId: 'resetPassword',
  method: 'post',
  path: '/v2/public/auth/reset-password',
  tags,
  summary: 'Nouveau mot de passe avec le code reçu (section 7).',
  description: 'Le code est celui que send-otp a envoyé par e-mail.',
  request: { body: jsonBody(ResetPasswordSchema) },
  responses: {
    200: successAnswer(MessageAnswerSchema, 'Mot de passe changé.'),
    400: errorAnswer('JSON illisible (invalid_json), champ refusé (invalid_request) ou code faux (code_invalid).'),
    413: bodyErrors[413],
    422: errorAnswer('Mot de passe trop courant (password_too_common).'),
    ...limited,
  },
});

/** GET /v2/public/auth/profile: the signed-in user. */
export const getProfile = createRoute({
  operationId: 'getProfile',
  method: 'get',
  path: '/v2/public/auth/profile',
  tags,
  summary: 'L’utilisateur connecté (section 7).',
  description: 'L’utilisateur du jeton (section 3, User).',
  security: security.account,
  responses: { 200: successAnswer(UserSchema, 'L’utilisateur.'), ...signedIn },
});

/** PATCH /v2/public/auth/update-profile: changes the profile (never the e-mail). */
export const updateProfile = createRoute({
  operationId: 'updateProfile',
  method: 'patch',
  path: '/v2/public/auth/update-profile',
  tags,
  summary: 'Modifie le profil (section 7) ; l’e-mail ne change pas ici.',
  description: 'Le jeton est vérifié avant que le corps soit lu : un inconnu reçoit 401 quel que soit le corps.',
  security: security.account,
  request: { body: jsonBody(ProfileUpdateSchema) },
  responses: { 200: successAnswer(UserSchema, 'L’utilisateur modifié.'), ...bodyErrors, ...signedIn },
});

/** GET /v2/public/auth/orders?page=&limit=: the account's orders, newest first, by pages. */
export const listAccountOrders = createRoute({
  operationId: 'listAccountOrders',
  method: 'get',
  path: '/v2/public/auth/orders',
  tags,
  summary: 'Les commandes du compte, les plus récentes d’abord (section 7), par pages.',
  description: '`page` à partir de 1, `limit` la taille d’une page. Le jeton est vérifié avant la requête.',
  security: security.account,
  request: { query: ordersQuery },
  responses: { 200: successAnswer(AccountOrdersPageSchema, 'Une page de commandes.'), ...signedIn },
});

/** GET /v2/public/auth/export: every data of the account, as a JSON file to save (GDPR, articles 15 and 20). */
export const exportAccount = createRoute({
  operationId: 'exportAccount',
  method: 'get',
  path: '/v2/public/auth/export',
  tags,
  summary: 'Toutes les données du compte, en un fichier JSON à enregistrer (RGPD, articles 15 et 20).',
  description: 'Le fichier lui-même, sans enveloppe, en pièce jointe mes-donnees-AAAA-MM-JJ.json. Jeton Bearer seulement.',
  security: security.bearer,
  responses: {
    200: { description: 'Le fichier des données.', content: { 'application/json': { schema: AccountExportSchema } } },
    ...signedIn,
  },
});

/** POST /v2/public/auth/change-password: a new password given the current one (docs/decisions/006). */
export const changePassword = createRoute({
  operationId: 'changePassword',
  method: 'post',
  path: '/v2/public/auth/change-password',
  tags,
  summary: 'Change le mot de passe avec l’actuel (au-delà de la section 7, docs/decisions/006).',
  description: 'Le jeton est vérifié avant que le corps soit lu.',
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

/** DELETE /v2/public/auth/delete-profile: deletes the account, its password confirmed. */
export const deleteProfile = createRoute({
  operationId: 'deleteProfile',
  method: 'delete',
  path: '/v2/public/auth/delete-profile',
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

