import type { Context } from 'hono';
import { z } from 'zod';
import type { Menu, Offer, Settings } from '@resto/contract/catalog';
import { getCoupon, getSettings, listMenuProducts, listMenus, listOffers } from '@resto/contract/catalog.routes';
import { requestErrors } from '@resto/copy/errors/request';
import { offerAnswers } from '@resto/copy/storefront/cart';
import { calendarAsSettings } from '@resto/domain/calendar';
import { screenConnectedSetting, type StaffPresence } from '@resto/domain/scheduling';
import { ApiError } from '../../http/errors.ts';
import { preparedResponse, type PreparedAnswer } from '../../http/fast-path/prepared-answer.ts';
import { ok, routes, serve } from '../../http/openapi.ts';
import type { CatalogMoment, CatalogService } from './service.ts';

/** The read-only setting holding the site's address (SITE_URL), whatever a restaurant file says. */
const siteUrlSetting = 'site.url';

/** What the catalogue's prepared answers need besides the catalogue. */
interface CatalogAnswerDeps {
  catalog: CatalogService;
  clock: () => Date;
  cardPaymentsOff?: boolean;
  /** SITE_URL, the one source of the site's address: answered as the read-only setting `site.url` (the legal notice shows it). */
  siteUrl?: string;
  /** The staff screens' presence (docs/decisions/022), answered as the read-only setting `orders.screen_connected`. */
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

/**
 * A prepared answer (its body already the success envelope of a `T`, http/prepared-answer.ts: a
 * 200, or a 304 without a body) as the route's typed answer.
 */
function preparedAnswer<T>(c: Context, answer: PreparedAnswer) {
  return preparedResponse(c, answer) as ReturnType<typeof ok<T>>;
}

/** GET /v2/public/settings, /menus, /offers, /offers/{coupon}, /products/{item_menu_id} (spec section 7). */
export function catalogRoutes({ catalog, clock, cardPaymentsOff = false, escalation, siteUrl }: CatalogAnswerDeps) {
  const app = routes();
  serve(app, getSettings, async (c) => {
    const now = clock();
    const moment = await catalog.moment(now);
    const current = moment.catalog;
    // Whether a staff screen is connected now: without one (and without e-mail-only handling) the
    // storefront offers a slot instead of ASAP (isAsapOffered, docs/decisions/022-nothing-unseen.md).
    const screenConnected = escalation ? (await escalation.presence(now, current.settings)).screenConnected : undefined;
    const key = settingsAnswerKey(moment, cardPaymentsOff, screenConnected);
    return preparedAnswer<Settings>(
      c,
      await (catalog.stored(key) ??
        catalog.prepared(key, () => {
          // Card payments off (production without Stripe keys nor test mode, docs/decisions/014): the storefront offers cash only.
          const restaurant = cardPaymentsOff
            ? current.settings.map((setting) => (setting.name === 'payments.stripe.active' ? { ...setting, value: false } : setting))
            : current.settings;
          // Pause, busy mode and the exceptional days within the horizon, computed now (docs/decisions/023): the storefront's banner and slot picker read them.
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
  serve(app, listMenus, async (c) => preparedAnswer<Menu[]>(c, await catalog.menusAnswer(clock())));
  serve(app, listOffers, async (c) => {
    const { version, offers } = await catalog.getCatalog();
    const key = offersAnswerKey(version);
    return preparedAnswer<Offer[]>(c, await (catalog.stored(key) ?? catalog.prepared(key, () => JSON.stringify({ status: 'success', payload: offers }))));
  });
  serve(app, getCoupon, async (c) => {
    // Spec section 7: status and a payload list with the id; anything but success marks the coupon invalid.
    const coupon = (await catalog.getCatalog()).couponsByCode.get(c.req.valid('param').coupon.trim().toUpperCase());
    if (!coupon) throw new ApiError('coupon_not_found', offerAnswers.unknownCoupon, [{ path: 'coupon', message: offerAnswers.unknownCoupon }]);
    if (!coupon.is_active) throw new ApiError('coupon_expired', offerAnswers.expiredCoupon, [{ path: 'coupon', message: offerAnswers.expiredCoupon }]);
    return ok(c, [coupon]);
  });
  // The id is read here, not by the route's schema: an id that is no menu's is an unknown menu (404), never a 400.
  serve(app, listMenuProducts, async (c) => {
    const menuId = z.coerce.number().int().positive().safeParse(c.req.valid('param').item_menu_id);
    const menu = menuId.success ? (await catalog.getMenus(clock())).find((m) => m.menu_id === menuId.data) : undefined;
    if (!menu) throw new ApiError('not_found', requestErrors.notFound, [{ path: 'item_menu_id', message: requestErrors.notFound }]);
    return ok(
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
