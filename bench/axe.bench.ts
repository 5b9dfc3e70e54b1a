/**
 * axe-core (the copy Lighthouse installs, node_modules/axe-core) on the 16 storefront pages a
 * customer sees, at 390 px in Debian's Chromium, with WCAG 2.2 A and AA rules (tags wcag2a,
 * wcag2aa, wcag21a, wcag21aa, wcag22aa): the home with the cookie consent showing, the menu, a dish,
 * the checkout with a cart, the login, sign-up, forgotten-password and code pages, three account
 * pages signed in, the order sent page, a 404 and the three legal pages; then the staff pages at
 * 768 px (a tablet at the counter), signed in as the owner with an order on the board. Prints every
 * violation per rule and page, and its row of the speed table through bench/lib/figures.ts. Exits 0 whatever it finds.
 * Run: npm run build && npm run bench:axe   (BENCH_PORT, default 3620; CHROMIUM_PATH)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { placeCashOrder } from '../apps/web/e2e/board-orders.ts';
import { reportFigures } from './lib/figures.ts';
import { openNow, serverCommand } from './lib/server-process.ts';

const port = Number(process.env.BENCH_PORT ?? 3620);
const base = `http://localhost:${port}`;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The first owner's one-time link token of this server (the staff pages are audited signed in as that owner). */
const firstOwnerToken = 'axe-bench-premier-proprietaire-0123456789';
/** The restaurant's staff pages, the board first (board, Disponibilités, the back office, Équipe). */
const staffPaths = [
  '/restaurant/commandes',
  '/restaurant/disponibilites',
  '/restaurant/carte',
  '/restaurant/horaires',
  '/restaurant/capacite',
  '/restaurant/livraison',
  '/restaurant/offres',
  '/restaurant/reglages',
  '/restaurant/journal',
  '/restaurant/import-export',
  '/restaurant/equipe',
];

const dataDir = mkdtempSync(join(tmpdir(), 'resto-axe-'));
let log = '';
const [serverBin, ...serverArgs] = serverCommand(); // the compiled server, as production runs it
const server = spawn(serverBin, serverArgs, {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    // Info: the sign-up code is logged in outbox mode (no SMTP_URL), read below.
    LOG_LEVEL: 'info',
    DATABASE_URL: '',
    SMTP_URL: '',
    DEMO_HISTORY: '0',
    SITE_URL: base,
    CLOCK_NOW: openNow.toISOString(),
    PAYMENT_TEST_MODE: '1',
    RATE_LIMIT_FACTOR: '1000',
    STAFF_FIRST_OWNER_TOKEN: firstOwnerToken,
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
server.stdout.setEncoding('utf8').on('data', (chunk: string) => (log += chunk));

async function waitForServer() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/v2/health`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('server did not start');
}

interface AxeNode {
  target: string[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** Opens `path` (unless already there), waits for hydration, runs axe; returns its violations. */
async function audit(page: Page, path: string | null, settle?: () => Promise<void>): Promise<AxeViolation[]> {
  if (path !== null) await page.goto(base + path);
  await page.locator('html[data-hydrated="true"]').waitFor();
  await settle?.();
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async (runTags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: runTags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  }, tags);
}

/** The code of the last sign-up e-mail to `email`, from the server's log (outbox mode logs it). */
async function signupCode(email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const line = log
      .split('\n')
      .filter((l) => l.includes(email) && l.includes('"code"'))
      .at(-1);
    const code = line ? (JSON.parse(line) as { code?: string }).code : undefined;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code logged for ${email}`);
}

const results: { page: string; violations: AxeViolation[] }[] = [];

