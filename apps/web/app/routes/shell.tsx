import { useEffect, useState } from 'react';
import { isRouteErrorResponse, Link, NavLink, Outlet, useLocation, type ShouldRevalidateFunctionArgs } from 'react-router';
import { ShoppingBag, UserRound, UtensilsCrossed } from 'lucide-react';
import { readSetting } from '@resto/domain/settings';
import { isPageAllowed } from '@resto/domain/site';
import type { Route } from './+types/shell';
import { loadStoreData, siteOrigin } from '../lib/api.server.ts';
import { useLocalePrefix } from '../lib/paths.ts';
import { useCartStore } from '../features/cart/cart-store.ts';
import { Toaster } from '../components/ui/toast.tsx';
import { SiteFooter } from '../components/site-footer.tsx';
import { ErrorPage, errorDetail } from '../components/error-page.tsx';
import { useHydratedStores } from '../lib/use-hydrated-stores.ts';
import { AppOverlays } from '../features/pwa/index.ts';
import { useChunkErrorRecovery, useOfflineRecovery } from '../features/pwa/index.ts';
import { siteHeader } from '@resto/copy/storefront/site';
import { buttonClass } from '../components/ui/button.tsx';

export async function loader({ context }: Route.LoaderArgs) {
  // The configured origin (SITE_URL) makes Open Graph and JSON-LD URLs absolute; never the request's Host.
  return { ...(await loadStoreData(context)), origin: siteOrigin(context) };
}

/**
 * The menu does not change when only the query (?product=, ?tab=) does. A revalidation asked on
 * the same URL (the checkout's after 409 prices_changed) does reload it: fresh prices (docs/decisions/023).
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

/** True once the page is scrolled: the transparent header gets its background back. */
function useScrolled(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 8);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return scrolled;
}

export default function Shell({ loaderData }: Route.ComponentProps) {
  const prefix = useLocalePrefix();
  const { pathname } = useLocation();
  const name = readSetting(loaderData.settings, 'contacts.name', siteHeader.restaurantFallback);
  const count = useCartStore((s) => s.lines.reduce((n, l) => n + l.quantity, 0));
  const scrolled = useScrolled();
  // Over the home page's dark hero the header is see-through with light text (spec section 1: sticky transparent header).
  const isHome = pathname === '/' || pathname === '/fr' || pathname === '/fr/';
  const overHero = isHome && !scrolled;

  useHydratedStores();
  useEffect(() => {
    document.cookie = 'i18n_redirected=fr; path=/; max-age=31536000; SameSite=Lax';
  }, []);

  const navClass = ({ isActive }: { isActive: boolean }) =>
    `whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium ${
      isActive ? 'bg-brand-100 text-brand-700' : overHero ? 'text-white/90 hover:text-white' : 'text-ink/80 hover:text-ink'
    }`;
  const optional = [
    { page: 'About' as const, to: `${prefix}/about`, label: siteHeader.about },
    { page: 'Contact' as const, to: `${prefix}/contact`, label: siteHeader.contact },
    { page: 'Blog' as const, to: `${prefix}/blog`, label: siteHeader.blog },
  ].filter((link) => isPageAllowed(loaderData.settings, link.page));

  return (
    <div className="flex min-h-dvh flex-col">
      <header
        className={`sticky top-0 z-40 transition-colors duration-200 ${
          overHero ? 'border-b border-transparent bg-transparent text-white' : 'border-b border-black/5 bg-brand-50/80 backdrop-blur-md'
        }`}
      >
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4">
          <Link to={prefix || '/'} className="flex min-w-0 items-center gap-2 font-bold">
            <UtensilsCrossed size={20} className={`shrink-0 ${overHero ? 'text-white' : 'text-brand-600'}`} aria-hidden />
            <span className="truncate">{name}</span>
          </Link>
          <nav aria-label={siteHeader.navLabel} className="ml-auto flex items-center gap-1">
            <NavLink to={`${prefix}/menu`} className={navClass}>
              {siteHeader.menu}
            </NavLink>
            {optional.map((link) => (
              <NavLink key={link.page} to={link.to} className={(state) => `${navClass(state)} hidden sm:block`}>
                {link.label}
              </NavLink>
            ))}
            {/* Logged in or not, /profile is the account: its guard sends a guest to /auth/login. */}
            <NavLink to={`${prefix}/profile`} className={navClass} aria-label={siteHeader.account}>
              <UserRound size={18} aria-hidden />
            </NavLink>
            <Link
              to={`${prefix}/checkout`}
              className={buttonClass('primary', 'relative ml-1 flex items-center gap-1.5 px-3 py-1.5 text-sm')}
              aria-label={siteHeader.cartButton(count, count > 1 ? 's' : '')}
            >
              <ShoppingBag size={16} aria-hidden />
              <span suppressHydrationWarning>{count}</span>
            </Link>
          </nav>
        </div>
      </header>
      <Toaster />
      <main className={`flex-1 ${isHome ? '-mt-14' : ''}`}>
        <Outlet />
      </main>
      <SiteFooter settings={loaderData.settings} menus={loaderData.menus} prefix={prefix} />
      <AppOverlays settings={loaderData.settings} prefix={prefix} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useChunkErrorRecovery(error);
  useOfflineRecovery();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return <ErrorPage notFound={notFound} detail={errorDetail(error)} />;
}
