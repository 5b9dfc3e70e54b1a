import { expect, test } from './fixtures.ts';
import { collectConsoleErrors, open } from './helpers.ts';

/** Spec section 2: every route answers, unprefixed and under /fr, with a French heading. */
const pages: { path: string; heading: RegExp }[] = [
  { path: '/', heading: /Chez Margot/ },
  { path: '/menu', heading: /La carte/ },
  { path: '/checkout', heading: /Votre commande/ },
  { path: '/success', heading: /Merci/ },
  { path: '/cookie-policy', heading: /Politique cookies/ },
  { path: '/privacy-policy', heading: /Politique de confidentialité/ },
  { path: '/terms-of-service', heading: /Mentions légales et conditions générales de vente/ },
  { path: '/offline', heading: /Vous êtes hors ligne/ },
];

for (const prefix of ['', '/fr']) {
  for (const { path, heading } of pages) {
    const url = prefix && path === '/' ? '/fr' : `${prefix}${path}`;
    test(`${url} answers 200 with its French heading`, async ({ page }) => {
      const errors = collectConsoleErrors(page);
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      if (prefix) await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', new RegExp(`${path === '/' ? '/' : path}$`));
      expect(errors).toEqual([]);
    });
  }
  for (const path of ['/about', '/contact', '/blog']) {
    test(`${prefix}${path} is disallowed by default and redirects home`, async ({ page }) => {
      const response = await page.request.get(`${prefix}${path}`, { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(new URL(response.headers().location ?? '', 'http://x').pathname).toBe(prefix || '/');
      await page.goto(`${prefix}${path}`);
      await expect(page).toHaveURL(new RegExp(`${prefix || ''}/?$`));
      await expect(page.getByRole('heading', { level: 1, name: /Chez Margot/ })).toBeVisible();
    });
  }
}

test('the offline page has no layout and no scripts', async ({ page }) => {
  await page.goto('/offline');
  await expect(page.locator('header')).toHaveCount(0);
  await expect(page.locator('footer')).toHaveCount(0);
  await expect(page.locator('script')).toHaveCount(0);
});

test('layout: sticky header, dark footer with contacts, hours, legal links and only the social links that are set', async ({ page }) => {
  await open(page, '/menu');
  const header = page.locator('header').first();
  expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
  const footer = page.locator('footer');
  expect(await footer.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(24, 20, 18)');
  await expect(footer.getByRole('heading', { name: 'Horaires' })).toBeVisible();
  await expect(footer.getByText('12 rue des Marronniers, 69002 Lyon')).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', 'https://www.facebook.com/chezmargot.lyon');
  await expect(footer.getByRole('link', { name: 'Instagram' })).toBeVisible();
  await expect(footer.getByRole('link', { name: /Twitter|YouTube|LinkedIn|TikTok|Pinterest/ })).toHaveCount(0);
  for (const name of ['Mentions légales et CGV', 'Confidentialité', 'Cookies']) await expect(footer.getByRole('link', { name })).toBeVisible();
  // Disallowed pages appear nowhere.
  await expect(page.getByRole('link', { name: /À propos|^Contact$|Blog/ })).toHaveCount(0);
  await footer.getByRole('link', { name: 'Mentions légales et CGV' }).click();
  await expect(page).toHaveURL(/\/terms-of-service$/);
  await expect(page.getByText(/L221-28/)).toBeVisible();
  await expect(page.getByText(/Margot Restauration SAS/).first()).toBeVisible();
});

test('the i18n_redirected cookie is set to fr for 365 days', async ({ page, context }) => {
  await open(page, '/fr/menu');
  const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
  expect(cookie?.value).toBe('fr');
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365.01);
});

test('sitemaps list the allowed pages only; robots.txt points at the sitemap', async ({ request, baseURL }) => {
  for (const path of ['/sitemap.xml', '/fr/sitemap.xml']) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/xml');
    const body = await response.text();
    const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
    expect(locs).toEqual(['/', '/menu', '/terms-of-service', '/privacy-policy', '/cookie-policy']);
  }
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(robots).toContain('Disallow: /checkout');
});

test('manifest from the settings: name, dark background, white theme, icons that exist, maskable too', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as {
    name: string;
    background_color: string;
    theme_color: string;
    scope: string;
    icons: { src: string; purpose: string; sizes: string }[];
  };
  expect(manifest.name).toBe('Chez Margot — Bistro & Pizzeria');
  expect(manifest.background_color).toBe('#181412');
  expect(manifest.theme_color).toBe('#ffffff');
  expect(manifest.scope).toBe('/');
  expect(manifest.icons.some((i) => i.purpose === 'maskable' && i.sizes === '512x512')).toBe(true);
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
  }
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(await sw.text()).toContain('/offline');
});

test('every storefront page is titled with the restaurant’s name (settings contacts.name), checkout and login included', async ({ page }) => {
  const paths = [
    '/', '/menu', '/menu?product=105', '/checkout', '/checkout?tab=confirmation', '/success', '/recu', '/suivi',
    '/auth', '/auth/login', '/auth/signup', '/auth/forgot', '/auth/verify',
    '/profile', '/profile/ViewOrders', '/profile/ViewAccount', '/profile/ViewProfile', '/profile/ViewSecurity', '/profile/ChangePassword',
    '/cookie-policy', '/privacy-policy', '/terms-of-service', '/nulle-part', '/fr/checkout', '/fr/auth/login',
  ];
  const titles: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    titles.push(`${path} → ${await page.title()}`);
  }
  expect(titles.filter((line) => !line.endsWith(' · Chez Margot — Bistro & Pizzeria'))).toEqual([]);
  expect(titles).toContain('/checkout → Commande · Chez Margot — Bistro & Pizzeria');
  expect(titles).toContain('/auth/login → Connexion · Chez Margot — Bistro & Pizzeria');
});

test('titles, Open Graph, and JSON-LD: the home is a Restaurant, the menu a Menu, a shared dish previews that dish', async ({ page, baseURL }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Accueil · Chez Margot — Bistro & Pizzeria');
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Accueil');
  const restaurant = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as Record<string, unknown>;
  expect(restaurant['@type']).toBe('Restaurant');
  expect(restaurant.telephone).toBe('+33 4 78 00 00 00');
  expect((restaurant.openingHoursSpecification as unknown[]).length).toBeGreaterThan(5);

  await page.goto('/menu');
  const menu = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as {
    '@type': string;
    hasMenuSection: { hasMenuItem: { offers: { priceCurrency: string } }[] }[];
  };
  expect(menu['@type']).toBe('Menu');
  expect(menu.hasMenuSection.length).toBeGreaterThan(3);
  expect(menu.hasMenuSection[0]?.hasMenuItem[0]?.offers.priceCurrency).toBe('EUR');

  await page.goto('/menu?product=105');
  const title = await page.locator('meta[property="og:title"]').getAttribute('content');
  expect(title).toBeTruthy();
  await expect(page).toHaveTitle(`${title} · Chez Margot — Bistro & Pizzeria`);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${baseURL}/menu?product=105`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', new RegExp(`^${baseURL}/images/`));
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', /€/);
  await expect(page.getByRole('dialog').getByRole('heading', { name: title ?? '' })).toBeVisible();
});
