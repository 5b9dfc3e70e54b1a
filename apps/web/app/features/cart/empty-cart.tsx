import { ShoppingBag } from 'lucide-react';
import { cartPanel } from '@resto/copy/storefront/cart';

/**
 * The empty cart's message. The menu's side panel shows it as the server rendered it until the
 * visitor's stored cart has lines; only then is the cart panel's code fetched (docs/decisions/027).
 */
export function EmptyCart() {
  return (
    <div className="flex flex-col items-center gap-2 py-8 text-center text-ink/70">
      <ShoppingBag size={32} aria-hidden />
      <p>{cartPanel.empty}</p>
      <p className="text-sm">{cartPanel.emptyHint}</p>
    </div>
  );
}
