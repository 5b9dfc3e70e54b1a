import {
  isCodeUsable,
  isSessionAlive,
  rateLimits,
  sessionIdleDays,
  shouldTouchSession,
  type ChangePasswordSchema,
  type CodePurpose,
  type ProfileUpdateSchema,
  type ResetPasswordSchema,
  type SignupSchema,
  type User,
} from '@resto/domain/account';
import { messages } from '@resto/domain/messages';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import type { MailService } from '../mail/service.ts';
import { deleteMailsTo } from '../mail/repository.ts';
import { toOrderView } from '../orders/order-view.ts';
import { findTestModeOrders } from '../orders/repository.ts';
import { hashPassword, isCommonPassword, verifyAgainstNothing, verifyPassword } from './passwords.ts';
import { RateLimiter } from './rate-limits.ts';
import * as repository from './repository.ts';
import { codeMatches, hashCode, hashSessionToken, newCode, newSalt, newSessionToken } from './tokens.ts';

/** Who is calling: the session a valid token opened, and its account. */
export interface Authenticated {
  sessionId: number;
  user: repository.UserRow;
}

/** The user as the API answers it (spec section 3, User). */
export function toUser(row: repository.UserRow): User {
  return { id: row.id, email: row.email, first_name: row.firstName, last_name: row.lastName, phone: row.phone, address: row.address };
}

const refused = (status: 400 | 401 | 403 | 422, path: string, message: string) => new ApiError(status, message, [{ path, message }]);

/**
 * Accounts (spec sections 4, 5, 7; issue 5): sign-up confirmed by an e-mailed code, login,
 * sessions, password reset and change, profile, orders, deletion. Answers never tell whether an
 * e-mail has an account (sign-up, send-otp, verify-otp, reset-password, login).
 */
export class AuthService {
  private readonly limits: RateLimiter;

  constructor(
    private readonly db: Database,
    private readonly mail: MailService,
    private readonly clock: () => Date,
    private readonly logger: Logger,
  ) {
    this.limits = new RateLimiter(db, clock);
  }

  private refuseCommon(password: string) {
    if (isCommonPassword(password)) throw refused(422, 'password', messages.passwordTooCommon);
  }

  private async openSession(user: repository.UserRow): Promise<{ token: string; user: User }> {
    const token = newSessionToken();
    await repository.insertSession(this.db, user.id, hashSessionToken(token), this.clock());
    return { token, user: toUser(user) };
  }

  /**
   * Counts a code sent to `email` from `ip` (1 a minute and 5 an hour per e-mail, 30 an hour per
   * IP), whether the address has an account or not. @throws ApiError 429.
   */
  private async countCodeSend(email: string, ip: string) {
    await this.limits.hit(rateLimits.codeSendPerIp, ip);
    await this.limits.hit(rateLimits.codeSendCooldown, email);
    await this.limits.hit(rateLimits.codeSendPerEmail, email);
  }

  /** Issues a new code (the previous one of that e-mail and purpose dies) and e-mails it. */
  private async issueCode(user: repository.UserRow, purpose: CodePurpose) {
    const code = newCode();
    const salt = newSalt();
    await repository.replaceCode(this.db, { userId: user.id, email: user.email, purpose, salt, codeHash: hashCode(salt, code), createdAt: this.clock() });
    await this.limits.reset(rateLimits.codeCheckPerEmail, `${purpose}:${user.email}`);
    await this.mail.sendCode(user.email, code, purpose);
  }

  /**
   * POST /v2/public/auth/signup/: an unverified account and a code by e-mail. The answer is the
   * same for a new address and for one that has an account (whose owner gets a notice instead):
   * no token until the code is checked (verify-otp).
   */
  async signup(input: z.output<typeof SignupSchema>, ip: string) {
    this.refuseCommon(input.password);
    await this.countCodeSend(input.email, ip);
    const passwordHash = await hashPassword(input.password); // paid whatever the branch, so both take as long
    const existing = await repository.findUserByEmail(this.db, input.email);
    if (existing?.emailVerifiedAt) {
      await this.mail.sendExistingAccountNotice(existing.email);
    } else {
      const user = await repository.upsertUnverifiedUser(
        this.db,
        { email: input.email, firstName: input.first_name, lastName: input.last_name, phone: input.phone, passwordHash },
        this.clock(),
      );
      await this.issueCode(user, 'signup');
    }
    await this.limits.reset(rateLimits.codeCheckPerEmail, `signup:${input.email}`);
    return {
      token: null,
      user: { id: null, email: input.email, first_name: input.first_name, last_name: input.last_name, phone: input.phone, address: null },
      message: messages.signupCodeSent,
    };
  }

