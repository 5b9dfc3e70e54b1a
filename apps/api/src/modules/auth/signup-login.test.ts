import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@resto/domain/messages';
import { authCodes, sessions, users } from '../../db/schema.ts';
import { errorOf, looksFrench, payloadOf, startTestServer, type TestServer } from '../../test/harness.ts';
import { authQuery, call, createAccount, login, newEmail, newIp, signupBody, strongPassword, type Session } from '../../test/accounts.ts';

/**
 * Sign-up, code, login, send-otp and reset-password over real HTTP (spec sections 4, 5, 7;
 * issue 5), with a real SMTP server receiving the codes. The clock is the test's: codes expire,
 * windows of rate limits pass.
 */

let now = new Date('2026-11-20T10:00:00Z');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
});
afterAll(async () => {
  await server?.close();
});

/** Moves the server's clock forward. */
const advance = (minutes: number) => {
  now = new Date(now.getTime() + minutes * 60_000);
};

const verifyPath = (email: string, otp: string) => `/v2/public/auth/verify-otp/?otp=${otp}&email=${encodeURIComponent(email)}`;
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-up and verification', () => {
  test('sign-up answers no token, e-mails a 6-digit code in French (text and HTML); the code logs the person in', async () => {
    const body = signupBody({ email: newEmail('inscription') });
    const ip = newIp();
    const signup = await call<{ token: null; user: Record<string, unknown>; message: string }>(server, 'POST', '/v2/public/auth/signup/', { body, ip });
    expect(signup.status).toBe(200);
    expect(payloadOf(signup)).toEqual({
      token: null,
      user: { id: null, email: body.email, first_name: 'Lucie', last_name: 'Martin', phone: '+33611223344', address: null },
      message: messages.signupCodeSent,
    });

    const mail = await server.mail.waitFor((m) => m.to === body.email);
    expect(mail.subject).toMatch(/^Votre code de confirmation : \d{6}$/);
    const code = /(\d{6})/.exec(mail.subject)![1]!;
    expect(mail.text).toContain(code);
    expect(mail.text).toContain('valable 10 minutes');
    expect(mail.html).toContain(code);
    expect(mail.html).toContain('lang="fr"');
    expect(mail.from).toContain('no-reply@chez-margot.example');

    // Not logged in before the code: the password is right, the account waits for its code
    // (a minute later, so that the login may send a new one).
    advance(1);
    const early = await login(server, body.email, body.password, ip);
    expect(early.status).toBe(403);
    expect(errorOf(early).message).toBe(messages.emailNotVerified);

    // The login sent a new code: the first one is dead, the new one works.
    const newer = await server.mail.waitFor((m) => m.to === body.email && !m.subject.includes(code));
    const newCode = /(\d{6})/.exec(newer.subject)![1]!;
    expect((await call(server, 'GET', verifyPath(body.email, code), { ip })).status).toBe(400);
    const verified = await call<Session>(server, 'GET', verifyPath(body.email, newCode), { ip });
    expect(verified.status).toBe(200);
    const session = payloadOf(verified);
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
    expect(session.user).toEqual({ id: expect.any(Number), email: body.email, first_name: 'Lucie', last_name: 'Martin', phone: '+33611223344', address: null });

    // Only hashes are stored: the token's SHA-256, the password's argon2id with OWASP's settings.
    const stored = await server.db.select().from(sessions).where(eq(sessions.userId, session.user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(createHash('sha256').update(session.token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(session.token);
    const [user] = await server.db.select().from(users).where(eq(users.id, session.user.id));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user!.emailVerifiedAt).not.toBeNull();
    const codes = await server.db.select().from(authCodes).where(eq(authCodes.email, body.email));
    expect(codes.every((c) => c.codeHash !== code && c.codeHash !== newCode && c.codeHash.length === 64)).toBe(true);

    // Single use.
    const again = await call(server, 'GET', verifyPath(body.email, newCode), { ip });
    expect(again.status).toBe(400);
    expect(errorOf(again).message).toBe(messages.codeInvalid);

    // Logged in: the profile answers with the spec's query token + user_id.
    expect(payloadOf(await call(server, 'GET', `/v2/public/auth/profile${authQuery(session)}`))).toEqual(session.user);
  });

  test.each([
    ['no first name', { first_name: '' }, 'first_name', messages.firstNameRequired],
    ['an invalid e-mail', { email: 'pas-une-adresse' }, 'email', messages.invalidEmail],
    ['an invalid phone', { phone: '12' }, 'phone', messages.invalidPhone],
    ['a 7-character password', { password: 'Abc-123' }, 'password', messages.passwordTooShort(8)],
    ['a 129-character password', { password: 'a'.repeat(129) }, 'password', messages.passwordTooLong(128)],
  ])('sign-up with %s: 400 in French on the field', async (_label, override, path, message) => {
    const response = await call(server, 'POST', '/v2/public/auth/signup/', { body: { ...signupBody(), ...override } });
    expect(response.status).toBe(400);
    expect(errorOf(response).errors).toContainEqual({ path, message });
    expect(looksFrench(errorOf(response).message)).toBe(true);
  });

  test.each(['motdepasse123', 'Password123', 'azertyuiop', '123456789', 'iloveyou1'])('the common password %s is refused (422)', async (password) => {
    const response = await call(server, 'POST', '/v2/public/auth/signup/', { body: signupBody({ password }) });
    expect(response.status).toBe(422);
    expect(errorOf(response).errors).toEqual([{ path: 'password', message: messages.passwordTooCommon }]);
  });

  test('a 128-character password with spaces and accents is accepted', async () => {
    const session = await createAccount(server, { password: `été à Lyon ${'x'.repeat(117)}` });
    expect(session.token).toBeTruthy();
  });

  test('verify-otp without a code or with 5 digits: 400 in French', async () => {
    expect(errorOf(await call(server, 'GET', `/v2/public/auth/verify-otp/?email=${newEmail()}`)).message).toBe(messages.codeRequired);
    const short = await call(server, 'GET', verifyPath(newEmail(), '12345'));
    expect(short.status).toBe(400);
    expect(errorOf(short).errors).toContainEqual({ path: 'otp', message: messages.codeFormat });
  });

  test('a code expires after 10 minutes', async () => {
    const body = signupBody();
    const ip = newIp();
    payloadOf(await call(server, 'POST', '/v2/public/auth/signup/', { body, ip }));
    const code = await server.mail.codeFor(body.email, /confirmation/);
    advance(10);
    const late = await call(server, 'GET', verifyPath(body.email, code), { ip });
    expect(late.status).toBe(400);
    expect(errorOf(late).message).toBe(messages.codeInvalid);
  });

  test('brute force: 4 wrong codes answer 400, the 5th 429, and then even the right code is refused', async () => {
    const body = signupBody();
    const ip = newIp();
    payloadOf(await call(server, 'POST', '/v2/public/auth/signup/', { body, ip }));
    const code = await server.mail.codeFor(body.email, /confirmation/);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await call(server, 'GET', verifyPath(body.email, wrongCode(code)), { ip: newIp() })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await call(server, 'GET', verifyPath(body.email, code), { ip: newIp() });
    expect(right.status).toBe(429);
    expect(errorOf(right).message).toBe(messages.tooManyCodeTries);
    const [row] = await server.db.select().from(authCodes).where(eq(authCodes.email, body.email));
    expect(row!.attempts).toBe(5);

    // A new code (a minute later: resend is throttled) can be checked again.
    advance(1);
    expect((await call(server, 'GET', `/v2/public/auth/send-otp/?email=${encodeURIComponent(body.email)}`, { ip })).status).toBe(200);
    const fresh = await server.mail.waitFor((m) => m.to === body.email && !m.subject.includes(code));
    const freshCode = /(\d{6})/.exec(fresh.subject)![1]!;
    expect((await call(server, 'GET', verifyPath(body.email, freshCode), { ip })).status).toBe(200);
  });

  test('unknown e-mails are limited the same way: 5 wrong codes, then 429', async () => {
    const email = newEmail('inconnu');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(server, 'GET', verifyPath(email, '123456'))).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
  });

  test('a sign-up code does not reset a password, and a reset code does not confirm a sign-up (bound to purpose)', async () => {
    const body = signupBody();
    const ip = newIp();
    payloadOf(await call(server, 'POST', '/v2/public/auth/signup/', { body, ip }));
    const signupCode = await server.mail.codeFor(body.email, /confirmation/);
    const reset = await call(server, 'POST', '/v2/public/auth/reset-password/', {
      body: { email: body.email, otp: signupCode, password: 'Un-autre-mot-de-passe-9' },
      ip,
    });
    expect(reset.status).toBe(400);
    expect(errorOf(reset).message).toBe(messages.codeInvalid);
    expect(payloadOf(await call(server, 'GET', verifyPath(body.email, signupCode), { ip }))).toHaveProperty('token');

    advance(1);
    payloadOf(await call(server, 'GET', `/v2/public/auth/send-otp/?email=${encodeURIComponent(body.email)}`, { ip }));
    const resetCode = await server.mail.codeFor(body.email, /mot de passe/);
    expect((await call(server, 'GET', verifyPath(body.email, resetCode), { ip })).status).toBe(400);
  });
});

