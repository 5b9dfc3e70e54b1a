import { and, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { authCodes, orderLines, orders, orderStatusHistory, sessions, users } from '../../db/schema.ts';

/** SQL of accounts, sessions, codes and rate limits. No rules here: the service decides. */

export type UserRow = typeof users.$inferSelect;
export type CodeRow = typeof authCodes.$inferSelect;

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return (await db.select().from(users).where(eq(users.email, email)))[0];
}

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  return (await db.select().from(users).where(eq(users.id, id)))[0];
}

/** Creates an unverified account, or rewrites the unverified one of that e-mail (a sign-up tried again). */
export async function upsertUnverifiedUser(
  db: Database,
  user: { email: string; firstName: string; lastName: string; phone: string; passwordHash: string },
  now: Date,
): Promise<UserRow> {
  const rows = await db
    .insert(users)
    .values({ ...user, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: users.email,
      set: { firstName: user.firstName, lastName: user.lastName, phone: user.phone, passwordHash: user.passwordHash, updatedAt: now },
      setWhere: isNull(users.emailVerifiedAt),
    })
    .returning();
  return rows[0] ?? (await findUserByEmail(db, user.email))!; // a verified account is left as it was
}

export async function markVerified(db: Database, userId: number, now: Date): Promise<void> {
  await db.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, userId));
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

/** Writes a new code and consumes the previous ones of the same e-mail and purpose, in one transaction. */
export async function replaceCode(db: Database, code: Omit<typeof authCodes.$inferInsert, 'id'>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(authCodes)
      .set({ consumedAt: code.createdAt })
      .where(and(eq(authCodes.email, code.email), eq(authCodes.purpose, code.purpose), isNull(authCodes.consumedAt)));
    await tx.insert(authCodes).values(code);
  });
}

/** The latest code not consumed for an e-mail and purpose. */
export async function findLiveCode(db: Database, email: string, purpose: string): Promise<CodeRow | undefined> {
  const rows = await db
    .select()
    .from(authCodes)
    .where(and(eq(authCodes.email, email), eq(authCodes.purpose, purpose), isNull(authCodes.consumedAt)))
    .orderBy(desc(authCodes.id))
    .limit(1);
  return rows[0];
}

/** Counts a wrong try; returns the tries after it. Atomic, so concurrent guesses are all counted. */
export async function countWrongTry(db: Database, codeId: number): Promise<number> {
  const rows = await db
    .update(authCodes)
    .set({ attempts: sql`${authCodes.attempts} + 1` })
    .where(eq(authCodes.id, codeId))
    .returning({ attempts: authCodes.attempts });
  return rows[0]?.attempts ?? Number.MAX_SAFE_INTEGER;
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
  const at = now.toISOString();
  const rows = await queryRows<{ count: number; window_start: string | Date }>(
    db,
    sql`insert into rate_limits (key, window_start, count) values (${key}, ${at}::timestamptz, 1)
        on conflict (key) do update set
          count = case when rate_limits.window_start <= ${at}::timestamptz - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= ${at}::timestamptz - make_interval(secs => ${windowSeconds}) then ${at}::timestamptz else rate_limits.window_start end
        returning count, window_start`,
  );
  const row = rows[0]!; // insert … returning always answers one row
  return { count: Number(row.count), windowStart: new Date(row.window_start) };
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
        db.select().from(orderStatusHistory).where(inArray(orderStatusHistory.orderId, ids)).orderBy(orderStatusHistory.id),
      ])
    : [[], []];
  return { rows, lines, history, total: total[0]?.n ?? 0 };
}

/**
 * Deletes an account (issue 5): its orders stay as accounting records, with the customer's
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
 * windows started before `countersBefore`, and sign-ups never confirmed since `unverifiedBefore`.
 * @returns rows deleted per table.
 */
export async function purgeExpired(db: Database, cutoffs: { sessionsBefore: Date; codesBefore: Date; countersBefore: Date; unverifiedBefore: Date }) {
  const removed = await Promise.all([
    db
      .delete(sessions)
      .where(sql`${sessions.lastUsedAt} < ${cutoffs.sessionsBefore.toISOString()}::timestamptz`)
      .returning({ id: sessions.id }),
    db
      .delete(authCodes)
      .where(sql`${authCodes.createdAt} < ${cutoffs.codesBefore.toISOString()}::timestamptz`)
      .returning({ id: authCodes.id }),
    queryRows<{ key: string }>(db, sql`delete from rate_limits where window_start < ${cutoffs.countersBefore.toISOString()}::timestamptz returning key`),
    db
      .delete(users)
      .where(and(isNull(users.emailVerifiedAt), sql`${users.createdAt} < ${cutoffs.unverifiedBefore.toISOString()}::timestamptz`))
      .returning({ id: users.id }),
  ]);
  return { sessions: removed[0].length, codes: removed[1].length, counters: removed[2].length, unverified: removed[3].length };
}

/** The sessions of an account, oldest first: when each began and was last used (never the token's hash). */
export async function findSessions(db: Database, userId: number) {
  return db
    .select({ createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(sessions.createdAt);
}
