import { NavLink, Outlet } from 'react-router';
import { KeyRound, LogOut, Package, Shield, UserRound, UserRoundCog } from 'lucide-react';
import type { Route } from './+types/profile';
import { pageMeta } from '../lib/seo.ts';
import { useLocalePrefix } from '../lib/paths.ts';
import { useLogout, useRequireLogin } from '../features/account/index.ts';
import { accountLayout } from '@resto/copy/storefront/account';

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(accountLayout.pageTitle, { location, matches }),
  { name: 'robots', content: 'noindex' },
];

/** /profile (spec section 2, account area shell): the guard, the account menu, the page. */
export default function ProfileLayout() {
  const user = useRequireLogin();
  const prefix = useLocalePrefix();
  const logout = useLogout();
  const links = [
    { to: `${prefix}/profile/ViewOrders`, label: accountLayout.orders, icon: Package },
    { to: `${prefix}/profile/ViewAccount`, label: accountLayout.heading, icon: UserRound },
    { to: `${prefix}/profile/ViewProfile`, label: accountLayout.profile, icon: UserRoundCog },
    { to: `${prefix}/profile/ViewSecurity`, label: accountLayout.security, icon: Shield },
    { to: `${prefix}/profile/ChangePassword`, label: accountLayout.password, icon: KeyRound },
  ];
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `flex shrink-0 items-center gap-2 whitespace-nowrap rounded-full px-3 py-2 text-sm font-medium md:rounded-xl ${isActive ? 'bg-brand-100 text-brand-700' : 'bg-white text-ink/80 hover:bg-black/5 md:bg-transparent'}`;

  if (!user)
    return (
      <div className="mx-auto max-w-5xl px-4 py-10" aria-busy="true">
        <p className="text-ink/70">{accountLayout.loading}</p>
      </div>
    );

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 md:grid md:grid-cols-[14rem_1fr] md:gap-8 md:py-10">
      <aside className="md:pt-1">
        <p className="mb-3 text-sm text-ink/70">
          {accountLayout.greeting}
          <strong className="text-ink">{user.first_name}</strong>
        </p>
        <nav aria-label={accountLayout.heading} className="flex flex-wrap gap-1 pb-2 md:flex-col">
          {links.map(({ to, label, icon: Icon }) => (
            <NavLink key={to} to={to} className={linkClass}>
              <Icon size={16} aria-hidden />
              {label}
            </NavLink>
          ))}
          <button
            type="button"
            onClick={() => void logout()}
            className="flex shrink-0 items-center gap-2 whitespace-nowrap rounded-full bg-white px-3 py-2 text-sm font-medium text-ink/80 hover:bg-black/5 md:rounded-xl md:bg-transparent"
          >
            <LogOut size={16} aria-hidden />
            {accountLayout.logOut}
          </button>
        </nav>
      </aside>
      <section className="mt-4 min-w-0 md:mt-0">
        <Outlet context={user} />
      </section>
    </div>
  );
}