describe('no account enumeration', () => {
  test('send-otp answers byte-identically for a verified account, an unverified one and an unknown address', async () => {
    const verified = await createAccount(server);
    const unverified = signupBody();
    payloadOf(await call(server, 'POST', '/v2/public/auth/signup/', { body: unverified }));
    advance(1);
    const raw = async (email: string) => {
      const response = await fetch(`${server.baseUrl}/v2/public/auth/send-otp/?email=${encodeURIComponent(email)}`, {
        headers: { 'X-Forwarded-For': newIp() },
      });
      return `${response.status} ${await response.text()}`;
    };
    const nobody = newEmail('personne');
    const answers = [await raw(verified.user.email), await raw(unverified.email), await raw(nobody)];
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toBe(`200 ${JSON.stringify({ status: 'success', payload: { message: messages.codeSent } })}`);
    // And the throttled answers too.
    const throttled = [await raw(verified.user.email), await raw(unverified.email), await raw(nobody)];
    expect(new Set(throttled).size).toBe(1);
    expect(throttled[0]?.startsWith('429 ')).toBe(true);
  });

  test('sign-up with the address of an account answers as a new sign-up; its owner gets a notice, not a code', async () => {
    const owner = await createAccount(server);
    advance(1);
    const raw = async (email: string) => {
      const response = await fetch(`${server.baseUrl}/v2/public/auth/signup/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newIp() },
        body: JSON.stringify(signupBody({ email })),
      });
      return `${response.status} ${(await response.text()).replaceAll(email, '<e-mail>')}`;
    };
    const fresh = newEmail('nouveau');
    expect(await raw(owner.user.email)).toBe(await raw(fresh));
    const notice = await server.mail.waitFor((m) => m.to === owner.user.email && m.subject === 'Vous avez déjà un compte');
    expect(notice.text).toContain('Mot de passe oublié');
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
    // The account is untouched: its password still works.
    expect((await login(server, owner.user.email, owner.password)).status).toBe(200);
  });

  test('a wrong password and an unknown e-mail get the same answer', async () => {
    const account = await createAccount(server);
    const raw = async (email: string) => {
      const response = await fetch(`${server.baseUrl}/v2/public/auth/login/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newIp() },
        body: JSON.stringify({ email, password: 'pas-le-bon-mot-de-passe' }),
      });
      return `${response.status} ${await response.text()}`;
    };
    const known = await raw(account.user.email);
    expect(known).toBe(await raw(newEmail('inconnu')));
    expect(known.startsWith('401 ')).toBe(true);
    expect(known).toContain(messages.loginFailed);
  });

  test('reset-password with a wrong code answers the same for a known and an unknown e-mail', async () => {
    const account = await createAccount(server);
    const raw = async (email: string) => {
      const response = await fetch(`${server.baseUrl}/v2/public/auth/reset-password/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newIp() },
        body: JSON.stringify({ email, otp: '000000', password: 'Nouveau-mot-de-passe-7' }),
      });
      return `${response.status} ${await response.text()}`;
    };
    expect(await raw(account.user.email)).toBe(await raw(newEmail('inconnu')));
  });
});

describe('login', () => {
  test('login answers a token and the user; e-mail case does not matter; each login is its own session', async () => {
    const account = await createAccount(server);
    const first = payloadOf(await login(server, account.user.email.toUpperCase(), account.password));
    expect(first.user).toEqual(account.user);
    expect(first.token).not.toBe(account.token);
    expect((await call(server, 'GET', `/v2/public/auth/profile${authQuery(first)}`)).status).toBe(200);
    expect((await call(server, 'GET', `/v2/public/auth/profile${authQuery(account)}`)).status).toBe(200);
  });

  test('login without a password: 400 in French', async () => {
    const response = await call(server, 'POST', '/v2/public/auth/login/', { body: { email: newEmail() } });
    expect(response.status).toBe(400);
    expect(errorOf(response).errors).toContainEqual({ path: 'password', message: messages.passwordRequired });
  });

  test('10 wrong passwords lock the account 15 minutes (429 in French, Retry-After), even with the right one', async () => {
    const account = await createAccount(server);
    for (let i = 0; i < 10; i++) expect((await login(server, account.user.email, `mauvais-${i}-mot-de-passe`)).status).toBe(401);
    const locked = await login(server, account.user.email, account.password);
    expect(locked.status).toBe(429);
    expect(errorOf(locked).message).toBe(messages.tooManyAttempts(15));
    expect(locked.headers.get('retry-after')).toBe('900');
    advance(15);
    expect((await login(server, account.user.email, account.password)).status).toBe(200);
  });

  test('50 wrong passwords from one IP address stop that address, not the others', async () => {
    const account = await createAccount(server);
    const ip = newIp();
    for (let i = 0; i < 50; i++) expect((await login(server, newEmail('essai'), 'Un-mot-de-passe-au-hasard', ip)).status).toBe(401);
    const blocked = await login(server, account.user.email, account.password, ip);
    expect(blocked.status).toBe(429);
    expect(looksFrench(errorOf(blocked).message)).toBe(true);
    expect((await login(server, account.user.email, account.password, newIp())).status).toBe(200);
  });
});

describe('send-otp and reset-password', () => {
  test('forgot password: code by e-mail, new password, every session revoked, old password refused', async () => {
    const account = await createAccount(server);
    const other = payloadOf(await login(server, account.user.email, account.password));
    advance(1);
    const sent = await call(server, 'GET', `/v2/public/auth/send-otp/?email=${encodeURIComponent(account.user.email)}`);
    expect(payloadOf(sent)).toEqual({ message: messages.codeSent });
    const mail = await server.mail.waitFor((m) => m.to === account.user.email && m.subject.startsWith('Votre code pour changer de mot de passe'));
    const code = /(\d{6})/.exec(mail.subject)![1]!;

    const mismatch = await call(server, 'POST', '/v2/public/auth/reset-password/', {
      body: { email: account.user.email, otp: code, password: 'Nouveau-Secret-2026', password_confirmation: 'Autre-Secret-2026' },
    });
    expect(mismatch.status).toBe(400);
    expect(errorOf(mismatch).errors).toContainEqual({ path: 'password_confirmation', message: messages.passwordsDoNotMatch });
    const common = await call(server, 'POST', '/v2/public/auth/reset-password/', { body: { email: account.user.email, otp: code, password: 'motdepasse' } });
    expect(common.status).toBe(422);

    const reset = await call(server, 'POST', '/v2/public/auth/reset-password/', {
      body: { email: account.user.email, otp: code, password: 'Nouveau-Secret-2026' },
    });
    expect(payloadOf(reset)).toEqual({ message: messages.passwordReset });
    for (const session of [account, other]) expect((await call(server, 'GET', `/v2/public/auth/profile${authQuery(session)}`)).status).toBe(401);
    expect((await login(server, account.user.email, account.password)).status).toBe(401);
    expect((await login(server, account.user.email, 'Nouveau-Secret-2026')).status).toBe(200);
    // The code was single use.
    expect(
      (await call(server, 'POST', '/v2/public/auth/reset-password/', { body: { email: account.user.email, otp: code, password: 'Encore-un-Secret-1' } }))
        .status,
    ).toBe(400);
  });

  test('a second code within the minute: 429 in French with Retry-After; 5 an hour at most', async () => {
    const account = await createAccount(server);
    advance(1);
    const path = `/v2/public/auth/send-otp/?email=${encodeURIComponent(account.user.email)}`;
    expect((await call(server, 'GET', path)).status).toBe(200);
    const again = await call(server, 'GET', path);
    expect(again.status).toBe(429);
    expect(errorOf(again).message).toBe(messages.tooManyAttempts(1));
    expect(again.headers.get('retry-after')).toBe('60');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      advance(1);
      statuses.push((await call(server, 'GET', path)).status);
    }
    // The sign-up's code counted as the first of the hour.
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  test('30 code requests an hour from one IP address, then 429', async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await call(server, 'GET', `/v2/public/auth/send-otp/?email=${newEmail('rafale')}`, { ip })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
  });

  test('send-otp without an e-mail: 400 in French', async () => {
    const response = await call(server, 'GET', '/v2/public/auth/send-otp/');
    expect(response.status).toBe(400);
    expect(errorOf(response).message).toBe(messages.emailRequired);
  });

  test('a strong password is typed the same everywhere: the e-mail of a strong account is lower-cased', async () => {
    const email = newEmail('Majuscules').replace('majuscules', 'Majuscules');
    const account = await createAccount(server, { email, password: strongPassword });
    expect(account.user.email).toBe(email.toLowerCase());
  });
});
