import { createRoute } from '@hono/zod-openapi';
import { CouponParamsSchema, MenusSchema, OffersSchema, ProductsParamsSchema, ProductsSchema, SettingsSchema } from './catalog.ts';
import { apiTags, errorAnswer, successAnswer } from './route-kit.ts';

/** The storefront's catalogue (spec section 7): settings, menus, offers, a coupon, a menu's prices. */
const tags = [apiTags.catalogue.name];

/** The headers of settings, menus and offers: written once per content (apps/api/src/http/prepared-answer.ts). */
const preparedDescription =
  'Compressée en brotli ou gzip selon Accept-Encoding ; ETag fort, Cache-Control: no-cache (revalider à chaque usage : jamais un prix périmé), Vary: Accept-Encoding.';
/** Their 304: If-None-Match names the current content. */
const notModified = { 304: { description: 'Inchangée depuis l’ETag envoyé dans If-None-Match : pas de corps.' } };

/** GET /v2/public/settings: the restaurant's public settings, with the computed ones (pause, exceptional days, a screen connected). */
export const getSettings = createRoute({
  operationId: 'getSettings',
  method: 'get',
  path: '/v2/public/settings',
  tags,
  summary: 'Les réglages publics du restaurant (section 7).',
  description: preparedDescription,
  responses: { 200: successAnswer(SettingsSchema, 'La liste des réglages (nom et valeur).'), ...notModified },
});

/** GET /v2/public/menus: the menus, their categories and dishes at this moment. */
export const listMenus = createRoute({
  operationId: 'listMenus',
  method: 'get',
  path: '/v2/public/menus',
  tags,
  summary: 'Les cartes, leurs catégories et leurs plats (section 7).',
  description: preparedDescription,
  responses: { 200: successAnswer(MenusSchema, 'Les cartes.'), ...notModified },
});

/** GET /v2/public/offers: the automatic offers. */
export const listOffers = createRoute({
  operationId: 'listOffers',
  method: 'get',
  path: '/v2/public/offers',
  tags,
  summary: 'Les offres automatiques (section 7).',
  description: preparedDescription,
  responses: { 200: successAnswer(OffersSchema, 'Les offres.'), ...notModified },
});

/** GET /v2/public/offers/{coupon}: a coupon code's offer, or why it is refused. */
export const getCoupon = createRoute({
  operationId: 'getCoupon',
  method: 'get',
  path: '/v2/public/offers/{coupon}',
  tags,
  summary: 'Un code promo (section 7) : une liste de l’offre, sinon une erreur.',
  description: 'Le code est lu sans tenir compte des espaces autour ni de la casse. Toute autre réponse qu’un succès rend le code invalide (section 7).',
  request: { params: CouponParamsSchema },
  responses: {
    200: successAnswer(OffersSchema, 'Le code est valable : la liste de son offre.'),
    404: errorAnswer('Code inconnu (coupon_unknown).'),
    422: errorAnswer('Code expiré (coupon_expired).'),
  },
});

/** GET /v2/public/products/{item_menu_id}: a menu's dishes, their prices and whether they can be ordered now. */
export const listMenuProducts = createRoute({
  operationId: 'listMenuProducts',
  method: 'get',
  path: '/v2/public/products/{item_menu_id}',
  tags,
  summary: 'Les prix et la disponibilité des plats d’une carte (section 7).',
  description: 'Un plat est disponible quand il l’est et que sa carte l’est à cet instant. Un id qui n’est pas celui d’une carte est une carte inconnue.',
  request: { params: ProductsParamsSchema },
  responses: {
    200: successAnswer(ProductsSchema, 'Les plats de la carte.'),
    404: errorAnswer('Carte inconnue (not_found).'),
  },
});
