import type { RouteConfig } from '@hono/zod-openapi';
import type { z } from 'zod';
import { successBody } from './common.ts';
import { ErrorBodySchema } from './errors.ts';

/**
 * The pieces every route of `*.routes.ts` is made of (docs/decisions/017, section 2): each route
 * is a `createRoute` of @hono/zod-openapi with its full path (`/v2/…`, OpenAPI's `{param}`), an
 * `operationId` (the exported constant's name), a tag of `apiTags`, a summary and a description,
 * its security, its request's schemas and every answer with its status. The API serves the route
 * (apps/api/src/http/openapi.ts `serve`), the web calls it (apps/web/app/lib/api.ts `call`), and
 * GET /v2/openapi.json documents it: one definition.
 */

/** The document's tags, each defined once with its description (Spectral's `operation-tag-defined`). */
export const apiTags = {
  service: { name: 'Service', description: 'L’état du service et ce document.' },
  catalogue: { name: 'Catalogue', description: 'La carte, les offres et les réglages publics du restaurant (section 7).' },
  accounts: { name: 'Comptes', description: 'Inscription, connexion, code à usage unique, profil et données personnelles d’un client (section 7).' },
  payment: { name: 'Paiement', description: 'Les intentions de paiement par carte et le mode test (section 7).' },
  orders: { name: 'Commandes', description: 'Passer, finaliser et relire une commande (section 7).' },
  addresses: { name: 'Adresses', description: 'La recherche d’adresses de livraison.' },
  receipts: { name: 'Reçus', description: 'Le reçu ou la facture d’une commande passée.' },
  suggestions: { name: 'Suggestions', description: 'Les plats souvent commandés ensemble.' },
  staffArea: { name: 'Espace restaurant', description: 'Connexion, invitations et comptes du personnel, abonnements aux notifications.' },
  staffOrders: {
    name: 'Restaurant : commandes',
    description: 'Le tableau des commandes du personnel, ses actions, son flux en direct et la présence de ses écrans.',
  },
  staffOffers: { name: 'Restaurant : offres et codes promo', description: 'Les offres et codes promo de la carte.' },
  staffHours: { name: 'Restaurant : horaires', description: 'Les horaires, fermetures exceptionnelles et pauses.' },
  staffAudit: { name: 'Restaurant : journal, export et import', description: 'Le journal des modifications, l’export et l’import du restaurant.' },
  staffImages: { name: 'Restaurant : carte', description: 'Les photos des plats.' },
  staffAvailability: { name: 'Restaurant : disponibilités', description: 'Les plats épuisés ou retirés pour la journée.' },
  staffMenu: { name: 'Restaurant : la carte', description: 'Les catégories, menus, plats et options de la carte.' },
  staffCapacity: { name: 'Restaurant : capacité', description: 'Le nombre de commandes par créneau.' },
  slots: { name: 'Créneaux', description: 'Les créneaux de retrait et de livraison encore ouverts.' },
  staffSettings: { name: 'Restaurant : réglages', description: 'Les réglages du restaurant.' },
  staffBooks: {
    name: 'Restaurant : comptabilité',
    description: 'Les ventes, les exports pour le comptable, les archives et la vérification du journal des ventes (docs/decisions/031).',
  },
  tracking: { name: 'Suivi de commande', description: 'Le suivi d’une commande par son client.' },
  trackingLive: { name: 'Suivi', description: 'Le flux d’événements du suivi d’une commande.' },
  printers: { name: 'Imprimantes', description: 'Les adresses qu’interrogent les imprimantes de cuisine, nommées par leur secret (docs/decisions/033).' },
} as const satisfies Record<string, { name: string; description: string }>;

/** A tag's name, as a route's `tags` holds it. */
export type ApiTag = (typeof apiTags)[keyof typeof apiTags]['name'];

/** The error answers' schema, as the component `ErrorBody` of the document. */
const ErrorBodyComponent = ErrorBodySchema.meta({ id: 'ErrorBody' });

/** A JSON answer `{status: 'success', payload}` whose payload is `schema`. */
export function successAnswer<S extends z.ZodType>(schema: S, description: string) {
  return { description, content: { 'application/json': { schema: successBody(schema) } } };
}

