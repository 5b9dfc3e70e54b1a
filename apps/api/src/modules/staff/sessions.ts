import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { staffSessions, staffUsers } from '../../db/schema.ts';
import { staffSessionIdleDays as idleDays } from '@resto/domain/staff';
import { staffAnswers } from '@resto/copy/staff/team';
import { ApiError } from '../../http/errors.ts';
import type { StaffAuthenticator, StaffPrincipal } from '../../http/openapi.ts';
import { hashSessionToken, newSessionToken } from '../auth/index.ts';

/**
 * Staff sessions (docs/decisions/020; docs/decisions/016, section 7.1): a random 256-bit token in
 * an httpOnly, SameSite=Strict cookie (Secure when the site is served over HTTPS), its SHA-256 in
 * `staff_sessions`. Apart from customers' sessions: a customer's bearer token never opens a staff
 * route, and a staff cookie is never read by the storefront's API.
 */

/** The staff session cookie's name. */
export const staffCookieName = 'resto_staff';

/** A staff session is alive while used within this many days (packages/domain/src/staff.ts). */
export const staffSessionIdleDays = idleDays;

export type { StaffRole } from '@resto/contract/route-kit';
/** The staff member behind a call. */
export type { StaffPrincipal } from '../../http/openapi.ts';

/** Opens a session for a staff member. @returns the cookie's token (never stored in clear). */
export async function openStaffSession(db: Database, staffId: number, now: Date): Promise<string> {
  const token = newSessionToken();
  await db.insert(staffSessions).values({ staffId, tokenHash: hashSessionToken(token), createdAt: now, lastUsedAt: now });
  return token;
}

/**
 * The live staff member holding `token`, or null: unknown token, idle more than
 * `staffSessionIdleDays`, or a removed member. Touches `last_used_at` at most once a minute.
 */
async function staffFromToken(db: Database, token: string | undefined, now: Date): Promise<StaffPrincipal | null> {
  if (!token) return null;
  const rows = await db
    .select({
      sessionId: staffSessions.id,
      lastUsedAt: staffSessions.lastUsedAt,
      staffId: staffUsers.id,
      email: staffUsers.email,
      name: staffUsers.name,
      role: staffUsers.role,
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, hashSessionToken(token)), isNull(staffUsers.removedAt)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  if (now.getTime() - row.lastUsedAt.getTime() > staffSessionIdleDays * 86_400_000) return null;
  if (now.getTime() - row.lastUsedAt.getTime() > 60_000) await db.update(staffSessions).set({ lastUsedAt: now }).where(eq(staffSessions.id, row.sessionId));
  return { sessionId: row.sessionId, staffId: row.staffId, email: row.email, name: row.name, role: row.role };
}

/**
 * The staff member calling, from the session cookie. @throws ApiError staff_login_required (401)
 * without a live session; staff_forbidden (403) when `role` is 'owner' and the caller is not one.
 */
export async function requireStaff(c: Context, db: Database, now: Date, role?: 'owner'): Promise<StaffPrincipal> {
  const staff = await staffFromToken(db, getCookie(c, staffCookieName), now);
  if (!staff) throw new ApiError('staff_login_required', staffAnswers.loginRequired);
  if (role === 'owner' && staff.role !== 'owner') throw new ApiError('staff_forbidden', staffAnswers.forbidden);
  return staff;
}

/**
 * The authenticator of a router's staff routes (http/openapi.ts `routes({ authenticateStaff })`):
 * `requireStaff` at the clock's instant, the owner's role when the route admits only the owner.
 */
export function staffAuthenticator(db: Database, clock: () => Date): StaffAuthenticator {
  return (c, role) => requireStaff(c, db, clock(), role === 'owner' ? 'owner' : undefined);
}
