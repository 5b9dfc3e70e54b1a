import { getLegalInfo, getTagManagerId } from '@resto/domain/site';
import type { Route } from './+types/cookie-policy';
import { pageMeta, siteMetaFrom } from '../lib/seo.ts';
import { useStoreData } from '../lib/store-data.ts';
import { Prose } from '../features/site/index.ts';
import { openCookieConsent } from '../features/pwa/index.ts';
import { cookiePolicy } from '@resto/copy/storefront/legal';
import { buttonClass } from '../components/ui/button.tsx';

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta(cookiePolicy.heading, { location, matches }, cookiePolicy.metaDescription, {
    site: siteMetaFrom(matches),
  });

/** What the storefront really stores, key by key (spec section 3, "Local storage keys"). */
const stored: { name: string; kind: string; why: string; duration: string }[] = [
  { name: 'i18n_redirected', kind: cookiePolicy.cookieType, why: cookiePolicy.languagePurpose, duration: '365 jours' },
  {
    name: 'cookie-consent',
    kind: cookiePolicy.localStorageType,
    why: cookiePolicy.consentPurpose,
    duration: cookiePolicy.untilErasedOrIdle,
  },
  { name: 'cart', kind: cookiePolicy.localStorageType, why: cookiePolicy.cartName, duration: cookiePolicy.untilOrderOrIdle },
  {
    name: 'checkout',
    kind: cookiePolicy.localStorageType,
    why: cookiePolicy.checkoutFieldsPurpose,
    duration: cookiePolicy.untilOrderOrIdle,
  },
  { name: 'last-order', kind: cookiePolicy.localStorageType, why: cookiePolicy.lastOrderPurpose, duration: '48 h sans visite' },
  { name: 'location', kind: cookiePolicy.localStorageType, why: cookiePolicy.locationPurpose, duration: '48 h sans visite' },
  { name: 'allergen-filter', kind: cookiePolicy.localStorageType, why: cookiePolicy.allergenFilterPurpose, duration: '48 h sans visite' },
  {
    name: 'last-visit',
    kind: cookiePolicy.localStorageType,
    why: cookiePolicy.idleErasurePurpose,
    duration: cookiePolicy.renewedEachVisit,
  },
  {
    name: 'pwa-installed, vite-pwa:hide-install, ios-pwa-prompt-shown',
    kind: cookiePolicy.localStorageType,
    why: cookiePolicy.installDismissPurpose,
    duration: cookiePolicy.untilErased,
  },
  {
    name: cookiePolicy.appCachesName,
    kind: cookiePolicy.browserCacheType,
    why: cookiePolicy.offlinePurpose,
    duration: cookiePolicy.cacheLimit,
  },
];

/** /cookie-policy: every key the product stores, and a way to change the consent answer. */
export default function CookiePolicy() {
  const { settings } = useStoreData();
  const info = getLegalInfo(settings);
  const tagManager = getTagManagerId(settings);
  return (
    <Prose title={cookiePolicy.heading} intro={cookiePolicy.intro}>
      <h2>{cookiePolicy.storageHeading}</h2>
      <table>
        <thead>
          <tr>
            <th>{cookiePolicy.name}</th>
            <th>{cookiePolicy.type}</th>
            <th>{cookiePolicy.purpose}</th>
            <th>{cookiePolicy.duration}</th>
          </tr>
        </thead>
        <tbody>
          {stored.map((row) => (
            <tr key={row.name}>
              <td data-label="">
                <code>{row.name}</code>
              </td>
              <td data-label={cookiePolicy.typeLabel}>{row.kind}</td>
              <td data-label={cookiePolicy.purposeLabel}>{row.why}</td>
              <td data-label={cookiePolicy.durationLabel}>{row.duration}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{cookiePolicy.necessaryNote}</p>
      <h2>{cookiePolicy.analyticsHeading}</h2>
      <p>{tagManager ? cookiePolicy.analyticsConsent(tagManager) : cookiePolicy.noAnalytics}</p>
      <h2>{cookiePolicy.changeMindHeading}</h2>
      <p>{cookiePolicy.changeMindText}</p>
      <button type="button" onClick={openCookieConsent} className={buttonClass('primary', 'mt-2 px-5 py-2.5')}>
        {cookiePolicy.changeChoice}
      </button>
      <p>{cookiePolicy.questions(info.email)}</p>
    </Prose>
  );
}
