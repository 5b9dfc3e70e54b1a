import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from './fixtures.ts';
import { compiledServerArgs, mailSink, servers } from './servers.ts';
import { invitationTokenFor, signInStaff } from './staff-helpers.ts';

/**
 * The staff area (docs/decisions/020) in Chromium. A server of its own (fresh PGlite, no preset
 * first-owner token) prints the first owner's link in its log; the owner creates the account
 * from it, invites a member by e-mail (read from the SMTP sink), the member creates theirs, sees
 * the board, cannot open the team page, is removed and sent back to the login page.
 */

const webDir = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3300) + 5;
const baseURL = `http://localhost:${port}`;
const screens = process.env.SCREENS_DIR ?? '/work/screens/staff';
const ownerPassword = 'Tarte-aux-quetsches-2026';

let child: ChildProcess;
let dataDir: string;
let firstOwnerLink: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(join(tmpdir(), 'resto-staff-e2e-'));
  child = spawn(process.execPath, compiledServerArgs, {
    cwd: webDir,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_HISTORY: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      CLOCK_NOW: servers.tuesday.now,
      SMTP_URL: `smtp://127.0.0.1:${mailSink.smtpPort}`,
      MAIL_FROM: 'Chez Margot <no-reply@chez-margot.example>',
      PAYMENT_TEST_MODE: '1',
      STAFF_FIRST_OWNER_TOKEN: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const deadline = Date.now() + 150_000;
  for (;;) {
    const link = /Créez le compte du propriétaire : (\S+?)"/.exec(log)?.[1];
    if (link) {
      let up = false;
      try {
        up = (await fetch(`${baseURL}/v2/health`)).ok;
      } catch {
        // not listening yet
      }
      if (up) {
        firstOwnerLink = link;
        break;
      }
    }
    if (child.exitCode !== null) throw new Error(`le serveur s'est arrêté (code ${child.exitCode}) : ${log}`);
    if (Date.now() > deadline) throw new Error(`pas de lien du premier propriétaire dans le journal : ${log}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function openPage(page: Page, path: string) {
  await page.goto(path);
  await page.locator('html[data-hydrated="true"]').waitFor();
}

async function shoot(page: Page, name: string) {
  for (const width of [390, 768, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : width === 768 ? 1024 : 800 });
    await page.screenshot({ path: `${screens}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test('first owner from the log’s link, invites a member by e-mail; the member signs up, sees the board, not the team page, and is removed', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  expect(firstOwnerLink).toMatch(new RegExp(`^http://localhost:${port}/restaurant/invitation\\?jeton=[A-Za-z0-9_-]{43}$`));
  const owner = await newPage(browser);

  // The first owner's link: the form asks for the e-mail too.
  await openPage(owner, firstOwnerLink);
  await expect(owner.getByRole('heading', { name: 'Créer le compte du propriétaire' })).toBeVisible();
  await expect(owner.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await shoot(owner, 'invitation-premier-proprietaire');
  await owner.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(owner.getByText('Le nom est obligatoire.')).toBeVisible();
  await owner.getByLabel('Votre nom').fill('Margot Lefèvre');
  await owner.getByLabel('Adresse e-mail').fill('margot@chez-margot.example');
  await owner.getByLabel('Mot de passe').fill('motdepasse');
  await owner.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(owner.getByText('Ce mot de passe fait partie des plus courants')).toBeVisible(); // under the field, from the server
  await expect(owner.getByLabel('Votre nom')).toHaveValue('Margot Lefèvre');
  await owner.getByLabel('Mot de passe').fill(ownerPassword);
  await owner.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(owner).toHaveURL(`${baseURL}/restaurant/commandes`);
  await expect(owner.getByTestId('orders-board')).toBeVisible();
  await expect(owner.getByTestId('staff-signed-in')).toHaveText('Margot Lefèvre · Propriétaire');

  // The team page: invite a member.
  await owner.getByRole('link', { name: 'Équipe' }).click();
  await expect(owner).toHaveURL(`${baseURL}/restaurant/equipe`);
  const memberEmail = `karim.${Date.now()}@chez-margot.example`;
  await owner.getByLabel('Adresse e-mail').fill('pas-une-adresse');
  await owner.getByRole('button', { name: 'Envoyer l’invitation' }).click();
  await expect(owner.locator('#invite-email-error')).toBeVisible();
  await owner.getByLabel('Adresse e-mail').fill(memberEmail);
  await owner.getByLabel('Rôle').selectOption('staff');
  await owner.getByRole('button', { name: 'Envoyer l’invitation' }).click();
  await expect(owner.getByText(`Invitation envoyée à ${memberEmail}.`)).toBeVisible();
  await expect(owner.getByTestId('team-invitation').filter({ hasText: memberEmail })).toBeVisible();
  await shoot(owner, 'equipe');

  // The member's e-mail, from the SMTP sink: the link creates their account.
  const token = await invitationTokenFor(memberEmail);
  const member = await newPage(browser);
  await openPage(member, `/restaurant/invitation?jeton=${token}`);
  await expect(member.getByRole('heading', { name: 'Créer votre compte' })).toBeVisible();
  await expect(member.getByText(`Compte pour ${memberEmail}.`)).toBeVisible();
  await shoot(member, 'invitation');
  await member.getByLabel('Votre nom').fill('Karim Benali');
  await member.getByLabel('Mot de passe').fill('Pain-au-levain-2026');
  await member.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(member).toHaveURL(`${baseURL}/restaurant/commandes`);
  await expect(member.getByTestId('orders-board')).toBeVisible();
  await expect(member.getByTestId('staff-signed-in')).toHaveText('Karim Benali · Équipe');
  // Only the owner has the team page.
  await expect(member.getByRole('link', { name: 'Équipe' })).toHaveCount(0);
  await openPage(member, '/restaurant/equipe');
  await expect(member.getByTestId('team-forbidden')).toContainText('Seul le propriétaire');
  // The link was used once.
  await openPage(member, `/restaurant/invitation?jeton=${token}`);
  await expect(member.getByRole('heading', { name: 'Lien non valable' })).toBeVisible();

  // The owner removes the member, after a confirmation.
  await owner.reload();
  const row = owner.getByTestId('team-member').filter({ hasText: memberEmail });
  await row.getByRole('button', { name: 'Retirer' }).click();
  await expect(row.getByText('Retirer Karim Benali de l’équipe ?')).toBeVisible();
  await shoot(owner, 'equipe-retrait');
  await row.getByRole('button', { name: 'Oui, retirer' }).click();
  await expect(owner.getByText('Membre retiré de l’équipe.')).toBeVisible();
  await expect(owner.getByTestId('team-member').filter({ hasText: memberEmail })).toHaveCount(0);

  // The member's next page: back to the login page.
  await member.goto('/restaurant/commandes');
  await expect(member).toHaveURL(`${baseURL}/restaurant`);
  await expect(member.getByRole('button', { name: 'Se connecter' })).toBeVisible();
});

test('log-in page: French errors on the field, typed e-mail kept; signed in, /restaurant goes to the board; log-out', async ({ browser }) => {
  const page = await newPage(browser);
  await openPage(page, '/restaurant');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await shoot(page, 'connexion');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.locator('#staff-email-error')).toBeVisible();
  await expect(page.locator('#staff-password-error')).toHaveText('Le mot de passe est obligatoire.');
  await page.getByLabel('Adresse e-mail').fill('margot@chez-margot.example');
  await page.getByLabel('Mot de passe').fill('Pas-le-bon-2026');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.locator('#staff-password-error')).toHaveText('E-mail ou mot de passe incorrect.');
  await expect(page.getByLabel('Adresse e-mail')).toHaveValue('margot@chez-margot.example');
  await shoot(page, 'connexion-erreur');
  await page.getByLabel('Mot de passe').fill(ownerPassword);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(`${baseURL}/restaurant/commandes`);
  await page.goto('/restaurant');
  await expect(page).toHaveURL(`${baseURL}/restaurant/commandes`);
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(`${baseURL}/restaurant`);
  await page.goto('/restaurant/equipe');
  await expect(page).toHaveURL(`${baseURL}/restaurant`);
  const robots = await (await fetch(`${baseURL}/robots.txt`)).text();
  expect(robots).toContain('Disallow: /restaurant\n');
  const sitemap = await (await fetch(`${baseURL}/sitemap.xml`)).text();
  expect(sitemap).not.toContain('/restaurant');
});

test('signInStaff (e2e/staff-helpers.ts) signs a member and the owner in on the shared e2e servers', async ({ browser }) => {
  const shared = `http://localhost:${servers.tuesday.port}`;
  const context = await browser.newContext({ baseURL: shared });
  const page = await context.newPage();
  const member = await signInStaff(page, shared, 'staff');
  await page.goto('/restaurant/commandes');
  await expect(page.getByTestId('staff-signed-in')).toHaveText(`${member.name} · Équipe`);
  const ownerPage = await (await browser.newContext({ baseURL: shared })).newPage();
  const owner = await signInStaff(ownerPage.context(), shared, 'owner');
  await ownerPage.goto('/restaurant/equipe');
  await expect(ownerPage.getByTestId('team-member').filter({ hasText: member.email })).toBeVisible();
  expect(owner.role).toBe('owner');
  // A second call on the same server logs the same owner in again.
  expect((await signInStaff(ownerPage, shared, 'owner')).staffId).toBe(owner.staffId);
});
