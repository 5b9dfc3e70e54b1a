import { and, count, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { authCodes, orderLines, orders, sessions, signups, users } from '../../db/schema.ts';
import { findStatusHistories } from '../orders/index.ts';
import { counterHitsSql, readCountedHits, type CounterHit } from '../../db/counters-sql.ts';

/** SQL of accounts, sessions, codes and rate limits. No rules here: the service decides. */

export type UserRow = typeof users.$inferSelect;
export type CodeRow = typeof authCodes.$inferSelect;
export type SignupRow = typeof signups.$inferSelect;

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return (await db.select().from(users).where(eq(users.email, email)))[0];
}

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  return (await db.select().from(users).where(eq(users.id, id)))[0];
}

// --- pending sign-ups (docs/decisions/006) ---------------------------------------------------

/** Writes a pending sign-up of its own: other sign-ups of the same e-mail are left as they are. */
export async function insertSignup(db: Database, signup: Omit<typeof signups.$inferInsert, 'id'>): Promise<SignupRow> {
  const rows = await db.insert(signups).values(signup).returning();
  return rows[0]!; // insert … returning answers the row
}

export async function findSignup(db: Database, id: number): Promise<SignupRow | undefined> {
  return (await db.select().from(signups).where(eq(signups.id, id)))[0];
}

/** The pending sign-ups of an e-mail made after `since`, newest first. */
export async function findSignups(db: Database, email: string, since: Date): Promise<SignupRow[]> {
  return db
    .select()
    .from(signups)
    .where(and(eq(signups.email, email), gt(signups.createdAt, since)))
    .orderBy(desc(signups.id));
}

/** Binds a pending sign-up to a new browser ticket (its SHA-256): the previous ticket no longer names it. */
export async function setSignupTicket(db: Database, id: number, ticketHash: string): Promise<void> {
  await db.update(signups).set({ ticketHash }).where(eq(signups.id, id));
}

/**
 * Creates the account of a confirmed sign-up, verified at `now`, and deletes every pending sign-up
 * of that e-mail (their codes cascade), in one transaction. An unverified account of the same
 * e-mail left from before pending sign-ups (docs/decisions/006) is replaced; a verified one is left as it is.
 * @returns the account, or undefined when a verified account already holds the e-mail.
 */
export async function createAccountFromSignup(db: Database, signup: SignupRow, now: Date): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    const values = {
      email: signup.email,
      firstName: signup.firstName,
      lastName: signup.lastName,
      phone: signup.phone,
      passwordHash: signup.passwordHash,
      emailVerifiedAt: now,
      updatedAt: now,
    };
    const rows = await tx
      .insert(users)
      .values({ ...values, createdAt: now })
      .onConflictDoUpdate({ target: users.email, set: values, setWhere: isNull(users.emailVerifiedAt) })
      .returning();
    if (rows[0]) await tx.delete(signups).where(eq(signups.email, signup.email));
    return rows[0];
  });
}

export async function updateProfile(
  db: Database,
  userId: number,
  profile: { firstName: string; lastName: string; phone: string; address: string | null },
  now: Date,
) {
  const rows = await db
    .update(users)
    .set({ ...profile, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return rows[0];
}

export async function setPasswordHash(db: Database, userId: number, passwordHash: string, now: Date): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

// --- sessions -------------------------------------------------------------------------------

export async function insertSession(db: Database, userId: number, tokenHash: string, now: Date): Promise<void> {
  await db.insert(sessions).values({ userId, tokenHash, createdAt: now, lastUsedAt: now });
}

export async function findSession(db: Database, tokenHash: string) {
  return (await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)))[0];
}

export async function touchSession(db: Database, id: number, now: Date): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Database, id: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Revokes every session of a user but `keepId` (a password change keeps the device that made it). */
export async function deleteOtherSessions(db: Database, userId: number, keepId: number | null): Promise<void> {
  await db.delete(sessions).where(keepId === null ? eq(sessions.userId, userId) : and(eq(sessions.userId, userId), ne(sessions.id, keepId)));
}

// --- codes ----------------------------------------------------------------------------------

/**
 * Writes a new code. With `replacePrevious` (a sign-up's new code asked with its password), that
 * sign-up's previous codes are consumed; otherwise every other code lives on, so a stranger asking
 * for a code never kills the owner's. One transaction.
 */
