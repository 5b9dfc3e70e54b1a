import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

/** SQL of the mail outbox. No rules here: the service decides when and what. */

export type NewOutboxMail = Omit<typeof mailOutbox.$inferInsert, 'id'>;
export type OutboxMail = typeof mailOutbox.$inferSelect;

/** Adds mails; a second call for the same order and kind writes nothing (the order was retried). */
export async function insertMails(db: Database, mails: NewOutboxMail[]): Promise<void> {
  if (mails.length) await db.insert(mailOutbox).values(mails).onConflictDoNothing();
}

/**
 * Claims the oldest due mails, at most `limit`, for `lockSeconds` (so another instance does not send
 * them too) and counts their attempt, in one statement that returns the claimed rows (oldest first).
 * SKIP LOCKED lets instances claim different rows at once.
 */
export async function claimDueMails(db: Database, now: Date, lockSeconds: number, limit: number): Promise<OutboxMail[]> {
  const at = now.toISOString();
  const rows = await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, lockedUntil: sql`${at}::timestamptz + make_interval(secs => ${lockSeconds})` })
    .where(
      inArray(
        mailOutbox.id,
        sql`(select id from mail_outbox where next_attempt_at <= ${at}::timestamptz and (locked_until is null or locked_until <= ${at}::timestamptz)
             order by id limit ${limit} for update skip locked)`,
      ),
    )
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Sent mails leave the table (with the personal data they held). The ids travel as one array
 * parameter: one statement text whatever the batch's size, run as a named statement (db/statement-names.ts).
 */
export async function deleteMails(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length) await db.delete(mailOutbox).where(sql`${mailOutbox.id} = any(${sql.param([...ids])}::int[])`);
}

/** A failed attempt: released, due again at `nextAttemptAt`, with the error kept for the logs. */
export async function rescheduleMail(db: Database, id: number, nextAttemptAt: Date, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt, lockedUntil: null, lastError: error.slice(0, 500) })
    .where(eq(mailOutbox.id, id));
}

/** Erases a deleted account's e-mail address from mails not sent yet (they are dropped). */
export async function deleteMailsTo(db: Database, recipient: string): Promise<void> {
  await db.delete(mailOutbox).where(eq(mailOutbox.recipient, recipient));
}
