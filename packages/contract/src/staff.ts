import { z } from '@resto/domain/zod-fr';
import { InstantSchema } from './common.ts';

/**
 * The staff area's API (docs/decisions/020-staff-accounts.md):
 * /v2/restaurant/auth/… (log-in, log-out, who am I), /v2/restaurant/staff/… (the owner's team
 * page) and /v2/restaurant/invitations/{token} (a one-time link that creates an account). Staff
 * calls carry the `resto_staff` cookie, never a bearer token. Request schemas live in
 * packages/domain/src/staff.ts (the web forms validate with them too) and are re-exported here.
 */
export { StaffAcceptSchema, StaffInviteSchema, StaffLoginSchema } from '@resto/domain/staff';

const RoleSchema = z.enum(['owner', 'staff']);

/** The staff member behind a session: login's and /auth/me's payload. */
export const StaffMeSchema = z
  .object({
    staff_id: z.number(),
    email: z.string(),
    name: z.string(),
    role: RoleSchema,
    /** The restaurant's name, for the staff area's header. */
    restaurant: z.string(),
  })
  .meta({ id: 'StaffMe' });
export type StaffMe = z.infer<typeof StaffMeSchema>;

/** A live member of the team. */
const StaffMemberSchema = z.object({ staff_id: z.number(), email: z.string(), name: z.string(), role: RoleSchema, created_at: InstantSchema });

/** An invitation not yet used, revoked nor expired. `email` null: the first owner's link (no address). */
export const StaffInvitationSchema = z.object({
  id: z.number(),
  email: z.string().nullable(),
  role: RoleSchema,
  created_at: InstantSchema,
  expires_at: InstantSchema,
});
export type StaffInvitation = z.infer<typeof StaffInvitationSchema>;

/** GET /v2/restaurant/staff: the team and the pending invitations, oldest first. */
export const StaffTeamSchema = z.object({ members: z.array(StaffMemberSchema), invitations: z.array(StaffInvitationSchema) });
export type StaffTeam = z.infer<typeof StaffTeamSchema>;

/** GET /v2/restaurant/invitations/{token}: what a live link is for (it never tells who invited). */
export const InvitationInfoSchema = z.object({
  role: RoleSchema,
  /** The address the account will have; null for the first owner's link (the person types it). */
  email: z.string().nullable(),
  restaurant: z.string(),
  expires_at: InstantSchema,
});
export type InvitationInfo = z.infer<typeof InvitationInfoSchema>;

/** DELETE /v2/restaurant/staff/invitations/{id}: the invitation's id (an unknown or malformed one is 404). */
export const InvitationParamsSchema = z.object({ id: z.string().meta({ description: 'L’identifiant de l’invitation.' }) });
/** DELETE /v2/restaurant/staff/{staff_id}: the member's id (an unknown or malformed one is 404). */
export const StaffParamsSchema = z.object({ staff_id: z.string().meta({ description: 'L’identifiant du membre.' }) });
/** /v2/restaurant/invitations/{token}: the one-time link's token. */
export const InvitationTokenParamsSchema = z.object({ token: z.string().meta({ description: 'Le jeton du lien d’invitation, à usage unique.' }) });
