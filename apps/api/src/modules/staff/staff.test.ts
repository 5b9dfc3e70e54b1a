import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { InvitationInfo, StaffMe, StaffTeam } from '@resto/contract/staff';
import { openDatabase } from '../../db/client.ts';
import { createLogger } from '../../logger.ts';
import { lockDataDir } from '../../db/lock.ts';
import { pushSubscriptions, staffInvitations, staffScreens, staffUsers } from '../../db/schema.ts';
import { call, createAccount, newEmail, newIp } from '../../test/accounts.ts';
import { errorOf, payloadOf, startTestServer, type JsonResponse, type TestServer } from '../../test/harness.ts';
import { createTestStaff, type TestStaff } from '../../test/staff.ts';
import { verifyPassword } from '../auth/index.ts';
import { parseStaffCreateArgs, runStaffCreate } from './create-command.ts';
import { ensureFirstOwnerLink } from './service.ts';

/**
 * Staff accounts (docs/decisions/020) over real HTTP on the real server, on PGlite and PostgreSQL:
 * log-in and its back-off, sessions, roles, invitations, removal, the first owner's link, the
 * CLI, and the wall between customers' tokens and the staff area.
 */

// Tuesday 24 November 2026, 12:30 in Paris; moved on where a test needs time to pass.
let now = new Date('2026-11-24T11:30:00Z');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
});
afterAll(async () => {
  await server?.close();
});

const r = '/v2/restaurant';
const password = 'Blanquette-de-veau-2026';

/** A staff call with a session cookie (or none) from a client address of its own. */
function staffCall<T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, options: { cookie?: string; body?: unknown; ip?: string; headers?: Record<string, string> } = {}) {
  return call<T>(server, method, path, { body: options.body, ip: options.ip, headers: { ...(options.cookie ? { Cookie: options.cookie } : {}), ...options.headers } });
}

/** `resto_staff=<token>` from an answer's Set-Cookie. */
function cookieOf(response: JsonResponse<unknown>): string {
  const header = response.headers.getSetCookie().find((value) => value.startsWith('resto_staff='));
  expect(header, 'Set-Cookie resto_staff').toBeDefined();
  return header!.split(';')[0]!;
}

/** The token of the link in the last invitation e-mail to `email`. */
async function invitationToken(email: string): Promise<string> {
  const mail = await server.mail.waitFor((m) => m.to === email && /Invitation/.test(m.subject));
  const token = /\/restaurant\/invitation\?jeton=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  expect(token).toBeDefined();
  return token!;
}

async function invite(owner: TestStaff, role: 'owner' | 'staff' = 'staff') {
  const email = newEmail('equipe');
  const answer = await staffCall<{ id: number }>('POST', `${r}/staff/invitations`, { cookie: owner.cookie, body: { email, role } });
  expect(answer.status).toBe(201);
  return { email, id: payloadOf(answer).id, token: await invitationToken(email) };
}

