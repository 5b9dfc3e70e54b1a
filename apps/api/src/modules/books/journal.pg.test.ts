import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { appendEntry, openJournal, readEntries, readHead } from './journal.ts';
import { loadSigner } from './keys.ts';
import { verifyJournal } from './verify.ts';

/**
 * Two API instances on one PostgreSQL (docs/decisions/031-the-books.md): both open the journal at
 * once (one opening is kept), load the same key, and append 50 entries at the same time through
 * their own connection pools. The head's row lock makes them take turns: one chain, gapless, no fork.
 */
const noon = new Date('2026-11-24T11:30:00Z');
let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  first = await startTestServer({ seed: false, clock: () => noon });
  second = await startTestServer({ seed: false, databaseUrl: first.databaseUrl, clock: () => noon });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

test('two instances open the journal and append 50 payments at once: one gapless chain, verified', async () => {
  expect(first.databaseUrl).toBeDefined();
  const [signerA, signerB] = await Promise.all([loadSigner(first.db, undefined), loadSigner(second.db, undefined)]);
  expect(signerB.keyId).toBe(signerA.keyId);
  await Promise.all([openJournal(first.db, signerA, noon), openJournal(second.db, signerB, noon)]);
  expect((await readEntries(first.db, 'live', 0, 10)).map((row) => row.seq)).toEqual([1]);

  await Promise.all(
    Array.from({ length: 50 }, (_, n) => {
      const [db, signer] = n % 2 === 0 ? [first.db, signerA] : [second.db, signerB];
      return appendEntry(
        db,
        signer,
        { chain: 'live', body: { kind: 'payment', payment: { order_id: n + 1, means: 'cash', amount: 100 + n } }, orderId: n + 1 },
        noon,
      );
    }),
  );
  const rows = await readEntries(first.db, 'live', 0, 100);
  expect(rows.map((row) => row.seq)).toEqual(Array.from({ length: 51 }, (_, n) => n + 1));
  expect(new Set(rows.map((row) => row.orderId)).size).toBe(51); // 50 orders and the opening's null
  expect((await readHead(second.db, 'live'))!.seq).toBe(51);
  expect(await verifyJournal(second.db, { trustedPublicKey: signerA.publicKeyPem })).toMatchObject({ ok: true, broken: [] });
});
