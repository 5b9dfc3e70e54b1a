import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  CouponParamsSchema,
  MenusSchema,
  OffersSchema,
  ProductsParamsSchema,
  ProductsSchema,
  SettingsSchema,
  type Offer,
  type ProductPrice,
  type Settings,
} from '@resto/contract/catalog';
import { messages } from '@resto/domain/messages';
import { calendarAsSettings } from '@resto/domain/calendar';
import { screenConnectedSetting, type StaffPresence } from '@resto/domain/scheduling';
import { ApiError, success } from '../../http/errors.ts';
import { preparedResponse, type PreparedAnswer } from '../../http/fast-path/prepared-answer.ts';
import { declare, errorAnswer, routes, successAnswer } from '../../http/openapi.ts';
import type { CatalogMoment, CatalogService } from './service.ts';

const tags = ['Catalogue'];

/** The headers of settings, menus and offers: written once per content (http/fast-path/prepared-answer.ts). */
const preparedDescription =
  'Compressée en brotli ou gzip selon Accept-Encoding ; ETag fort, Cache-Control: no-cache (revalider à chaque usage : jamais un prix périmé), Vary: Accept-Encoding.';
/** Their 304: If-None-Match names the current content. */
const notModified = { 304: { description: 'Inchangée depuis l’ETag envoyé dans If-None-Match : pas de corps.' } };

const settingsRoute = createRoute({
  method: 'get',
  path: '/settings',
  tags,
  summary: 'Les réglages publics du restaurant (section 7).',
  description: preparedDescription,
  responses: { 200: successAnswer(SettingsSchema, 'La liste des réglages (nom et valeur).'), ...notModified },
});

const menusRoute = createRoute({
  method: 'get',
  path: '/menus',
  tags,
  summary: 'Les cartes, leurs catégories et leurs plats (section 7).',
  description: preparedDescription,
  responses: { 200: successAnswer(MenusSchema, 'Les cartes.'), ...notModified },
});

const offersRoute = createRoute({
  method: 'get',
  path: '/offers',
  tags,
  summary: 'Les offres automatiques (section 7).',
  description: preparedDescription,
  responses: { 200: successAnswer(OffersSchema, 'Les offres.'), ...notModified },
});

const couponRoute = createRoute({
  method: 'get',
  path: '/offers/{coupon}',
  tags,
  summary: 'Un code promo (section 7) : une liste de l’offre, sinon une erreur.',
  request: { params: CouponParamsSchema },
  responses: {
    200: successAnswer(OffersSchema, 'Le code est valable : la liste de son offre.'),
    404: errorAnswer('Code inconnu (coupon_unknown).'),
    422: errorAnswer('Code expiré (coupon_expired).'),
  },
});

const productsRoute = createRoute({
  method: 'get',
  path: '/products/{item_menu_id}',
  tags,
  summary: 'Les prix et la disponibilité des plats d’une carte (section 7).',
  request: { params: ProductsParamsSchema },
  responses: {
    200: successAnswer(ProductsSchema, 'Les plats de la carte.'),
    404: errorAnswer('Carte inconnue (not_found).'),
  },
});

/** The read-only setting holding the site's address (SITE_URL), whatever a restaurant file says. */
const siteUrlSetting = 'site.url';

/** What the catalogue's prepared answers need besides the catalogue. */
interface CatalogAnswerDeps {
  catalog: CatalogService;
  clock: () => Date;
  cardPaymentsOff?: boolean;
  /** SITE_URL, the one source of the site's address: answered as the read-only setting `site.url` (the legal notice shows it). */
  siteUrl?: string;
  /** The staff screens' presence (issue 13, part 4), answered as the read-only setting `orders.screen_connected`. */
  escalation?: {
    presence(now: Date, settings: Settings): Promise<StaffPresence>;
    /** The same without waiting; undefined when it must read first. */
    presenceNow(now: Date, settings: Settings): StaffPresence | undefined;
  };
}

/** The documents served as prepared answers, by their path under /v2/public. */
export const preparedDocuments = ['menus', 'settings', 'offers'] as const;
export type PreparedDocument = (typeof preparedDocuments)[number];

/** The key of /settings' prepared answer: the moment's, card payments off, a screen connected (undefined: not asked). */
const settingsAnswerKey = (moment: CatalogMoment, cardPaymentsOff: boolean, screenConnected: boolean | undefined) =>
  `settings:${moment.settingsKey}:${cardPaymentsOff ? 1 : 0}:${screenConnected ?? '-'}`;
const offersAnswerKey = (version: number) => `offers:${version}`;

