import { Link, useOutletContext } from 'react-router';
import type { User } from '@resto/domain/account';
import { formatPhone } from '@resto/domain/phone';
import type { Route } from './+types/profile-account';
import { pageMeta } from '../lib/seo.ts';
import { useLocalePrefix } from '../lib/paths.ts';
import { useLogout } from '../features/account/index.ts';
import { useProfileRefresh } from '../features/account/index.ts';
import { useState } from 'react';
import { Download } from 'lucide-react';
import { isSessionLost } from '../features/account/index.ts';
import { downloadMyData } from '../features/account/index.ts';
import { readConsent } from '../features/pwa/index.ts';
import { useToasts } from '../components/ui/toast.tsx';
import { accountAnswers, accountOverview } from '@resto/copy/storefront/account';
import { ApiCallError } from '../lib/api.ts';
import { buttonClass } from '../components/ui/button.tsx';
import { cardClass } from '../components/ui/card.tsx';

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(accountOverview.pageTitle, { location, matches }),
  { name: 'robots', content: 'noindex' },
];

/** /profile and /profile/ViewAccount: who is logged in, where to go next, logout, and a copy of one's data (docs/decisions/012). */
export default function ViewAccount() {
  const user = useOutletContext<User>();
  const prefix = useLocalePrefix();
  const logout = useLogout();
  useProfileRefresh();
  const toast = useToasts((s) => s.show);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadMyData(readConsent());
    } catch (error) {
      if (isSessionLost(error)) await logout();
      toast(error instanceof ApiCallError ? error.message : accountAnswers.exportFailed);
    } finally {
      setDownloading(false);
    }
  };
  const rows: [string, string][] = [
    [accountOverview.name, `${user.first_name} ${user.last_name}`],
    [accountOverview.email, user.email],
    [accountOverview.phone, formatPhone(user.phone)],
    [accountOverview.address, user.address ?? accountOverview.notGiven],
  ];
  return (
    <div className="space-y-5">
      <h2 className="text-2xl font-extrabold">{accountOverview.heading}</h2>
      <dl className={`${cardClass} divide-y divide-black/5 px-4`}>
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 py-3 sm:grid-cols-[10rem_1fr]">
            <dt className="text-sm text-ink/70">{label}</dt>
            <dd className="font-medium [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-2">
        <Link to={`${prefix}/profile/ViewOrders`} className={buttonClass('primary', 'px-4 py-2.5 text-sm')}>
          {accountOverview.viewOrders}
        </Link>
        <Link to={`${prefix}/profile/ViewProfile`} className={buttonClass('secondary', 'px-4 py-2.5 text-sm')}>
          {accountOverview.editProfile}
        </Link>
        <button type="button" onClick={() => void logout()} className={buttonClass('secondary', 'px-4 py-2.5 text-sm')}>
          {accountOverview.logOut}
        </button>
      </div>
      <section className={`${cardClass} p-4`} aria-labelledby="mes-donnees">
        <h3 id="mes-donnees" className="font-bold">
          {accountOverview.personalData}
        </h3>
        <p className="mt-1 text-sm text-ink/70">
          {accountOverview.exportHint}{' '}
          <Link to={`${prefix}/privacy-policy`} className="text-brand-700 underline">
            {accountOverview.retentionLink}
          </Link>
          .
        </p>
        <button
          type="button"
          onClick={() => void download()}
          disabled={downloading}
          className="mt-3 inline-flex items-center gap-2 rounded-full border border-black/15 bg-white px-4 py-2.5 text-sm font-semibold disabled:opacity-50"
        >
          <Download size={16} aria-hidden /> {downloading ? accountOverview.exporting : accountOverview.export}
        </button>
      </section>
    </div>
  );
}
