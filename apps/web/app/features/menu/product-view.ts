import { listMenuProducts } from '@resto/contract/catalog.routes';
import { api } from '../../lib/api.ts';

/**
 * GET /v2/public/products/{item_menu_id} after a dish is added to the cart (spec section 7: the
 * result is unused). A chunk of its own, imported at the first add by `fetchProductAfterAdd`
 * (quick-add.tsx): neither the menu's first load nor the product dialog's idle preload evaluates
 * the API client and the catalogue's zod schemas (docs/decisions/027: ~80 ms of a desktop's main thread,
 * four times that on a mid-range phone).
 */
export async function requestProductView(itemMenuId: number): Promise<void> {
  await api.call(listMenuProducts, { params: { item_menu_id: String(itemMenuId) } });
}
