import { Link } from 'react-router';
import { KeyRound, LogOut } from 'lucide-react';
import type { Route } from './+types/profile-security';
import { pageMeta } from '../lib/seo.ts';
import { useLocalePrefix } from '../lib/paths.ts';
import { DeleteAccountForm } from '../features/account/index.ts';
import { useLogout } from '../features/account/index.ts';
import { accountSecurity } from '@resto/copy/storefront/account';
import { cardClass } from '../components/ui/card.tsx';

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(accountSecurity.pageTitle, { location, matches }),
  { name: 'robots', content: 'noindex' },
];

/** /profile/ViewSecurity: password, logout, and deleting the account. */
export default function ViewSecurity() {
  const prefix = useLocalePrefix();
  const logout = useLogout();
  return (
    <div className="space-y-5">
      <h2 className="text-2xl font-extrabold">{accountSecurity.heading}</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <Link to={`${prefix}/profile/ChangePassword`} className={`${cardClass} flex items-center gap-3 p-4 hover:ring-1 hover:ring-brand-500`}>
          <KeyRound size={22} className="shrink-0 text-brand-600" aria-hidden />
          <span>
            <span className="block font-semibold">{accountSecurity.changePassword}</span>
            <span className="block text-sm text-ink/70">{accountSecurity.changePasswordHint}</span>
          </span>
        </Link>
        <button type="button" onClick={() => void logout()} className={`${cardClass} flex items-center gap-3 p-4 text-left hover:ring-1 hover:ring-brand-500`}>
          <LogOut size={22} className="shrink-0 text-brand-600" aria-hidden />
          <span>
            <span className="block font-semibold">{accountSecurity.logOut}</span>
            <span className="block text-sm text-ink/70">{accountSecurity.logOutHint}</span>
          </span>
        </button>
      </div>
      <section aria-labelledby="suppression" className={`${cardClass} border border-red-200 p-4 sm:p-6`}>
        <h3 id="suppression" className="text-lg font-bold text-red-800">
          {accountSecurity.deleteAccount}
        </h3>
        <p className="mt-1 text-sm text-ink/70">{accountSecurity.deleteAccountHint}</p>
        <div className="mt-4">
          <DeleteAccountForm />
        </div>
      </section>
    </div>
  );
}
