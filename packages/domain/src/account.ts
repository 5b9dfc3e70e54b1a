import { z } from './zod-fr.ts';
import { requestErrors } from '@resto/copy/errors/request';
import { accountAnswers } from '@resto/copy/storefront/account';
import { PersonalSchema } from './checkout.ts';

/**
 * Customer accounts (spec sections 3 User, 4 Auth, 5 Validation, 7 Calls; docs/decisions/006): the rules
 * and the request schemas, shared by the storefront's forms and the API. No I/O, no clock: the
 * instant comes in as an argument.
 */

/** Passwords: at least 8 and at most 128 characters (OWASP ASVS 2.1.1, 2.1.2). */
export const passwordMinLength = 8;
const passwordMaxLength = 128;
/**
 * One-time codes: 6 digits, valid 10 minutes, 10 wrong tries at most from all client addresses
 * together (docs/decisions/006, raised from 5: one client address, slowed down by
 * `backoffs.codePerClient`, can make at most 6 in a code's 10 minutes, so it cannot kill a code alone).
 */
export const codeLength = 6;
export const codeTtlMinutes = 10;
export const codeMaxAttempts = 10;
/** A new code for the same e-mail and purpose at most once a minute. */
const codeResendSeconds = 60;
/** Sessions end after 30 days without use (idle expiry). */
export const sessionIdleDays = 30;
/** A session's last use is written at most every 5 minutes (fewer writes, same expiry to the minute). */
const sessionTouchMinutes = 5;
/** Past orders per page, and the most a page may ask for (spec section 9: orders page size 20). */
export const ordersPageSize = 20;
const ordersMaxPageSize = 100;

/** What a one-time code is for: it is accepted for nothing else (docs/decisions/006). */
export type CodePurpose = 'signup' | 'reset';

/**
 * A rate limit: at most `max` events per `windowSeconds` for one key (fixed window). Kept in the
 * database so every API instance shares them (docs/decisions/017, section 1.3).
 */
export interface RateLimit {
  name: string;
  max: number;
  windowSeconds: number;
}

/**
 * The limits of docs/decisions/006; counts are failures for logins and code checks, sends for codes.
 * (docs/decisions/006 removed the 10 wrong passwords per account: a stranger used it to lock the owner out. Wrong
 * passwords now slow down their client address only: `backoffs.passwordPerClient`.)
 */
export const rateLimits = {
  /** Wrong passwords from one IP address, any account: 50 per 15 minutes. */
  loginPerIp: { name: 'login-ip', max: 50, windowSeconds: 15 * 60 },
  /** Codes sent to one e-mail: 1 a minute and 5 an hour. */
  codeSendCooldown: { name: 'code-send-cooldown', max: 1, windowSeconds: codeResendSeconds },
  codeSendPerEmail: { name: 'code-send-email', max: 5, windowSeconds: 60 * 60 },
  /** Codes requested from one IP address: 30 an hour (sign-ups and resends to any address). */
  codeSendPerIp: { name: 'code-send-ip', max: 30, windowSeconds: 60 * 60 },
  /**
   * Wrong codes for one e-mail and purpose from all client addresses: 10 per 10 minutes (as many
   * as a code accepts), whether the address has an account or not, so the answers are the same.
   */
  codeCheckPerEmail: { name: 'code-check-email', max: codeMaxAttempts, windowSeconds: codeTtlMinutes * 60 },
} as const satisfies Record<string, RateLimit>;

/**
 * An exponential back-off (docs/decisions/006): a subject (an e-mail and a client address) gets
 * `freeTries` failed tries at once; after the n-th failure (n ≥ freeTries) it waits
 * `firstDelaySeconds × 2^(n − freeTries)` seconds, at most `maxDelaySeconds`, before its next try.
 * The count starts again after `idleResetSeconds` without a try (longer than the longest wait,
 * so a patient attacker never gets free tries back).
 */
export interface Backoff {
  name: string;
  freeTries: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  idleResetSeconds: number;
}

/** A back-off's counter: tries counted (a success clears it) and when the last one was made. */
export interface BackoffState {
  count: number;
  lastAt: Date;
}

/** The back-offs of docs/decisions/006. Subjects pair an e-mail with a client address: the owner elsewhere is never slowed. */
export const backoffs = {
  /** Wrong passwords (login, and the current password of change-password and delete-profile): 5 free, then 15 s, 30 s, 1 min … 15 min. */
  passwordPerClient: { name: 'password-client', freeTries: 5, firstDelaySeconds: 15, maxDelaySeconds: 15 * 60, idleResetSeconds: 60 * 60 },
  /** Wrong codes (sign-up and reset): 3 free, then 1, 2, 4, 8, 16, 30 min. */
  codePerClient: { name: 'code-client', freeTries: 3, firstDelaySeconds: 60, maxDelaySeconds: 30 * 60, idleResetSeconds: 2 * 60 * 60 },
} as const satisfies Record<string, Backoff>;

