import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { backoffs, rateLimits } from '@resto/domain/account';
import { readSetting } from '@resto/domain/settings';
import { firstOwnerLinkHours, invitationDays, isInvitationLive, removesLastOwner, type StaffAcceptSchema, type StaffRole } from '@resto/domain/staff';
import { requestErrors } from '@resto/copy/errors/request';
import { staffAnswers } from '@resto/copy/staff/team';
import { accountAnswers } from '@resto/copy/storefront/account';
import type { InvitationInfo, StaffInvitation, StaffMe, StaffTeam } from '@resto/contract/staff';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { pushSubscriptions, staffInvitations, staffScreens, staffSessions, staffUsers } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import type { CatalogService } from '../catalog/index.ts';
import type { MailService } from '../mail/index.ts';
import { hashPassword, isCommonPassword, verifyAgainstNothing, verifyPassword } from '../auth/index.ts';
import { RateLimiter } from '../auth/index.ts';
import { hashSessionToken, newSessionToken } from '../auth/index.ts';
import { staffInvitationMail } from './mail.ts';
import { openStaffSession, type StaffPrincipal } from './sessions.ts';
import type { BooksService } from '../books/index.ts';

/** The path of the page that turns an invitation's token into an account (apps/web/app/routes/restaurant-invitation.tsx). */
const invitationPath = '/restaurant/invitation';

