import { ProductsSchema } from '@resto/contract/catalog';
import { api } from '../../lib/api.ts';

/**
 * GET /v2/public/products/{item_menu_id} after a dish is added to the cart (spec section 7: the
 * result is unused). Its own chunk for the one-tap add (issue 15): the API client and its zod
 * schemas are not part of the home page's first load.
 */
export function fetchProductAfterAdd(itemMenuId: number): void {
  void api.call({ path: `/v2/public/products/${itemMenuId}`, response: ProductsSchema }).catch(() => undefined);
}