try {
  await waitForServer();
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    // bypassCSP: axe is injected as an inline script, which the pages' CSP (nonces) refuses. A phone's
    // user agent: headless Chromium's is a bot's, which gets error statuses without their page.
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
      bypassCSP: true,
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
    });
    const page = await context.newPage();
    const check = async (name: string, path: string | null, settle?: () => Promise<void>) => {
      results.push({ page: name, violations: await audit(page, path, settle) });
    };

    // A first visit: the cookie consent shows about 1 s after load; then answered.
    const consent = page.getByRole('dialog', { name: 'Consentement aux cookies' });
    await check('/ (cookie consent showing)', '/', () => consent.waitFor());
    await consent.getByRole('button', { name: 'Refuser' }).click();
    await check('/menu', '/menu');
    const firstDish = page.locator('a[href*="?product="]').first();
    await firstDish.click();
    const dish = page.getByRole('dialog');
    await check('/menu?product=… (a dish)', null, () => dish.getByRole('button', { name: /^Ajouter ·/ }).waitFor());
    await dish.getByRole('button', { name: /^Ajouter ·/ }).click();
    await dish.waitFor({ state: 'hidden' });
    await check('/checkout (a cart)', '/checkout');
    await check('/success', '/success');
    await check('/auth/login', '/auth/login');
    await check('/auth/forgot', '/auth/forgot');
    await check('/auth/signup', '/auth/signup');
    const email = `axe.${Date.now()}@example.fr`;
    await page.getByLabel('Prénom').fill('Léa');
    await page.getByLabel('Nom', { exact: true }).fill('Garnier');
    await page.getByLabel('Téléphone').fill('06 22 33 44 55');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Mot de passe').fill('Une tarte aux pralines 2026');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.waitForURL(/\/auth\/verify\?email=/);
    await check('/auth/verify', null);
    await page.getByLabel('Code reçu par e-mail').fill(await signupCode(email));
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    await check('/profile/ViewOrders (signed in)', '/profile/ViewOrders');
    await check('/profile/ViewAccount (signed in)', '/profile/ViewAccount');
    await check('/profile/ChangePassword (signed in)', '/profile/ChangePassword');
    await check('404', '/cette-page-n-existe-pas');
    await check('/cookie-policy', '/cookie-policy');
    await check('/privacy-policy', '/privacy-policy');
    await check('/terms-of-service', '/terms-of-service');

    // The staff side at 768 px, signed in as the owner (made from the first-owner link), with an
    // order on the board: placed once the board is open, as a connected screen is what lets
    // « dès que possible » be ordered (docs/decisions/022).
    const owner = await fetch(`${base}/v2/restaurant/invitations/${firstOwnerToken}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'proprietaire@axe.example', password: 'Tarte-aux-quetsches-2026', name: 'Margot Lefèvre' }),
    });
    const token = owner.headers
      .getSetCookie()
      .find((c) => c.startsWith('resto_staff='))
      ?.split(';')[0]
      ?.slice('resto_staff='.length);
    if (!token) throw new Error(`no staff session (${owner.status})`);
    const staff = await browser.newContext({ viewport: { width: 768, height: 1024 }, locale: 'fr-FR', timezoneId: 'Europe/Paris', bypassCSP: true });
    await staff.addCookies([{ name: 'resto_staff', value: token, url: base, httpOnly: true, sameSite: 'Strict' }]);
    const tablet = await staff.newPage();
    await tablet.goto(base + staffPaths[0]);
    await tablet.locator('[data-testid="orders-board"][data-loaded="true"]').waitFor();
    const orderId = await placeCashOrder(base, openNow.toISOString(), 1);
    await tablet.locator(`[data-testid="board-order"][data-order-id="${orderId}"]`).waitFor();
    for (const path of staffPaths) results.push({ page: `${path} (768 px, owner)`, violations: await audit(tablet, path === staffPaths[0] ? null : path) });
  } finally {
    await browser.close();
  }

  const axeVersion = /axe v([\d.]+)/.exec(readFileSync(axePath, 'utf8').slice(0, 200))?.[1] ?? '?';
  console.log(`axe-core ${axeVersion}, tags ${tags.join(', ')}, 390 × 844 px (staff pages 768 × 1024 px), Debian Chromium\n`);
  for (const { page, violations } of results) {
    console.log(`${page}: ${violations.length ? violations.map((v) => `${v.id} (${v.nodes.length})`).join(', ') : 'no violation'}`);
    for (const v of violations) {
      console.log(`    ${v.id} [${v.impact}] ${v.help}`);
      for (const node of v.nodes.slice(0, 3))
        console.log(`      ${node.target.join(' ')}: ${(node.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()}`);
    }
  }
  const rules = new Map<string, number>();
  for (const { violations } of results) for (const v of violations) rules.set(v.id, (rules.get(v.id) ?? 0) + v.nodes.length);
  const pagesWith = results.filter((r) => r.violations.length).length;
  reportFigures('axe (docs/decisions/027, accessibility)', [
    {
      row: `axe-core WCAG 2.2 A/AA, ${results.length} pages (storefront at 390 px, staff at 768 px)`,
      measured: rules.size
        ? `${rules.size} rule${rules.size > 1 ? 's' : ''} on ${pagesWith} page${pagesWith > 1 ? 's' : ''}: ${[...rules].map(([id, n]) => `${id} (${n} nodes)`).join(', ')}`
        : '0 violations',
      goal: '0',
      met: rules.size === 0,
    },
  ]);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
