import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { OwnServer } from './own-server.ts';
import { expect, test, type Browser, type Page } from './fixtures.ts';
import { placeCashOrder } from './board-orders.ts';
import { servers } from './servers.ts';
import { ownerSession, signInStaff } from './staff-helpers.ts';

/**
 * The owner's register, /restaurant/registre (docs/decisions/031), on a server of its own whose
 * data directory lives through a month's end: started on Tuesday 27 October 2026 (the journal
 * opens, a cash order is placed), stopped, started again on Tuesday 24 November on the same data,
 * as a restaurant's server off over a month's end: its closing job catches up at start, closes the
 * days through 23 November and the month of October, and archives it. The owner verifies the
 * journal (intact), archives October from the page (the archive there answered), downloads the tar,
 * runs the commands of its README.fr.txt (tar, sha256sum, openssl) and sees them pass; November,
 * not closed, is refused in French on its field with the month kept; the forms work without
 * JavaScript too; a staff member is told the page is the owner's. Last, the server stopped, a
 * closure changed in its database behind the triggers' back (PGlite opened on its files): the
 * verification lists the broken entry. Screenshots at 390 and 1280 px under /work/screens/register/.
 */
const port = Number(process.env.E2E_PORT ?? 3300) + 12;
const base = `http://localhost:${port}`;
const shots = process.env.REGISTER_SCREENS_DIR ?? '/work/screens/register';
/** A Tuesday at 12:30 in Paris, four weeks before the tuesday server's: open, the journal's first day. */
const october = '2026-10-27T12:30:00+01:00';
const november = servers.tuesday.now;
const notClosed = 'Le mois 2026-11 n’est pas encore clôturé : il sera archivé après sa clôture.';

let dataDir: string;

let own: OwnServer | undefined;
/** Starts the spec's own server on `dataDir` with its clock frozen at `now` (own-server.ts). */
const start = (now: string) => (own ??= new OwnServer(port, dataDir)).start(now);
/** Stops it and waits for it to exit. */
const stop = async () => own?.stop();

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dataDir = mkdtempSync(join(tmpdir(), 'resto-register-e2e-'));
  await start(october);
  await placeCashOrder(base, october);
  await stop();
  await start(november);
  // The closing job's first run, at start, closes October and archives it.
  const { cookie } = await ownerSession(base);
  await expect
    .poll(
      async () => {
        const answer = (await (await fetch(`${base}/v2/restaurant/books/archives`, { headers: { Cookie: cookie } })).json()) as {
          payload?: { archives: { name: string }[] };
        };
        return answer.payload?.archives.map((archive) => archive.name).sort() ?? [];
      },
      { timeout: 60_000 },
    )
    .toEqual(['live-2026-10.tar', 'simulation-2026-10.tar']);
});

test.afterAll(async () => {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function ownerPage(browser: Browser, width: number, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height: 900 }, javaScriptEnabled, acceptDownloads: true });
  const page = await context.newPage();
  await signInStaff(page, base, 'owner');
  await page.goto('/restaurant/registre');
  await expect(page.getByRole('heading', { level: 1, name: 'Registre des ventes' })).toBeVisible();
  return page;
}

/** Verifies the journal from the page: intact, with its count of entries and the last closure (23 November's). */
async function verifyIntact(page: Page) {
  await page.getByRole('button', { name: 'Vérifier l’intégrité' }).click();
  const report = page.getByTestId('register-verification');
  await expect(report).toHaveAttribute('role', 'status');
  await expect(report).toContainText(/Journal intact : \d+ écritures vérifiées\./);
  await expect(report).toContainText('Dernière clôture : J-2026-11-23.');
}

/** Archives `period` from the page's form. */
async function archiveMonth(page: Page, period: string) {
  await page.getByLabel('Mois (AAAA-MM)').fill(period);
  await page.getByRole('button', { name: 'Archiver', exact: true }).click();
}

/** A month not closed: the API's French message on the field, the month typed kept. */
async function refusedKept(page: Page) {
  await archiveMonth(page, '2026-11');
  await expect(page.getByRole('alert')).toHaveText(notClosed);
  const field = page.getByLabel('Mois (AAAA-MM)');
  await expect(field).toHaveValue('2026-11');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
}

