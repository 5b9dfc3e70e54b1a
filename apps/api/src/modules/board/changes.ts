import type { OrderChangeView } from '@resto/contract/board';
import { toRestaurantTime } from '@resto/domain/clock';
import { formatPrice } from '@resto/domain/format';
import { centsToEuros } from '@resto/domain/money';
import {
  changeSettlement,
  comparedSchedule,
  describeDiff,
  diffOrder,
  isChangeable,
  isEmptyDiff,
  type ChangeSettlement,
  type ComparedLine,
  type OrderChangeDiff,
} from '@resto/domain/order-change';
import { refundLeftCents, type HeldCardPayment, type PastRefund } from '@resto/domain/partial-refunds';
import { paymentsSummary } from '@resto/domain/sale-documents';
import type { LifecycleOrder, OrderStatus } from '@resto/domain/order-lifecycle';
import { orderChangeErrors } from '@resto/copy/staff/order-change';
import { orderLife } from '@resto/copy/staff/order-life';
import { offerAnswers } from '@resto/copy/storefront/cart';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { orders } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { eq } from 'drizzle-orm';
import { findOrderPayments, recordOrderChange, type BooksSigner } from '../books/index.ts';
import { lockSlot } from '../capacity/index.ts';
import * as mailRepository from '../mail/index.ts';
import { orderChangeMail, outboxMessage, type RestaurantContacts } from '../mail/index.ts';
import { appendOrderEvent, replaceOrderContent, type PreparedChange } from '../orders/index.ts';
import { findPaymentByOrder } from '../payments/index.ts';
import { findPaidLinks, refundLinkId } from './payment-links-repository.ts';
import { queueChangeTickets } from '../printing/index.ts';
import * as repository from './repository.ts';

/**
 * « Modifier la commande » (docs/decisions/039-changing-an-order.md): the transaction that writes a
 * change the orders module priced (OrderService.prepareChange), and the change as the board shows it.
 * The order is locked; its revision must be the screen's; the slot is locked and its capacity
 * checked without the order itself; the new lines, totals and offers are written; the books get a
 * credit note of the receipt standing and a new receipt; the event, the change's row, the kitchen's
 * « MODIFICATION » tickets, the customer's e-mail and, for a card order now cheaper, the pending
 * refund of the difference (asked of the provider after commit) go with it.
 */

/** The lines of an order as a change compares them. */
export function comparedLines(
  lines: readonly {
    itemId: number;
    itemName: string;
    quantity: number;
    note?: string | null;
    isFree?: boolean | null;
    options?: readonly { id: number; name: string; quantity: number }[] | null;
    itemCategoryId?: number | null;
  }[],
): ComparedLine[] {
  return lines.map((line) => ({
    itemId: line.itemId,
    itemName: line.itemName,
    quantity: line.quantity,
    note: line.note ?? '',
    isFree: line.isFree ?? false,
    options: line.options ?? [],
  }));
}

/** What the change's transaction ends in. */
export type ChangeOutcome =
  | { kind: 'done'; changeId: number; refundId: number | null; mailed: boolean }
  | { kind: 'known'; changeId: number; refundId: number | null }
  | { kind: 'not_found' }
  | { kind: 'refused'; message: string };

/** What the change's transaction needs, loaded before it (PGlite runs one transaction at a time). */
export interface ChangeContext {
  signer: BooksSigner;
  now: Date;
  staff: { staffId: number; name: string };
  providerName: string;
  contacts: RestaurantContacts;
  siteUrl: string;
}

/** The order as its screen saw it and what it asks. */
export interface ChangeRequest {
  orderId: number;
  changeKey: string;
  revision: number;
  prepared: PreparedChange;
}

const changeKeyOf = (orderId: number, key: string) => `change-${orderId}-${key}`;

