import { useEffect } from 'react';
import { isRouteErrorResponse, Link, NavLink, Outlet, type ShouldRevalidateFunctionArgs } from 'react-router';
import { ShoppingBag, UserRound, UtensilsCrossed } from 'lucide-react';
import { readSetting } from '@resto/domain/settings';
import type { Route } from './+types/shell';
import { loadStoreData } from '../lib/api.server.ts';
import { useLocalePrefix } from '../lib/paths.ts';
import { useCartStore } from '../features/cart/cart-store.ts';
import { Toaster } from '../components/ui/toast.tsx';
import { SiteFooter } from '../components/site-footer.tsx';
import { ErrorPage } from '../components/error-page.tsx';
import { useHydratedStores } from '../lib/use-hydrated-stores.ts';

export async function loader({ context }: Route.LoaderArgs) {
  return loadStoreData(context);
}

/** The menu does not change when only the query (?product=, ?tab=) does. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export default function Shell({ loaderData }: Route.ComponentProps) {
  const prefix = useLocalePrefix();
  const name = readSetting(loaderData.settings, 'contacts.name', 'Restaurant');
  const count = useCartStore((s) => s.lines.reduce((n, l) => n + l.quantity, 0));

  useHydratedStores();
  useEffect(() => {
    document.cookie = 'i18n_redirected=fr; path=/; max-age=31536000; SameSite=Lax';
  }, []);

  const navClass = ({ isActive }: { isActive: boolean }) =>
    `whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium ${isActive ? 'bg-brand-100 text-brand-700' : 'text-ink/80 hover:text-ink'}`;

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b border-black/5 bg-white/85 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4">
          <Link to={prefix || '/'} className="flex min-w-0 items-center gap-2 font-bold">
            <UtensilsCrossed size={20} className="shrink-0 text-brand-600" aria-hidden />
            <span className="truncate">{name}</span>
          </Link>
          <nav aria-label="Navigation principale" className="ml-auto flex items-center gap-1">
            <NavLink to={`${prefix}/menu`} className={navClass}>
              La carte
            </NavLink>
            {/* Logged in or not, /profile is the account: its guard sends a guest to /auth/login. */}
            <NavLink to={`${prefix}/profile`} className={navClass} aria-label="Mon compte">
              <UserRound size={18} aria-hidden />
            </NavLink>
            <Link
              to={`${prefix}/checkout`}
              className="relative ml-1 flex items-center gap-1.5 rounded-full bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white"
              aria-label={`Commander, ${count} article${count > 1 ? 's' : ''} dans le panier`}
            >
              <ShoppingBag size={16} aria-hidden />
              <span suppressHydrationWarning>{count}</span>
            </Link>
          </nav>
        </div>
      </header>
      <Toaster />
      <main className="flex-1">
        <Outlet />
      </main>
      <SiteFooter settings={loaderData.settings} menus={loaderData.menus} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return <ErrorPage notFound={notFound} detail={isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : undefined} />;
}
