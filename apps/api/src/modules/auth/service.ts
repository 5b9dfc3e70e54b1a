import {
  backoffs,
  codeTtlMinutes,
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
import { accountAnswers, personalDataExport } from '@resto/copy/storefront/account';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { SignupAnswer } from '@resto/contract/auth';
import type { ErrorCode } from '@resto/contract/errors';
import { ApiError } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import type { MailService } from '../mail/index.ts';
import { deleteMailsTo } from '../mail/index.ts';
import { toOrderView } from '../orders/index.ts';
import { findTestModeOrders } from '../orders/index.ts';
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

/** Pending sign-ups (and unverified accounts from before pending sign-ups, docs/decisions/006) are deleted after 7 days. */
const unverifiedDays = 7;

const refused = (code: ErrorCode, path: string, message: string) => new ApiError(code, message, [{ path, message }]);

/**
 * Accounts (spec sections 4, 5, 7; docs/decisions/006): sign-up confirmed by an e-mailed code, login,
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
    if (isCommonPassword(password)) throw refused('password_too_common', 'password', accountAnswers.passwordTooCommon);
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

  /**
   * Issues a new code for a pending sign-up (`signupId`) or an account's reset (`userId`) and
   * e-mails it. Codes already sent stay valid, unless `replacePrevious` (a sign-up whose password
   * was just proven): then that sign-up's previous code dies.
   */
  private async issueCode(target: { email: string; signupId?: number; userId?: number }, purpose: CodePurpose, replacePrevious = false) {
    const code = newCode();
    const salt = newSalt();
    await repository.insertCode(
      this.db,
      {
        userId: target.userId ?? null,
        signupId: target.signupId ?? null,
        email: target.email,
        purpose,
        salt,
        codeHash: hashCode(salt, code),
        createdAt: this.clock(),
      },
      replacePrevious,
    );
    await this.limits.reset(rateLimits.codeCheckPerEmail, `${purpose}:${target.email}`);
    await this.mail.sendCode(target.email, code, purpose);
  }

  /** The verified account of an e-mail (an unverified row left from before pending sign-ups, docs/decisions/006, is no account). */
  private async findAccount(email: string): Promise<repository.UserRow | undefined> {
    const user = await repository.findUserByEmail(this.db, email);
    return user?.emailVerifiedAt ? user : undefined;
  }

  /**
   * POST /v2/public/auth/signup/: a pending sign-up of its own and its code by e-mail
   * (docs/decisions/006: another sign-up with the same address, before or after, never changes this one;
   * the account is created from the sign-up whose own code is checked). The answer is the same
   * for a new address and for one that has an account (whose owner gets a notice instead): no
   * token until the code is checked (verify-otp).
   */
  async signup(input: z.output<typeof SignupSchema>, ip: string): Promise<{ answer: SignupAnswer; ticket: string }> {
    this.refuseCommon(input.password);
    await this.countCodeSend(input.email, ip);
    const passwordHash = await hashPassword(input.password); // paid whatever the branch, so both take as long
    // A ticket in either branch, so the answer's cookie does not tell whether the address has an account.
    const ticket = newSessionToken();
    const existing = await this.findAccount(input.email);
    if (existing) {
      await this.mail.sendExistingAccountNotice(existing.email);
    } else {
      const signup = await repository.insertSignup(this.db, {
        email: input.email,
        firstName: input.first_name,
        lastName: input.last_name,
        phone: input.phone,
        passwordHash,
        ticketHash: hashSessionToken(ticket),
        createdAt: this.clock(),
      });
      await this.issueCode({ email: signup.email, signupId: signup.id }, 'signup');
    }
    await this.limits.reset(rateLimits.codeCheckPerEmail, `signup:${input.email}`);
    return {
      answer: {
        token: null,
        user: { id: null, email: input.email, first_name: input.first_name, last_name: input.last_name, phone: input.phone, address: null },
        message: accountAnswers.signupCodeSent,
      },
      ticket,
    };
  }

  /**
   * The pending sign-ups of `email`, and the one the browser's sign-up ticket names (cookie
   * `signup_ticket`, set by the sign-up's answer), if any.
   */
  private async pendingSignups(email: string, ticket: string | undefined) {
    const since = new Date(this.clock().getTime() - unverifiedDays * 86_400_000);
    const pending = await repository.findSignups(this.db, email, since);
    const ticketHash = ticket ? hashSessionToken(ticket) : undefined;
    const mine = ticketHash ? pending.find((signup) => signup.ticketHash === ticketHash) : undefined;
    return { pending, mine };
  }

  /**
   * POST /v2/public/auth/login/. Wrong passwords slow down their e-mail and client address
   * together (docs/decisions/006: `backoffs.passwordPerClient`; the owner elsewhere is never
   * slowed), and count per IP (50 per 15 minutes); while waiting, 429 before any check. With no
   * account, the password of the pending sign-up of the browser's `ticket` (cookie
   * `signup_ticket`), else of the newest one, is checked instead (one hash whatever the case, so
   * all take as long): right, it gets a new code and 403.
   */
  async login(input: { email: string; password: string }, ip: string, ticket?: string) {
    await this.limits.check(rateLimits.loginPerIp, ip);
    const subject = `${input.email}|${ip}`;
    await this.limits.claimTry(backoffs.passwordPerClient, subject);
    const user = await this.findAccount(input.email);
    const signups = user ? undefined : await this.pendingSignups(input.email, ticket);
    const pending = signups && (signups.mine ?? signups.pending[0]);
    const hash = user?.passwordHash ?? pending?.passwordHash;
    const ok = hash ? await verifyPassword(hash, input.password) : await verifyAgainstNothing(input.password);
    if (!ok) {
      await this.limits.count(rateLimits.loginPerIp, ip);
      throw new ApiError('login_failed', accountAnswers.loginFailed, [{ path: 'password', message: accountAnswers.loginFailed }]);
    }
    await this.limits.reset(backoffs.passwordPerClient, subject);
    if (!user) {
      // The password of this pending sign-up is right: the person may learn it waits for its code, and gets a new one.
      if (pending)
        await this.countCodeSend(pending.email, ip)
          .then(() => this.issueCode({ email: pending.email, signupId: pending.id }, 'signup', true))
          .catch(() => undefined); // throttled: the code sent a moment ago still works
      throw refused('email_not_verified', 'email', accountAnswers.emailNotVerified);
    }
    return this.openSession(user);
  }

  /**
   * Checks a code of `purpose` for `email` against every live code of that e-mail and purpose
   * (several sign-ups may wait, each with its own code). Wrong codes slow down the e-mail and
   * client address together (`backoffs.codePerClient`), and count per code and per e-mail from all
   * addresses: at 10 (known address or not), 429 until a new code is issued.
   * @returns the code, consumed. @throws ApiError 400, 429.
   */
  private async useCode(
    email: string,
    otp: string,
    purpose: CodePurpose,
    ip: string,
    acceptable: (code: repository.CodeRow) => ApiError | undefined = () => undefined,
  ): Promise<repository.CodeRow> {
    const subject = `${purpose}:${email}`;
    await this.limits.check(rateLimits.codeCheckPerEmail, subject, accountAnswers.tooManyCodeTries);
    await this.limits.claimTry(backoffs.codePerClient, `${subject}|${ip}`);
    const now = this.clock();
    const codes = (await repository.findRecentCodes(this.db, email, purpose, new Date(now.getTime() - codeTtlMinutes * 60_000))).filter((code) =>
      isCodeUsable(code, now),
    );
    // Every code is compared (constant time each), so the time does not tell how many there are.
    const matches = codes.filter((code) => codeMatches(code.salt, code.codeHash, otp));
    const code = matches[0];
    if (!code) {
      const tries = await this.limits.count(rateLimits.codeCheckPerEmail, subject);
      await repository.countWrongTries(
        this.db,
        codes.map((c) => c.id),
      );
      if (tries >= rateLimits.codeCheckPerEmail.max) throw new ApiError('rate_limited', accountAnswers.tooManyCodeTries);
      throw refused('code_invalid', 'otp', accountAnswers.codeInvalid);
    }
    // A right code this browser may not use is neither consumed nor counted as a wrong try.
    const refusal = acceptable(code);
    if (refusal) throw refusal;
    if (!(await repository.consumeCode(this.db, code.id, now))) throw refused('code_invalid', 'otp', accountAnswers.codeInvalid);
    await this.limits.reset(rateLimits.codeCheckPerEmail, subject);
    await this.limits.reset(backoffs.codePerClient, `${subject}|${ip}`);
    return code;
  }

  /**
   * GET /v2/public/auth/verify-otp/: a sign-up's own code; the account is created from that
   * sign-up (its names, phone and password), the other pending sign-ups of the address are
   * deleted, and the person is logged in. `ticket` is the browser's cookie `signup_ticket`: a
   * browser that made one of the pending sign-ups confirms only that one, and while several wait a
   * browser that made none confirms none (docs/decisions/006: the mailbox owner, typing the
   * newest code, would otherwise confirm a stranger's later sign-up and its password).
   * @throws ApiError 400 code_invalid (wrong code, or another sign-up's), 429.
   */
  async verifyOtp(email: string, otp: string, ip: string, ticket?: string) {
    const { pending, mine } = await this.pendingSignups(email, ticket);
    const code = await this.useCode(email, otp, 'signup', ip, (found) => {
      if (mine) return found.signupId === mine.id ? undefined : refused('code_invalid', 'otp', accountAnswers.codeOfAnotherSignup);
      return pending.length > 1 ? refused('code_invalid', 'otp', accountAnswers.codeNeedsSignupBrowser) : undefined;
    });
    const signup = code.signupId === null ? undefined : await repository.findSignup(this.db, code.signupId);
    if (!signup || signup.email !== email) throw refused('code_invalid', 'otp', accountAnswers.codeInvalid);
    const user = await repository.createAccountFromSignup(this.db, signup, this.clock());
    if (!user) throw refused('code_invalid', 'otp', accountAnswers.codeInvalid); // a verified account holds the address already
    return this.openSession(user);
  }

  /**
   * GET /v2/public/auth/send-otp/: a reset code to an account; a new code for the pending sign-up
   * of this browser's ticket, else the newest one, when the address has no account; nothing to an unknown address. The answer is the same
   * in all three cases. A code already sent stays valid.
   */
  async sendOtp(email: string, ip: string, ticket?: string) {
    await this.countCodeSend(email, ip);
    const user = await this.findAccount(email);
    if (user) await this.issueCode({ email: user.email, userId: user.id }, 'reset');
    else {
      const { pending: [newest], mine } = await this.pendingSignups(email, ticket);
      const target = mine ?? newest;
      if (target) await this.issueCode({ email: target.email, signupId: target.id }, 'signup');
      else await this.limits.reset(rateLimits.codeCheckPerEmail, `reset:${email}`); // as issueCode does
    }
    return { message: accountAnswers.codeSent };
  }

  /** POST /v2/public/auth/reset-password/: a reset code and a new password; every session is revoked. */
  async resetPassword(input: z.output<typeof ResetPasswordSchema>, ip: string) {
    this.refuseCommon(input.password);
    const code = await this.useCode(input.email, input.otp, 'reset', ip);
    const user = code.userId === null ? undefined : await repository.findUserById(this.db, code.userId);
    if (!user || user.email !== input.email) throw refused('code_invalid', 'otp', accountAnswers.codeInvalid);
    await repository.setPasswordHash(this.db, user.id, await hashPassword(input.password), this.clock());
    await repository.deleteOtherSessions(this.db, user.id, null);
    await this.limits.reset(backoffs.passwordPerClient, `${user.email}|${ip}`);
    this.logger.info({ userId: user.id }, 'mot de passe réinitialisé, sessions révoquées');
    return { message: accountAnswers.passwordReset };
  }

  /**
   * Who holds `token`, checked against `userIdInput` (spec section 7: token and user id).
   * @throws ApiError 401 no token, unknown or expired; 400 no user id; 403 another user's id.
   */
  async authenticate(token: string | undefined, userIdInput: unknown): Promise<Authenticated> {
    if (!token) throw refused('login_required', 'token', accountAnswers.notLoggedIn);
    const now = this.clock();
    const session = await repository.findSession(this.db, hashSessionToken(token));
    if (!session) throw refused('session_expired', 'token', accountAnswers.sessionExpired);
    if (!isSessionAlive(session.lastUsedAt, now)) {
      await repository.deleteSession(this.db, session.id);
      throw refused('session_expired', 'token', accountAnswers.sessionExpired);
    }
    const userId =
      typeof userIdInput === 'number' ? userIdInput : typeof userIdInput === 'string' && /^\d{1,10}$/.test(userIdInput) ? Number(userIdInput) : NaN;
    if (!Number.isInteger(userId) || userId <= 0) throw refused('invalid_request', 'user_id', accountAnswers.userIdRequired);
    if (userId !== session.userId) throw refused('wrong_user', 'user_id', accountAnswers.wrongUser);
    const user = await repository.findUserById(this.db, session.userId);
    if (!user) throw refused('session_expired', 'token', accountAnswers.sessionExpired);
    if (shouldTouchSession(session.lastUsedAt, now)) await repository.touchSession(this.db, session.id, now);
    return { sessionId: session.id, user };
  }

  /** POST /v2/public/auth/logout/: this session is revoked. */
  async logout(auth: Authenticated) {
    await repository.deleteSession(this.db, auth.sessionId);
    return { message: accountAnswers.loggedOut };
  }

  /** PATCH /v2/public/auth/update-profile: names, phone, address (the e-mail stays). */
  async updateProfile(auth: Authenticated, input: z.output<typeof ProfileUpdateSchema>) {
    const row = await repository.updateProfile(
      this.db,
      auth.user.id,
      { firstName: input.first_name, lastName: input.last_name, phone: input.phone, address: input.address },
      this.clock(),
    );
    if (!row) throw refused('session_expired', 'token', accountAnswers.sessionExpired);
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
      orders: rows.map((order) => ({
        ...toOrderView(
          order,
          lines.filter((l) => l.orderId === order.orderId),
          history.filter((h) => h.orderId === order.orderId),
          testMode.has(order.orderId),
        ),
        // The account's own order: its secret opens its receipt (/recu?commande=…) once placed.
        receipt_secret: order.receiptNumber === null ? null : order.secret,
        // …and its status page (/suivi?commande=…, docs/decisions/019), unpaid card orders included.
        tracking_secret: order.secret,
      })),
      page,
      limit,
      total,
      pages: Math.ceil(total / limit),
    };
  }

  /**
   * GET /v2/public/auth/export (docs/decisions/012; RGPD articles 15 and 20; docs/decisions/012):
   * everything the restaurant keeps about the account, as one JSON document — the profile, every
   * order (as GET /orders shows them), the sessions' dates and the consents. Never the password
   * hash nor a token.
   */
  async exportData(auth: Authenticated) {
    const pageSize = 100;
    const orders: ReturnType<typeof toOrderView>[] = [];
    for (let page = 1; ; page += 1) {
      const { rows, lines, history, total } = await repository.findOrdersPage(this.db, auth.user.id, page, pageSize);
      for (const order of rows)
        orders.push(
          toOrderView(
            order,
            lines.filter((l) => l.orderId === order.orderId),
            history.filter((h) => h.orderId === order.orderId),
          ),
        );
      if (rows.length < pageSize || page * pageSize >= total) break;
    }
    const user = auth.user;
    const sessions = await repository.findSessions(this.db, user.id);
    return {
      exported_at: this.clock().toISOString(),
      profile: {
        ...toUser(user),
        email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
        created_at: user.createdAt.toISOString(),
        updated_at: user.updatedAt.toISOString(),
      },
      orders,
      sessions: sessions.map((s) => ({ created_at: s.createdAt.toISOString(), last_used_at: s.lastUsedAt.toISOString() })),
      consents: {
        cookies: {
          stored_in: 'browser',
          note: personalDataExport.cookiesNote,
        },
        marketing_emails: { given: false, note: personalDataExport.marketingNote },
      },
    };
  }

  /** Checks the account's password for a sensitive change; wrong ones slow down like failed logins (same e-mail and client address). */
  private async confirmPassword(auth: Authenticated, password: string, path: string, ip: string) {
    const subject = `${auth.user.email}|${ip}`;
    await this.limits.claimTry(backoffs.passwordPerClient, subject);
    if (!(await verifyPassword(auth.user.passwordHash, password))) {
      await this.limits.count(rateLimits.loginPerIp, ip);
      throw refused('password_wrong', path, accountAnswers.passwordWrong);
    }
    await this.limits.reset(backoffs.passwordPerClient, subject);
  }

  /** POST /v2/public/auth/change-password/: the current password, a new one; other sessions are revoked. */
  async changePassword(auth: Authenticated, input: z.output<typeof ChangePasswordSchema>, ip: string) {
    await this.confirmPassword(auth, input.current_password, 'current_password', ip);
    this.refuseCommon(input.password);
    await repository.setPasswordHash(this.db, auth.user.id, await hashPassword(input.password), this.clock());
    await repository.deleteOtherSessions(this.db, auth.user.id, auth.sessionId);
    return { message: accountAnswers.passwordChanged };
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
      unverifiedBefore: new Date(now - unverifiedDays * day),
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
    return { message: accountAnswers.accountDeleted };
  }
}
