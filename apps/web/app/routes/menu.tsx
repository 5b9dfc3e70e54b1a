import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { categoryBadge, itemBadge, offersForItem } from '@resto/domain/offers';
import { isFreeOf } from '@resto/domain/allergens';
import { MenuSearch } from '../features/menu/index.ts';
import { AllergenFilter } from '../features/menu/index.ts';
import { useAllergenFilter } from '../features/menu/allergen-filter-store.ts';
import { OrderingBanner } from '../features/backoffice-hours/index.ts';
import type { Route } from './+types/menu';
import { useStoreData } from '../lib/store-data.ts';
import { pageMeta, siteMetaFrom } from '../lib/seo.ts';
import { menuJsonLd } from '../lib/json-ld.ts';
import { formatEuros } from '@resto/domain/format';
import { LocationPanel, preloadLocationDialog } from '../features/location/index.ts';
import { ProductDialog } from '../features/menu/index.ts';
import { MenuItemCard } from '../features/menu/index.ts';
import { CartBar, CartPanel, EmptyCart } from '../features/cart/index.ts';
import { useCartStore } from '../features/cart/cart-store.ts';
import { useHydratedStores } from '../lib/use-hydrated-stores.ts';
import { whenIdle } from '../lib/when-idle.ts';
import { menuPage } from '@resto/copy/storefront/menu';

/**
 * A shared /menu?product={item_id} link previews that dish (title, description, image); the plain
 * menu carries the schema.org Menu.
 */
export const meta: Route.MetaFunction = ({ location, matches }) => {
  const site = siteMetaFrom(matches);
  const productId = Number(new URLSearchParams(location.search).get('product'));
  const item = site?.menus.flatMap((m) => m.categories.flatMap((c) => c.items)).find((i) => i.item_id === productId);
  if (site && item) {
    const price = formatEuros(item.item_price.price_pickup);
    return pageMeta(item.item_name, { location, matches }, `${item.item_description} — ${price}`, {
      site,
      image: item.item_image || undefined,
      type: 'product',
      canonical: `/menu?product=${item.item_id}`,
    });
  }
  return [
    ...pageMeta(menuPage.heading, { location, matches }, menuPage.metaDescription, {
      site,
      type: 'restaurant.menu',
    }),
    ...(site ? [{ 'script:ld+json': menuJsonLd(site.menus, site.origin) }] : []),
  ];
};

/**
 * /menu: categories and items of every menu; ?product={item_id} opens that item (spec section 2).
 * The product dialog, the cart's panel and sheet are fetched on demand (docs/decisions/027): the first load
 * holds what an empty cart's menu shows.
 */