/** Whether a back-off's counter is stale at `now` (no try for `idleResetSeconds`): the next try starts it again at 1. */
export function isBackoffIdle(state: BackoffState, policy: Backoff, now: Date): boolean {
  return now.getTime() - state.lastAt.getTime() >= policy.idleResetSeconds * 1000;
}

/** The wait after `failures` failed tries, in seconds (0 while under `freeTries`). */
export function calculateBackoffDelaySeconds(failures: number, policy: Backoff): number {
  if (failures < policy.freeTries) return 0;
  return Math.min(policy.maxDelaySeconds, policy.firstDelaySeconds * 2 ** Math.min(failures - policy.freeTries, 30));
}

/**
 * Seconds, rounded up, before a subject may try again at `now` (0: it may try now). `state` null
 * is a subject that never failed.
 */
export function calculateBackoffWaitSeconds(state: BackoffState | null, policy: Backoff, now: Date): number {
  if (!state || isBackoffIdle(state, policy, now)) return 0;
  const allowedAt = state.lastAt.getTime() + calculateBackoffDelaySeconds(state.count, policy) * 1000;
  return Math.max(0, Math.ceil((allowedAt - now.getTime()) / 1000));
}

/** Minutes, rounded up, before a limited key may try again (for the French 429 message). */
export function calculateRetryMinutes(windowStart: Date, limit: RateLimit, now: Date): number {
  const endsAt = windowStart.getTime() + limit.windowSeconds * 1000;
  return Math.max(1, Math.ceil((endsAt - now.getTime()) / 60_000));
}

/** Whether a code issued at `createdAt` can still be checked at `now` (valid 10 minutes, 5 tries, single use). */
export function isCodeUsable(code: { createdAt: Date; attempts: number; consumedAt: Date | null }, now: Date): boolean {
  return code.consumedAt === null && code.attempts < codeMaxAttempts && now.getTime() - code.createdAt.getTime() < codeTtlMinutes * 60_000;
}

/** Whether a session last used at `lastUsedAt` is still alive at `now` (30 days idle expiry). */
export function isSessionAlive(lastUsedAt: Date, now: Date): boolean {
  return now.getTime() - lastUsedAt.getTime() < sessionIdleDays * 24 * 60 * 60_000;
}

/** Whether a session's last use is old enough to be written again (see sessionTouchMinutes). */
export function shouldTouchSession(lastUsedAt: Date, now: Date): boolean {
  return now.getTime() - lastUsedAt.getTime() >= sessionTouchMinutes * 60_000;
}

/**
 * Passwords people choose most often in France, on top of the 50,000-word list the API checks:
 * refused whatever their case. Lower case, at least 8 characters (shorter ones fail the length rule).
 */
export const frenchCommonPasswords: ReadonlySet<string> = new Set([
  'azertyuiop',
  'azerty123',
  'azerty1234',
  'azertyui',
  'motdepasse',
  'motdepasse1',
  'motdepasse123',
  'marseille',
  'marseille13',
  'doudoudou',
  'chouchou',
  'loulou123',
  'soleil123',
  'bonjour123',
  'jetaime1',
  'jetaime123',
  'doudou123',
  'nicolas1',
  'camille1',
  'chezmargot',
  'pizzeria',
  'restaurant',
  'qwertzuiop',
  '123456789',
  '1234567890',
  '12345678',
  '00000000',
  '11111111',
  'password',
  'password1',
  'motdepass',
  'football',
  'iloveyou',
  'wxcvbn123',
]);

/** Password of a form: 8 to 128 characters, kept as typed (spaces count, OWASP ASVS 2.1.3). */
const PasswordSchema = z
  .string({ error: accountAnswers.passwordRequired })
  .min(1, { error: accountAnswers.passwordRequired })
  .min(passwordMinLength, { error: accountAnswers.passwordTooShort(passwordMinLength) })
  .max(passwordMaxLength, { error: accountAnswers.passwordTooLong(passwordMaxLength) });

/** A password typed to log in or confirm: required, never longer than the policy allows. */
const CurrentPasswordSchema = z
  .string({ error: accountAnswers.passwordRequired })
  .min(1, { error: accountAnswers.passwordRequired })
  .max(passwordMaxLength, { error: accountAnswers.passwordTooLong(passwordMaxLength) });

/** An e-mail as typed, trimmed and lower-cased (one account per address, whatever its case). */
export const EmailSchema = PersonalSchema.shape.email.transform((email) => email.toLowerCase());

/** A 6-digit code as typed (spaces allowed between digits). */
export const OtpSchema = z
  .string({ error: accountAnswers.codeRequired })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: accountAnswers.codeFormat }));

