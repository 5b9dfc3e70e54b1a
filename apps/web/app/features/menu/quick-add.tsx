import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import type { MenuItem } from '@resto/domain/catalogue';
import { useToasts } from '../../components/ui/toast.tsx';
import { useLocalePrefix } from '../../lib/paths.ts';
import { useCartStore } from '../cart/cart-store.ts';
import { quickAdd } from '@resto/copy/storefront/menu';
import { cardClass } from '../../components/ui/card.tsx';

/**
 * Fires GET /v2/public/products/{item_menu_id} after an add, from the one-tap add and from the
 * product dialog (spec section 7: the result is unused; a failure changes nothing). The call and
 * its schemas load on demand (product-view.ts). It lives here, not in a module of its own: this file
 * is in the landing pages' first load already, and a module of its own became one more file there.
 */
export function fetchProductAfterAdd(itemMenuId: number): void {
  void import('./product-view.ts').then(({ requestProductView }) => requestProductView(itemMenuId)).catch(() => undefined);
}

/**
 * One-tap add (docs/decisions/004): a dish without required options goes straight to the cart; one with
 * required options opens its dialog so nothing is ordered half-chosen.
 */
function QuickAdd({ item, className = '' }: { item: MenuItem; className?: string }) {
  const add = useCartStore((s) => s.add);
  const toast = useToasts((s) => s.show);
  const prefix = useLocalePrefix();
  const style = `grid size-9 shrink-0 place-items-center rounded-full bg-brand-600 text-white shadow ${className}`;
  if (item.options.some((o) => o.required)) {
    return (
      <Link to={`${prefix}/menu?product=${item.item_id}`} preventScrollReset className={style} aria-label={quickAdd.chooseOptions(item.item_name)}>
        <Plus size={18} aria-hidden />
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={style}
      aria-label={quickAdd.add(item.item_name)}
      onClick={() => {
        add({ item, choices: [], quantity: 1, note: '' });
        fetchProductAfterAdd(item.item_menu_id);
        toast(quickAdd.added(item.item_name), 'success');
      }}
    >
      <Plus size={18} aria-hidden />
    </button>
  );
}

/** A small dish card with its quick add, for popular dishes and recommendations. */
export function DishChip({ item, price }: { item: MenuItem; price: string }) {
  return (
    <div className={`${cardClass} flex w-40 shrink-0 flex-col overflow-hidden`} data-testid="dish-chip">
      <img src={item.item_image} alt="" width={160} height={100} loading="lazy" className="h-24 w-full object-cover" />
      <div className="flex flex-1 items-end gap-2 p-2">
        <div className="min-w-0 flex-1">
          <p className="line-clamp-2 text-sm font-semibold leading-tight">{item.item_name}</p>
          <p className="text-xs font-semibold text-brand-700">{price}</p>
        </div>
        <QuickAdd item={item} />
      </div>
    </div>
  );
}