export default function MenuPage() {
  const store = useStoreData();
  const { menus } = store;
  const [searchParams, setSearchParams] = useSearchParams();
  const refreshItems = useCartStore((s) => s.refreshItems);
  const ready = useHydratedStores();
  const hasLines = useCartStore((s) => s.lines.length > 0);
  // Once the cart has had a line, its panel and sheet stay (the sheet stays open when its last line is removed).
  const [cartShown, setCartShown] = useState(false);
  if (hasLines && !cartShown) setCartShown(true);

  useEffect(() => {
    if (ready) refreshItems(menus);
  }, [ready, menus, refreshItems]);
  // Opening a dish (or the location panel) is the menu's next step: their code comes once the page is idle.
  useEffect(
    () =>
      whenIdle(() => {
        void ProductDialog.preload();
        preloadLocationDialog();
      }),
    [],
  );

  const allItems = useMemo(() => menus.flatMap((m) => m.categories.flatMap((c) => c.items)), [menus]);
  const itemsById = useMemo(() => new Map(allItems.map((i) => [i.item_id, i])), [allItems]);
  // A gift's badge names it (« Citronnade maison en cadeau »): the badges read dish names from the menus.
  const nameOf = useCallback((itemId: number) => itemsById.get(itemId)?.item_name, [itemsById]);
  const hiddenAllergens = useAllergenFilter((s) => s.hidden);
  const hidden = useMemo(() => new Set(hiddenAllergens), [hiddenAllergens]);
  const hiddenCount = allItems.filter((i) => !isFreeOf(i.item_allergens, hidden)).length;
  const categoryBadges = useMemo(
    () =>
      new Map(
        menus
          .flatMap((m) => m.categories)
          .map((c) => [c.category_id, categoryBadge(c.items.flatMap((item) => offersForItem(store.offers, item)), nameOf)] as const),
      ),
    [menus, store.offers, nameOf],
  );
  const productId = Number(searchParams.get('product'));
  const product = Number.isInteger(productId) ? itemsById.get(productId) : undefined;

  const closeProduct = () =>
    setSearchParams(
      (params) => {
        params.delete('product');
        return params;
      },
      { preventScrollReset: true },
    );

  return (
    <div className="mx-auto max-w-6xl px-4 pb-28 lg:grid lg:grid-cols-[1fr_22rem] lg:gap-8 lg:pb-10">
      <div>
        <div className="pt-4">
          <OrderingBanner settings={store.settings} className="mb-3" />
          <LocationPanel settings={store.settings} />
        </div>
        <div className="grid gap-3 pt-3 sm:grid-cols-[1fr_auto] sm:items-start">
          <MenuSearch items={allItems.filter((i) => i.item_is_available)} />
          <AllergenFilter hiddenCount={hiddenCount} />
        </div>
        <nav
          aria-label={menuPage.categories}
          className="sticky top-14 z-30 -mx-4 overflow-x-auto border-b border-black/5 bg-brand-50/95 px-4 py-2 backdrop-blur"
        >
          <ul className="flex gap-2 whitespace-nowrap">
            {menus.flatMap((menu) =>
              menu.categories.map((category) => (
                <li key={category.category_id}>
                  <a href={`#categorie-${category.category_id}`} className="block rounded-full bg-white px-3 py-1.5 text-sm font-medium shadow-sm">
                    {category.category_name}
                  </a>
                </li>
              )),
            )}
          </ul>
        </nav>
        {menus.map((menu) => (
          <section key={menu.menu_id} aria-labelledby={`carte-${menu.menu_id}`} className="pt-6">
            <header className="mb-2">
              <h1 id={`carte-${menu.menu_id}`} className="text-2xl font-extrabold">
                {menu.menu_name}
              </h1>
              <p className="text-sm text-ink/70">{menu.menu_description}</p>
              {!menu.menu_is_open ? (
                <p className="mt-1 text-xs font-medium text-brand-700" suppressHydrationWarning>
                  {menuPage.closedNow}
                </p>
              ) : null}
            </header>
            {menu.categories.map((category) => (
              <section
                key={category.category_id}
                id={`categorie-${category.category_id}`}
                aria-labelledby={`titre-categorie-${category.category_id}`}
                className="pt-4"
              >
                <h2 id={`titre-categorie-${category.category_id}`} className="flex items-center gap-2 text-lg font-bold">
                  {category.category_name}
                  {categoryBadges.get(category.category_id) ? (
                    <span className="rounded-lg bg-emerald-100 px-2 py-0.5 text-xs font-bold leading-tight text-emerald-800" data-testid="category-badge">
                      {categoryBadges.get(category.category_id)}
                    </span>
                  ) : null}
                </h2>
                {category.category_description ? <p className="mb-2 text-sm text-ink/70">{category.category_description}</p> : null}
                {category.items.every((item) => !isFreeOf(item.item_allergens, hidden)) ? (
                  <p className="mt-2 text-sm text-ink/70">{menuPage.allHidden}</p>
                ) : null}
                <ul className="mt-2 grid gap-3 sm:grid-cols-2">
                  {category.items
                    .filter((item) => isFreeOf(item.item_allergens, hidden))
                    .map((item) => (
                      <li key={item.item_id}>
                        <MenuItemCard item={item} badges={offersForItem(store.offers, item).map((offer) => itemBadge(offer, nameOf))} />
                      </li>
                    ))}
                </ul>
              </section>
            ))}
          </section>
        ))}
      </div>

      <aside className="hidden lg:block" aria-label={menuPage.cart}>
        <div className="sticky top-20 mt-6 rounded-3xl bg-white p-5 shadow-sm">
          <h2 className="mb-2 text-lg font-bold">{menuPage.cartHeading}</h2>
          {cartShown ? (
            <Suspense fallback={<EmptyCart />}>
              <CartPanel data={store} />
            </Suspense>
          ) : (
            <EmptyCart />
          )}
        </div>
      </aside>

      {cartShown ? (
        <Suspense fallback={null}>
          <CartBar data={store} />
        </Suspense>
      ) : null}

      {product ? (
        <Suspense fallback={null}>
          <ProductDialog key={product.item_id} item={product} offers={offersForItem(store.offers, product)} nameOf={nameOf} onClose={closeProduct} />
        </Suspense>
      ) : null}
    </div>
  );
}
