import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Search, X } from 'lucide-react';
import type { MenuItem } from '@resto/domain/catalogue';
import { buildSearchIndex, searchItems, searchMinLength } from '@resto/domain/search';
import { formatEuros } from '@resto/domain/format';
import { menuSearch } from '@resto/copy/storefront/menu';
import { ProductDialog } from './product-dialog-loader.ts';
import { useCartStore } from '../cart/cart-store.ts';
import { cardClass } from '../../components/ui/card.tsx';

const preloadDialog = () => void ProductDialog.preload();

/**
 * Dish search (spec section 5): from 2 characters, accents and case ignored, name or description,
 * best scores first, 10 results at most. A result opens the product dialog (?product=).
 */
export function MenuSearch({ items }: { items: MenuItem[] }) {
  const [query, setQuery] = useState('');
  // Each result at the price of the order type chosen, as the dish cards show it.
  const isPickup = useCartStore((s) => s.is_pickup);
  const index = useMemo(() => buildSearchIndex(items), [items]);
  const results = useMemo(() => searchItems(index, query), [index, query]);
  const id = useId();
  const active = query.trim().length >= searchMinLength;

  return (
    <div className="relative" role="search">
      <label htmlFor={`${id}-input`} className="sr-only">
        {menuSearch.label}
      </label>
      <div className={`${cardClass} flex items-center gap-2 px-3 focus-within:outline-2 focus-within:outline-brand-600`}>
        <Search size={18} className="text-ink/50" aria-hidden />
        <input
          id={`${id}-input`}
          type="text"
          inputMode="search"
          enterKeyHint="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && setQuery('')}
          placeholder={menuSearch.placeholder}
          autoComplete="off"
          aria-describedby={`${id}-status`}
          className="min-w-0 flex-1 bg-transparent py-3 text-base outline-none"
        />
        {query ? (
          <button
            type="button"
            onClick={() => setQuery('')}
            aria-label={menuSearch.clear}
            className="grid size-8 place-items-center rounded-full"
          >
            <X size={16} aria-hidden />
          </button>
        ) : null}
      </div>
      <p id={`${id}-status`} className="sr-only" aria-live="polite">
        {active ? menuSearch.resultCount(results.length, results.length > 1 ? 's' : '') : ''}
      </p>
      {/* On a phone the results push the allergen filter down rather than lie over it: laid over, its
          box peeked out under a short list or the « aucun plat » line, as an empty panel. From sm
          up the filter sits beside the search and the list drops over the menu. The « aucun plat »
          line is a status, always in the flow. */}
      {active && results.length ? (
        <div className="mt-1 overflow-hidden rounded-2xl bg-white shadow-xl sm:absolute sm:inset-x-0 sm:top-full sm:z-40">
          <ul aria-label={menuSearch.results}>
            {results.map((item) => (
              <li key={item.item_id}>
                <Link
                  to={`?product=${item.item_id}`}
                  preventScrollReset
                  onClick={() => setQuery('')}
                  onPointerEnter={preloadDialog}
                  onFocus={preloadDialog}
                  className="flex items-center gap-3 px-3 py-2 hover:bg-brand-50 focus:bg-brand-50"
                  data-testid="search-result"
                >
                  <img src={item.item_image} alt="" width={48} height={36} className="h-9 w-12 rounded-lg object-cover" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{item.item_name}</span>
                    <span className="block truncate text-xs text-ink/70">{item.item_description}</span>
                  </span>
                  <span className="text-sm font-semibold text-brand-700">
                    {formatEuros(isPickup ? item.item_price.price_pickup : item.item_price.price_delivery)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : active ? (
        <p className={`${cardClass} mt-1 px-3 py-3 text-sm text-ink/70`}>{menuSearch.noResult(query.trim())}</p>
      ) : null}
    </div>
  );
}
