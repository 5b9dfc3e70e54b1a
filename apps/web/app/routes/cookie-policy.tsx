import { getLegalInfo, getTagManagerId } from '@resto/domain/site';
import type { Route } from './+types/cookie-policy';
import { pageMeta, siteMetaFrom } from '../lib/seo.ts';
import { useStoreData } from '../lib/store-data.ts';
import { Prose } from '../features/site/index.ts';
import { openCookieConsent } from '../features/pwa/index.ts';

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta('Politique cookies', location.pathname, 'Ce que le site enregistre dans votre navigateur, pourquoi, et comment changer d’avis.', {
    site: siteMetaFrom(matches),
  });

/** What the storefront really stores, key by key (spec section 3, "Local storage keys"). */
const stored: { name: string; kind: string; why: string; duration: string }[] = [
  { name: 'i18n_redirected', kind: 'Cookie', why: 'Retenir la langue du site (français)', duration: '365 jours' },
  {
    name: 'cookie-consent',
    kind: 'Stockage local',
    why: 'Retenir votre réponse à la question des cookies',
    duration: 'Jusqu’à effacement, ou 48 h sans visite',
  },
  { name: 'cart', kind: 'Stockage local', why: 'Votre panier', duration: 'Jusqu’à la commande, ou 48 h sans visite' },
  {
    name: 'checkout',
    kind: 'Stockage local',
    why: 'Les champs de la commande en cours, pour ne pas les ressaisir',
    duration: 'Jusqu’à la commande, ou 48 h sans visite',
  },
  { name: 'last-order', kind: 'Stockage local', why: 'Afficher le récapitulatif de votre dernière commande', duration: '48 h sans visite' },
  { name: 'location', kind: 'Stockage local', why: 'Retrait ou livraison, et votre adresse de livraison', duration: '48 h sans visite' },
  { name: 'allergen-filter', kind: 'Stockage local', why: 'Les allergènes que vous masquez sur la carte', duration: '48 h sans visite' },
  { name: 'last-visit', kind: 'Stockage local', why: 'Effacer ces données après 48 h sans visite', duration: 'Renouvelé à chaque visite' },
  {
    name: 'pwa-installed, vite-pwa:hide-install, ios-pwa-prompt-shown',
    kind: 'Stockage local',
    why: 'Ne plus proposer l’installation de l’application une fois installée ou refusée',
    duration: 'Jusqu’à effacement',
  },
  {
    name: 'Caches de l’application',
    kind: 'Cache du navigateur',
    why: 'Consulter la carte hors connexion (service worker)',
    duration: 'Vidés au-delà de 50 Mo ou à chaque nouvelle version',
  },
];

/** /cookie-policy: every key the product stores, and a way to change the consent answer. */
export default function CookiePolicy() {
  const { settings } = useStoreData();
  const info = getLegalInfo(settings);
  const tagManager = getTagManagerId(settings);
  return (
    <Prose
      title="Politique cookies"
      intro="Nous n’utilisons que ce qui est nécessaire pour que la commande fonctionne, sauf si vous acceptez la mesure d’audience."
    >
      <h2>Ce que le site enregistre</h2>
      <table>
        <thead>
          <tr>
            <th>Nom</th>
            <th>Type</th>
            <th>Finalité</th>
            <th>Durée</th>
          </tr>
        </thead>
        <tbody>
          {stored.map((row) => (
            <tr key={row.name}>
              <td data-label="">
                <code>{row.name}</code>
              </td>
              <td data-label="Type : ">{row.kind}</td>
              <td data-label="Finalité : ">{row.why}</td>
              <td data-label="Durée : ">{row.duration}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Ces éléments sont strictement nécessaires au service demandé : ils ne requièrent pas votre consentement (article 82 de la loi Informatique et Libertés).
      </p>
      <h2>Mesure d’audience</h2>
      <p>
        {tagManager
          ? `Si vous cliquez sur « Accepter », nous chargeons un outil de mesure d’audience (${tagManager}) qui dépose ses propres cookies. Si vous refusez, rien n’est chargé.`
          : 'Aucun outil de mesure d’audience ni aucun traceur publicitaire n’est utilisé sur ce site actuellement.'}
      </p>
      <h2>Changer d’avis</h2>
      <p>Votre choix est conservé dans votre navigateur. Vous pouvez le modifier à tout moment :</p>
      <button type="button" onClick={openCookieConsent} className="mt-2 rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white">
        Modifier mon choix
      </button>
      <p>Pour toute question : {info.email}.</p>
    </Prose>
  );
}
