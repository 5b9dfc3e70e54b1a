import { Hono } from 'hono';
import { z } from 'zod';
import { messages } from '@resto/domain/messages';
import { ApiError, success } from '../../http/errors.ts';
import type { CatalogService } from './service.ts';

/** GET /v2/public/settings, /menus, /offers, /products/{item_menu_id} (spec section 7). */
export function catalogRoutes({ catalog, clock, cardPaymentsOff = false }: { catalog: CatalogService; clock: () => Date; cardPaymentsOff?: boolean }) {
  return new Hono({ strict: false })
    .get('/settings', async (c) => {
      const { settings } = await catalog.getCatalog();
      // Card payments off (production without Stripe keys nor test mode, issue 17): the storefront offers cash only.
      if (!cardPaymentsOff) return success(c, settings);
      return success(
        c,
        settings.map((setting) => (setting.name === 'payments.stripe.active' ? { ...setting, value: false } : setting)),
      );
    })
    .get('/menus', async (c) => {
      const { json, gzip } = await catalog.getMenusJson(clock());
      c.header('Content-Type', 'application/json');
      c.header('Vary', 'Accept-Encoding');
      if (!/\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '')) return c.body(json);
      c.header('Content-Encoding', 'gzip');
      return c.body(new Uint8Array(gzip));
    })
    .get('/offers', async (c) => success(c, (await catalog.getCatalog()).offers))
    .get('/offers/:coupon', async (c) => {
      // Spec section 7: status and a payload list with the id; anything but success marks the coupon invalid.
      const coupon = (await catalog.getCatalog()).couponsByCode.get(c.req.param('coupon').trim().toUpperCase());
      if (!coupon) throw new ApiError(404, messages.unknownCoupon, [{ path: 'coupon', message: messages.unknownCoupon }]);
      if (!coupon.is_active) throw new ApiError(422, messages.expiredCoupon, [{ path: 'coupon', message: messages.expiredCoupon }]);
      return success(c, [coupon]);
    })
    .get('/products/:item_menu_id', async (c) => {
      const menuId = z.coerce.number().int().positive().safeParse(c.req.param('item_menu_id'));
      const menu = menuId.success ? (await catalog.getMenus(clock())).find((m) => m.menu_id === menuId.data) : undefined;
      if (!menu) throw new ApiError(404, messages.notFound, [{ path: 'item_menu_id', message: messages.notFound }]);
      return success(
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
}