describe('log-in, session, log-out', () => {
  test('the right password opens a session in an httpOnly, SameSite=Strict cookie; /auth/me names the member; log-out closes it', async () => {
    const owner = await createTestStaff(server.db, { role: 'owner', now });
    const login = await staffCall<StaffMe>('POST', `${r}/auth/login`, { body: { email: owner.email.toUpperCase(), password: owner.password } });
    expect(login.status).toBe(200);
    expect(payloadOf(login)).toMatchObject({ staff_id: owner.staffId, email: owner.email, role: 'owner', restaurant: expect.any(String) });
    const setCookie = login.headers.getSetCookie().find((value) => value.startsWith('resto_staff='))!;
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Strict/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).toMatch(/; Max-Age=1209600/);
    expect(setCookie).not.toMatch(/Secure/); // plain HTTP: a Secure cookie would never come back
    expect(login.headers.get('cache-control')).toBe('no-store');
    const cookie = cookieOf(login);
    expect(payloadOf(await staffCall<StaffMe>('GET', `${r}/auth/me`, { cookie })).staff_id).toBe(owner.staffId);
    expect((await staffCall('POST', `${r}/auth/logout`, { cookie })).status).toBe(200);
    const after = await staffCall('GET', `${r}/auth/me`, { cookie });
    expect(after.status).toBe(401);
    expect(errorOf(after).code).toBe('staff_login_required');
    // The other session of the member still works.
    expect((await staffCall('GET', `${r}/auth/me`, { cookie: owner.cookie })).status).toBe(200);
  });

  test('over HTTPS behind a trusted proxy the cookie is Secure', async () => {
    const owner = await createTestStaff(server.db, { role: 'owner', now });
    const login = await staffCall('POST', `${r}/auth/login`, { body: { email: owner.email, password: owner.password }, headers: { 'X-Forwarded-Proto': 'https' } });
    expect(login.headers.getSetCookie().find((value) => value.startsWith('resto_staff='))).toMatch(/; Secure/);
  });

  test('a wrong password and an unknown e-mail answer the same staff_login_failed', async () => {
    const owner = await createTestStaff(server.db, { role: 'owner', now });
    const wrong = await staffCall('POST', `${r}/auth/login`, { body: { email: owner.email, password: 'Pas-le-bon-2026' } });
    const unknown = await staffCall('POST', `${r}/auth/login`, { body: { email: newEmail('personne'), password: 'Pas-le-bon-2026' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(errorOf(wrong)).toEqual(errorOf(unknown));
    expect(errorOf(wrong).code).toBe('staff_login_failed');
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  test('a wrong e-mail takes as long as a wrong password (one argon2 verification each): the time does not tell who has an account', async () => {
    const owner = await createTestStaff(server.db, { role: 'owner', now });
    const timed = async (email: string) => {
      const started = performance.now();
      const answer = await staffCall('POST', `${r}/auth/login`, { body: { email, password: 'Pas-le-bon-2026' } });
      expect(answer.status).toBe(401);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so that a slower moment of the machine weighs on both; medians of 5.
    for (let i = 0; i < 5; i++) {
      known.push(await timed(owner.email));
      unknown.push(await timed(newEmail('inconnu')));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[2]!;
    const ratio = median(unknown) / median(known);
    // Without the verification of an unknown e-mail the ratio is about 0.02 (no hash at all): bounds
    // this wide still catch that, and a busy machine's spikes do not make the test fail.
    expect(ratio, `inconnu ${median(unknown).toFixed(1)} ms, connu ${median(known).toFixed(1)} ms`).toBeGreaterThan(0.25);
    expect(ratio).toBeLessThan(4);
  });

  test('wrong passwords slow down their e-mail and address (429 with Retry-After), never the owner elsewhere with the right one', async () => {
    const owner = await createTestStaff(server.db, { role: 'owner', now });
    const ip = newIp();
    for (let i = 0; i < 5; i++) expect((await staffCall('POST', `${r}/auth/login`, { ip, body: { email: owner.email, password: `Faux-${i}-2026xx` } })).status).toBe(401);
    const slowed = await staffCall('POST', `${r}/auth/login`, { ip, body: { email: owner.email, password: owner.password } });
    expect(slowed.status).toBe(429);
    expect(errorOf(slowed).code).toBe('rate_limited');
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner, from the restaurant's own address, is not locked out.
    expect((await staffCall('POST', `${r}/auth/login`, { ip: newIp(), body: { email: owner.email, password: owner.password } })).status).toBe(200);
    // Past the wait, the same address with the right password gets in.
    now = new Date(now.getTime() + 16_000);
    expect((await staffCall('POST', `${r}/auth/login`, { ip, body: { email: owner.email, password: owner.password } })).status).toBe(200);
  });

  test('a session idle for more than 14 days is over', async () => {
    const member = await createTestStaff(server.db, { role: 'staff', now });
    now = new Date(now.getTime() + 15 * 86_400_000);
    expect((await staffCall('GET', `${r}/auth/me`, { cookie: member.cookie })).status).toBe(401);
  });
});

describe('roles', () => {
  test('a staff member may use /auth/me but none of the owner’s calls (403 staff_forbidden)', async () => {
    const owner = await createTestStaff(server.db, { role: 'owner', now });
    const member = await createTestStaff(server.db, { role: 'staff', now });
    expect((await staffCall('GET', `${r}/auth/me`, { cookie: member.cookie })).status).toBe(200);
    const calls: [method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown][] = [
      ['GET', `${r}/staff`],
      ['POST', `${r}/staff/invitations`, { email: newEmail(), role: 'staff' }],
      ['DELETE', `${r}/staff/invitations/1`],
      ['DELETE', `${r}/staff/${owner.staffId}`],
    ];
    for (const [method, path, body] of calls) {
      const answer = await staffCall(method, path, { cookie: member.cookie, body });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(errorOf(answer).code).toBe('staff_forbidden');
    }
  });

  test('a customer’s token opens no staff route, and the staff cookie opens no customer route', async () => {
    const customer = await createAccount(server);
    const owner = await createTestStaff(server.db, { role: 'owner', now });
    const routes: [method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown][] = [
      ['GET', `${r}/auth/me`],
      ['POST', `${r}/auth/logout`],
      ['GET', `${r}/staff`],
      ['POST', `${r}/staff/invitations`, { email: newEmail(), role: 'owner' }],
      ['DELETE', `${r}/staff/invitations/1`],
      ['DELETE', `${r}/staff/${owner.staffId}`],
    ];
    for (const [method, path, body] of routes) {
      const bearer = await call(server, method, `${path}?token=${customer.token}&user_id=${customer.user.id}`, { token: customer.token, body });
      expect(bearer.status, `${method} ${path}`).toBe(401);
      expect(errorOf(bearer).code).toBe('staff_login_required');
      // A customer's token in the staff cookie's place is no staff session either.
      const asCookie = await staffCall(method, path, { cookie: `resto_staff=${customer.token}`, body });
      expect(asCookie.status, `${method} ${path}`).toBe(401);
    }
    const profile = await call(server, 'GET', `/v2/public/auth/profile?user_id=${customer.user.id}`, { headers: { Cookie: owner.cookie } });
    expect(profile.status).toBe(401);
    expect(errorOf(profile).code).toBe('login_required');
  });

  test('state-changing calls from another site are refused (Origin, Sec-Fetch-Site); the site’s own origin passes', async () => {
    const owner = await createTestStaff(server.db, { role: 'owner', now });
    const body = { email: owner.email, password: owner.password };
    const evil = await staffCall('POST', `${r}/auth/login`, { body, headers: { Origin: 'https://pirate.example' } });
    expect(evil.status).toBe(403);
    expect(errorOf(evil).code).toBe('cross_site_refused');
    expect((await staffCall('POST', `${r}/auth/logout`, { cookie: owner.cookie, headers: { 'Sec-Fetch-Site': 'cross-site' } })).status).toBe(403);
    expect((await staffCall('POST', `${r}/auth/login`, { body, headers: { Origin: 'null' } })).status).toBe(403);
    expect((await staffCall('POST', `${r}/auth/login`, { body, headers: { Origin: server.baseUrl, 'Sec-Fetch-Site': 'same-origin' } })).status).toBe(200);
    expect((await staffCall('POST', `${r}/auth/login`, { body, headers: { Origin: server.deps.siteUrl } })).status).toBe(200);
    // Behind a TLS-terminating proxy the page is https, the request reaches us over http: the host decides.
    expect((await staffCall('POST', `${r}/auth/login`, { body, headers: { Origin: server.baseUrl.replace('http:', 'https:') } })).status).toBe(200);
    expect((await staffCall('POST', `${r}/auth/login`, { body, headers: { Origin: server.baseUrl.replace('127.0.0.1', '127.0.0.2') } })).status).toBe(403);
    // Reading is never refused for its origin.
    expect((await staffCall('GET', `${r}/auth/me`, { cookie: owner.cookie, headers: { Origin: 'https://pirate.example' } })).status).toBe(200);
  });
});

describe('invitations', () => {
  test('the owner invites by e-mail; the link tells what it is for, creates the account and its session, and works once', async () => {
    const owner = await createTestStaff(server.db, { role: 'owner', now });
    const { email, id, token } = await invite(owner);
    const mail = server.mail.received.find((m) => m.to === email)!;
    expect(mail.text).toContain(`${server.deps.siteUrl}/restaurant/invitation?jeton=`);
    const team = payloadOf(await staffCall<StaffTeam>('GET', `${r}/staff`, { cookie: owner.cookie }));
    expect(team.invitations.find((i) => i.id === id)).toMatchObject({ email, role: 'staff' });
    const info = payloadOf(await staffCall<InvitationInfo>('GET', `${r}/invitations/${token}`));
    expect(info).toMatchObject({ role: 'staff', email });
    // Only the hash is stored.
    const [row] = await server.db.select().from(staffInvitations).where(eq(staffInvitations.id, id));
    expect(row!.tokenHash).not.toContain(token);

    const common = await staffCall('POST', `${r}/invitations/${token}`, { body: { name: 'Inès', password: 'motdepasse' } });
    expect(common.status).toBe(422);
    expect(errorOf(common).code).toBe('password_too_common');
    const created = await staffCall<StaffMe>('POST', `${r}/invitations/${token}`, { body: { name: '  Inès Moreau ', password } });
    expect(created.status).toBe(201);
    expect(payloadOf(created)).toMatchObject({ email, name: 'Inès Moreau', role: 'staff' });
    expect(payloadOf(await staffCall<StaffMe>('GET', `${r}/auth/me`, { cookie: cookieOf(created) })).email).toBe(email);
    const [account] = await server.db.select().from(staffUsers).where(eq(staffUsers.email, email));
    expect(account!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(account!.passwordHash, password)).toBe(true);

    const twice = await staffCall('POST', `${r}/invitations/${token}`, { body: { name: 'Autre', password } });
    expect(twice.status).toBe(400);
    expect(errorOf(twice).code).toBe('staff_invitation_invalid');
    expect((await staffCall('GET', `${r}/invitations/${token}`)).status).toBe(400);
    const after = payloadOf(await staffCall<StaffTeam>('GET', `${r}/staff`, { cookie: owner.cookie }));
    expect(after.invitations.some((i) => i.id === id)).toBe(false);
    expect(after.members.find((m) => m.email === email)).toMatchObject({ name: 'Inès Moreau', role: 'staff' });
    // A live member's address cannot be invited again.
    const again = await staffCall('POST', `${r}/staff/invitations`, { cookie: owner.cookie, body: { email, role: 'owner' } });
    expect(again.status).toBe(400);
    expect(errorOf(again).errors[0]?.path).toBe('email');
  });

  test('an invitation expires after 7 days (fixed clock), and a revoked one no longer works', async () => {
    const owner = await createTestStaff(server.db, { role: 'owner', now });
    const early = await invite(owner);
    const revoked = await invite(owner);
    expect((await staffCall('DELETE', `${r}/staff/invitations/${revoked.id}`, { cookie: owner.cookie })).status).toBe(200);
    expect((await staffCall('GET', `${r}/invitations/${revoked.token}`)).status).toBe(400);
    expect((await staffCall('POST', `${r}/invitations/${revoked.token}`, { body: { name: 'X', password } })).status).toBe(400);
    now = new Date(now.getTime() + 7 * 86_400_000 - 60_000);
    expect((await staffCall('GET', `${r}/invitations/${early.token}`)).status).toBe(200);
    now = new Date(now.getTime() + 2 * 60_000);
    const expired = await staffCall('POST', `${r}/invitations/${early.token}`, { body: { name: 'Trop tard', password } });
    expect(expired.status).toBe(400);
    expect(errorOf(expired).code).toBe('staff_invitation_invalid');
    expect(await server.db.select().from(staffUsers).where(eq(staffUsers.email, early.email))).toEqual([]);
  });

  test('two uses of one link at once: one account, one refusal', async () => {
    const owner = await createTestStaff(server.db, { role: 'owner', now });
    const { email, token } = await invite(owner);
    const answers = await Promise.all([1, 2].map((n) => staffCall('POST', `${r}/invitations/${token}`, { body: { name: `Personne ${n}`, password } })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(await server.db.select().from(staffUsers).where(eq(staffUsers.email, email))).toHaveLength(1);
  });
});

describe('removal', () => {
  test('a removed member’s next call is a 401; their sessions, push subscriptions and screens are gone; they can be invited back', async () => {
    const owner = await createTestStaff(server.db, { role: 'owner', now });
    const member = await createTestStaff(server.db, { role: 'staff', now });
    await server.db.insert(pushSubscriptions).values({ staffId: member.staffId, endpoint: `https://push.example/${member.staffId}`, p256dh: 'k', auth: 'a' });
    await server.db.insert(staffScreens).values({ screenId: `ecran-${member.staffId}`, staffId: member.staffId, lastSeenAt: now });
    expect((await staffCall('GET', `${r}/auth/me`, { cookie: member.cookie })).status).toBe(200);
    expect((await staffCall('DELETE', `${r}/staff/${member.staffId}`, { cookie: owner.cookie })).status).toBe(200);
    const next = await staffCall('GET', `${r}/auth/me`, { cookie: member.cookie });
    expect(next.status).toBe(401);
    expect(errorOf(next).code).toBe('staff_login_required');
    expect(await server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.staffId, member.staffId))).toEqual([]);
    expect(await server.db.select().from(staffScreens).where(eq(staffScreens.staffId, member.staffId))).toEqual([]);
    const [row] = await server.db.select().from(staffUsers).where(eq(staffUsers.id, member.staffId));
    expect(row!.removedAt).not.toBeNull();
    // Their password no longer opens anything, with the same answer as a wrong one.
    const login = await staffCall('POST', `${r}/auth/login`, { body: { email: member.email, password: member.password } });
    expect(errorOf(login).code).toBe('staff_login_failed');
    expect((await staffCall('DELETE', `${r}/staff/${member.staffId}`, { cookie: owner.cookie })).status).toBe(404);
    const team = payloadOf(await staffCall<StaffTeam>('GET', `${r}/staff`, { cookie: owner.cookie }));
    expect(team.members.some((m) => m.staff_id === member.staffId)).toBe(false);
    // Invited again, the same row comes back with the new password.
    const email = member.email;
    const answer = await staffCall('POST', `${r}/staff/invitations`, { cookie: owner.cookie, body: { email, role: 'staff' } });
    expect(answer.status).toBe(201);
    const back = await staffCall<StaffMe>('POST', `${r}/invitations/${await invitationToken(email)}`, { body: { name: 'De retour', password } });
    expect(payloadOf(back).staff_id).toBe(member.staffId);
  });

  test('the last owner cannot be removed, nor an owner remove themself; two owners removing each other at once: one stays', async () => {
    const a = await createTestStaff(server.db, { role: 'owner', now });
    const self = await staffCall('DELETE', `${r}/staff/${a.staffId}`, { cookie: a.cookie });
    expect(self.status).toBe(409);
    expect(errorOf(self).code).toBe('staff_last_owner');
    // Only these two owners are live here.
    const others = await server.db.select().from(staffUsers);
    for (const other of others) if (other.id !== a.staffId) await server.db.update(staffUsers).set({ removedAt: now }).where(eq(staffUsers.id, other.id));
    const b = await createTestStaff(server.db, { role: 'owner', now });
    const answers = await Promise.all([
      staffCall('DELETE', `${r}/staff/${b.staffId}`, { cookie: a.cookie }),
      staffCall('DELETE', `${r}/staff/${a.staffId}`, { cookie: b.cookie }),
    ]);
    const statuses = answers.map((x) => x.status).sort();
    // One removal wins; the other is refused: the last owner (409), or its caller already removed (401).
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const live = (await server.db.select().from(staffUsers)).filter((u) => u.role === 'owner' && !u.removedAt);
    expect(live).toHaveLength(1);
  });
});

describe('the first owner', () => {
  test('a one-time link (24 h) while nobody is on the staff; made anew when the stored one cannot be shown; none once an owner exists', async () => {
    const fresh = await startTestServer({ clock: () => now });
    try {
      const site = 'https://chez-margot.example';
      const link = await ensureFirstOwnerLink(fresh.db, now, site);
      expect(link).toMatch(/^https:\/\/chez-margot\.example\/restaurant\/invitation\?jeton=[A-Za-z0-9_-]{43}$/);
      const token = new URL(link!).searchParams.get('jeton')!;
      const info = payloadOf(await call<InvitationInfo>(fresh, 'GET', `${r}/invitations/${token}`));
      expect(info).toMatchObject({ role: 'owner', email: null });
      expect(new Date(info.expires_at).getTime() - now.getTime()).toBe(24 * 3_600_000);
      // A second start: the stored link's token is only a hash, so it is revoked and a new one made.
      const second = await ensureFirstOwnerLink(fresh.db, now, site);
      expect(second).not.toBe(link);
      expect((await call(fresh, 'GET', `${r}/invitations/${token}`)).status).toBe(400);
      const token2 = new URL(second!).searchParams.get('jeton')!;
      const noEmail = await call(fresh, 'POST', `${r}/invitations/${token2}`, { body: { name: 'Margot', password } });
      expect(noEmail.status).toBe(400);
      expect(errorOf(noEmail).errors[0]?.path).toBe('email');
      const created = await call<StaffMe>(fresh, 'POST', `${r}/invitations/${token2}`, { body: { name: 'Margot', password, email: 'Margot@Chez-Margot.example' } });
      expect(payloadOf(created)).toMatchObject({ role: 'owner', email: 'margot@chez-margot.example' });
      expect(await ensureFirstOwnerLink(fresh.db, now, site)).toBeNull();
      // It expires after 24 hours.
      await fresh.db.update(staffUsers).set({ removedAt: now });
      const third = new URL((await ensureFirstOwnerLink(fresh.db, now, site))!).searchParams.get('jeton')!;
      now = new Date(now.getTime() + 24 * 3_600_000 + 1000);
      expect((await call(fresh, 'GET', `${r}/invitations/${third}`)).status).toBe(400);
    } finally {
      await fresh.close();
    }
  });

  test('a preset token (STAFF_FIRST_OWNER_TOKEN) is kept across starts', async () => {
    const fresh = await startTestServer({ clock: () => now });
    try {
      const preset = 'jeton-choisi-a-l-avance-0123456789abcdef';
      const first = await ensureFirstOwnerLink(fresh.db, now, 'http://localhost:3000', preset);
      expect(first).toBe(`http://localhost:3000/restaurant/invitation?jeton=${preset}`);
      expect(await ensureFirstOwnerLink(fresh.db, now, 'http://localhost:3000', preset)).toBe(first);
      expect((await fresh.db.select().from(staffInvitations)).filter((i) => !i.revokedAt)).toHaveLength(1);
      expect((await call(fresh, 'GET', `${r}/invitations/${preset}`)).status).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});

describe('logs', () => {
  test('at debug, no invitation token, session token nor password reaches a log line', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const logged = await startTestServer({ clock: () => now, logger: createLogger('debug', sink) });
    try {
      const owner = await createTestStaff(logged.db, { role: 'owner', now });
      const email = newEmail('journal');
      expect((await call(logged, 'POST', `${r}/staff/invitations`, { body: { email, role: 'staff' }, headers: { Cookie: owner.cookie } })).status).toBe(201);
      const mail = await logged.mail.waitFor((m) => m.to === email);
      const token = /jeton=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
      await call(logged, 'GET', `${r}/invitations/${token}`);
      const created = await call(logged, 'POST', `${r}/invitations/${token}`, { body: { name: 'Journal', password } });
      const session = cookieOf(created).split('=')[1]!;
      await call(logged, 'GET', `${r}/auth/me`, { headers: { Cookie: `resto_staff=${session}` } });
      expect(lines.some((line) => line.includes('/v2/restaurant/invitations/…'))).toBe(true);
      for (const secret of [token, session, password, owner.cookie.split('=')[1]!]) expect(lines.filter((line) => line.includes(secret))).toEqual([]);
    } finally {
      await logged.close();
    }
  });
});

describe('npm run staff:create', () => {
  test('arguments: e-mail and role required, password never in argv, name defaults to the address', () => {
    expect(parseStaffCreateArgs(['--email', 'Chef@Example.fr', '--role', 'owner'])).toEqual({ email: 'chef@example.fr', role: 'owner', name: 'chef' });
    expect(parseStaffCreateArgs(['--email', 'a@example.fr', '--role', 'staff', '--name', 'Ali'])).toMatchObject({ name: 'Ali' });
    expect(() => parseStaffCreateArgs(['--email', 'a@example.fr', '--role', 'owner', '--password', 'x'])).toThrow(/argument/);
    expect(() => parseStaffCreateArgs(['--email', 'pas-une-adresse', '--role', 'owner'])).toThrow(/Usage/);
    expect(() => parseStaffCreateArgs(['--email', 'a@example.fr', '--role', 'chef'])).toThrow(/owner/);
    expect(() => parseStaffCreateArgs(['--inconnu'])).toThrow(/Usage/);
  });

  test('creates an owner who can log in (on this database), refuses a weak password and a live member’s address', async () => {
    const email = newEmail('cli');
    const args = parseStaffCreateArgs(['--email', email, '--role', 'owner', '--name', 'Margot Lefèvre']);
    await expect(runStaffCreate(server.db, args, 'court', now, server.deps.siteUrl)).rejects.toThrow(/au moins 8/);
    await expect(runStaffCreate(server.db, args, 'motdepasse', now, server.deps.siteUrl)).rejects.toThrow(/courants/);
    expect(await runStaffCreate(server.db, args, password, now, server.deps.siteUrl)).toMatch(/Compte créé : Margot Lefèvre/);
    await expect(runStaffCreate(server.db, args, password, now, server.deps.siteUrl)).rejects.toThrow(/déjà/);
    const login = await staffCall<StaffMe>('POST', `${r}/auth/login`, { body: { email, password } });
    expect(payloadOf(login)).toMatchObject({ email, role: 'owner', name: 'Margot Lefèvre' });
  });

  /** Runs `npm run staff:create`'s script as its own process, with `env` over the test's, `stdin` piped in. */
  const runCli = (args: string[], stdin: string, env: Record<string, string>) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const root = fileURLToPath(new URL('../../../../../', import.meta.url));
      const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/cli/staff-create.ts'), ...args], { cwd: root, env: { ...process.env, ...env } });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stdin.end(stdin);
      child.on('exit', (code) => resolve({ code, out }));
    });

  /** The owner the command made, as stored. */
  async function checkOwner(url: { dataDir: string; databaseUrl?: string }) {
    const database = await openDatabase(url);
    try {
      const [row] = await database.db.select().from(staffUsers).where(eq(staffUsers.email, 'chef@example.fr'));
      expect(row).toMatchObject({ role: 'owner', name: 'Chef', removedAt: null });
      expect(await verifyPassword(row!.passwordHash, password)).toBe(true);
    } finally {
      await database.close();
    }
  }

  const adminUrl = process.env.DATABASE_URL?.trim();
  if (!adminUrl)
    test('the command itself on a PGlite directory: password from stdin, refused while a server holds the directory', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'resto-staff-cli-'));
      try {
        const release = await lockDataDir(dataDir);
        const locked = await runCli(['--email', 'chef@example.fr', '--role', 'owner'], `${password}\n`, { DATA_DIR: dataDir, DATABASE_URL: '' });
        await release();
        expect(locked.code).toBe(1);
        expect(locked.out).toMatch(/déjà utilisé par un autre serveur/);
        const made = await runCli(['--email', 'chef@example.fr', '--role', 'owner', '--name', 'Chef'], `${password}\n`, { DATA_DIR: dataDir, DATABASE_URL: '' });
        expect(made.out).toMatch(/Compte créé : Chef <chef@example\.fr> \(Propriétaire\)/);
        expect(made.code).toBe(0);
        await checkOwner({ dataDir });
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 120_000);
  else
    test('the command itself on PostgreSQL (DATABASE_URL): password from stdin, beside a running server', async () => {
      const name = `test_cli_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      try {
        const made = await runCli(['--email', 'chef@example.fr', '--role', 'owner', '--name', 'Chef'], `${password}\n`, { DATABASE_URL: url.toString() });
        expect(made.out).toMatch(/Compte créé : Chef <chef@example\.fr> \(Propriétaire\)/);
        expect(made.code).toBe(0);
        await checkOwner({ dataDir: 'memory://', databaseUrl: url.toString() });
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }, 120_000);
});