/**
 * The prepared answer of `document` at the clock's instant, without waiting, when it is already
 * made: what the server's door serves (http/fast-path/prepared-answer.ts `servePreparedAtTheDoor`). Undefined
 * whenever the route would have to read or prepare something first (the catalogue's version check
 * is due, the screens' presence must be read, the answer is not compressed yet): the request then
 * goes through the app, which does it. The keys are the routes' own (below).
 */
export function catalogAnswerNow({ catalog, clock, cardPaymentsOff = false, escalation }: CatalogAnswerDeps) {
  return (document: PreparedDocument): PreparedAnswer | undefined => {
    const now = clock();
    const moment = catalog.momentNow(now);
    if (!moment) return undefined;
    if (document === 'menus') return catalog.storedNow(moment.menusAnswerKey);
    if (document === 'offers') return catalog.storedNow(offersAnswerKey(moment.catalog.version));
    let screenConnected: boolean | undefined;
    if (escalation) {
      const presence = escalation.presenceNow(now, moment.catalog.settings);
      if (!presence) return undefined;
      screenConnected = presence.screenConnected;
    }
    return catalog.storedNow(settingsAnswerKey(moment, cardPaymentsOff, screenConnected));
  };
}

/** GET /v2/public/settings, /menus, /offers, /offers/{coupon}, /products/{item_menu_id} (spec section 7). */
export function catalogRoutes({ catalog, clock, cardPaymentsOff = false, escalation, siteUrl }: CatalogAnswerDeps) {
  const app = routes();
  declare(app, settingsRoute, async (c) => {
    const now = clock();
    const moment = await catalog.moment(now);
    const current = moment.catalog;
    // Whether a staff screen is connected now: without one (and without e-mail-only handling) the
    // storefront offers a slot instead of ASAP (isAsapOffered, docs/decisions/022-nothing-unseen.md).
    const screenConnected = escalation ? (await escalation.presence(now, current.settings)).screenConnected : undefined;
    const key = settingsAnswerKey(moment, cardPaymentsOff, screenConnected);
    return preparedResponse(
      c,
      await (catalog.stored(key) ??
        catalog.prepared(key, () => {
          // Card payments off (production without Stripe keys nor test mode, issue 17): the storefront offers cash only.
          const restaurant = cardPaymentsOff
            ? current.settings.map((setting) => (setting.name === 'payments.stripe.active' ? { ...setting, value: false } : setting))
            : current.settings;
          // Pause, busy mode and the exceptional days within the horizon, computed now (issue 14, part 3): the storefront's banner and slot picker read them.
          const served: Settings = [
            ...(siteUrl === undefined ? restaurant : restaurant.filter((setting) => setting.name !== siteUrlSetting)),
            ...calendarAsSettings(current.calendar, now),
          ];
          if (siteUrl !== undefined) served.push({ name: siteUrlSetting, value: siteUrl });
          if (screenConnected !== undefined) served.push({ name: screenConnectedSetting, value: screenConnected });
          return JSON.stringify({ status: 'success', payload: served });
        })),
    );
  });
  // Written once per catalogue version and moment (CatalogService.moment): the body is MenusSchema in the success envelope.
  declare(app, menusRoute, async (c) => preparedResponse(c, await catalog.menusAnswer(clock())));
  declare(app, offersRoute, async (c) => {
    const { version, offers } = await catalog.getCatalog();
    const key = offersAnswerKey(version);
    return preparedResponse(c, await (catalog.stored(key) ?? catalog.prepared(key, () => JSON.stringify({ status: 'success', payload: offers }))));
  });
  declare(app, couponRoute, async (c, input) => {
    // Spec section 7: status and a payload list with the id; anything but success marks the coupon invalid.
    const coupon = (await catalog.getCatalog()).couponsByCode.get(input.params().coupon.trim().toUpperCase());
    if (!coupon) throw new ApiError('coupon_not_found', messages.unknownCoupon, [{ path: 'coupon', message: messages.unknownCoupon }]);
    if (!coupon.is_active) throw new ApiError('coupon_expired', messages.expiredCoupon, [{ path: 'coupon', message: messages.expiredCoupon }]);
    return success<Offer[]>(c, [coupon]);
  });
  declare(app, productsRoute, async (c) => {
    const menuId = z.coerce.number().int().positive().safeParse(c.req.param('item_menu_id'));
    const menu = menuId.success ? (await catalog.getMenus(clock())).find((m) => m.menu_id === menuId.data) : undefined;
    if (!menu) throw new ApiError('not_found', messages.notFound, [{ path: 'item_menu_id', message: messages.notFound }]);
    return success<ProductPrice[]>(
      c,
      menu.categories.flatMap((category) =>
        category.items.map((item) => ({
          item_id: item.item_id,
          item_menu_id: item.item_menu_id,
          item_is_available: item.item_is_available && menu.menu_is_available,
          item_price: item.item_price,
        })),
      ),
    );
  });
  return app;
}
