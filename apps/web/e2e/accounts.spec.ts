import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { collectConsoleErrors, freezeClock, open, signUpByApi, margheritaForPickup } from './helpers.ts';
import { mailSink } from './servers.ts';

/**
 * docs/decisions/006, end to end in Chromium, e-mails through a real SMTP server (e2e/smtp-sink.ts):
 * sign up, read the code, verify, order, see the order in ViewOrders; and, on accounts made
 * through the API, change the password, log out, log in with the new one only; delete the
 * account, login refused.
 */

test.beforeEach(async ({ page }) => freezeClock(page));

interface SinkMail {
  to: string;
  subject: string;
  text: string;
}

/** Waits for an e-mail to `to` whose subject matches, as the test SMTP server received it. */
async function mailTo(request: APIRequestContext, to: string, subject: RegExp): Promise<SinkMail> {
  let found: SinkMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`http://127.0.0.1:${mailSink.httpPort}/messages?to=${encodeURIComponent(to)}`);
        found = ((await response.json()) as SinkMail[]).filter((m) => subject.test(m.subject)).at(-1);
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** Fills the log-in form at /auth/login with this e-mail and password and sends it. */
async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await open(page, '/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

const storedAuth = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}').state as { token: string | null; user: { id: number } | null });

test('a customer signs up with an e-mailed code, orders with the checkout pre-filled, finds the order and its status', async ({
  page,
  request,
}) => {
  const consoleErrors = collectConsoleErrors(page, [/status of 4\d\d/]);
  const email = `lea.${Date.now()}@example.fr`;

  // The account area needs a login: the guard sends the visitor to /auth/login and will come back.
  await open(page, '/profile/ViewOrders');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fprofile%2FViewOrders/);
  await page.getByRole('link', { name: 'Créer un compte' }).click();
  await expect(page).toHaveURL(/\/auth\/signup$/);

  // Sign-up: French errors first, then the form.
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText('Le prénom est obligatoire.')).toBeVisible();
  await page.getByLabel('Prénom').fill('Léa');
  await page.getByLabel('Nom', { exact: true }).fill('Garnier');
  await page.getByLabel('Téléphone').fill('06 22 33 44 55');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mot de passe').fill('motdepasse');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'plus courants' })).toBeVisible(); // the server's message, as it comes
  await page.getByLabel('Mot de passe').fill('Une tarte aux pralines 2026');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page).toHaveURL(/\/auth\/verify\?email=/);

  // The code, from the e-mail the SMTP server received.
  const mail = await mailTo(request, email, /^Votre code de confirmation/);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel('Code reçu par e-mail').fill(code === '000000' ? '000001' : '000000');
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Code incorrect ou expiré' })).toBeVisible();
  await page.getByLabel('Code reçu par e-mail').fill(code);
  await page.getByRole('button', { name: 'Valider' }).click();

  // Logged in, back where the guard found the visitor.
  await expect(page).toHaveURL(/\/profile\/ViewOrders$/);
  await expect(page.getByText('Aucune commande pour le moment.')).toBeVisible();
  const session = await storedAuth(page);
  expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const userId = session.user!.id;

  // An order: the personal tab is pre-filled from the account and the order carries user_id.
  await open(page, '/menu?product=105');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Ajouter ·/ })
    .click();
  await open(page, '/checkout');
  await page.getByRole('button', { name: /À emporter/ }).click();
  await expect(page).toHaveURL(/tab=personal/);
  await expect(page.getByText(`Connecté avec ${email}`)).toBeVisible();
  await expect(page.getByLabel('Prénom')).toHaveValue('Léa');
  await expect(page.getByLabel('Téléphone')).toHaveValue('06 22 33 44 55');
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=delivery/);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=payment/);
  await page.getByRole('button', { name: 'Continuer' }).click();
  const posted = page.waitForRequest((r) => r.url().includes('/v2/public/checkout') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Confirmer la commande' }).click();
  const orderRequest = await posted;
  expect((orderRequest.postDataJSON() as { user_id: number }).user_id).toBe(userId);
  expect(orderRequest.headers().authorization).toBe(`Bearer ${session.token}`);
  await expect(page).toHaveURL(/\/success\?order=\d+/);
  const orderId = Number(new URL(page.url()).searchParams.get('order'));

  // The confirmation e-mail, and the order in ViewOrders.
  const confirmation = await mailTo(request, email, new RegExp(`^Votre commande n° ${orderId} est bien reçue$`));
  expect(confirmation.text).toContain('Pizza Margherita');
  await open(page, '/profile/ViewOrders');
  const card = page.getByTestId('account-order');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`Commande n° ${orderId}`);
  await expect(card).toContainText('Pizza Margherita');
  await expect(card).toContainText('À emporter');
  await expect(card).toContainText('En attente');
  // Its status page (docs/decisions/019), from the account's orders.
  await card.getByTestId('account-order-tracking').click();
  await expect(page).toHaveURL(/\/suivi\?commande=[0-9a-f]{32,}$/);
  await expect(page.getByTestId('tracking-order-number')).toHaveText(`Commande n° ${orderId}`);
  await expect(page.getByTestId('tracking-title')).toHaveText('Commande reçue');
  expect(consoleErrors).toEqual([]);
});

