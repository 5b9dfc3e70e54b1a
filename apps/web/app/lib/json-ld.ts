import type { Menu } from '@resto/domain/catalogue';
import { getSocialLinks } from '@resto/domain/site';
import { readSetting, type SettingsList } from '@resto/domain/settings';
import { structuredData } from '@resto/copy/storefront/site';

const dayNames: Record<string, string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };

/** schema.org Menu of every menu's categories and available items, prices in euros (schema.org/Menu). */
export function menuJsonLd(menus: readonly Menu[], origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Menu',
    name: structuredData.menuName,
    url: `${origin}/menu`,
    inLanguage: 'fr',
    hasMenuSection: menus.flatMap((menu) =>
      menu.categories.map((category) => ({
        '@type': 'MenuSection',
        name: category.category_name,
        hasMenuItem: category.items
          .filter((item) => item.item_is_available)
          .map((item) => ({
            '@type': 'MenuItem',
            name: item.item_name,
            description: item.item_description,
            url: `${origin}/menu?product=${item.item_id}`,
            ...(item.item_image ? { image: new URL(item.item_image, `${origin}/`).href } : {}),
            offers: { '@type': 'Offer', price: item.item_price.price_pickup.toFixed(2), priceCurrency: 'EUR' },
          })),
      })),
    ),
  };
}

/** schema.org Restaurant from the settings and the first menu's opening hours. */
export function restaurantJsonLd(settings: SettingsList, menus: readonly Menu[], origin: string) {
  const latitude = readSetting(settings, 'contacts.latitude', Number.NaN);
  const longitude = readSetting(settings, 'contacts.longitude', Number.NaN);
  const hours = (menus[0]?.active_times ?? []).flatMap((day) =>
    day.is_open && dayNames[day.day]
      ? day.times.map((t) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: `https://schema.org/${dayNames[day.day]}`, opens: t.start, closes: t.end }))
      : [],
  );
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    name: readSetting(settings, 'contacts.name', structuredData.restaurantFallback),
    description: readSetting(settings, 'site.description', ''),
    url: `${origin}/`,
    image: `${origin}/icons/icon-512.png`,
    telephone: readSetting(settings, 'contacts.phone', ''),
    email: readSetting(settings, 'contacts.email', ''),
    address: { '@type': 'PostalAddress', streetAddress: readSetting(settings, 'contacts.address', ''), addressCountry: 'FR' },
    ...(Number.isFinite(latitude) && Number.isFinite(longitude) ? { geo: { '@type': 'GeoCoordinates', latitude, longitude } } : {}),
    sameAs: getSocialLinks(settings).map((l) => l.url),
    currenciesAccepted: 'EUR',
    acceptsReservations: false,
    hasMenu: `${origin}/menu`,
    openingHoursSpecification: hours,
  };
}