test('the owner verifies, archives October, downloads it and checks it with its README’s commands (1280 px)', async ({ browser }) => {
  const page = await ownerPage(browser, 1280);
  await expect(page.getByRole('navigation', { name: 'Navigation de l’espace restaurant' }).getByRole('link', { name: 'Registre' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  for (const condition of ['Inaltérabilité', 'Sécurisation', 'Conservation', 'Archivage'])
    await expect(page.getByTestId('register-conditions')).toContainText(condition);
  await verifyIntact(page);

  await archiveMonth(page, '2026-10');
  await expect(page.getByRole('status')).toHaveText('Archive live-2026-10.tar prête.');
  const live = page.getByTestId('archive-live-2026-10.tar');
  await expect(live).toContainText('ventes réelles');
  await expect(live).toContainText(/\d+,\d ko/);
  await expect(page.getByTestId('archive-simulation-2026-10.tar')).toContainText('simulation');
  const sha256 = (await live.getByTestId('archive-sha256').textContent())!;
  expect(sha256).toMatch(/^[0-9a-f]{64}$/);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await live.getByRole('button', { name: 'Copier' }).click();
  await expect(live.getByRole('button', { name: 'Copié' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sha256);
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/registre-1280.png`, fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), live.getByRole('link', { name: 'Télécharger' }).click()]);
  expect(download.suggestedFilename()).toBe('live-2026-10.tar');
  const folder = mkdtempSync(join(tmpdir(), 'resto-register-archive-'));
  try {
    const file = join(folder, 'live-2026-10.tar');
    await download.saveAs(file);
    expect(createHash('sha256').update(readFileSync(file)).digest('hex')).toBe(sha256);
    // The README's own commands, as the accountant would copy them: extract, then the sums, then the signatures.
    const listed = spawnSync('tar', ['-xOf', file, 'README.fr.txt'], { encoding: 'utf8' });
    expect(listed.status, listed.stderr).toBe(0);
    const readme = listed.stdout.split('\n');
    const commands = readme
      .slice(readme.findIndex((line) => line.startsWith('Vérifier l’archive')))
      .filter((line) => line.startsWith('  ') && !line.startsWith('   '))
      .map((line) => line.trim());
    expect(commands[0]).toBe('mkdir archive && tar -xf live-2026-10.tar -C archive && cd archive');
    expect(commands[1]).toBe('sha256sum -c SHA256SUMS');
    expect(commands[2]).toMatch(/^sh -c '.*openssl pkeyutl -verify/);
    const checked = spawnSync('sh', ['-c', commands.join(' && ')], { cwd: folder, encoding: 'utf8' });
    expect(checked.status, checked.stdout + checked.stderr).toBe(0);
    expect(checked.stdout).toContain('entries.json: OK');
    expect(checked.stdout).toContain('signatures vérifiées');
    // A byte changed in an extracted file: the same sums fail.
    const forged = spawnSync('sh', ['-c', `sed -i 's/"seq"/"Seq"/' entries.json && ${commands[1]}`], { cwd: join(folder, 'archive'), encoding: 'utf8' });
    expect(forged.status).not.toBe(0);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }

  await refusedKept(page);
  await page.context().close();
});

test('on a phone (390 px): the archives listed in one column; a month not closed refused on its field', async ({ browser }) => {
  const page = await ownerPage(browser, 390);
  await expect(page.getByTestId('archive-live-2026-10.tar')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await verifyIntact(page);
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/registre-390.png`, fullPage: true });
  await refusedKept(page);
  await page.screenshot({ path: `${shots}/registre-390-refus.png`, fullPage: true });
  // A month not written AAAA-MM: the API's French word on it, what was typed kept.
  await archiveMonth(page, 'octobre 2026');
  await expect(page.getByRole('alert')).toHaveText('Un mois s’écrit AAAA-MM, par exemple 2026-10.');
  await expect(page.getByLabel('Mois (AAAA-MM)')).toHaveValue('octobre 2026');
  await page.context().close();
});

test('without JavaScript, the forms still verify, archive and refuse', async ({ browser }) => {
  const page = await ownerPage(browser, 390, false);
  // No script ran: the page is the server's HTML (« Copier » needs JavaScript and is not drawn).
  await expect(page.getByTestId('archive-live-2026-10.tar')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copier' })).toHaveCount(0);
  await verifyIntact(page);
  await archiveMonth(page, '2026-10');
  await expect(page.getByRole('status')).toHaveText('Archive live-2026-10.tar prête.');
  await expect(page.getByTestId('archive-live-2026-10.tar').getByRole('link', { name: 'Télécharger' })).toHaveAttribute(
    'href',
    '/v2/restaurant/books/archives/live-2026-10.tar',
  );
  await refusedKept(page);
  await page.context().close();
});

test('a staff member is told the register is the owner’s, and has no link to it', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInStaff(page, base, 'staff');
  await page.goto('/restaurant/registre');
  await expect(page.getByRole('alert')).toHaveText('Seul le propriétaire du restaurant peut faire cela.');
  await expect(page.getByRole('button', { name: 'Vérifier l’intégrité' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Navigation de l’espace restaurant' }).getByRole('link', { name: 'Registre' })).toHaveCount(0);
  await context.close();
});

test('a closure changed behind the app’s back: the verification lists the broken entry', async ({ browser }) => {
  test.setTimeout(180_000);
  // The server stopped, its database opened by hand (as someone with the files could), the
  // triggers that refuse any change switched off, 23 November's closure total changed.
  await stop();
  const db = new PGlite(dataDir);
  try {
    await db.exec('alter table journal_entries disable trigger user');
    const changed = await db.query(
      `update journal_entries set content = replace(content, '"total_ttc":0', '"total_ttc":100') where chain = 'live' and document_number = 'J-2026-11-23' returning seq`,
    );
    expect(changed.rows).toHaveLength(1);
    await db.exec('alter table journal_entries enable trigger user');
  } finally {
    await db.close();
  }
  await start(november);
  const page = await ownerPage(browser, 1280);
  await page.getByRole('button', { name: 'Vérifier l’intégrité' }).click();
  const report = page.getByTestId('register-verification');
  await expect(report).toHaveAttribute('role', 'alert');
  await expect(report).toContainText('Le journal a été modifié :');
  await expect(report.getByRole('listitem')).toHaveCount(1);
  await expect(report.getByRole('listitem')).toContainText(/^chaîne live, écriture n° \d+ : .+/);
  await page.screenshot({ path: `${shots}/registre-1280-modifie.png`, fullPage: true });
  await page.context().close();
});