test('an account changes its password, logs out, and only the new password logs in', async ({ page, request }) => {
  const consoleErrors = collectConsoleErrors(page, [/status of 4\d\d/]);
  const email = `paul.${Date.now()}@example.fr`;
  // The sign-up itself is the test above's: here the account is made through the API, as the form makes it.
  await signUpByApi(request, { email, password: 'Une tarte aux pralines 2026' });
  await submitLogin(page, email, 'Une tarte aux pralines 2026');
  await expect(page).toHaveURL(/\/$/);
  await open(page, '/profile/ViewOrders');

  // Change the password.
  await page.getByRole('navigation', { name: 'Mon compte' }).getByRole('link', { name: 'Mot de passe' }).click();
  await expect(page).toHaveURL(/\/profile\/ChangePassword$/);
  await page.getByLabel('Mot de passe actuel').fill('Une tarte aux pralines 2026');
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Des quenelles le vendredi 7');
  await page.getByLabel('Confirmez le nouveau mot de passe').fill('Des quenelles le vendredi 8');
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page.getByText('Les mots de passe ne correspondent pas.')).toBeVisible();
  await page.getByLabel('Confirmez le nouveau mot de passe').fill('Des quenelles le vendredi 7');
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page.getByRole('status')).toContainText('Votre mot de passe a été modifié.');

  // Logout: home, and no token left.
  await page.getByRole('navigation', { name: 'Mon compte' }).getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await storedAuth(page)).token).toBeNull();

  // Login with the old password refused, with the new one accepted.
  await submitLogin(page, email, 'Une tarte aux pralines 2026');
  await expect(page.getByRole('alert').filter({ hasText: 'E-mail ou mot de passe incorrect.' })).toBeVisible();
  await page.getByLabel('Mot de passe').fill('Des quenelles le vendredi 7');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await storedAuth(page)).token).toBeTruthy();
  expect(consoleErrors).toEqual([]);
});

test('an account is deleted with its password confirmed: logged out, its details gone from the checkout, its login refused', async ({ page, request }) => {
  const consoleErrors = collectConsoleErrors(page, [/status of 4\d\d/]);
  const email = `chloe.${Date.now()}@example.fr`;
  // Made through the API (the sign-up form is the first test's), then signed in with the form.
  await signUpByApi(request, { email, first_name: 'Chloé', password: 'Une tarte aux pralines 2026' });
  await submitLogin(page, email, 'Une tarte aux pralines 2026');
  await expect(page).toHaveURL(/\/$/);
  // The checkout's personal tab takes the account's details into the checkout's memory.
  await margheritaForPickup(page);
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/tab=delivery/);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('checkout') ?? '{}').state?.personal?.email)).toBe(email);

  // Delete the account: password required, confirmation must match; then home with no token.
  await open(page, '/profile/ViewSecurity');
  await page.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click();
  await expect(page.getByText('Le mot de passe est obligatoire.').first()).toBeVisible();
  await page.getByLabel('Mot de passe', { exact: true }).fill('Une tarte aux pralines 2026');
  await page.getByLabel('Confirmez le mot de passe').fill('Une tarte aux pralines 2026');
  await page.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Votre compte a été supprimé.' })).toBeVisible();
  expect((await storedAuth(page)).token).toBeNull();
  // Nor are the account's details left in the checkout's memory.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('checkout') ?? '{}').state?.personal?.email)).toBe('');

  // The login is refused now.
  await submitLogin(page, email, 'Une tarte aux pralines 2026');
  await expect(page.getByRole('alert').filter({ hasText: 'E-mail ou mot de passe incorrect.' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('the auth and profile pages answer under /fr too, with the canonical link unprefixed', async ({ page, request }) => {
  // Read in the server's HTML: in the browser, the profile guard leaves for /auth/login at once.
  for (const path of [
    '/fr/auth',
    '/fr/auth/login',
    '/fr/auth/forgot',
    '/fr/auth/signup',
    '/fr/auth/verify',
    '/fr/profile',
    '/fr/profile/ViewOrders',
    '/fr/profile/ChangePassword',
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    // Absolute, on SITE_URL (its default, http://localhost:PORT, on the test servers): docs/decisions/027.
    expect(await response.text(), path).toContain(`<link rel="canonical" href="${new URL(response.url()).origin}${path.replace(/^\/fr/, '')}"/>`);
  }
  await open(page, '/fr/profile/ViewSecurity');
  await expect(page).toHaveURL(/\/fr\/auth\/login\?redirect=%2Ffr%2Fprofile%2FViewSecurity/);
});

test('forgotten password: the same French answer for any address, then the code and the new password twice', async ({ page }) => {
  await open(page, '/auth/login');
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot$/);
  await page.getByRole('button', { name: 'Recevoir un code' }).click();
  await expect(page.getByText("L'adresse e-mail est obligatoire.")).toBeVisible();
  await page.getByLabel('E-mail').fill(`personne.${Date.now()}@example.fr`);
  await page.getByRole('button', { name: 'Recevoir un code' }).click();
  await expect(page.getByRole('status')).toContainText('Si un compte correspond à cette adresse, un code à 6 chiffres vient de lui être envoyé.');
  await page.getByLabel('Code reçu par e-mail').fill('123456');
  await page.getByLabel('Nouveau mot de passe').fill('Des quenelles le vendredi 7');
  await page.getByLabel('Confirmez le mot de passe').fill('Des quenelles le vendredi 8');
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page.getByText('Les mots de passe ne correspondent pas.')).toBeVisible();
  await page.getByLabel('Confirmez le mot de passe').fill('Des quenelles le vendredi 7');
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Code incorrect ou expiré' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Changer le mot de passe' })).toBeEnabled(); // loading stopped
});
