import { z } from './zod-fr.ts';
import { EmailSchema, LoginSchema, SignupSchema, passwordMinLength } from './account.ts';
import { staffAnswers } from '@resto/copy/staff/team';

/**
 * Staff accounts (docs/decisions/020-staff-accounts.md): the forms of the staff
 * area, shared by the API (validation) and the web pages. Pure.
 */

/** The two roles: `owner` (everything, the team included) and `staff` (the board). */
export const staffRoles = ['owner', 'staff'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** An owner's invitation link lives 7 days; the first owner's link printed in the log, 24 hours. */
export const invitationDays = 7;
export const firstOwnerLinkHours = 24;

/** The staff session cookie's idle limit, in days (its Max-Age; apps/api/src/modules/staff/sessions.ts). */
export const staffSessionIdleDays = 14;

export { passwordMinLength };

export const StaffRoleSchema = z.enum(staffRoles, { error: staffAnswers.roleInvalid });

/** POST /v2/restaurant/auth/login: the same fields and rules as a customer's login. */
export const StaffLoginSchema = LoginSchema;
export type StaffLoginForm = z.input<typeof StaffLoginSchema>;

/** POST /v2/restaurant/staff/invitations: who to invite, and as what. */
export const StaffInviteSchema = z.object({ email: EmailSchema, role: StaffRoleSchema });
export type StaffInviteForm = z.input<typeof StaffInviteSchema>;

/** A staff member's name as shown on the board and in order events: 1 to 80 characters, trimmed. */
const StaffNameSchema = z
  .string({ error: staffAnswers.nameRequired })
  .trim()
  .min(1, { error: staffAnswers.nameRequired })
  .max(80, { error: staffAnswers.nameTooLong });

/**
 * POST /v2/restaurant/invitations/{token}: the new account's name and password (the customers'
 * strength rules: 8 to 128 characters, not a common one). `email` only for the first owner's
 * link, which names no address (an owner's invitation fixes it).
 */
export const StaffAcceptSchema = z.object({
  name: StaffNameSchema,
  password: SignupSchema.shape.password,
  email: EmailSchema.optional(),
});
export type StaffAcceptForm = z.input<typeof StaffAcceptSchema>;

/** Whether an invitation is still usable at `now`: neither accepted, revoked nor expired. Pure. */
export function isInvitationLive(invitation: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, now: Date): boolean {
  return invitation.acceptedAt === null && invitation.revokedAt === null && invitation.expiresAt.getTime() > now.getTime();
}

/**
 * Whether removing `target` leaves the restaurant without an owner: the target is an owner and
 * the only live one. Pure.
 */
export function removesLastOwner(target: { role: StaffRole }, liveOwners: number): boolean {
  return target.role === 'owner' && liveOwners <= 1;
}
