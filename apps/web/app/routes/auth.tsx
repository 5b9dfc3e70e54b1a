import { Link } from 'react-router';
import { KeyRound, LogIn, UserPlus } from 'lucide-react';
import type { Route } from './+types/auth';
import { pageMeta } from '../lib/seo.ts';
import { useLocalePrefix } from '../lib/paths.ts';
import { AuthCard } from '../features/account/index.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta('Mon compte · Commande en ligne', location.pathname);

/** /auth: the index of the account pages (spec section 2). */
export default function AuthIndex() {
  const prefix = useLocalePrefix();
  const links = [
    { to: `${prefix}/auth/login`, icon: LogIn, title: 'Se connecter', text: 'Retrouvez vos coordonnées et vos commandes.' },
    { to: `${prefix}/auth/signup`, icon: UserPlus, title: 'Créer un compte', text: 'Commandez plus vite la prochaine fois.' },
    { to: `${prefix}/auth/forgot`, icon: KeyRound, title: 'Mot de passe oublié', text: 'Recevez un code par e-mail pour en choisir un nouveau.' },
  ];
  return (
    <AuthCard title="Mon compte" intro="Un compte est facultatif : vous pouvez aussi commander sans.">
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
