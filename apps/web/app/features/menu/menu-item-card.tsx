import { Fragment } from 'react';
import { Link } from 'react-router';
import type { MenuItem } from '@resto/domain/catalogue';
import { useCartStore } from '../cart/cart-store.ts';
import { formatEuros } from '@resto/domain/format';
import { dishCard } from '@resto/copy/storefront/menu';
import { DishPicture } from '../../components/dish-picture.tsx';
import { ProductDialog } from './product-dialog-loader.ts';
import { cardClass } from '../../components/ui/card.tsx';

const preloadDialog = () => void ProductDialog.preload();

/** One dish on the menu: image, name, description, price for the current order type. */
export function MenuItemCard({ item, badges }: { item: MenuItem; badges: string[] }) {
  const isPickup = useCartStore((s) => s.is_pickup);
  const price = isPickup ? item.item_price.price_pickup : item.item_price.price_delivery;
  // The spaces between the blocks keep the card's text readable as text ("Œufs en meurette Œufs
  // pochés…", not "meuretteŒufs"): its accessible name must contain it word for word (cardLabel).
  const content = (
    <>
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold">{item.item_name}</h3>{' '}
        {badges.length ? (
          <p className="mt-0.5 flex flex-wrap gap-1">
            {badges.map((badge, index) => (
              <Fragment key={badge}>
                {index ? ' ' : null}
                <span className="rounded-lg bg-emerald-100 px-2 py-0.5 text-xs font-bold leading-tight text-emerald-800" data-testid="item-badge">
                  {badge}
                </span>
              </Fragment>
            ))}
          </p>
        ) : null}{' '}
        <p className="mt-0.5 line-clamp-2 text-sm text-ink/65">{item.item_description}</p>{' '}
        <p className="mt-2 font-semibold text-brand-700" data-testid="item-price">
          {item.item_is_available ? (
            formatEuros(price)
          ) : (
            <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-ink/80" data-testid="item-sold-out">
              {dishCard.soldOutBadge}
            </span>
          )}
        </p>
      </div>
      <DishPicture src={item.item_image} sizes="112px" width={112} height={84} loading="lazy" className="h-24 w-28 shrink-0 rounded-xl object-cover" />
    </>
  );
  const card = `flex h-full gap-3 ${cardClass} p-3`;
  if (!item.item_is_available)
    return (
      <div className={`${card} opacity-60`} aria-disabled>
        {content}
      </div>
    );
  return (
    <Link
      to={`?product=${item.item_id}`}
      preventScrollReset
      className={`${card} transition hover:shadow-md`}
      // The dialog's code, fetched as soon as the dish is pointed at, touched or focused.
      onPointerEnter={preloadDialog}
      onFocus={preloadDialog}
      aria-label={dishCard.cardLabel(item.item_name, badges, item.item_description, formatEuros(price))}
    >
      {content}
    </Link>
  );
}