/** An error answer `{status: 'error', code, message, errors}` (errors.ts). */
export function errorAnswer(description: string) {
  return { description, content: { 'application/json': { schema: ErrorBodyComponent } } };
}

/** A JSON request body of `schema` (required). */
export function jsonBody<S extends z.ZodType>(schema: S, description?: string) {
  return { required: true, description, content: { 'application/json': { schema } } };
}

/** Statuses of every route with a JSON body: malformed JSON or a refused field (400), a body over 1 MB (413). */
export const bodyErrors = {
  400: errorAnswer('JSON illisible (invalid_json) ou champ refusé (invalid_request, invalid_text), avec les champs fautifs.'),
  413: errorAnswer('Corps de requête trop grand (body_too_large).'),
} as const;

/**
 * Statuses every route may answer, added by the API to those the route names: a text the
 * database refuses in the path, query or body (400, before any route runs), a server fault
 * (500), the database away or the server stopping (503).
 */
export const commonErrors = {
  400: errorAnswer('Texte refusé dans le chemin, la requête ou le corps (invalid_text), avec le champ.'),
  500: errorAnswer('Erreur interne (internal_error).'),
  503: errorAnswer('Base de données injoignable ou serveur en cours d’arrêt (database_unavailable, server_stopping).'),
} as const;

/** OpenAPI security requirements (the schemes are declared with the document, apps/api/src/app.ts). */
type SecurityRequirements = Record<string, string[]>[];

/** The security requirements of section 7's calls and of the staff area. */
export const security: Record<'staff' | 'account' | 'bearer' | 'optionalBearer', SecurityRequirements> = {
  /** A staff call (docs/decisions/020): the `resto_staff` session cookie, never a bearer token. */
  staff: [{ staffCookie: [] }],
  /** An account's call: a bearer token or `token` in the query, and `user_id` in the query or the `user-id` header. */
  account: [
    { bearerToken: [], userIdQuery: [] },
    { bearerToken: [], userIdHeader: [] },
    { tokenQuery: [], userIdQuery: [] },
  ],
  /** A bearer token only (a token in a URL would be logged by proxies). */
  bearer: [
    { bearerToken: [], userIdQuery: [] },
    { bearerToken: [], userIdHeader: [] },
  ],
  /** Anyone; an account's bearer token when there is one (an account's order, or the proof of its owner). */
  optionalBearer: [{}, { bearerToken: [] }],
};

/** Who may call a staff route: any live staff session, or the owner's only (docs/decisions/020). */
export type StaffRole = 'owner' | 'staff';

/** The OpenAPI extension naming a staff route's role; the API's guard reads it (apps/api/src/http/openapi.ts). */
export const staffRoleKey = 'x-staff-role';

const staffAnswers = {
  401: errorAnswer('Pas de session de l’espace restaurant (cookie resto_staff), ou membre retiré (staff_login_required).'),
};
const ownerAnswers = {
  ...staffAnswers,
  403: errorAnswer('Réservé au propriétaire du restaurant (staff_forbidden).'),
};

/**
 * A staff route: `config` with the staff cookie as its security, the role the API's guard admits
 * (`x-staff-role`), and the guard's answers (401 without a live session; 403 for a member
 * calling an owner's route) unless `config` words them itself. Pass the result to `createRoute`.
 */
export function staffOnly<const R extends Omit<RouteConfig, 'security'>>(role: StaffRole, config: R) {
  const guardAnswers = role === 'owner' ? ownerAnswers : staffAnswers;
  return {
    ...config,
    security: security.staff,
    [staffRoleKey]: role,
    responses: { ...guardAnswers, ...config.responses },
  } as R & { security: typeof security.staff; [staffRoleKey]: StaffRole; responses: typeof guardAnswers & R['responses'] };
}

/** The role a route admits, when it is a staff route (`staffOnly`). */
export function staffRoleOf(route: RouteConfig): StaffRole | undefined {
  return (route as { [staffRoleKey]?: StaffRole })[staffRoleKey];
}