export async function insertCode(db: Database, code: Omit<typeof authCodes.$inferInsert, 'id'>, replacePrevious = false): Promise<void> {
  await db.transaction(async (tx) => {
    if (replacePrevious && code.signupId != null)
      await tx
        .update(authCodes)
        .set({ consumedAt: code.createdAt })
        .where(and(eq(authCodes.signupId, code.signupId), isNull(authCodes.consumedAt)));
    await tx.insert(authCodes).values(code);
  });
}

/** The codes of an e-mail and purpose not consumed and issued after `since`, newest first, 20 at most (the service applies isCodeUsable). */
export async function findRecentCodes(db: Database, email: string, purpose: string, since: Date): Promise<CodeRow[]> {
  return db
    .select()
    .from(authCodes)
    .where(and(eq(authCodes.email, email), eq(authCodes.purpose, purpose), isNull(authCodes.consumedAt), gt(authCodes.createdAt, since)))
    .orderBy(desc(authCodes.id))
    .limit(20);
}

/** Counts a wrong try on each of these codes. Atomic, so concurrent guesses are all counted. */
export async function countWrongTries(db: Database, codeIds: number[]): Promise<void> {
  if (!codeIds.length) return;
  await db
    .update(authCodes)
    .set({ attempts: sql`${authCodes.attempts} + 1` })
    .where(inArray(authCodes.id, codeIds));
}

/** Consumes a code once: false when another request consumed it first. */
export async function consumeCode(db: Database, codeId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(authCodes)
    .set({ consumedAt: now })
    .where(and(eq(authCodes.id, codeId), isNull(authCodes.consumedAt)))
    .returning({ id: authCodes.id });
  return rows.length === 1;
}

// --- rate limits ----------------------------------------------------------------------------

/**
 * Adds one event to a fixed-window counter and returns the count and window start after it: a
 * window older than `windowSeconds` starts again at 1. One statement, atomic on PostgreSQL and PGlite.
 */
export async function hitCounter(db: Database, key: string, windowSeconds: number, now: Date): Promise<{ count: number; windowStart: Date }> {
  const [hit] = await hitCounters(db, [{ key, windowSeconds, max: Number.MAX_SAFE_INTEGER }], now);
  return hit!; // the first counter is always counted
}

/**
 * `hitCounter` for several counters in one statement (docs/decisions/025-order-creation-cost.md),
 * in order: a counter is counted only while the one before it was counted and stays within its
 * `max`, as when they are hit one by one and the first one over its limit refuses.
 * @returns the counters counted, in order (fewer than asked when one went over its max: it is the last).
 */
export async function hitCounters(db: Database, hits: readonly CounterHit[], now: Date): Promise<{ count: number; windowStart: Date }[]> {
  const { ctes, counted } = counterHitsSql(hits, now);
  const [row] = await queryRows<{ counted: unknown }>(db, sql`with ${ctes} select ${counted} as counted`);
  return readCountedHits(row?.counted);
}

/** The current count of a counter (0 when its window is over or it never started). */
export async function readCounter(db: Database, key: string, windowSeconds: number, now: Date): Promise<{ count: number; windowStart: Date }> {
  const rows = await queryRows<{ count: number; window_start: string | Date }>(db, sql`select count, window_start from rate_limits where key = ${key}`);
  const row = rows[0];
  if (!row) return { count: 0, windowStart: now };
  const windowStart = new Date(row.window_start);
  return windowStart.getTime() <= now.getTime() - windowSeconds * 1000 ? { count: 0, windowStart: now } : { count: Number(row.count), windowStart };
}

export async function resetCounter(db: Database, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** A back-off's counter (docs/decisions/006): tries counted and the last one's instant, or undefined. */
export async function readBackoff(db: Database, key: string): Promise<{ count: number; lastAt: Date } | undefined> {
  const rows = await queryRows<{ count: number; last_at: string | Date }>(
    db,
    sql`select count, coalesce(last_at, window_start) as last_at from rate_limits where key = ${key}`,
  );
  const row = rows[0];
  return row ? { count: Number(row.count), lastAt: new Date(row.last_at) } : undefined;
}

/**
 * Counts one try of a back-off if its counter is still `expected` (compare-and-set): `restart`
 * starts it again at 1 (idle). @returns false when another request counted a try in between, so
 * concurrent tries can never share one allowed slot.
 */
export async function claimBackoffTry(
  db: Database,
  key: string,
  expected: { count: number; lastAt: Date } | undefined,
  restart: boolean,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  if (!expected) {
    const rows = await queryRows<{ key: string }>(
      db,
      sql`insert into rate_limits (key, window_start, count, last_at) values (${key}, ${at}::timestamptz, 1, ${at}::timestamptz)
          on conflict (key) do nothing returning key`,
    );
    return rows.length === 1;
  }
  const rows = await queryRows<{ key: string }>(
    db,
    sql`update rate_limits set
          count = case when ${restart} then 1 else count + 1 end,
          window_start = case when ${restart} then ${at}::timestamptz else window_start end,
          last_at = ${at}::timestamptz
        where key = ${key} and count = ${expected.count} and coalesce(last_at, window_start) = ${expected.lastAt.toISOString()}::timestamptz
        returning key`,
  );
  return rows.length === 1;
}

// --- orders of an account -------------------------------------------------------------------

/** A page of a user's orders, newest first, and how many there are in all. */
export async function findOrdersPage(db: Database, userId: number, page: number, limit: number) {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.orderId))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)),
  ]);
  const ids = rows.map((r) => r.orderId);
  const [lines, history] = ids.length
    ? await Promise.all([
        db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(orderLines.orderId, orderLines.position),
        findStatusHistories(db, ids),
      ])
    : [[], []];
  return { rows, lines, history, total: total[0]?.n ?? 0 };
}

