import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { freezeClock, open, signUpByApi } from './helpers.ts';
import { servers } from './servers.ts';

/**
 * docs/decisions/009 against the built server (docs/decisions/009-http-security-headers.md):
 * the security headers of pages, files and the service worker; no CSP violation in Chromium
 * across the main pages and flows (hydration, service worker, dialogs, card payment with the test
 * processor, an account); the configured site URL, never the Host header; `npm run serve` runs
 * React's production build.
 */

const base = `http://localhost:${servers.sunday.port}`;
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** The headers of one GET, as the server sends them. */
async function headersOf(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 });
  return { status: response.status(), headers: response.headers(), body: await response.text() };
}

test.describe('headers', () => {
  const pages = ['/', '/menu', '/checkout', '/auth/login', '/profile', '/profile/ViewSecurity', '/success', '/fr/checkout', '/page-introuvable'];

  for (const path of pages)
    test(`${path}: nonce CSP matching its scripts, no framing, nosniff, referrer policy, no HSTS over HTTP`, async ({ request }) => {
      const { headers, body } = await headersOf(request, path);
      const csp = headers['content-security-policy'] ?? '';
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
      expect(nonce, csp).toBeTruthy();
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(/script-src ([^;]*)/.exec(csp)?.[1]).not.toContain('unsafe-inline');
      // Every executable inline script of the page carries this answer's nonce (JSON-LD is data, not run).
      const scripts = [...body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
      const executable = scripts.filter((attributes) => !/type="application\/ld\+json"/.test(attributes));
      expect(executable.length).toBeGreaterThan(0);
      for (const attributes of executable) expect(attributes).toContain(`nonce="${nonce}"`);
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['strict-transport-security']).toBeUndefined();
    });

  test('each answer has its own nonce', async ({ request }) => {
    const nonceOf = async () => /'nonce-([^']+)'/.exec((await headersOf(request, '/')).headers['content-security-policy'] ?? '')?.[1];
    expect(await nonceOf()).not.toBe(await nonceOf());
  });

  test('personal pages are no-store; public ones are not', async ({ request }) => {
    for (const path of ['/checkout', '/success', '/auth/login', '/profile', '/profile/ViewOrders', '/fr/success'])
      expect((await headersOf(request, path)).headers['cache-control'], path).toBe('no-store');
    for (const path of ['/', '/menu']) expect((await headersOf(request, path)).headers['cache-control'] ?? '', path).not.toContain('no-store');
  });

  test('files: /sw.js, a built script, robots.txt and the sitemap are nosniff and never framed; an X-Forwarded-Proto without a trusted proxy brings no HSTS', async ({
    request,
  }) => {
    const home = await headersOf(request, '/');
    const asset = /src="(\/assets\/[^"]+\.js)"|href="(\/assets\/[^"]+\.js)"/.exec(home.body);
    const assetPath = asset?.[1] ?? asset?.[2];
    expect(assetPath).toBeTruthy();
    for (const path of ['/sw.js', assetPath!, '/robots.txt', '/sitemap.xml', '/manifest.webmanifest']) {
      const { status, headers } = await headersOf(request, path);
      expect(status, path).toBe(200);
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['x-frame-options'], path).toBe('DENY');
    }
    const proxied = await request.get('/', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(proxied.headers()['strict-transport-security']).toBeUndefined(); // TRUST_PROXY is off on this server
  });
});

