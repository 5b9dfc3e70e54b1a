import { and, asc, desc, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentLinks } from '../../db/schema.ts';
import { parseLinkRefundKey } from '@resto/domain/payment-links';

/** SQL of card payment links (docs/decisions/038). No rules here: payment-links.ts decides. */

export type PaymentLinkRow = typeof paymentLinks.$inferSelect;

export async function findLinkByToken(db: Database, token: string): Promise<PaymentLinkRow | undefined> {
  return (await db.select().from(paymentLinks).where(eq(paymentLinks.token, token)))[0];
}

export async function findLinkByIntent(db: Database, intentId: string): Promise<PaymentLinkRow | undefined> {
  return (await db.select().from(paymentLinks).where(eq(paymentLinks.intentId, intentId)))[0];
}

/** The order's open link (one at most: the partial unique index). */
export async function findOpenLink(tx: Database, orderId: number): Promise<PaymentLinkRow | undefined> {
  return (
    await tx
      .select()
      .from(paymentLinks)
      .where(and(eq(paymentLinks.orderId, orderId), eq(paymentLinks.status, 'open')))
      .orderBy(desc(paymentLinks.id))
  )[0];
}

export async function replaceLink(tx: Database, id: number): Promise<void> {
  await tx
    .update(paymentLinks)
    .set({ status: 'replaced' })
    .where(and(eq(paymentLinks.id, id), eq(paymentLinks.status, 'open')));
}

export async function insertLink(tx: Database, row: typeof paymentLinks.$inferInsert): Promise<PaymentLinkRow> {
  return (await tx.insert(paymentLinks).values(row).returning())[0]!;
}

/** Stores the link's intent unless one is stored already. @returns the link's intent id after it. */
export async function setLinkIntent(db: Database, id: number, intentId: string): Promise<string | null> {
  await db
    .update(paymentLinks)
    .set({ intentId })
    .where(and(eq(paymentLinks.id, id), isNull(paymentLinks.intentId)));
  return (await db.select({ intentId: paymentLinks.intentId }).from(paymentLinks).where(eq(paymentLinks.id, id)))[0]?.intentId ?? null;
}

/**
 * Marks the link paid, only if it is not yet: two confirmations racing (the page and the webhook,
 * two instances) pay it once — the second waits for the first's row lock, then finds it paid.
 * @returns whether this call paid it.
 */
export async function markLinkPaid(tx: Database, id: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(paymentLinks)
    .set({ status: 'paid', paidAt: at })
    .where(and(eq(paymentLinks.id, id), isNull(paymentLinks.paidAt)))
    .returning({ id: paymentLinks.id });
  return rows.length > 0;
}

/** The order's links paid by card (docs/decisions/038): what a refusal or cancellation must refund (decision 039's note on links). */
export async function findPaidLinks(tx: Database, orderId: number): Promise<PaymentLinkRow[]> {
  return tx
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.orderId, orderId), eq(paymentLinks.status, 'paid')))
    .orderBy(asc(paymentLinks.id));
}

/**
 * The payment link whose card payment a refund gives back: a changed order's difference on a link
 * (`payment_link_id`), a refund of kind 'link' (its key, linkRefundKey); null for the checkout's card.
 */
export function refundLinkId(refund: { kind: string; refundKey: string; paymentLinkId: number | null }): number | null {
  if (refund.paymentLinkId !== null) return refund.paymentLinkId;
  return refund.kind === 'link' ? (parseLinkRefundKey(refund.refundKey)?.linkId ?? null) : null;
}

/** The link a refund gives back (refundLinkId), or undefined for the checkout's card. */
export async function findLinkOfRefund(
  db: Database,
  refund: { kind: string; refundKey: string; paymentLinkId: number | null },
): Promise<PaymentLinkRow | undefined> {
  const linkId = refundLinkId(refund);
  if (linkId === null) return undefined;
  return (await db.select().from(paymentLinks).where(eq(paymentLinks.id, linkId)))[0];
}

/** Open links with an intent made before `before` and still valid at `now`, oldest first: what the reconciler asks about. */
export async function findLinksToReconcile(db: Database, before: Date, now: Date, limit: number): Promise<PaymentLinkRow[]> {
  return db
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.status, 'open'), isNotNull(paymentLinks.intentId), lt(paymentLinks.createdAt, before), gt(paymentLinks.expiresAt, now)))
    .orderBy(asc(paymentLinks.id))
    .limit(limit);
}
