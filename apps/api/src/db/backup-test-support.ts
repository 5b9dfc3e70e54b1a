import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { asc } from 'drizzle-orm';
import type { Database } from './client.ts';
import { orderLines, orders } from './schema.ts';

/** Shared by the backup tests (backup.test.ts, backup.pg.test.ts): temporary folders removed after the file, and what is compared. */

/** A new temporary folder under the system's, removed once the test file ends. Call at module level or in a test. */
export function tempDirs(): (prefix: string) => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  return (prefix) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}

/** The orders (id, local_id, total in cents) and the count of their lines: what a restore must give back. */
export async function ordersOf(db: Database) {
  const rows = await db.select({ orderId: orders.orderId, localId: orders.localId, totalCents: orders.totalCents }).from(orders).orderBy(asc(orders.orderId));
  const lines = await db.select({ orderId: orderLines.orderId }).from(orderLines);
  return { rows, lines: lines.length };
}