/**
 * Deletes an account (docs/decisions/006): its orders stay as accounting records, with the customer's
 * name, e-mail, phone and address erased and no link to the account; the user row goes, and
 * with it (cascade) its sessions and codes. One transaction.
 */
export async function deleteAccount(db: Database, userId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const owned = await tx.select({ id: orders.orderId }).from(orders).where(eq(orders.userId, userId));
    const ids = owned.map((o) => o.id);
    if (ids.length) {
      await tx
        .update(orders)
        .set({
          userId: null,
          customer: { first_name: 'Compte', last_name: 'supprimé', email: '', phone: '' },
          // The town stays for the accounts (delivery zone of the fee); the street goes.
          location: sql`case when ${orders.location} is null then null else jsonb_strip_nulls(jsonb_build_object('postal_code', ${orders.location}->'postal_code', 'city', ${orders.location}->'city')) end`,
          updatedAt: now,
        })
        .where(inArray(orders.orderId, ids));
      // Kitchen notes may hold personal details (door codes, names): erased too.
      await tx.update(orderLines).set({ note: '' }).where(inArray(orderLines.orderId, ids));
    }
    await tx.delete(users).where(eq(users.id, userId));
  });
}

/**
 * Housekeeping: sessions idle past `sessionsBefore`, codes issued before `codesBefore`, rate-limit
 * counters last touched before `countersBefore`, and sign-ups never confirmed since `unverifiedBefore`
 * (pending sign-ups, and unverified accounts left from before pending sign-ups existed: docs/decisions/006).
 * @returns rows deleted per table.
 */
export async function purgeExpired(db: Database, cutoffs: { sessionsBefore: Date; codesBefore: Date; countersBefore: Date; unverifiedBefore: Date }) {
  // One after the other, codes first: a code of a sign-up or account deleted here goes with it
  // (ON DELETE CASCADE), so run side by side on PostgreSQL's pool the count of codes depended on
  // which delete came first.
  return db.transaction(async (tx) => {
    const codes = await tx
      .delete(authCodes)
      .where(sql`${authCodes.createdAt} < ${cutoffs.codesBefore.toISOString()}::timestamptz`)
      .returning({ id: authCodes.id });
    const expiredSessions = await tx
      .delete(sessions)
      .where(sql`${sessions.lastUsedAt} < ${cutoffs.sessionsBefore.toISOString()}::timestamptz`)
      .returning({ id: sessions.id });
    const counters = await queryRows<{ key: string }>(
      tx,
      sql`delete from rate_limits where coalesce(last_at, window_start) < ${cutoffs.countersBefore.toISOString()}::timestamptz returning key`,
    );
    const unverifiedUsers = await tx
      .delete(users)
      .where(and(isNull(users.emailVerifiedAt), sql`${users.createdAt} < ${cutoffs.unverifiedBefore.toISOString()}::timestamptz`))
      .returning({ id: users.id });
    const unconfirmedSignups = await tx
      .delete(signups)
      .where(sql`${signups.createdAt} < ${cutoffs.unverifiedBefore.toISOString()}::timestamptz`)
      .returning({ id: signups.id });
    return {
      sessions: expiredSessions.length,
      codes: codes.length,
      counters: counters.length,
      unverified: unverifiedUsers.length + unconfirmedSignups.length,
    };
  });
}

/** The sessions of an account, oldest first: when each began and was last used (never the token's hash). */
export async function findSessions(db: Database, userId: number) {
  return db
    .select({ createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(sessions.createdAt);
}
