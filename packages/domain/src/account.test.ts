import { describe, expect, test } from 'vitest';
import {
  backoffs,
  type BackoffState,
  calculateBackoffDelaySeconds,
  calculateBackoffWaitSeconds,
  calculateRetryMinutes,
  codeMaxAttempts,
  codeTtlMinutes,
  isBackoffIdle,
  ChangePasswordSchema,
  DeleteAccountSchema,
  isCodeUsable,
  isSessionAlive,
  OrdersQuerySchema,
  OtpSchema,
  rateLimits,
  ResetPasswordSchema,
  shouldTouchSession,
  SignupSchema,
} from './account.ts';
import { accountAnswers } from '@resto/copy/storefront/account';
import { formatPhone } from './phone.ts';

/** Account rules (docs/decisions/006; spec sections 5 and 9). */

const at = (iso: string) => new Date(iso);
const issued = at('2026-11-20T10:00:00Z');

describe('one-time codes: 10 minutes, 10 tries, single use', () => {
  test.each([
    ['just issued', { createdAt: issued, attempts: 0, consumedAt: null }, '2026-11-20T10:00:00Z', true],
    ['9 min 59 s later', { createdAt: issued, attempts: 0, consumedAt: null }, '2026-11-20T10:09:59Z', true],
    ['10 minutes later', { createdAt: issued, attempts: 0, consumedAt: null }, '2026-11-20T10:10:00Z', false],
    ['after 9 wrong tries', { createdAt: issued, attempts: 9, consumedAt: null }, '2026-11-20T10:01:00Z', true],
    ['after 10 wrong tries', { createdAt: issued, attempts: 10, consumedAt: null }, '2026-11-20T10:01:00Z', false],
    ['already used', { createdAt: issued, attempts: 0, consumedAt: issued }, '2026-11-20T10:01:00Z', false],
  ])('%s', (_label, code, now, usable) => {
    expect(isCodeUsable(code, at(now))).toBe(usable);
  });

  test.each([
    ['123456', '123456'],
    [' 123 456 ', '123456'],
    ['004217', '004217'],
  ])('the code %j reads as %s', (typed, code) => {
    expect(OtpSchema.parse(typed)).toBe(code);
  });

  test.each(['12345', '1234567', 'abcdef', ''])('%j is not a code', (typed) => {
    expect(OtpSchema.safeParse(typed).success).toBe(false);
  });
});

describe('sessions: 30 days idle', () => {
  test.each([
    ['29 days 23 h', '2026-12-20T09:00:00Z', true],
    ['30 days', '2026-12-20T10:00:00Z', false],
  ])('last used %s ago', (_label, now, alive) => {
    expect(isSessionAlive(issued, at(now))).toBe(alive);
  });

  test('the last use is written again after 5 minutes, not before', () => {
    expect(shouldTouchSession(issued, at('2026-11-20T10:04:59Z'))).toBe(false);
    expect(shouldTouchSession(issued, at('2026-11-20T10:05:00Z'))).toBe(true);
  });
});

describe('rate limits', () => {
  test('minutes left are rounded up, at least 1', () => {
    expect(calculateRetryMinutes(issued, rateLimits.loginPerIp, at('2026-11-20T10:00:00Z'))).toBe(15);
    expect(calculateRetryMinutes(issued, rateLimits.loginPerIp, at('2026-11-20T10:14:01Z'))).toBe(1);
    expect(calculateRetryMinutes(issued, rateLimits.codeSendCooldown, at('2026-11-20T10:00:59Z'))).toBe(1);
  });
});