/** POST /v2/public/auth/signup/ (section 7): first_name, last_name, phone, email, password. */
export const SignupSchema = z.object({
  first_name: PersonalSchema.shape.first_name,
  last_name: PersonalSchema.shape.last_name,
  phone: PersonalSchema.shape.phone,
  email: EmailSchema,
  password: PasswordSchema,
});
export type SignupForm = z.input<typeof SignupSchema>;

/** POST /v2/public/auth/login/ (section 7): email, password. */
export const LoginSchema = z.object({ email: EmailSchema, password: CurrentPasswordSchema });
export type LoginForm = z.input<typeof LoginSchema>;

/** GET /v2/public/auth/verify-otp/ (section 7): query otp, email. */
export const VerifyOtpQuerySchema = z.object({ otp: OtpSchema, email: EmailSchema });

/** GET /v2/public/auth/send-otp/ (section 7): query email. */
export const SendOtpQuerySchema = z.object({ email: EmailSchema });

/**
 * POST /v2/public/auth/reset-password/ (section 7): email, otp, password. A confirmation, when
 * sent, must match (section 5: 'Passwords do not match').
 */
export const ResetPasswordSchema = z
  .object({ email: EmailSchema, otp: OtpSchema, password: PasswordSchema, password_confirmation: z.string().max(passwordMaxLength).optional() })
  .refine((value) => value.password_confirmation === undefined || value.password_confirmation === value.password, {
    path: ['password_confirmation'],
    error: accountAnswers.passwordsDoNotMatch,
  });

/** The forgot-password form of /auth/forgot, step 2: code, new password twice (section 5). */
export const ResetPasswordFormSchema = z
  .object({ otp: OtpSchema, password: PasswordSchema, password_confirmation: z.string() })
  .refine((value) => value.password_confirmation === value.password, { path: ['password_confirmation'], error: accountAnswers.passwordsDoNotMatch });

/** POST /v2/public/auth/change-password/ (beyond section 7, see docs/decisions): current and new password twice. */
export const ChangePasswordSchema = z
  .object({ current_password: CurrentPasswordSchema, password: PasswordSchema, password_confirmation: z.string().max(passwordMaxLength) })
  .refine((value) => value.password_confirmation === value.password, { path: ['password_confirmation'], error: accountAnswers.passwordsDoNotMatch });
export type ChangePasswordForm = z.input<typeof ChangePasswordSchema>;

/**
 * DELETE /v2/public/auth/delete-profile/ (sections 5 and 7): password required ('Password is
 * required'), and its confirmation, when sent, must match (the storefront's form always sends it;
 * section 7's body is token, user_id and password). token and user_id may travel in the body too.
 */
export const DeleteAccountSchema = z
  .object({
    token: z.string().max(200).optional(),
    user_id: z.union([z.number(), z.string()]).optional(),
    password: z.string({ error: accountAnswers.passwordRequired }).min(1, { error: accountAnswers.passwordRequired }).max(passwordMaxLength),
    password_confirmation: z.string({ error: accountAnswers.passwordsDoNotMatch }).max(passwordMaxLength).optional(),
  })
  .refine((value) => value.password_confirmation === undefined || value.password_confirmation === value.password, {
    path: ['password_confirmation'],
    error: accountAnswers.passwordsDoNotMatch,
  });
export type DeleteAccountForm = z.input<typeof DeleteAccountSchema>;

/** PATCH /v2/public/auth/update-profile (section 7): the user object; the e-mail is not changed here. */
export const ProfileUpdateSchema = z.object({
  first_name: PersonalSchema.shape.first_name,
  last_name: PersonalSchema.shape.last_name,
  phone: PersonalSchema.shape.phone,
  address: z
    .string()
    .trim()
    .max(200, { error: requestErrors.tooLong(200) })
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type ProfileForm = z.input<typeof ProfileUpdateSchema>;

/** GET /v2/public/auth/orders (section 7): page and limit, defaults 1 and 20. */
export const OrdersQuerySchema = z.object({
  page: z.coerce.number({ error: accountAnswers.invalidPage }).int({ error: accountAnswers.invalidPage }).min(1, { error: accountAnswers.invalidPage }).max(100_000).default(1),
  limit: z.coerce
    .number({ error: accountAnswers.invalidLimit(ordersMaxPageSize) })
    .int({ error: accountAnswers.invalidLimit(ordersMaxPageSize) })
    .min(1, { error: accountAnswers.invalidLimit(ordersMaxPageSize) })
    .max(ordersMaxPageSize, { error: accountAnswers.invalidLimit(ordersMaxPageSize) })
    .default(ordersPageSize),
});

/** The user as the API answers it (spec section 3, User). */
export interface User {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  address: string | null;
}
