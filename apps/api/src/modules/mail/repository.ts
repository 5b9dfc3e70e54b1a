import { eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

/** SQL of the mail outbox. No rules here: the service decides when and what. */

export type NewOutboxMail = Omit<typeof mailOutbox.$inferInsert, 'id'>;
export type OutboxMail = typeof mailOutbox.$inferSelect;

/** Adds mails; a second call for the same order and kind writes nothing (the order was retried). */
export async function insertMails(db: Database, mails: NewOutboxMail[]): Promise<void> {
  if (mails.length) await db.insert(mailOutbox).values(mails).onConflictDoNothing();
}

/**
 * Claims the oldest due mail for `lockSeconds` (so another instance does not send it too) and
 * counts the attempt. SKIP LOCKED lets instances claim different rows at once.
 */
export async function claimDueMail(db: Database, now: Date, lockSeconds: number): Promise<OutboxMail | undefined> {
  const at = now.toISOString();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update mail_outbox set attempts = attempts + 1, locked_until = ${at}::timestamptz + make_interval(secs => ${lockSeconds})
        where id = (select id from mail_outbox where next_attempt_at <= ${at}::timestamptz and (locked_until is null or locked_until <= ${at}::timestamptz)
                    order by id limit 1 for update skip locked)
        returning id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) return undefined;
  const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return mails[0];
}

/** A sent mail leaves the table (with the personal data it held). */
export async function deleteMail(db: Database, id: number): Promise<void> {
  await db.delete(mailOutbox).where(eq(mailOutbox.id, id));
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
