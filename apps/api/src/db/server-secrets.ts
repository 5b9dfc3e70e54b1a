import { eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { serverSecrets } from './schema.ts';

/**
 * Secrets the server makes once per database and every instance shares (`server_secrets`): the
 * VAPID key pair of Web Push, the books' signing key when BOOKS_SIGNING_KEY does not keep it
 * outside the database (docs/decisions/031-the-books.md).
 */

/** A value of `server_secrets`, or undefined. */
export async function readSecret(db: Database, name: string): Promise<string | undefined> {
  const rows = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  return rows[0]?.value;
}

/** Stores `value` under `name` unless a value is there already (the first writer wins). */
export async function insertSecretIfAbsent(db: Database, name: string, value: string): Promise<void> {
  await db.insert(serverSecrets).values({ name, value }).onConflictDoNothing();
}

/** The value under `name`, made by `make` and stored the first time (two instances at once keep the first writer's). */
export async function secretOnce(db: Database, name: string, make: () => string): Promise<string> {
  const stored = await readSecret(db, name);
  if (stored !== undefined) return stored;
  await insertSecretIfAbsent(db, name, make());
  return (await readSecret(db, name))!;
}

/** Stores `value` under `name`, replacing what was there (a key changed on purpose: the books' rotation). */
export async function writeSecret(db: Database, name: string, value: string): Promise<void> {
  await db.insert(serverSecrets).values({ name, value }).onConflictDoUpdate({ target: serverSecrets.name, set: { value } });
}
