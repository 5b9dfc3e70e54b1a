import { Link } from 'react-router';
import { KeyRound, LogOut } from 'lucide-react';
import type { Route } from './+types/profile-security';
import { pageMeta } from '../lib/seo.ts';
import { useLocalePrefix } from '../lib/paths.ts';
import { DeleteAccountForm } from '../features/account/index.ts';
import { useLogout } from '../features/account/index.ts';

export const meta: Route.MetaFunction = ({ location }) => [
  ...pageMeta('Sécurité · Commande en ligne', location.pathname),
  { name: 'robots', content: 'noindex' },
];

/** /profile/ViewSecurity: password, logout, and deleting the account. */
export default function ViewSecurity() {
  const prefix = useLocalePrefix();
  const logout = useLogout();
  return (
    <div className="space-y-5">
      <h2 className="text-2xl font-extrabold">Sécurité</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <Link to={`${prefix}/profile/ChangePassword`} className="flex items-center gap-3 rounded-2xl bg-white p-4 shadow-sm hover:ring-1 hover:ring-brand-500">
          <KeyRound size={22} className="shrink-0 text-brand-600" aria-hidden />
          <span>
            <span className="block font-semibold">Changer le mot de passe</span>
            <span className="block text-sm text-ink/60">Vos autres appareils seront déconnectés.</span>
          </span>
        </Link>
        <button
          type="button"
          onClick={() => void logout()}
          className="flex items-center gap-3 rounded-2xl bg-white p-4 text-left shadow-sm hover:ring-1 hover:ring-brand-500"
        >
          <LogOut size={22} className="shrink-0 text-brand-600" aria-hidden />
          <span>
            <span className="block font-semibold">Se déconnecter</span>
            <span className="block text-sm text-ink/60">Sur cet appareil.</span>
          </span>
        </button>
      </div>
      <section aria-labelledby="suppression" className="rounded-2xl border border-red-200 bg-white p-4 shadow-sm sm:p-6">
        <h3 id="suppression" className="text-lg font-bold text-red-800">
          Supprimer mon compte
        </h3>
        <p className="mt-1 text-sm text-ink/70">
          Vos nom, e-mail, téléphone, adresse et mot de passe sont effacés et vous êtes déconnecté partout. Vos commandes passées restent, anonymes, dans la
          comptabilité du restaurant. Cette action est définitive.
        </p>
        <div className="mt-4">
          <DeleteAccountForm />
        </div>
      </section>
    </div>
  );
}
