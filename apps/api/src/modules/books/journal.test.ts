import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { EntryBody } from '@resto/domain/books';
import type { Database } from '../../db/client.ts';
import { readSecret } from '../../db/server-secrets.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { appendEntry, canonicalJson, openJournal, readEntries, readHead, rotateKey, type Chain } from './journal.ts';
import { loadSigner, signingKeySecret } from './keys.ts';
import { generatePrivateKey, signerFromPrivateKey, type BooksSigner } from './signing.ts';
import { describeReport, verifyJournal } from './verify.ts';
import { margheritaReceipt } from './test-fixtures.ts';

/**
 * The books' journal (docs/decisions/031-the-books.md) on the real database, PGlite and
 * PostgreSQL alike: entries appended and verified; the database refusing to change them; and
 * rows changed behind the triggers' back (a superuser with `session_replication_role = replica`,
 * under which no trigger fires), each change found by the verification at the entry it broke.
 */

const noon = new Date('2026-11-24T11:30:00Z');

/** A cash sale of 18,50 € and its payment, as the counter will write them. */
function sale(orderId: number, number: number): EntryBody[] {
  const receipt = `R-${String(number).padStart(6, '0')}`;
  return [
    {
      kind: 'document',
      document: margheritaReceipt(receipt, orderId),
    },
    { kind: 'payment', payment: { order_id: orderId, means: 'cash', amount: 1850 } },
  ];
}

/** A fresh database with both chains opened by a new key; `count` sales on the live chain (2 entries each, after n° 1). */
async function journalWith(count: number): Promise<{ server: TestServer; signer: BooksSigner }> {
  const server = await startTestServer({ seed: false, clock: () => noon });
  const signer = await loadSigner(server.db, undefined);
  await openJournal(server.db, signer, noon);
  for (let n = 1; n <= count; n += 1) {
    for (const body of sale(n, n)) await appendEntry(server.db, signer, { chain: 'live', body, orderId: n, operator: { staff_id: 1, name: 'Léa' } }, noon);
  }
  return { server, signer };
}

/** Runs `statement` as a superuser with no trigger firing: what someone with the database's files or its admin could do. */
async function behindTheTriggers(db: Database, statement: SQL): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

/** An error's message and its cause's (drizzle wraps the driver's error). */
function errorText(error: unknown): string {
  const messages: string[] = [];
  for (let current = error; current instanceof Error; current = current.cause) messages.push(current.message);
  return messages.join(' | ');
}

/** The verification's finding on the live chain: [seq, problem], or 'ok'. */
async function finding(db: Database, trustedPublicKey?: string): Promise<[number, string] | 'ok'> {
  const report = await verifyJournal(db, { trustedPublicKey, batchSize: 3 });
  const broken = report.broken.find((entry) => entry.chain === 'live');
  return broken ? [broken.seq, broken.problem] : 'ok';
}