  /**
   * POST /v2/public/auth/login/. Wrong passwords count per account and per IP; over the limit,
   * 429 before any check. An unverified account with the right password gets a new code and 403.
   */
  async login(input: { email: string; password: string }, ip: string) {
    await this.limits.check(rateLimits.loginPerIp, ip);
    await this.limits.check(rateLimits.loginPerAccount, input.email);
    const user = await repository.findUserByEmail(this.db, input.email);
    const ok = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstNothing(input.password);
    if (!user || !ok) {
      await this.limits.count(rateLimits.loginPerIp, ip);
      await this.limits.count(rateLimits.loginPerAccount, input.email);
      throw new ApiError(401, messages.loginFailed, [{ path: 'password', message: messages.loginFailed }]);
    }
    if (!user.emailVerifiedAt) {
      // The password is right: the person may learn the account waits for its code, and gets a new one.
      await this.countCodeSend(user.email, ip)
        .then(() => this.issueCode(user, 'signup'))
        .catch(() => undefined); // throttled: the code sent a moment ago still works
      throw refused(403, 'email', messages.emailNotVerified);
    }
    await this.limits.reset(rateLimits.loginPerAccount, input.email);
    return this.openSession(user);
  }

  /**
   * Checks a code of `purpose` for `email`: 5 wrong tries per code and per e-mail (known or not),
   * then 429. @returns the account, with the code consumed. @throws ApiError 400, 429.
   */
  private async useCode(email: string, otp: string, purpose: CodePurpose): Promise<repository.UserRow> {
    const subject = `${purpose}:${email}`;
    await this.limits.check(rateLimits.codeCheckPerEmail, subject, messages.tooManyCodeTries);
    const now = this.clock();
    const code = await repository.findLiveCode(this.db, email, purpose);
    const wrong = async () => {
      const tries = await this.limits.count(rateLimits.codeCheckPerEmail, subject);
      const codeTries = code ? await repository.countWrongTry(this.db, code.id) : 0;
      if (tries >= rateLimits.codeCheckPerEmail.max || codeTries >= rateLimits.codeCheckPerEmail.max) throw new ApiError(429, messages.tooManyCodeTries);
      return refused(400, 'otp', messages.codeInvalid);
    };
    if (!code || !isCodeUsable(code, now)) {
      if (code && code.attempts >= rateLimits.codeCheckPerEmail.max) throw new ApiError(429, messages.tooManyCodeTries);
      throw await wrong();
    }
    if (!codeMatches(code.salt, code.codeHash, otp)) throw await wrong();
    if (!(await repository.consumeCode(this.db, code.id, now))) throw refused(400, 'otp', messages.codeInvalid);
    await this.limits.reset(rateLimits.codeCheckPerEmail, subject);
    const user = await repository.findUserById(this.db, code.userId);
    if (!user || user.email !== email) throw refused(400, 'otp', messages.codeInvalid);
    return user;
  }

  /** GET /v2/public/auth/verify-otp/: the sign-up's code; the account is confirmed and logged in. */
  async verifyOtp(email: string, otp: string) {
    const user = await this.useCode(email, otp, 'signup');
    if (!user.emailVerifiedAt) await repository.markVerified(this.db, user.id, this.clock());
    return this.openSession(user);
  }

  /**
   * GET /v2/public/auth/send-otp/: a new code to an unverified account (sign-up) or a verified
   * one (password reset); nothing to an unknown address. The answer is the same in all three cases.
   */
  async sendOtp(email: string, ip: string) {
    await this.countCodeSend(email, ip);
    const user = await repository.findUserByEmail(this.db, email);
    if (user) await this.issueCode(user, user.emailVerifiedAt ? 'reset' : 'signup');
    else await this.limits.reset(rateLimits.codeCheckPerEmail, `reset:${email}`); // as issueCode does
    return { message: messages.codeSent };
  }

  /** POST /v2/public/auth/reset-password/: a reset code and a new password; every session is revoked. */
  async resetPassword(input: z.output<typeof ResetPasswordSchema>) {
    this.refuseCommon(input.password);
    const user = await this.useCode(input.email, input.otp, 'reset');
    await repository.setPasswordHash(this.db, user.id, await hashPassword(input.password), this.clock());
    await repository.deleteOtherSessions(this.db, user.id, null);
    await this.limits.reset(rateLimits.loginPerAccount, user.email);
    this.logger.info({ userId: user.id }, 'mot de passe réinitialisé, sessions révoquées');
    return { message: messages.passwordReset };
  }

