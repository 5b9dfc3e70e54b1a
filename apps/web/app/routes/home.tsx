import { Link } from 'react-router';
import { Clock, MapPin, ShoppingBag } from 'lucide-react';
import { readSetting } from '@resto/domain/settings';
import { OrderingBanner } from '../features/backoffice-hours/index.ts';
import type { Route } from './+types/home';
import { useStoreData } from '../lib/store-data.ts';
import { useNow } from '../lib/use-now.ts';
import { toRestaurantTime } from '@resto/domain/clock';
import { useLocalePrefix } from '../lib/paths.ts';
import { pageMeta, siteMetaFrom } from '../lib/seo.ts';
import { restaurantJsonLd } from '../lib/json-ld.ts';
import { listPopularItems } from '@resto/contract/discovery.routes';
import { loadFromApi } from '../lib/api.server.ts';
import { formatEuros } from '@resto/domain/format';
import { DishChip } from '../features/menu/index.ts';
import { homePage } from '@resto/copy/storefront/site';
import { cardClass } from '../components/ui/card.tsx';

export async function loader({ context }: Route.LoaderArgs) {
  // Popular dishes are a bonus: the home page still renders when they cannot be had.
  const popular = await loadFromApi(context, listPopularItems, { query: { limit: 12 } }).catch(() => ({
    popular: [],
  }));
  return { popularIds: popular.popular.map((p) => p.itemId) };
}

/** Spec section 2: the home page's title is "Home" (Accueil); link previews and the Restaurant JSON-LD come from the settings. */
export const meta: Route.MetaFunction = ({ location, matches }) => {
  const site = siteMetaFrom(matches);
  const description = site ? readSetting(site.settings, 'site.description', '') || readSetting(site.settings, 'site.tagline', '') : homePage.metaDescription;
  return [
    ...pageMeta(homePage.pageTitle, { location, matches }, description, { site, image: '/images/hero.svg' }),
    ...(site ? [{ 'script:ld+json': restaurantJsonLd(site.settings, site.menus, site.origin) }] : []),
  ];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { settings, menus } = useStoreData();
  const itemsById = new Map(menus.flatMap((m) => m.categories.flatMap((c) => c.items)).map((i) => [i.item_id, i]));
  const popular = loaderData.popularIds.flatMap((id) => itemsById.get(id) ?? []);
  const prefix = useLocalePrefix();
  const now = useNow();
  const name = readSetting(settings, 'contacts.name', homePage.restaurantFallback);
  const isOpen = menus.some((m) => m.menu_is_open);
  const today = toRestaurantTime(now).day;
  const todayHours = menus[0]?.active_times.find((d) => d.day === today);

  return (
    <>
      <section className="relative isolate overflow-hidden bg-night text-white">
        <img src="/images/hero.svg" alt="" className="absolute inset-0 -z-10 h-full w-full object-cover opacity-60" fetchPriority="high" />
        <div className="absolute inset-0 -z-10 bg-gradient-to-t from-night via-night/60 to-transparent" />
        <div className="mx-auto flex min-h-[60vh] max-w-6xl flex-col justify-end gap-4 px-4 pb-10 pt-24">
          <span className={`w-fit rounded-full px-3 py-1 text-xs font-semibold ${isOpen ? 'bg-emerald-500/90' : 'bg-white/20'}`} suppressHydrationWarning>
            {isOpen ? homePage.openNow : homePage.closedNow}
          </span>
          <h1 className="text-4xl font-extrabold leading-tight sm:text-5xl">{name}</h1>
          <p className="max-w-xl text-lg text-white/85">{readSetting(settings, 'site.tagline', '')}</p>
          <div className="flex flex-wrap gap-3">
            <Link to={`${prefix}/menu`} className="flex items-center gap-2 rounded-full bg-brand-500 px-6 py-3 text-base font-semibold shadow-lg">
              <ShoppingBag size={18} aria-hidden />
              {homePage.orderCta}
            </Link>
          </div>
        </div>
      </section>
      <OrderingBanner settings={settings} className="mx-auto max-w-6xl px-4 pt-6" />
      <section className="mx-auto grid max-w-6xl gap-4 px-4 py-8 sm:grid-cols-3">
        <div className={`${cardClass} p-5`}>
          <h2 className="mb-1 flex items-center gap-2 font-semibold">
            <ShoppingBag size={18} className="text-brand-600" aria-hidden />
            {homePage.pickup}
          </h2>
          <p className="text-sm text-ink/70">{homePage.pitch}</p>
        </div>
        <div className={`${cardClass} p-5`}>
          <h2 className="mb-1 flex items-center gap-2 font-semibold">
            <Clock size={18} className="text-brand-600" aria-hidden />
            {homePage.today}
          </h2>
          <p className="text-sm text-ink/70" suppressHydrationWarning>
            {todayHours?.is_open ? todayHours.times.map((t) => `${t.start}–${t.end}`).join(' et ') : homePage.closedToday}
          </p>
        </div>
        <div className={`${cardClass} p-5`}>
          <h2 className="mb-1 flex items-center gap-2 font-semibold">
            <MapPin size={18} className="text-brand-600" aria-hidden />
            {homePage.address}
          </h2>
          <p className="text-sm text-ink/70">{readSetting(settings, 'contacts.address', '')}</p>
        </div>
        <p className="text-ink/80 sm:col-span-3">{readSetting(settings, 'site.description', '')}</p>
      </section>
      {popular.length ? (
        <section aria-labelledby="les-plus-populaires" className="mx-auto max-w-6xl px-4 pb-10">
          <h2 id="les-plus-populaires" className="mb-3 text-xl font-extrabold">
            {homePage.popular}
          </h2>
          <div className="-mx-4 flex gap-3 overflow-x-auto px-4 pb-2">
            {popular.map((item) => (
              <DishChip key={item.item_id} item={item} price={formatEuros(item.item_price.price_pickup)} />
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}