describe('back-offs (docs/decisions/006): free tries, then doubling waits, capped, forgotten when idle', () => {
  const password = backoffs.passwordPerClient;
  const code = backoffs.codePerClient;

  test.each([
    [password, 0, 0],
    [password, 4, 0],
    [password, 5, 15],
    [password, 6, 30],
    [password, 7, 60],
    [password, 10, 480],
    [password, 11, 900],
    [password, 1000, 900],
    [code, 2, 0],
    [code, 3, 60],
    [code, 4, 120],
    [code, 7, 960],
    [code, 8, 1800],
  ])('%o after %i failures: %i s', (policy, failures, seconds) => {
    expect(calculateBackoffDelaySeconds(failures, policy)).toBe(seconds);
  });

  test.each([
    ['never failed', null, '2026-11-20T10:00:00Z', 0],
    ['4 failures', { count: 4, lastAt: issued }, '2026-11-20T10:00:00Z', 0],
    ['5 failures, at once', { count: 5, lastAt: issued }, '2026-11-20T10:00:00Z', 15],
    ['5 failures, 14.2 s later (rounded up)', { count: 5, lastAt: issued }, '2026-11-20T10:00:00.800Z', 15],
    ['5 failures, 15 s later', { count: 5, lastAt: issued }, '2026-11-20T10:00:15Z', 0],
    ['11 failures, 10 min later', { count: 11, lastAt: issued }, '2026-11-20T10:10:00Z', 300],
    ['40 failures, 59 min later', { count: 40, lastAt: issued }, '2026-11-20T10:59:00Z', 0],
  ])('password: %s → wait %i s', (_label, state, now, wait) => {
    expect(calculateBackoffWaitSeconds(state, password, at(now))).toBe(wait);
  });

  test('idle for an hour (passwords) or two (codes): the count starts again', () => {
    const state = { count: 40, lastAt: issued };
    expect(isBackoffIdle(state, password, at('2026-11-20T10:59:59Z'))).toBe(false);
    expect(isBackoffIdle(state, password, at('2026-11-20T11:00:00Z'))).toBe(true);
    expect(isBackoffIdle(state, code, at('2026-11-20T11:59:59Z'))).toBe(false);
    expect(isBackoffIdle(state, code, at('2026-11-20T12:00:00Z'))).toBe(true);
  });

  test('one client address makes at most 6 wrong code tries in a code’s 10 minutes: fewer than the 10 that kill it', () => {
    let state = null as BackoffState | null;
    let t = issued.getTime();
    let tries = 0;
    while (t < issued.getTime() + codeTtlMinutes * 60_000) {
      const wait = calculateBackoffWaitSeconds(state, code, new Date(t));
      if (wait > 0) {
        t += wait * 1000;
        continue;
      }
      tries++;
      state = { count: (state?.count ?? 0) + 1, lastAt: new Date(t) };
    }
    expect(tries).toBe(6);
    expect(tries).toBeLessThan(codeMaxAttempts);
    expect(code.idleResetSeconds).toBeGreaterThan(code.maxDelaySeconds);
    expect(password.idleResetSeconds).toBeGreaterThan(password.maxDelaySeconds);
  });

  test.each([
    [1, 'Trop de tentatives. Réessayez dans 1 seconde.'],
    [15, 'Trop de tentatives. Réessayez dans 15 secondes.'],
    [60, 'Trop de tentatives. Réessayez dans 1 minute.'],
    [61, 'Trop de tentatives. Réessayez dans 2 minutes.'],
    [900, 'Trop de tentatives. Réessayez dans 15 minutes.'],
  ])('the French 429 for a wait of %i s', (seconds, text) => {
    expect(accountAnswers.tooManyAttemptsWait(seconds)).toBe(text);
  });
});

describe('schemas (spec section 5)', () => {
  const signup = { first_name: 'Lucie', last_name: 'Martin', phone: '06 11 22 33 44', email: ' Lucie.Martin@Example.FR ', password: 'Pizza-du-jeudi' };

  test('sign-up: e-mail trimmed and lower-cased, phone in E.164', () => {
    expect(SignupSchema.parse(signup)).toMatchObject({ email: 'lucie.martin@example.fr', phone: '+33611223344' });
  });

  test.each([
    ['7 characters', 'Abc-123', accountAnswers.passwordTooShort(8)],
    ['129 characters', 'a'.repeat(129), accountAnswers.passwordTooLong(128)],
    ['empty', '', accountAnswers.passwordRequired],
  ])('a password of %s is refused in French', (_label, password, message) => {
    const result = SignupSchema.safeParse({ ...signup, password });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });

  test("reset, change and delete: 'Passwords do not match' in French", () => {
    const reset = ResetPasswordSchema.safeParse({ email: 'a@b.fr', otp: '123456', password: 'Nouveau-Secret', password_confirmation: 'Autre-Secret' });
    expect(reset.error?.issues[0]).toMatchObject({ path: ['password_confirmation'], message: accountAnswers.passwordsDoNotMatch });
    const change = ChangePasswordSchema.safeParse({ current_password: 'x', password: 'Nouveau-Secret', password_confirmation: 'Nouveau-SecreT' });
    expect(change.error?.issues[0]?.message).toBe(accountAnswers.passwordsDoNotMatch);
    const remove = DeleteAccountSchema.safeParse({ password: 'abc', password_confirmation: 'abd' });
    expect(remove.error?.issues[0]?.message).toBe(accountAnswers.passwordsDoNotMatch);
    expect(DeleteAccountSchema.safeParse({ password: '', password_confirmation: '' }).error?.issues[0]?.message).toBe(accountAnswers.passwordRequired);
  });

  test('orders query: page 1 and limit 20 by default (section 9)', () => {
    expect(OrdersQuerySchema.parse({})).toEqual({ page: 1, limit: 20 });
    expect(OrdersQuerySchema.parse({ page: '3', limit: '5' })).toEqual({ page: 3, limit: 5 });
    expect(OrdersQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });
});

test.each([
  ['+33612345678', '06 12 34 56 78'],
  ['+33478000000', '04 78 00 00 00'],
  ['+442079460958', '+44 20 7946 0958'],
  ['pas un numéro', 'pas un numéro'],
])('the stored phone %s reads %s', (stored, shown) => {
  expect(formatPhone(stored)).toBe(shown);
});
