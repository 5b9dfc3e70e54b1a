import { Trash2 } from 'lucide-react';
import { availability as t } from '@resto/copy/staff/availability';
import { useCartStore } from '../cart/cart-store.ts';

/**
 * A cart holding a dish sold out since it was added (docs/decisions/023): told before paying, on
 * every tab of the checkout, naming each dish, with a button to take it out of the cart. The
 * lines' dishes are refreshed from the menu the page just loaded (cart-store, refreshItems).
 */
export function SoldOutNotice() {
  const lines = useCartStore((s) => s.lines);
  const remove = useCartStore((s) => s.remove);
  const soldOut = lines.filter((line) => !line.item.item_is_available);
  if (!soldOut.length) return null;
  const names = [...new Set(soldOut.map((line) => line.item.item_name))];
  return (
    <div role="alert" className="mb-4 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm" data-testid="cart-sold-out">
      <p className="font-semibold text-amber-950">{t.cartSoldOut(names)}</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {soldOut.map((line) => (
          <li key={line.line_id}>
            <button
              type="button"
              onClick={() => remove(line.line_id)}
              className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-amber-400 bg-white px-4 py-2 font-semibold text-amber-950 hover:bg-amber-100"
            >
              <Trash2 className="h-4 w-4" aria-hidden />
              {t.removeFromCart(line.item.item_name)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
