import type { BrowserContext, Page } from '@playwright/test';
import { mailSink } from './servers.ts';

/**
 * Staff members for the browser tests (docs/decisions/020): `signInStaff` gives a page's browser context a
 * signed-in staff session on one of the e2e servers, through the real API.
 *
 * Every e2e server starts with STAFF_FIRST_OWNER_TOKEN = `e2eFirstOwnerToken` (playwright.config.ts),
 * so the first owner's one-time link is known in advance: the first call creates the owner
 * `e2eOwner` with it; later calls log that owner in. A `staff` member is invited by that owner,
 * the invitation e-mail is read from the SMTP sink (e2e/smtp-sink.ts), and its link creates the
 * account, as a person would.
 */

/** The first owner's link token of every e2e server (32 to 128 characters of [A-Za-z0-9_-]). */
export const e2eFirstOwnerToken = 'e2e-premier-proprietaire-0123456789abcdef';

/** The owner every e2e server gets from its first-owner link. */
const e2eOwner = { email: 'proprietaire@chez-margot.example', password: 'Tarte-aux-quetsches-2026', name: 'Margot Lefèvre' } as const;

/** A staff member signed in by `signInStaff`. */
export interface StaffAccount {
  staffId: number;
  email: string;
  password: string;
  name: string;
  role: 'owner' | 'staff';
  /** `resto_staff=<token>`: the `Cookie` header of this session, for API calls from the test. */
  cookie: string;
}

interface StaffMePayload {
  staff_id: number;
  email: string;
  name: string;
  role: 'owner' | 'staff';
}

/** The session token of a `Set-Cookie` answer. @throws when there is none. */
function sessionToken(response: Response): string {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith('resto_staff='));
  const token = header?.split(';')[0]?.slice('resto_staff='.length);
  if (!token) throw new Error(`pas de cookie resto_staff (statut ${response.status})`);
  return token;
}

async function post(baseURL: string, path: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/**
 * The owner's session on the server at `baseURL`: creates the owner from the first-owner link on
 * the first call, logs in afterwards. @returns the account and its `Cookie` header value.
 */
export async function ownerSession(baseURL: string): Promise<StaffAccount> {
  let response = await post(baseURL, '/v2/restaurant/auth/login', { email: e2eOwner.email, password: e2eOwner.password });
  if (response.status === 401) response = await post(baseURL, `/v2/restaurant/invitations/${e2eFirstOwnerToken}`, e2eOwner);
  if (!response.ok) throw new Error(`propriétaire e2e impossible : ${response.status} ${await response.text()}`);
  const me = ((await response.json()) as { payload: StaffMePayload }).payload;
  return { staffId: me.staff_id, email: me.email, password: e2eOwner.password, name: me.name, role: 'owner', cookie: `resto_staff=${sessionToken(response)}` };
}

/** The one-time link's token in the invitation e-mail sent to `email`, read from the SMTP sink (waits up to 15 s). */
export async function invitationTokenFor(email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = (await (await fetch(`http://127.0.0.1:${mailSink.httpPort}/messages?to=${encodeURIComponent(email)}`)).json()) as { subject: string; text: string }[];
    const token = mails
      .map((mail) => /[?&]jeton=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1])
      .filter(Boolean)
      .at(-1);
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`aucune invitation reçue pour ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let counter = 0;

/**
 * Signs a staff member in, in the browser context of `target`, on the server at `baseURL`
 * (e.g. `http://localhost:3301`). `owner`: the server's e2e owner (`e2eOwner`). `staff`: a new
 * member, invited by that owner by e-mail, whose account is made from the e-mailed link.
 * The context then holds the `resto_staff` cookie: /restaurant/… pages open signed in.
 */
export async function signInStaff(target: Page | BrowserContext, baseURL: string, role: 'owner' | 'staff' = 'staff'): Promise<StaffAccount> {
  const base = baseURL.replace(/\/+$/, '');
  const owner = await ownerSession(base);
  let account = owner;
  if (role === 'staff') {
    counter += 1;
    const email = `equipe-${Date.now().toString(36)}-${counter}@chez-margot.example`;
    const invited = await post(base, '/v2/restaurant/staff/invitations', { email, role: 'staff' }, owner.cookie);
    if (invited.status !== 201) throw new Error(`invitation refusée : ${invited.status} ${await invited.text()}`);
    const token = await invitationTokenFor(email);
    const name = `Karim Benali ${counter}`;
    const password = 'Pain-au-levain-2026';
    const created = await post(base, `/v2/restaurant/invitations/${token}`, { name, password });
    if (created.status !== 201) throw new Error(`compte non créé : ${created.status} ${await created.text()}`);
    const me = ((await created.json()) as { payload: StaffMePayload }).payload;
    account = { staffId: me.staff_id, email, password, name, role: 'staff', cookie: `resto_staff=${sessionToken(created)}` };
  }
  const context = 'context' in target && typeof target.context === 'function' ? target.context() : (target as BrowserContext);
  await context.addCookies([{ name: 'resto_staff', value: account.cookie.slice('resto_staff='.length), url: base, httpOnly: true, sameSite: 'Strict' }]);
  return account;
}