/** A raw GET with our own Host header (fetch and Playwright set the real one). */
function getWithHost(path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: servers.sunday.port, path, headers: { Host: host, 'User-Agent': 'Mozilla/5.0 Chrome/140.0' } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('a forged Host header is never reflected: og:url, JSON-LD, robots.txt and the sitemap use the configured site URL', async () => {
  for (const path of ['/', '/menu', '/menu?product=105', '/robots.txt', '/sitemap.xml', '/fr/sitemap.xml']) {
    const { status, body } = await getWithHost(path, 'evil.example');
    expect(status, path).toBe(200);
    expect(body, path).not.toContain('evil.example');
    expect(body, path).toContain(`${base}/`);
  }
  const home = await getWithHost('/', 'evil.example:8080');
  expect(home.body).toContain(`<meta property="og:url" content="${base}/"/>`);
});

/** CSP violations seen by the page (securitypolicyviolation events in every document) and Chromium's console. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeBinding('__reportCspViolation', (_source, text: string) => void violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation(
        `${location.pathname}: ${event.violatedDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => violations.push(`pageerror: ${error.message}`));
  return violations;
}

test.describe('no CSP violation in Chromium', () => {
  test.beforeEach(async ({ page }) => freezeClock(page));

  test('home, menu and a dish, legal pages, login, the profile guard, an unknown page; the service worker installs', async ({ page }) => {
    const violations = await watchCsp(page);
    await open(page, '/');
    // The service worker registers from our own script and activates under the policy.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toBe(`${base}/sw.js`);
    await open(page, '/menu');
    await open(page, '/menu?product=105');
    await expect(page.getByRole('dialog')).toBeVisible(); // the dialog's scroll lock adds a <style> element
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'La carte' }).first().click(); // a client-side navigation
    for (const path of ['/terms-of-service', '/privacy-policy', '/cookie-policy', '/auth/login', '/auth/signup', '/auth/forgot', '/fr/menu', '/page-introuvable'])
      await open(page, path);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fprofile/);
    await page.locator('html[data-hydrated="true"]').waitFor();
    expect(violations).toEqual([]);
  });

  test('a cash order from the menu to /success, then the card flow with the test processor (3-D Secure, then paid)', async ({ page }) => {
    const violations = await watchCsp(page);
    const order = async () => {
      await open(page, '/menu?product=105');
      await page.getByRole('dialog').getByRole('button', { name: /Ajouter ·/ }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
      await open(page, '/checkout');
      await page.getByRole('button', { name: /À emporter/ }).click();
      await page.getByLabel('Prénom').fill('Camille');
      await page.getByLabel('Nom', { exact: true }).fill('Durand');
      await page.getByLabel('E-mail').fill('camille.csp@example.fr');
      await page.getByLabel('Téléphone').fill('06 12 34 56 78');
      await page.getByRole('button', { name: 'Continuer' }).click();
      await expect(page).toHaveURL(/tab=delivery/);
      await page.getByRole('button', { name: 'Continuer' }).click();
      await expect(page).toHaveURL(/tab=payment/);
    };

    await order();
    await expect(page.getByLabel(/Paiement sur place/)).toBeChecked();
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page).toHaveURL(/tab=confirmation/);
    await page.getByRole('button', { name: 'Confirmer la commande' }).click();
    await expect(page).toHaveURL(/\/success/);
    await page.locator('html[data-hydrated="true"]').waitFor();

    await order();
    await page.getByLabel(/Carte bancaire en ligne/).check();
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByText('Mode test', { exact: true })).toBeVisible();
    await page.getByLabel('Numéro de carte').fill('4000 0027 6000 3184');
    await page.getByLabel('Expiration (MM/AA)').fill('12/34');
    await page.getByLabel('Cryptogramme (CVC)').fill('123');
    await page.getByRole('button', { name: /^Payer / }).click();
    await page.getByRole('dialog', { name: 'Authentification 3-D Secure' }).getByRole('button', { name: 'Confirmer le paiement' }).click();
    await expect(page).toHaveURL(/\/success\?order=\d+/);
    await page.locator('html[data-hydrated="true"]').waitFor();
    expect(violations).toEqual([]);
  });

  test('an account: signed up by API, its profile pages and orders', async ({ page, request }) => {
    const violations = await watchCsp(page);
    const email = `csp-${Date.now()}@example.fr`;
    const payload = await signUpByApi(request, { email, last_name: 'Morel', phone: '06 11 22 33 44', password: 'Une tarte aux pralines 2026' });
    await page.addInitScript((session) => localStorage.setItem('auth', JSON.stringify({ state: { ...session, redirect: null, pendingEmail: null }, version: 1 })), payload);
    for (const path of ['/profile', '/profile/ViewOrders', '/profile/ViewAccount', '/profile/ViewProfile', '/profile/ViewSecurity', '/profile/ChangePassword']) {
      await open(page, path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
    expect(violations).toEqual([]);
  });
});

test('npm run serve runs React’s production build, NODE_ENV unset or not', async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'resto-serve-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(servers.sunday.port + 3), DATA_DIR: dataDir, DEMO_HISTORY: '0', LOG_LEVEL: 'info', DATABASE_URL: '' };
  delete env.NODE_ENV;
  const child = spawn('npm', ['run', 'serve'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  try {
    await expect.poll(() => /prêt sur/.test(output) || child.exitCode !== null, { timeout: 90_000 }).toBe(true);
    const ready = output.split('\n').find((line) => line.includes('prêt sur'));
    expect(ready, output).toBeTruthy();
    const fields = JSON.parse(ready!) as { nodeEnv?: string; react?: string };
    expect(fields.nodeEnv).toBe('production');
    expect(fields.react).toBe('production');
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // npm and the server it started (unless it already stopped: the output above says why).
    if (child.pid !== undefined && child.exitCode === null) {
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});