/**
 * A change's refund or due as the order's refunds and payments say (cents): see changeSettlement.
 * What the order holds is the books' payments net of refunds (online, by a payment link, at the
 * counter): the checkout's card (its intent's rest), each paid link (its amount minus its refunds,
 * refundLinkId), and the counter's money (the rest).
 */
async function settlementOf(tx: Database, order: repository.OrderRow, refunds: readonly repository.RefundRow[], totalAfterCents: number): Promise<ChangeSettlement> {
  const entries = (await findOrderPayments(tx, [order.orderId])).get(order.orderId) ?? [];
  const heldCents = paymentsSummary(entries).paidCents;
  const { held } = await heldCardPayments(tx, order, refunds);
  const cardHeldCents = held.find((payment) => payment.linkId === null)?.cents ?? 0;
  const linksHeld = held.flatMap((payment) => (payment.linkId === null ? [] : [{ linkId: payment.linkId, cents: payment.cents }]));
  const linkCents = linksHeld.reduce((sum, link) => sum + link.cents, 0);
  // An order placed before the books has no payment entry: what its card holds is all it holds.
  const counterPaidCents = entries.length === 0 ? 0 : Math.max(0, heldCents - cardHeldCents - linkCents);
  return changeSettlement({ paymentMethod: order.paymentMethod === 'card' ? 'card' : 'cash', totalAfterCents, cardHeldCents, linksHeld, counterPaidCents });
}

/**
 * The order's card payments and what each still holds (cents): the checkout's card (a card order:
 * its intent's amount, else its total) and each paid payment link, net of their refunds succeeded
 * or pending (onCheckoutCard, refundLinkId). `paidCents`: what they were paid, refunds aside; 0 for
 * an order no card paid (docs/decisions/035, 038, 039).
 */
export async function heldCardPayments(
  tx: Database,
  order: repository.OrderRow,
  refunds: readonly repository.RefundRow[],
): Promise<{ paidCents: number; held: HeldCardPayment[] }> {
  const held: HeldCardPayment[] = [];
  let paidCents = 0;
  if (order.paymentMethod === 'card') {
    const payment = await findPaymentByOrder(tx, order.orderId);
    const amountCents = payment?.amountCents ?? order.totalCents;
    paidCents += amountCents;
    held.push({ linkId: null, cents: refundLeftCents(amountCents, refunds.filter(onCheckoutCard).map(pastRefundOf)) });
  }
  for (const link of await findPaidLinks(tx, order.orderId)) {
    paidCents += link.amountCents;
    held.push({ linkId: link.id, cents: refundLeftCents(link.amountCents, refunds.filter((row) => refundLinkId(row) === link.id).map(pastRefundOf)) });
  }
  return { paidCents, held };
}

/** Whether a refund is asked on the checkout's card payment (not on a payment link's). */
export function onCheckoutCard(row: repository.RefundRow): boolean {
  return refundLinkId(row) === null;
}

export function pastRefundOf(row: repository.RefundRow): PastRefund {
  return { status: row.status, amountCents: row.amountCents, parts: row.parts };
}

/** Who changed the order last and when (« Karim a modifié cette commande à 12:41 »). */
export async function changedMeanwhile(tx: Database, orderId: number): Promise<string> {
  const last = (await repository.findChanges(tx, [orderId])).at(-1);
  return orderChangeErrors.changedMeanwhile(orderLife.firstName(last?.actorName ?? null), last ? toRestaurantTime(last.at).time : '—');
}

/**
 * Writes the change in `tx` (see the module's comment). A known `changeKey` is answered as it was
 * (a retry, a double click); a stale revision, an order no longer changeable, a refund still
 * pending or, for a cash order, more taken at the counter than the new total are refused with the
 * sentence staff read. @throws ApiError slot_full (the slot's capacity), coupon_already_used.
 */
