import { getLegalInfo, getTagManagerId } from '@resto/domain/site';
import type { Route } from './+types/cookie-policy';
import { pageMeta, siteMetaFrom } from '../lib/seo.ts';
import { useStoreData } from '../lib/store-data.ts';
import { Prose } from '../features/site/index.ts';
import { openCookieConsent } from '../features/pwa/index.ts';
import { cookiePolicyTexts } from '@resto/domain/messages/legal';

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta(cookiePolicyTexts.politiqueCookies, { location, matches }, cookiePolicyTexts.ceQueLeSiteEnregistre2, {
    site: siteMetaFrom(matches),
  });

/** What the storefront really stores, key by key (spec section 3, "Local storage keys"). */
const stored: { name: string; kind: string; why: string; duration: string }[] = [
  { name: 'i18n_redirected', kind: cookiePolicyTexts.cookie, why: cookiePolicyTexts.retenirLaLangueDuSite, duration: '365 jours' },
  {
    name: 'cookie-consent',
    kind: cookiePolicyTexts.stockageLocal,
    why: cookiePolicyTexts.retenirVotreReponseALa,
    duration: cookiePolicyTexts.jusquAEffacementOu48,
  },
  { name: 'cart', kind: cookiePolicyTexts.stockageLocal, why: cookiePolicyTexts.votrePanier, duration: cookiePolicyTexts.jusquALaCommandeOu },
  {
    name: 'checkout',
    kind: cookiePolicyTexts.stockageLocal,
    why: cookiePolicyTexts.lesChampsDeLaCommande,
    duration: cookiePolicyTexts.jusquALaCommandeOu,
  },
  { name: 'last-order', kind: cookiePolicyTexts.stockageLocal, why: cookiePolicyTexts.afficherLeRecapitulatifDeVotre, duration: '48 h sans visite' },
  { name: 'location', kind: cookiePolicyTexts.stockageLocal, why: cookiePolicyTexts.retraitOuLivraisonEtVotre, duration: '48 h sans visite' },
  { name: 'allergen-filter', kind: cookiePolicyTexts.stockageLocal, why: cookiePolicyTexts.lesAllergenesQueVousMasquez, duration: '48 h sans visite' },
  {
    name: 'last-visit',
    kind: cookiePolicyTexts.stockageLocal,
    why: cookiePolicyTexts.effacerCesDonneesApres48,
    duration: cookiePolicyTexts.renouveleAChaqueVisite,
  },
  {
    name: 'pwa-installed, vite-pwa:hide-install, ios-pwa-prompt-shown',
    kind: cookiePolicyTexts.stockageLocal,
    why: cookiePolicyTexts.nePlusProposerLInstallation,
    duration: cookiePolicyTexts.jusquAEffacement,
  },
  {
    name: cookiePolicyTexts.cachesDeLApplication,
    kind: cookiePolicyTexts.cacheDuNavigateur,
    why: cookiePolicyTexts.consulterLaCarteHorsConnexion,
    duration: cookiePolicyTexts.videsAuDelaDe50,
  },
];

/** /cookie-policy: every key the product stores, and a way to change the consent answer. */
export default function CookiePolicy() {
  const { settings } = useStoreData();
  const info = getLegalInfo(settings);
  const tagManager = getTagManagerId(settings);
  return (
    <Prose title={cookiePolicyTexts.politiqueCookies} intro={cookiePolicyTexts.nousNUtilisonsQueCe}>
      <h2>{cookiePolicyTexts.ceQueLeSiteEnregistre}</h2>
      <table>
        <thead>
          <tr>
            <th>{cookiePolicyTexts.nom}</th>
            <th>{cookiePolicyTexts.type}</th>
            <th>{cookiePolicyTexts.finalite}</th>
            <th>{cookiePolicyTexts.duree}</th>
          </tr>
        </thead>
        <tbody>
          {stored.map((row) => (
            <tr key={row.name}>
              <td data-label="">
                <code>{row.name}</code>
              </td>
              <td data-label={cookiePolicyTexts.type2}>{row.kind}</td>
              <td data-label={cookiePolicyTexts.finalite2}>{row.why}</td>
              <td data-label={cookiePolicyTexts.duree2}>{row.duration}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{cookiePolicyTexts.cesElementsSontStrictementNecessaires}</p>
      <h2>{cookiePolicyTexts.mesureDAudience}</h2>
      <p>{tagManager ? cookiePolicyTexts.siVousCliquezSurAccepter(tagManager) : cookiePolicyTexts.aucunOutilDeMesureD}</p>
      <h2>{cookiePolicyTexts.changerDAvis}</h2>
      <p>{cookiePolicyTexts.votreChoixEstConserveDans}</p>
      <button type="button" onClick={openCookieConsent} className="mt-2 rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white">
        {cookiePolicyTexts.modifierMonChoix}
      </button>
      <p>{cookiePolicyTexts.pourTouteQuestion(info.email)}</p>
    </Prose>
  );
}
