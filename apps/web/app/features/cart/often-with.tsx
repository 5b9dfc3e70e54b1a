import { useEffect, useMemo, useState } from 'react';
import type { MenuItem } from '@resto/domain/catalogue';
import { getRecommendations } from '@resto/contract/discovery.routes';
import { api } from '../../lib/api.ts';
import { formatEuros } from '@resto/domain/format';
import { DishChip } from '../menu/index.ts';
import { useCartStore } from './cart-store.ts';
import { oftenTakenWith } from '@resto/copy/storefront/cart';

/** 'Souvent pris avec': POST /v2/recommendations with the cart's dishes (spec section 7). */
export function OftenWith({ itemsById }: { itemsById: Map<number, MenuItem> }) {
  const lines = useCartStore((s) => s.lines);
  const isPickup = useCartStore((s) => s.is_pickup);
  const cartKey = useMemo(() => [...new Set(lines.map((l) => l.item.item_id))].sort((a, b) => a - b).join(','), [lines]);
  const [ids, setIds] = useState<number[]>([]);
  // An emptied cart clears the suggestions at once, during the render that sees it empty.
  const [askedKey, setAskedKey] = useState(cartKey);
  if (askedKey !== cartKey) {
    setAskedKey(cartKey);
    if (!cartKey) setIds([]);
  }

  useEffect(() => {
    if (!cartKey) return;
    const timer = setTimeout(() => {
      api
        .call(getRecommendations, { body: { cartItems: cartKey.split(',').map(Number), maxRecommendations: 12 } })
        .then((payload) => setIds(payload.recommendations.map((r) => r.itemId)))
        .catch(() => setIds([])); // recommendations are a bonus: no error for the visitor
    }, 300);
    return () => clearTimeout(timer);
  }, [cartKey]);

  const items = ids.flatMap((id) => itemsById.get(id) ?? []).slice(0, 6);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="souvent-pris-avec">
      <h3 id="souvent-pris-avec" className="mb-2 text-sm font-bold">
        {oftenTakenWith.heading}
      </h3>
      <div className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
        {items.map((item) => (
          <DishChip key={item.item_id} item={item} price={formatEuros(isPickup ? item.item_price.price_pickup : item.item_price.price_delivery)} />
        ))}
      </div>
    </section>
  );
}