export async function writeChange(tx: Database, context: ChangeContext, request: ChangeRequest): Promise<ChangeOutcome> {
  const { orderId, prepared } = request;
  const order = await repository.lockOrder(tx, orderId);
  if (!order) return { kind: 'not_found' };
  const known = await repository.findChangeByKey(tx, changeKeyOf(orderId, request.changeKey));
  if (known) return { kind: 'known', changeId: known.id, refundId: known.refundId };
  if (order.revision !== request.revision) return { kind: 'refused', message: await changedMeanwhile(tx, orderId) };
  const lifecycle = { status: order.status as OrderStatus, paymentMethod: order.paymentMethod === 'card' ? 'card' : 'cash' } satisfies LifecycleOrder;
  if (!isChangeable(lifecycle))
    return {
      kind: 'refused',
      message: order.paymentMethod === 'card' && order.status === 'pending' ? orderChangeErrors.unpaidCard : orderChangeErrors.notChangeable,
    };
  const refunds = await repository.lockRefunds(tx, orderId);
  if (refunds.some((row) => row.status === 'pending')) return { kind: 'refused', message: orderChangeErrors.refundPending };

  const before = await repository.findLines(tx, [orderId]);
  const diff = diffOrder(
    { lines: comparedLines(before), schedule: comparedSchedule(order) },
    { lines: comparedLines(prepared.lines), schedule: comparedSchedule(prepared.order) },
  );
  if (isEmptyDiff(diff)) return { kind: 'refused', message: orderChangeErrors.nothingChanged };

  if (prepared.capacity) {
    await lockSlot(tx, prepared.capacity.slotKey, prepared.order.isPickup);
    await prepared.capacity.check(tx);
  }
  const settlement = await settlementOf(tx, order, refunds, prepared.order.totalCents);
  if (settlement.kind === 'paid_above') return { kind: 'refused', message: orderChangeErrors.paidAtCounterAbove(formatPrice(settlement.amountCents)) };

  const revision = order.revision + 1;
  const { staff, now } = context;
  // The event first: it takes the events' counter, and every writer takes counters before the journal's head (docs/decisions/031).
  const summary = describeDiff(diff);
  await appendOrderEvent(tx, {
    orderId,
    type: 'modified',
    actor: 'staff',
    staffId: staff.staffId,
    actorName: staff.name,
    reasonText: summary.slice(0, 1000),
    at: now,
  });
  try {
    await replaceOrderContent(tx, orderId, {
      order: { ...prepared.order, slotKey: prepared.slotKey },
      lines: prepared.lines,
      offerUses: prepared.offerUses,
      revision,
      at: now,
    });
  } catch (error) {
    if (isUniqueViolation(error, 'order_offers_once_idx'))
      throw new ApiError('coupon_already_used', offerAnswers.couponAlreadyUsed, [{ path: 'coupon', message: offerAnswers.couponAlreadyUsed }]);
    throw error;
  }
  if (order.receiptNumber !== null) {
    const numbers = await recordOrderChange(
      { tx, signer: context.signer, now, operator: { staff_id: staff.staffId, name: staff.name } },
      {
        ...prepared.order,
        orderId,
        receiptNumber: order.receiptNumber,
        invoiceNumber: order.invoiceNumber,
        byPhone: order.source === 'phone',
        booksChain: order.booksChain,
        deliveryByRate: prepared.order.deliveryByRate ?? [],
        business: order.business,
      },
      prepared.lines.map((line) => ({ ...line, discountCents: line.discountCents ?? 0, options: line.options })),
    );
    if (numbers) await tx.update(orders).set({ receiptNumber: numbers.receiptNumber, invoiceNumber: numbers.invoiceNumber }).where(eq(orders.orderId, orderId));
  }
  const changeId = await repository.insertChange(tx, {
    orderId,
    revision,
    changeKey: changeKeyOf(orderId, request.changeKey),
    staffId: staff.staffId,
    actorName: staff.name,
    totalBeforeCents: order.totalCents,
    totalAfterCents: prepared.order.totalCents,
    diff: withCategories(diff, [...before, ...prepared.lines]),
    settlement: settlement.kind,
    settlementCents: settlement.amountCents,
    at: now,
  });
  let refundId: number | null = null;
  if (settlement.kind === 'refund' && settlement.amountCents > 0) {
    const payment = await findPaymentByOrder(tx, orderId);
    // The checkout's card first, then each link's own card payment (changeSettlement): one refund each, under the change's key.
    const parts = [
      ...(settlement.cardCents > 0 ? [{ cents: settlement.cardCents, linkId: null, key: '' }] : []),
      ...settlement.links.map((link) => ({ cents: link.cents, linkId: link.linkId, key: `-l${link.linkId}` })),
    ];
    for (const part of parts) {
      const id = await repository.insertPartialRefund(
        tx,
        {
          orderId,
          provider: (part.linkId === null ? payment?.provider : undefined) ?? context.providerName,
          amountCents: part.cents,
          refundKey: `${changeKeyOf(orderId, request.changeKey)}-refund${part.key}`,
          reason: null,
          reasonText: null,
          parts: [],
          staffId: staff.staffId,
          actorName: staff.name,
          revision,
          paymentLinkId: part.linkId,
        },
        'change',
      );
      refundId ??= id;
    }
    if (refundId !== null) await repository.setChangeRefund(tx, changeId, refundId);
  }
  await queueChangeTickets(tx, orderId, changeId, order.status === 'accepted', now);
  let mailed = false;
  if (order.customer.email) {
    const message = orderChangeMail(
      {
        orderId,
        to: order.customer.email,
        firstName: order.customer.first_name,
        summary: diff,
        lines: prepared.lines.filter((line) => !line.isFree).map((line) => ({ label: lineText(line), quantity: line.quantity, amountCents: line.amountCents })),
        totalCents: prepared.order.totalCents,
        settlement,
        trackingUrl: `${context.siteUrl}/suivi?commande=${order.secret}`,
      },
      context.contacts,
    );
    await mailRepository.insertMails(tx, [{ kind: `change-${changeId}`, orderId, ...outboxMessage(message), nextAttemptAt: now }]);
    mailed = true;
  }
  return { kind: 'done', changeId, refundId, mailed };
}

