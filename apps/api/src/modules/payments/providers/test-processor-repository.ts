import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { testProcessorCustomers, testProcessorIntents, testProcessorRefunds, testProcessorSecrets } from '../../../db/schema.ts';

/** SQL of the built-in test processor: its customers, intents and webhook secret (no rules here). */

export type TestIntentRow = typeof testProcessorIntents.$inferSelect;

/** Inserts a customer unless its idempotency key exists; returns the key's customer either way. */
export async function upsertCustomer(db: Database, row: typeof testProcessorCustomers.$inferInsert) {
  await db.insert(testProcessorCustomers).values(row).onConflictDoNothing({ target: testProcessorCustomers.idempotencyKey });
  const rows = await db.select().from(testProcessorCustomers).where(eq(testProcessorCustomers.idempotencyKey, row.idempotencyKey));
  return rows[0]!; // inserted or already there: the unique key guarantees the row
}

export async function customerExists(db: Database, id: string): Promise<boolean> {
  const rows = await db.select({ id: testProcessorCustomers.id }).from(testProcessorCustomers).where(eq(testProcessorCustomers.id, id));
  return rows.length > 0;
}

/** Inserts an intent unless its idempotency key exists; returns the key's intent either way. */
export async function upsertIntent(db: Database, row: typeof testProcessorIntents.$inferInsert): Promise<TestIntentRow> {
  await db.insert(testProcessorIntents).values(row).onConflictDoNothing({ target: testProcessorIntents.idempotencyKey });
  const rows = await db.select().from(testProcessorIntents).where(eq(testProcessorIntents.idempotencyKey, row.idempotencyKey));
  return rows[0]!;
}

export async function findIntent(db: Database, id: string): Promise<TestIntentRow | undefined> {
  const rows = await db.select().from(testProcessorIntents).where(eq(testProcessorIntents.id, id));
  return rows[0];
}

/** Changes amount or customer of an intent that has not succeeded. */
export async function updateOpenIntent(db: Database, id: string, changes: { amountCents?: number; customerId?: string }) {
  await db
    .update(testProcessorIntents)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(testProcessorIntents.id, id), ne(testProcessorIntents.status, 'succeeded'), ne(testProcessorIntents.status, 'canceled')));
}

/**
 * Moves an intent that has not succeeded to `status`; a succeeded intent never changes (one
 * charge at most). @returns whether this call made the change.
 */
export async function transitionOpenIntent(
  db: Database,
  id: string,
  fromStatuses: readonly string[],
  changes: { status: string; lastError: { code: string; message: string } | null; cardLast4?: string },
): Promise<boolean> {
  const rows = await db
    .update(testProcessorIntents)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(testProcessorIntents.id, id), sql`${testProcessorIntents.status} in ${fromStatuses}`))
    .returning({ id: testProcessorIntents.id });
  return rows.length > 0;
}

/** The webhook secret of this database, made on first use by whichever instance comes first. */
export async function getOrCreateSecret(db: Database, candidate: string): Promise<string> {
  await db.insert(testProcessorSecrets).values({ id: 1, webhookSecret: candidate }).onConflictDoNothing();
  const rows = await db.select().from(testProcessorSecrets).where(eq(testProcessorSecrets.id, 1));
  return rows[0]!.webhookSecret;
}

export type TestRefundRow = typeof testProcessorRefunds.$inferSelect;

/** The refund made under an idempotency key, if any. */
export async function findRefundByKey(db: Database, idempotencyKey: string): Promise<TestRefundRow | undefined> {
  const rows = await db.select().from(testProcessorRefunds).where(eq(testProcessorRefunds.idempotencyKey, idempotencyKey));
  return rows[0];
}

/**
 * Records a refund unless its idempotency key exists (two calls racing with one key make one
 * refund); a succeeded one only while the intent's succeeded refunds stay within its amount.
 * The intent's row is locked meanwhile, so two refunds under different keys cannot both pass.
 * @returns the key's refund (this one or the first), or 'exceeds' when the intent has no amount left.
 */
export async function insertRefund(db: Database, row: typeof testProcessorRefunds.$inferInsert): Promise<TestRefundRow | 'exceeds'> {
  return db.transaction(async (tx) => {
    const intent = await tx.select({ amountCents: testProcessorIntents.amountCents }).from(testProcessorIntents).where(eq(testProcessorIntents.id, row.intentId)).for('update');
    const existing = await tx.select().from(testProcessorRefunds).where(eq(testProcessorRefunds.idempotencyKey, row.idempotencyKey));
    if (existing[0]) return existing[0];
    if (row.status === 'succeeded') {
      const refunded = await tx
        .select({ cents: sql<number>`coalesce(sum(${testProcessorRefunds.amountCents}), 0)::int` })
        .from(testProcessorRefunds)
        .where(and(eq(testProcessorRefunds.intentId, row.intentId), eq(testProcessorRefunds.status, 'succeeded')));
      if ((refunded[0]?.cents ?? 0) + row.amountCents > (intent[0]?.amountCents ?? 0)) return 'exceeds';
    }
    await tx.insert(testProcessorRefunds).values(row);
    return row as TestRefundRow;
  });
}
