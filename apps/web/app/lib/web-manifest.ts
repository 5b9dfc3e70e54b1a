import { readSetting, type SettingsList } from '@resto/domain/settings';
import { webManifest } from '@resto/copy/storefront/site';

/** The PNG sizes phones and stores ask for; 192 and 512 also exist as maskable (safe-zone) icons. */
const iconSizes = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512] as const;
const maskableSizes = [192, 512] as const;

/** Spec section 1: dark app background, white theme colour. */
const defaultColors = { background: '#181412', theme: '#ffffff' } as const;

/** The web app manifest (spec section 1, "Installable") from the settings: name and colours. */
export function buildWebManifest(settings: SettingsList) {
  const name = readSetting(settings, 'contacts.name', webManifest.restaurantFallback);
  const shortName = (name.split(/\s[—–-]\s/)[0] ?? name).slice(0, 24);
  return {
    id: '/',
    name,
    short_name: shortName,
    description: readSetting(settings, 'site.tagline', webManifest.onlineOrdering),
    lang: 'fr',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: readSetting(settings, 'theme.background_color', defaultColors.background),
    theme_color: readSetting(settings, 'theme.theme_color', defaultColors.theme),
    categories: ['food', 'shopping'],
    icons: [
      ...iconSizes.map((size) => ({ src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })),
      ...maskableSizes.map((size) => ({ src: `/icons/maskable-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'maskable' })),
    ],
    shortcuts: [{ name: webManifest.menuShortcut, short_name: webManifest.menuShortName, url: '/menu', icons: [{ src: '/icons/icon-96.png', sizes: '96x96', type: 'image/png' }] }],
  };
}