  /**
   * Who holds `token`, checked against `userIdInput` (spec section 7: token and user id).
   * @throws ApiError 401 no token, unknown or expired; 400 no user id; 403 another user's id.
   */
  async authenticate(token: string | undefined, userIdInput: unknown): Promise<Authenticated> {
    if (!token) throw refused(401, 'token', messages.notLoggedIn);
    const now = this.clock();
    const session = await repository.findSession(this.db, hashSessionToken(token));
    if (!session) throw refused(401, 'token', messages.sessionExpired);
    if (!isSessionAlive(session.lastUsedAt, now)) {
      await repository.deleteSession(this.db, session.id);
      throw refused(401, 'token', messages.sessionExpired);
    }
    const userId =
      typeof userIdInput === 'number' ? userIdInput : typeof userIdInput === 'string' && /^\d{1,10}$/.test(userIdInput) ? Number(userIdInput) : NaN;
    if (!Number.isInteger(userId) || userId <= 0) throw refused(400, 'user_id', messages.userIdRequired);
    if (userId !== session.userId) throw refused(403, 'user_id', messages.wrongUser);
    const user = await repository.findUserById(this.db, session.userId);
    if (!user) throw refused(401, 'token', messages.sessionExpired);
    if (shouldTouchSession(session.lastUsedAt, now)) await repository.touchSession(this.db, session.id, now);
    return { sessionId: session.id, user };
  }

  /** POST /v2/public/auth/logout/: this session is revoked. */
  async logout(auth: Authenticated) {
    await repository.deleteSession(this.db, auth.sessionId);
    return { message: messages.loggedOut };
  }

  /** PATCH /v2/public/auth/update-profile: names, phone, address (the e-mail stays). */
  async updateProfile(auth: Authenticated, input: z.output<typeof ProfileUpdateSchema>) {
    const row = await repository.updateProfile(
      this.db,
      auth.user.id,
      { firstName: input.first_name, lastName: input.last_name, phone: input.phone, address: input.address },
      this.clock(),
    );
    if (!row) throw refused(401, 'token', messages.sessionExpired);
    return toUser(row);
  }

  /** GET /v2/public/auth/orders: the account's orders, newest first, `limit` a page. */
  async orders(auth: Authenticated, page: number, limit: number) {
    const { rows, lines, history, total } = await repository.findOrdersPage(this.db, auth.user.id, page, limit);
    const testMode = await findTestModeOrders(
      this.db,
      rows.map((order) => order.orderId),
    );
    return {
      orders: rows.map((order) =>
        toOrderView(
          order,
          lines.filter((l) => l.orderId === order.orderId),
          history.filter((h) => h.orderId === order.orderId),
          testMode.has(order.orderId),
        ),
      ),
      page,
      limit,
      total,
      pages: Math.ceil(total / limit),
    };
  }

  /** Checks the account's password for a sensitive change; wrong ones count like failed logins. */
  private async confirmPassword(auth: Authenticated, password: string, path: string, ip: string) {
    await this.limits.check(rateLimits.loginPerAccount, auth.user.email);
    if (!(await verifyPassword(auth.user.passwordHash, password))) {
      await this.limits.count(rateLimits.loginPerAccount, auth.user.email);
      await this.limits.count(rateLimits.loginPerIp, ip);
      throw refused(422, path, messages.passwordWrong);
    }
  }

  /** POST /v2/public/auth/change-password/: the current password, a new one; other sessions are revoked. */
  async changePassword(auth: Authenticated, input: z.output<typeof ChangePasswordSchema>, ip: string) {
    await this.confirmPassword(auth, input.current_password, 'current_password', ip);
    this.refuseCommon(input.password);
    await repository.setPasswordHash(this.db, auth.user.id, await hashPassword(input.password), this.clock());
    await repository.deleteOtherSessions(this.db, auth.user.id, auth.sessionId);
    return { message: messages.passwordChanged };
  }

  /**
   * Deletes what no longer serves: sessions idle 30 days, codes older than a day, rate-limit
   * windows older than a day, sign-ups not confirmed within 7 days. The server runs it hourly.
   */
  async purgeExpired() {
    const now = this.clock().getTime();
    const day = 86_400_000;
    const removed = await repository.purgeExpired(this.db, {
      sessionsBefore: new Date(now - sessionIdleDays * day),
      codesBefore: new Date(now - day),
      countersBefore: new Date(now - day),
      unverifiedBefore: new Date(now - 7 * day),
    });
    this.logger.debug(removed, 'comptes : ménage fait');
    return removed;
  }

  /** DELETE /v2/public/auth/delete-profile/: password required; personal data erased, orders anonymised, every session revoked. */
  async deleteAccount(auth: Authenticated, password: string, ip: string) {
    await this.confirmPassword(auth, password, 'password', ip);
    await repository.deleteAccount(this.db, auth.user.id, this.clock());
    await deleteMailsTo(this.db, auth.user.email);
    this.logger.info({ userId: auth.user.id }, 'compte supprimé, commandes anonymisées');
    return { message: messages.accountDeleted };
  }
}