describe('appending and verifying', () => {
  let server: TestServer;
  let signer: BooksSigner;
  beforeAll(async () => ({ server, signer } = await journalWith(3)));
  afterAll(() => server.close());

  test('entries are gapless from 1, chained, signed, and the head follows the last one', async () => {
    const rows = await readEntries(server.db, 'live', 0, 100);
    expect(rows.map((row) => row.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(rows.map((row) => row.kind)).toEqual(['technical', 'document', 'payment', 'document', 'payment', 'document', 'payment']);
    expect(rows.slice(1).map((row, index) => row.previousHash === rows[index]!.hash)).toEqual(Array(6).fill(true));
    expect(rows[1]!.documentNumber).toBe('R-000001');
    expect(rows[0]!.content).toBe(canonicalJson(JSON.parse(rows[0]!.content)));
    expect(JSON.parse(rows[1]!.content)).toMatchObject({
      chain: 'live',
      seq: 2,
      business_date: '2026-11-24',
      operator: { staff_id: 1, name: 'Léa' },
      key_id: signer.keyId,
    });
    const head = await readHead(server.db, 'live');
    expect(head).toMatchObject({ seq: 7, hash: rows[6]!.hash, keyId: signer.keyId });
    const report = await verifyJournal(server.db, { trustedPublicKey: signer.publicKeyPem });
    expect(report).toEqual({
      ok: true,
      chains: [
        { chain: 'live', entries: 7, keys: [signer.keyId] },
        { chain: 'simulation', entries: 1, keys: [signer.keyId] },
      ],
      broken: [],
    });
    expect(describeReport(report)).toBe(
      'journal « live » : 7 entrées vérifiées, chaîne, signatures et numérotation intactes.\njournal « simulation » : 1 entrée vérifiée, chaîne, signatures et numérotation intactes.',
    );
  });

  test('the database refuses UPDATE, DELETE and TRUNCATE of the journal, and moving its head back or deleting it', async () => {
    const refusals = [
      sql`update journal_entries set content = content where seq = 2`,
      sql`delete from journal_entries where seq = 7`,
      sql`truncate journal_entries`,
      sql`update journal_heads set seq = 6 where chain = 'live'`,
      sql`delete from journal_heads where chain = 'live'`,
      sql`truncate journal_heads`,
    ];
    for (const statement of refusals) {
      const error = await server.db.execute(statement).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(errorText(error)).toMatch(
        /Le journal des ventes est en ajout seul : (UPDATE|DELETE|TRUNCATE) refusé sur journal_(entries|heads)\.|La tête du journal live ne peut qu’avancer \(de 7 à 6 refusé\)\./,
      );
    }
    expect(await finding(server.db)).toBe('ok');
  });

  test('a clock moved back: the entry keeps the last time and day, the sequence decides the order', async () => {
    const row = await appendEntry(server.db, signer, { chain: 'simulation', body: sale(9, 1)[1]! }, new Date('2026-11-20T08:00:00Z'));
    expect(row.recordedAt).toEqual(noon);
    expect(row.businessDate).toBe('2026-11-24');
    expect((await verifyJournal(server.db)).ok).toBe(true);
  });

  test('a chain never opened refuses to write, in French', async () => {
    const fresh = await startTestServer({ seed: false });
    try {
      await expect(appendEntry(fresh.db, signer, { chain: 'live', body: sale(1, 1)[0]! }, noon)).rejects.toThrow(
        'Le journal des ventes « live » n’est pas ouvert',
      );
    } finally {
      await fresh.close();
    }
  });
});

describe('rows changed behind the triggers’ back are found', () => {
  // Each case on its own journal of 4 sales (entries 1 to 9): the change, then what the verification says.
  const cases: { name: string; change: SQL | SQL[]; found: [number, RegExp] }[] = [
    {
      name: 'an amount changed in the content',
      change: sql`update journal_entries set content = replace(content, '"amount":1850', '"amount":1580') where chain = 'live' and seq = 5`,
      found: [5, /^hachage faux/],
    },
    {
      name: 'a column changed beside the content',
      change: sql`update journal_entries set document_number = 'R-000009' where chain = 'live' and seq = 4`,
      found: [4, /^la colonne document_number/],
    },
    {
      name: 'the content rewritten with spaces (same meaning, not the bytes signed)',
      change: sql`update journal_entries set content = replace(content, '"kind":', '"kind": ') where chain = 'live' and seq = 6`,
      found: [6, /^contenu modifié/],
    },
    {
      name: 'a row deleted in the middle',
      change: sql`delete from journal_entries where chain = 'live' and seq = 4`,
      found: [4, /^entrée n° 4 manquante \(la suivante lue est la n° 5\)/],
    },
    {
      name: 'the last rows deleted (the head kept outside the table says where the journal ended)',
      change: sql`delete from journal_entries where chain = 'live' and seq >= 8`,
      found: [8, /^les entrées n° 8 à 9 ont été supprimées/],
    },
    {
      name: 'the last rows deleted and the head moved back to the entry before (its signature cannot be redone)',
      change: [
        sql`update journal_heads h set seq = e.seq, hash = e.hash from journal_entries e where h.chain = 'live' and e.chain = 'live' and e.seq = 7`,
        sql`delete from journal_entries where chain = 'live' and seq >= 8`,
      ],
      found: [7, /^signature de la tête du journal fausse/],
    },
    {
      name: 'two rows swapped (their contents, hashes and signatures exchanged)',
      change: sql`update journal_entries e set content = o.content, hash = o.hash, previous_hash = o.previous_hash, signature = o.signature, kind = o.kind, document_number = o.document_number
                  from journal_entries o where e.chain = 'live' and o.chain = 'live' and ((e.seq = 4 and o.seq = 5) or (e.seq = 5 and o.seq = 4))`,
      found: [4, /^la colonne seq/],
    },
    {
      name: 'a signature replaced',
      change: sql`update journal_entries set signature = 'AAAA' where chain = 'live' and seq = 3`,
      found: [3, /^signature fausse/],
    },
  ];

  for (const { name, change, found } of cases) {
    test(name, async () => {
      const { server } = await journalWith(4);
      try {
        expect(await finding(server.db)).toBe('ok');
        for (const statement of [change].flat()) await behindTheTriggers(server.db, statement);
        const [seq, problem] = (await finding(server.db)) as [number, string];
        expect(seq).toBe(found[0]);
        expect(problem).toMatch(found[1]);
      } finally {
        await server.close();
      }
    });
  }

  test('a journal whose every entry was re-signed with another key fails against the trusted public key', async () => {
    const { server, signer } = await journalWith(1);
    try {
      const forger = signerFromPrivateKey(generatePrivateKey());
      // A forger who rewrites everything consistently with a key of theirs: the chain holds together…
      const rows = await readEntries(server.db, 'live', 0, 100);
      const forged = await startTestServer({ seed: false, clock: () => noon });
      try {
        await openJournal(forged.db, forger, noon);
        for (const row of rows.slice(1))
          await appendEntry(forged.db, forger, { chain: 'live', body: (JSON.parse(row.content) as { body: EntryBody }).body }, noon);
        expect(await finding(forged.db)).toBe('ok');
        // …but it does not open with the restaurant's key.
        const [seq, problem] = (await finding(forged.db, signer.publicKeyPem)) as [number, string];
        expect(seq).toBe(1);
        expect(problem).toBe(`le journal s’ouvre sur la clé ${forger.keyId}, qui n’est pas la clé de confiance donnée`);
      } finally {
        await forged.close();
      }
    } finally {
      await server.close();
    }
  });
});

describe('the signing key', () => {
  test('made once and kept in the database when BOOKS_SIGNING_KEY is unset; the same on the next start', async () => {
    const server = await startTestServer({ seed: false });
    try {
      const first = await loadSigner(server.db, undefined);
      await openJournal(server.db, first, noon);
      const again = await loadSigner(server.db, undefined);
      expect(again.keyId).toBe(first.keyId);
      expect(signerFromPrivateKey((await readSecret(server.db, signingKeySecret))!).keyId).toBe(first.keyId);
      expect((await readHead(server.db, 'live'))!.keyId).toBe(first.keyId);
    } finally {
      await server.close();
    }
  });

  test('BOOKS_SIGNING_KEY, PEM or base64 DER, signs; another key or none refuses the start with a French message', async () => {
    const server = await startTestServer({ seed: false });
    try {
      const pem = generatePrivateKey();
      const base64 = pem.replaceAll(/-----[^-]+-----|\s/g, '');
      const signer = await loadSigner(server.db, pem);
      expect((await loadSigner(server.db, base64)).keyId).toBe(signer.keyId);
      await openJournal(server.db, signer, noon);
      expect(await readSecret(server.db, signingKeySecret)).toBeUndefined();
      await expect(loadSigner(server.db, undefined)).rejects.toThrow(`La clé de signature du journal des ventes (clé ${signer.keyId}) est introuvable`);
      const other = generatePrivateKey();
      await expect(loadSigner(server.db, other)).rejects.toThrow(
        `La clé de signature fournie (clé ${signerFromPrivateKey(other).keyId}) n’est pas celle du journal des ventes (clé ${signer.keyId}).`,
      );
      await expect(loadSigner(server.db, 'not a key')).rejects.toThrow('BOOKS_SIGNING_KEY n’est pas une clé privée Ed25519 lisible');
    } finally {
      await server.close();
    }
  });
});

describe('a key change', () => {
  test('endorsed by the key before: entries after it are signed by the new key, the journal verifies, the old key no longer starts the server', async () => {
    const { server, signer } = await journalWith(1);
    try {
      const nextPem = generatePrivateKey();
      const next = signerFromPrivateKey(nextPem);
      await rotateKey(server.db, signer, next, noon);
      await appendEntry(server.db, next, { chain: 'live', body: sale(2, 2)[0]! }, noon);
      const rows = await readEntries(server.db, 'live', 0, 100);
      expect(rows.map((row) => [row.kind, row.keyId])).toEqual([
        ['technical', signer.keyId],
        ['document', signer.keyId],
        ['payment', signer.keyId],
        ['technical', next.keyId],
        ['document', next.keyId],
      ]);
      const report = await verifyJournal(server.db, { trustedPublicKey: signer.publicKeyPem });
      expect(report.ok).toBe(true);
      expect(report.chains[0]!.keys).toEqual([signer.keyId, next.keyId]);
      expect((await loadSigner(server.db, nextPem)).keyId).toBe(next.keyId);
      await expect(loadSigner(server.db, undefined)).rejects.toThrow(`n’est pas celle du journal des ventes (clé ${next.keyId})`);
      await expect(rotateKey(server.db, signer, next, noon)).rejects.toThrow(`(clé ${signer.keyId}) n’est pas celle du journal des ventes (clé ${next.keyId})`);
    } finally {
      await server.close();
    }
  });

  test('a key change the key before did not endorse is found', async () => {
    const { server, signer } = await journalWith(1);
    try {
      const forger = signerFromPrivateKey(generatePrivateKey());
      // The forger endorses their own key with their own key under the journal's key id: the journal's key never signed it.
      await rotateKey(server.db, { ...forger, keyId: signer.keyId }, forger, noon);
      const [seq, problem] = (await finding(server.db)) as [number, string];
      expect(seq).toBe(4);
      expect(problem).toBe('changement de clé que la clé précédente n’a pas signé');
    } finally {
      await server.close();
    }
  });
});

describe('concurrent appends', () => {
  test('50 entries appended at once on one chain: gapless, one chain, verified', async () => {
    const { server, signer } = await journalWith(0);
    try {
      const chain: Chain = 'live';
      await Promise.all(Array.from({ length: 50 }, (_, n) => appendEntry(server.db, signer, { chain, body: sale(n + 1, n + 1)[1]!, orderId: n + 1 }, noon)));
      expect((await readHead(server.db, chain))!.seq).toBe(51);
      expect(await finding(server.db)).toBe('ok');
    } finally {
      await server.close();
    }
  });
});