/** The absolute link of an invitation: `<siteUrl>/restaurant/invitation?jeton=<token>`. */
function invitationLink(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${invitationPath}?jeton=${encodeURIComponent(token)}`;
}

const fieldError = (code: 'invalid_request' | 'password_too_common', path: string, message: string) =>
  new ApiError(code, code === 'invalid_request' ? `${requestErrors.invalidRequest} ${message}` : message, [{ path, message }]);

const invitationInvalid = () => new ApiError('staff_invitation_invalid', staffAnswers.invitationInvalid);

/**
 * The first owner's link (docs/decisions/020): when the restaurant has no live staff member, a
 * one-time link (role owner, invited by nobody, 24 hours) to print in the server's log. Only the
 * token's hash is stored, so a live link from an earlier start cannot be shown again: it is
 * revoked and a new one made — unless `presetToken` (STAFF_FIRST_OWNER_TOKEN) is that link's token.
 * Run under the setup lock (db/client.ts) so that instances starting together take turns.
 * @returns the link to print, or null when there is a live staff member.
 */
export async function ensureFirstOwnerLink(db: Database, now: Date, siteUrl: string, presetToken?: string): Promise<string | null> {
  const [member] = await db.select({ id: staffUsers.id }).from(staffUsers).where(isNull(staffUsers.removedAt)).limit(1);
  if (member) return null;
  const live = await db
    .select({ id: staffInvitations.id, tokenHash: staffInvitations.tokenHash })
    .from(staffInvitations)
    .where(
      and(
        isNull(staffInvitations.invitedBy),
        eq(staffInvitations.role, 'owner'),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    );
  if (presetToken && live.some((row) => row.tokenHash === hashSessionToken(presetToken))) return invitationLink(siteUrl, presetToken);
  const token = presetToken ?? newSessionToken();
  await db.transaction(async (tx) => {
    if (live.length)
      await tx
        .update(staffInvitations)
        .set({ revokedAt: now })
        .where(
          inArray(
            staffInvitations.id,
            live.map((row) => row.id),
          ),
        );
    // A preset token used before (accepted, then every member removed): its old row goes, the hash is unique.
    if (presetToken) await tx.delete(staffInvitations).where(eq(staffInvitations.tokenHash, hashSessionToken(presetToken)));
    await tx.insert(staffInvitations).values({
      email: null,
      role: 'owner',
      tokenHash: hashSessionToken(token),
      invitedBy: null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + firstOwnerLinkHours * 3_600_000),
    });
  });
  return invitationLink(siteUrl, token);
}

/**
 * Staff accounts (docs/decisions/020-staff-accounts.md): log-in with the
 * customers' password rules and back-off, the owner's team (invitations by e-mail, removal), and
 * one-time links that create an account. Sessions: sessions.ts.
 */
export class StaffService {
  private readonly limits: RateLimiter;

  constructor(
    private readonly db: Database,
    private readonly mail: MailService,
    private readonly catalog: CatalogService,
    private readonly clock: () => Date,
    private readonly logger: Logger,
    /** The site's public origin (SITE_URL), for the links in invitation e-mails. */
    readonly siteUrl: string,
    /** The books: every staff log-in is a technical entry of the journal (docs/decisions/031, « sécurisation »). */
    private readonly books?: BooksService,
  ) {
    this.limits = new RateLimiter(db, clock);
  }

  private async restaurantName(): Promise<string> {
    const { settings } = await this.catalog.getCatalog();
    return readSetting(settings, 'contacts.name', 'Restaurant');
  }

  /** The session's member as the API answers it. */
  async me(staff: Pick<StaffPrincipal, 'staffId' | 'email' | 'name' | 'role'>): Promise<StaffMe> {
    return { staff_id: staff.staffId, email: staff.email, name: staff.name, role: staff.role, restaurant: await this.restaurantName() };
  }

  /**
   * POST /v2/restaurant/auth/login. Wrong tries slow down the e-mail and client address together
   * (`backoffs.passwordPerClient`, the customers' back-off, under its own `staff:` subject): a
   * stranger elsewhere never slows the owner who has the right password. An unknown or removed
   * e-mail costs one argon2 verification like a known one, and answers the same
   * `staff_login_failed`. @returns the session's token (for the cookie) and the member.
   */
  async login(input: { email: string; password: string }, ip: string): Promise<{ token: string; me: StaffMe }> {
    await this.limits.check(rateLimits.loginPerIp, `staff:${ip}`);
    const subject = `staff:${input.email}|${ip}`;
    await this.limits.claimTry(backoffs.passwordPerClient, subject);
    const [row] = await this.db.select().from(staffUsers).where(eq(staffUsers.email, input.email)).limit(1);
    const ok = row ? await verifyPassword(row.passwordHash, input.password) : await verifyAgainstNothing(input.password);
    if (!ok || !row || row.removedAt) {
      await this.limits.count(rateLimits.loginPerIp, `staff:${ip}`);
      throw new ApiError('staff_login_failed', staffAnswers.loginFailed, [{ path: 'password', message: staffAnswers.loginFailed }]);
    }
    await this.limits.reset(backoffs.passwordPerClient, subject);
    const token = await this.openSession({ id: row.id, name: row.name, role: row.role }, this.clock(), 'login');
    return { token, me: await this.me({ staffId: row.id, email: row.email, name: row.name, role: row.role }) };
  }

  /** POST /v2/restaurant/auth/logout: this session ends (the member's other devices stay signed in). */
  async logout(staff: StaffPrincipal): Promise<void> {
    await this.db.delete(staffSessions).where(eq(staffSessions.id, staff.sessionId));
  }

  /** GET /v2/restaurant/staff: live members and live invitations, oldest first. */
  async team(): Promise<StaffTeam> {
    const now = this.clock();
    const members = await this.db.select().from(staffUsers).where(isNull(staffUsers.removedAt)).orderBy(asc(staffUsers.id));
    const invitations = await this.db
      .select()
      .from(staffInvitations)
      .where(and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt), gt(staffInvitations.expiresAt, now)))
      .orderBy(asc(staffInvitations.id));
    return {
      members: members.map((m) => ({ staff_id: m.id, email: m.email, name: m.name, role: m.role, created_at: m.createdAt.toISOString() })),
      invitations: invitations.map(toInvitation),
    };
  }

  /**
   * POST /v2/restaurant/staff/invitations: a one-time link (7 days) e-mailed to `email`, in the
   * background like the sign-up codes. An earlier pending invitation of the address is revoked.
   * @throws ApiError invalid_request when the address is a live member's.
   */
  async invite(owner: StaffPrincipal, input: { email: string; role: StaffRole }): Promise<StaffInvitation> {
    const now = this.clock();
    const [member] = await this.db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(and(eq(staffUsers.email, input.email), isNull(staffUsers.removedAt)))
      .limit(1);
    if (member) throw fieldError('invalid_request', 'email', staffAnswers.alreadyMember);
    const token = newSessionToken();
    const row = await this.db.transaction(async (tx) => {
      await tx
        .update(staffInvitations)
        .set({ revokedAt: now })
        .where(and(eq(staffInvitations.email, input.email), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)));
      const [inserted] = await tx
        .insert(staffInvitations)
        .values({
          email: input.email,
          role: input.role,
          tokenHash: hashSessionToken(token),
          invitedBy: owner.staffId,
          createdAt: now,
          expiresAt: new Date(now.getTime() + invitationDays * 86_400_000),
        })
        .returning();
      return inserted!;
    });
    this.mail.sendInBackground(
      staffInvitationMail({
        to: input.email,
        link: invitationLink(this.siteUrl, token),
        role: input.role,
        restaurant: await this.restaurantName(),
        days: invitationDays,
      }),
    );
    this.logger.info({ invitation: row.id, role: row.role, by: owner.staffId }, 'invitation envoyée');
    return toInvitation(row);
  }

  /** DELETE /v2/restaurant/staff/invitations/{id}: a pending invitation revoked. @throws ApiError not_found. */
  async revokeInvitation(id: number): Promise<void> {
    const revoked = await this.db
      .update(staffInvitations)
      .set({ revokedAt: this.clock() })
      .where(and(eq(staffInvitations.id, id), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
      .returning({ id: staffInvitations.id });
    if (!revoked.length) throw new ApiError('not_found', staffAnswers.invitationNotFound);
  }

  /**
   * DELETE /v2/restaurant/staff/{staff_id}: the member keeps their row (order events name them)
   * with `removed_at`; their sessions, push subscriptions and screens go, so their next call is a
   * 401. The live owners are locked first, so that two owners removing each other at once cannot
   * leave the restaurant without one. @throws ApiError not_found, staff_last_owner.
   */
  async remove(owner: StaffPrincipal, staffId: number): Promise<void> {
    if (staffId === owner.staffId) throw new ApiError('staff_last_owner', staffAnswers.removeSelf);
    await this.db.transaction(async (tx) => {
      const owners = await tx
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(and(eq(staffUsers.role, 'owner'), isNull(staffUsers.removedAt)))
        .for('update');
      const [target] = await tx
        .select()
        .from(staffUsers)
        .where(and(eq(staffUsers.id, staffId), isNull(staffUsers.removedAt)))
        .limit(1);
      if (!target) throw new ApiError('not_found', staffAnswers.memberNotFound);
      if (removesLastOwner(target, owners.length)) throw new ApiError('staff_last_owner', staffAnswers.lastOwner);
      await tx.update(staffUsers).set({ removedAt: this.clock() }).where(eq(staffUsers.id, staffId));
      await tx.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.staffId, staffId));
      await tx.delete(staffScreens).where(eq(staffScreens.staffId, staffId));
    });
    this.logger.info({ staff: staffId, by: owner.staffId }, 'membre retiré');
  }

  private async liveInvitation(token: string) {
    const [row] = await this.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.tokenHash, hashSessionToken(token)))
      .limit(1);
    if (!row || !isInvitationLive(row, this.clock())) throw invitationInvalid();
    return row;
  }

  /** GET /v2/restaurant/invitations/{token}: what a live link is for. @throws ApiError staff_invitation_invalid. */
  async invitationInfo(token: string): Promise<InvitationInfo> {
    const row = await this.liveInvitation(token);
    return { role: row.role, email: row.email, restaurant: await this.restaurantName(), expires_at: row.expiresAt.toISOString() };
  }

  /**
   * POST /v2/restaurant/invitations/{token}: creates the account (a removed member's row comes
   * back with the new name, role and password) and opens a session. The link is used once: it is
   * marked accepted in the same transaction, under a condition a second use cannot meet.
   * @throws ApiError staff_invitation_invalid, invalid_request (e-mail missing or a live member's),
   * password_too_common.
   */
  async accept(token: string, input: z.output<typeof StaffAcceptSchema>): Promise<{ token: string; me: StaffMe }> {
    const invitation = await this.liveInvitation(token);
    const email = invitation.email ?? input.email;
    if (!email) throw fieldError('invalid_request', 'email', staffAnswers.emailRequired);
    if (isCommonPassword(input.password)) throw fieldError('password_too_common', 'password', accountAnswers.passwordTooCommon);
    const passwordHash = await hashPassword(input.password);
    const now = this.clock();
    const staffId = await this.db.transaction(async (tx) => {
      const used = await tx
        .update(staffInvitations)
        .set({ acceptedAt: now })
        .where(and(eq(staffInvitations.id, invitation.id), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
        .returning({ id: staffInvitations.id });
      if (!used.length) throw invitationInvalid();
      const [existing] = await tx.select().from(staffUsers).where(eq(staffUsers.email, email)).limit(1);
      if (existing && !existing.removedAt) throw fieldError('invalid_request', 'email', staffAnswers.alreadyMember);
      if (existing) {
        await tx
          .update(staffUsers)
          .set({ name: input.name, role: invitation.role, passwordHash, removedAt: null, createdAt: now })
          .where(eq(staffUsers.id, existing.id));
        return existing.id;
      }
      const [inserted] = await tx
        .insert(staffUsers)
        .values({ email, name: input.name, role: invitation.role, passwordHash, createdAt: now })
        .returning({ id: staffUsers.id });
      return inserted!.id;
    });
    this.logger.info({ staff: staffId, role: invitation.role, firstOwner: invitation.invitedBy === null }, 'compte du restaurant créé');
    const session = await this.openSession({ id: staffId, name: input.name, role: invitation.role }, now, 'invitation');
    return { token: session, me: await this.me({ staffId, email, name: input.name, role: invitation.role }) };
  }

  /** Opens a session and writes its log-in's technical entry with it, in one transaction. @returns the session's token. */
  private async openSession(member: { id: number; name: string; role: string }, now: Date, via: 'login' | 'invitation'): Promise<string> {
    const signer = await this.books?.signer();
    return this.db.transaction(async (tx) => {
      const token = await openStaffSession(tx, member.id, now);
      if (this.books && signer)
        await this.books.append(tx, signer, {
          chain: 'live',
          operator: { staff_id: member.id, name: member.name },
          body: { kind: 'technical', technical: { event: 'staff_login', detail: { staff_id: member.id, role: member.role, via } } },
        });
      return token;
    });
  }
}

function toInvitation(row: typeof staffInvitations.$inferSelect): StaffInvitation {
  return { id: row.id, email: row.email, role: row.role, created_at: row.createdAt.toISOString(), expires_at: row.expiresAt.toISOString() };
}

/**
 * Creates a staff member directly (npm run staff:create; apps/api/src/cli/staff-create.ts), or
 * brings a removed member's row back with the new name, role and password.
 * @throws ApiError invalid_request when the address is a live member's, password_too_common.
 */
export async function createStaffMember(db: Database, input: { email: string; name: string; role: StaffRole; password: string }, now: Date): Promise<number> {
  if (isCommonPassword(input.password)) throw fieldError('password_too_common', 'password', accountAnswers.passwordTooCommon);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(staffUsers).where(eq(staffUsers.email, input.email)).limit(1);
    if (existing && !existing.removedAt) throw fieldError('invalid_request', 'email', staffAnswers.alreadyMember);
    if (existing) {
      await tx
        .update(staffUsers)
        .set({ name: input.name, role: input.role, passwordHash, removedAt: null, createdAt: now })
        .where(eq(staffUsers.id, existing.id));
      return existing.id;
    }
    const [inserted] = await tx
      .insert(staffUsers)
      .values({ email: input.email, name: input.name, role: input.role, passwordHash, createdAt: now })
      .returning({ id: staffUsers.id });
    return inserted!.id;
  });
}
