import { afterAll, beforeAll, expect, test } from 'vitest';
import { refunds } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestStaff, type TestStaff } from '../../test/staff.ts';
import { placePaidCardOrder } from './test-helpers.ts';

/**
 * The customer's e-mail of a partial refund on one PostgreSQL shared by two API instances
 * (docs/decisions/035): a pending refund confirmed at once by both instances and their reconcilers
 * moves pending → succeeded once, and the e-mail written in that transaction is sent once.
 */
const now = new Date('2026-11-24T11:30:00Z');
let first: TestServer;
let second: TestServer;
let karim: TestStaff;

beforeAll(async () => {
  first = await startTestServer({ clock: () => now });
  second = await startTestServer({ seed: false, databaseUrl: first.databaseUrl, clock: () => now });
  karim = await createTestStaff(first.db, { now, name: 'Karim Benali' });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

test('6 pending partial refunds confirmed at once by two instances and their reconcilers: each refunded once, one e-mail each', async () => {
  expect(first.databaseUrl).toBeDefined();
  const placed = await Promise.all(Array.from({ length: 6 }, () => placePaidCardOrder(first)));
  // As if each instance died after recording the refund, before asking the provider.
  const rows = await first.db
    .insert(refunds)
    .values(
      placed.map(({ orderId }) => ({
        orderId,
        provider: 'test',
        amountCents: 120,
        status: 'pending' as const,
        kind: 'partial' as const,
        refundKey: `partial-${orderId}-deux-instances`,
        reason: 'late',
        parts: [{ position: null, label: 'Remboursement partiel (TVA 10 %)', quantity: 1, unitPriceCents: 120, amountCents: 120, taxRateBp: 1000 }],
        staffId: karim.staffId,
        actorName: 'Karim Benali',
        updatedAt: new Date(Date.now() - 120_000),
      })),
    )
    .returning({ id: refunds.id });
  await Promise.all([
    first.deps.board.retryPendingRefunds(),
    second.deps.board.retryPendingRefunds(),
    ...rows.flatMap(({ id }) => [first.deps.board.processRefundById(id), second.deps.board.processRefundById(id)]),
  ]);
  await Promise.all([first.deps.mail.idle(), second.deps.mail.idle()]);
  await Promise.all([first.deps.mail.sendDue(), second.deps.mail.sendDue()]);
  const received = [...first.mail.received, ...second.mail.received];
  for (const { orderId } of placed) {
    const mails = received.filter((m) => m.subject === `Remboursement de 1,20\u00a0€ sur votre commande n° ${orderId}`);
    expect(mails, `order ${orderId}`).toHaveLength(1);
    expect(mails[0]!.text).toContain('Raison : Retard.');
  }
  const stored = await first.db.select().from(refunds);
  for (const { id } of rows) expect(stored.find((row) => row.id === id)?.status).toBe('succeeded');
});
