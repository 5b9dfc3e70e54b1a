import { count, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { staffScreens } from '../../db/schema.ts';

/**
 * Which staff screens are open (docs/decisions/022; docs/decisions/021-live-events.md): each board
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

/** The most recent heartbeat of any staff screen, or null when none ever sent one. */
export async function lastScreenHeartbeat(db: Database): Promise<Date | null> {
  const rows = await db.select({ last: sql<string | null>`max(${staffScreens.lastSeenAt})` }).from(staffScreens);
  const last = rows[0]?.last;
  return last ? new Date(last) : null;
}

/**
 * The last heartbeat of any staff screen as the storefront's reads see it (`GET /v2/public/settings`'s
 * `orders.screen_connected`, and the ASAP rule of each order: escalation's `presence`). Read from
 * the database at most once per `recheckMs` of real time, requests meanwhile sharing that read;
 * a heartbeat this instance records moves it forward at once (`note`). Another instance's
 * heartbeat, or a screen deleted with its staff member, is seen within `recheckMs` (1 s, as the
 * catalogue's version check). Why: /settings read the table on every request, about a tenth of the
 * rate of the same answer without it (docs/decisions/028-prepared-answers.md).
 */
export class LastHeartbeat {
  #known: Date | null = null;
  #readAt = Number.NEGATIVE_INFINITY;
  #reading: Promise<Date | null> | undefined;
  /** Heartbeats noted so far: a read that saw fewer keeps the later of the two. */
  #noted = 0;

  /** `elapsedMs`: a monotonic clock in milliseconds (real time; tests pass their own). */
  constructor(
    private readonly db: Database,
    private readonly recheckMs = 1000,
    private readonly elapsedMs: () => number = () => performance.now(),
  ) {}

  /** The last heartbeat (null: never), at most `recheckMs` old. @throws the database's error when it must read and cannot. */
  get(): Promise<Date | null> {
    if (this.elapsedMs() - this.#readAt < this.recheckMs) return Promise.resolve(this.#known);
    this.#reading ??= this.#read().finally(() => (this.#reading = undefined));
    return this.#reading;
  }

  /** The last heartbeat without waiting: undefined when `get` would read the table first. */
  known(): Date | null | undefined {
    return this.elapsedMs() - this.#readAt < this.recheckMs ? this.#known : undefined;
  }

  /** A heartbeat recorded by this instance at `at` (already written: the table keeps the latest per screen). */
  note(at: Date): void {
    this.#noted += 1;
    if (!this.#known || at > this.#known) this.#known = at;
  }

  async #read(): Promise<Date | null> {
    const notedBefore = this.#noted;
    const startedAt = this.elapsedMs();
    const stored = await lastScreenHeartbeat(this.db);
    // A heartbeat noted during the read may have committed after the read's snapshot.
    this.#known = this.#noted === notedBefore || !this.#known || (stored && stored > this.#known) ? stored : this.#known;
    this.#readAt = startedAt;
    return this.#known;
  }
}
