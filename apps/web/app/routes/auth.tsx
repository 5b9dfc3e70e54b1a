import { Link } from 'react-router';
import { KeyRound, LogIn, UserPlus } from 'lucide-react';
import type { Route } from './+types/auth';
import { pageMeta } from '../lib/seo.ts';
import { useLocalePrefix } from '../lib/paths.ts';
import { accountEntry } from '@resto/copy/storefront/account';
import { AuthCard } from '../components/ui/auth-card.tsx';

export const meta: Route.MetaFunction = ({ location, matches }) => pageMeta(accountEntry.pageTitle, { location, matches });

/** /auth: the index of the account pages (spec section 2). */
export default function AuthIndex() {
  const prefix = useLocalePrefix();
  const links = [
    { to: `${prefix}/auth/login`, icon: LogIn, title: accountEntry.logIn, text: accountEntry.logInHint },
    { to: `${prefix}/auth/signup`, icon: UserPlus, title: accountEntry.signUp, text: accountEntry.signUpHint },
    { to: `${prefix}/auth/forgot`, icon: KeyRound, title: accountEntry.forgotPassword, text: accountEntry.forgotPasswordHint },
  ];
  return (
    <AuthCard title={accountEntry.heading} intro={accountEntry.optional}>
      <ul className="space-y-3">
        {links.map(({ to, icon: Icon, title, text }) => (
          <li key={to}>
            <Link to={to} className="flex items-center gap-3 rounded-2xl border border-black/10 p-4 hover:border-brand-500">
              <Icon size={22} className="shrink-0 text-brand-600" aria-hidden />
              <span>
                <span className="block font-semibold">{title}</span>
                <span className="block text-sm text-ink/70">{text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </AuthCard>
  );
}
