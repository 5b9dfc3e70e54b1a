import { PGlite, type Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { NamingPGlite } from '../../db/naming-pglite.ts';
import { buildOrderPayload, postOrder, startTestServer, type TestServer } from '../../test/harness.ts';

/**
 * The round trips of one order (docs/decisions/025-order-creation-cost.md): a guest's
 * cash order with an automatic offer, its answer and the sending of its two e-mails. Every query the
 * driver sends is counted (PGlite's client and transactions, BEGIN and COMMIT included, or `pg`'s),
 * named statements (db/naming-pglite.ts, db/client.ts namingClient) as the others.
 */
const tuesdayNoonParis = new Date('2026-11-24T11:30:00Z');
let server: TestServer;
let statements = 0;
let counting = false;
const seen: string[] = [];
const restore: (() => void)[] = [];

function countCalls<T extends object>(target: T, key: keyof T) {
  const original = target[key] as unknown as (...args: unknown[]) => unknown;
  (target as Record<keyof T, unknown>)[key] = function (this: unknown, ...args: unknown[]) {
    // The catalogue's freshness check (catalog/service.ts) runs on its own clock, not the order's.
    if (counting && !String((args[0] as { text?: string })?.text ?? args[0]).includes('catalog_version')) {
      statements += 1;
      seen.push(String((args[0] as { text?: string })?.text ?? args[0]).slice(0, 60));
    }
    return original.apply(this, args);
  };
  restore.push(() => ((target as Record<keyof T, unknown>)[key] = original));
}

beforeAll(async () => {
  countCalls(pg.Client.prototype, 'query');
  // The server's PGlite (its `query` runs PGlite's for the statements it does not name).
  countCalls(NamingPGlite.prototype, 'query');
  const transaction = PGlite.prototype.transaction;
  PGlite.prototype.transaction = function <T>(this: PGlite, callback: (tx: Transaction) => Promise<T>) {
    if (counting) statements += 2; // BEGIN and COMMIT
    return transaction.call(this, (tx: Transaction) => {
      countCalls(tx, 'query');
      return callback(tx);
    }) as Promise<T>;
  };
  restore.push(() => (PGlite.prototype.transaction = transaction));
  server = await startTestServer({ clock: () => tuesdayNoonParis });
});
afterAll(async () => {
  await server?.close();
  restore.forEach((undo) => undo());
});

test('a new order: 3 round trips, 5 more for its receipt in the books, 1 to lock its local_id in that transaction (docs/decisions/036), 1 to queue its kitchen tickets (docs/decisions/033), its customer (found, blocked or not, by the first read; docs/decisions/037) in its insert, and 2 to send its e-mails (27 before the work of docs/decisions/025)', async () => {
  const payload = await buildOrderPayload(server);
  expect(payload.discount).toBeGreaterThan(0); // Tuesday's automatic offer: an offer use is written
  expect((await postOrder(server.baseUrl, payload)).status).toBe(201); // the catalogue and counters are there
  await server.deps.mail.idle();

  statements = 0;
  counting = true;
  const answer = await postOrder(server.baseUrl, { ...payload, local_id: 'order-cost-second', customer: { ...payload.customer, email: 'autre@example.fr' } });
  await server.deps.mail.idle();
  counting = false;
  expect(answer.status).toBe(201);
  // 5 without the books; the receipt's journal entry (docs/decisions/031) adds BEGIN and COMMIT,
  // the chain head's lock, the entry's insert and the head's move: 10; the kitchen tickets' insert
  // 11; the local_id's lock, first in that transaction (the same order sent twice at once waits
  // there, docs/decisions/036 « Sent twice at once ») 12. Its customer costs no statement: found
  // (and a block seen) by the first read, its keys written by the order's insert (docs/decisions/037).
  expect(statements, seen.join('\n')).toBe(12);

  // A retry: one read, nothing written.
  statements = 0;
  counting = true;
  const retry = await postOrder(server.baseUrl, { ...payload, local_id: 'order-cost-second', customer: { ...payload.customer, email: 'autre@example.fr' } });
  counting = false;
  expect(retry.status).toBe(200);
  expect(retry.body).toEqual(answer.body);
  expect(statements).toBe(1);
});