/** A line's label as the receipt prints it (its options after its name). */
function lineText(line: { itemName: string; options: readonly { name: string; quantity: number }[] }): string {
  const options = line.options.map((o) => (o.quantity > 1 ? `${o.name} ×${o.quantity}` : o.name)).join(', ');
  return options ? `${line.itemName} (${options})` : line.itemName;
}

/** The diff with each unit's category (the station that prints it), read from the new lines or the old ones by label. */
function withCategories(
  diff: OrderChangeDiff,
  lines: readonly { itemName: string; itemCategoryId: number; options: readonly { name: string; quantity: number }[] }[],
): OrderChangeDiff {
  const categoryOf = new Map(lines.map((line) => [lineText(line), line.itemCategoryId]));
  const tag = (units: OrderChangeDiff['added']) => units.map((u) => ({ ...u, item_category_id: categoryOf.get(u.label) ?? null }));
  return { ...diff, added: tag(diff.added), removed: tag(diff.removed) };
}

/** A change as the board shows it. */
export function changeView(row: repository.ChangeRow): OrderChangeView {
  const diff = row.diff;
  return {
    id: row.id,
    revision: row.revision,
    at: row.at.toISOString(),
    by: row.actorName,
    summary: describeDiff(diff),
    total_before: centsToEuros(row.totalBeforeCents),
    total_after: centsToEuros(row.totalAfterCents),
    settlement: row.settlement === 'refund' || row.settlement === 'due' ? row.settlement : 'none',
    settlement_amount: centsToEuros(row.settlementCents),
    added: diff.added,
    removed: diff.removed,
    schedule: diff.schedule,
    order_type: diff.order_type,
    address: diff.address,
  };
}
