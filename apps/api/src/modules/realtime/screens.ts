import { count, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { staffScreens } from '../../db/schema.ts';

/**
 * Which staff screens are open (issue 13, part 4; docs/decisions/021-live-events.md): each board
 * posts a heartbeat every 15 s; a screen heard from within `screenWindowMs` counts as connected.
 * The escalation rules (no screen during opening hours: no ASAP, an alert to the owner) read
 * `connectedScreens`.
 */

/** A screen is connected while its last heartbeat is at most this old: three missed beats of 15 s. */
export const screenWindowMs = 45_000;

/** Rows of screens silent for longer than this are deleted by `purgeScreens` (1 day). */
const screenRetentionMs = 24 * 60 * 60_000;

/**
 * Records that `screenId`, used by `staffId`, is open at `now` (one row per screen, upserted).
 * @returns how many screens are connected at `now`, this one included.
 */
export async function recordHeartbeat(db: Database, screenId: string, staffId: number, now: Date): Promise<number> {
  await db
    .insert(staffScreens)
    .values({ screenId, staffId, lastSeenAt: now })
    .onConflictDoUpdate({ target: staffScreens.screenId, set: { staffId, lastSeenAt: sql`greatest(${staffScreens.lastSeenAt}, excluded.last_seen_at)` } });
  return connectedScreens(db, now);
}

/** How many screens sent a heartbeat within `screenWindowMs` before `now`. */
export async function connectedScreens(db: Database, now: Date): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(staffScreens)
    .where(gte(staffScreens.lastSeenAt, new Date(now.getTime() - screenWindowMs)));
  return rows[0]?.n ?? 0;
}

/** Deletes screens silent for more than `screenRetentionMs`. @returns how many rows went. */
export async function purgeScreens(db: Database, now: Date): Promise<number> {
  const gone = await db
    .delete(staffScreens)
    .where(lt(staffScreens.lastSeenAt, new Date(now.getTime() - screenRetentionMs)))
    .returning({ id: staffScreens.screenId });
  return gone.length;
}
