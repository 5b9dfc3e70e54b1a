import { expect } from 'vitest';
import type { Database } from '../../db/client.ts';
import { closeDaysThrough } from './closures.ts';
import { appendEntry, openJournal } from './journal.ts';
import { generatePrivateKey, signerFromPrivateKey, type BooksSigner } from './signing.ts';
import { verifyJournal } from './verify.ts';

/** Shared by the books' backup tests (backup.test.ts, backup.pg.test.ts): a journal worth restoring, and its check. */

const paris = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);

/** Opens the journal and writes three days of sales and payments, the first two closed. Returns the signer. */
export async function writeSomeBooks(db: Database): Promise<BooksSigner> {
  const signer = signerFromPrivateKey(generatePrivateKey());
  await openJournal(db, signer, paris('2026-11-24', '09:00'));
  for (const [i, day] of ['2026-11-24', '2026-11-25', '2026-11-26'].entries()) {
    const orderId = 5000 + i;
    const number = `R-${String(i + 1).padStart(6, '0')}`;
    const line = { label: 'Margherita', quantity: 1, unit_price: 1200, total_ht: 1091, vat_rate: 1000, total_vat: 109, total_ttc: 1200 };
    await appendEntry(
      db,
      signer,
      {
        chain: 'live',
        orderId,
        body: {
          kind: 'document',
          document: {
            type: 'receipt',
            number,
            order_id: orderId,
            channel: 'pickup',
            lines: [line],
            vat: [{ vat_rate: 1000, total_ht: 1091, total_vat: 109, total_ttc: 1200 }],
            discount: 0,
            delivery_fee: 0,
            total_ht: 1091,
            total_vat: 109,
            total_ttc: 1200,
          },
        },
      },
      paris(day, '12:30'),
    );
    await appendEntry(
      db,
      signer,
      { chain: 'live', orderId, body: { kind: 'payment', payment: { order_id: orderId, means: 'cash', amount: 1200, tendered: 2000 } } },
      paris(day, '12:45'),
    );
  }
  await closeDaysThrough(db, signer, 'live', '2026-11-25', paris('2026-11-25', '23:00'));
  return signer;
}

/** The restored journal verifies against the signer's key, holds `entries` entries, and goes on: one more entry appended still verifies. */
export async function expectBooksRestored(db: Database, signer: BooksSigner, entries: number): Promise<void> {
  const report = await verifyJournal(db, { trustedPublicKey: signer.publicKeyPem });
  expect(report.broken).toEqual([]);
  expect(report.ok).toBe(true);
  expect(report.chains.find((c) => c.chain === 'live')?.entries).toBe(entries);
  await closeDaysThrough(db, signer, 'live', '2026-11-26', paris('2026-11-26', '23:00'));
  const after = await verifyJournal(db, { trustedPublicKey: signer.publicKeyPem });
  expect(after.ok).toBe(true);
  expect(after.chains.find((c) => c.chain === 'live')?.entries).toBe(entries + 1);
}

/** How many entries the live chain holds before the backup. */
export async function liveEntries(db: Database, signer: BooksSigner): Promise<number> {
  const report = await verifyJournal(db, { trustedPublicKey: signer.publicKeyPem });
  expect(report.ok).toBe(true);
  return report.chains.find((c) => c.chain === 'live')!.entries;
}
