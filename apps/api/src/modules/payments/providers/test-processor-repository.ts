import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { testProcessorCustomers, testProcessorIntents, testProcessorSecrets } from '../../../db/schema.ts';

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
