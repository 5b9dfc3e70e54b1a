import type { CounterPaymentBody, OrderPaymentsView } from '@resto/contract/board';
import { counterPaymentErrors } from '@resto/copy/staff/books';
import type { MenuItem } from '@resto/domain/catalogue';
import { toRestaurantTime } from '@resto/domain/clock';
import { mealVoucherSplit, readMealVoucherSettings } from '@resto/domain/meal-vouchers';
import { centsToEuros, eurosToCents } from '@resto/domain/money';
import { amountDueCents, describePayments, paymentsSummary, settleAtCounter, type CounterSettlement } from '@resto/domain/sale-documents';
import type { SettingsList } from '@resto/domain/settings';
import type { Database } from '../../db/client.ts';
import { findOrderPayments, recordCounterPayments, recordReversal, type BooksSigner, type OrderPaymentEntry } from '../books/index.ts';
import { appendOrderEvent } from '../orders/index.ts';
import * as repository from './repository.ts';

/**
 * « Encaisser » on the board (docs/decisions/031-the-books.md): payments taken at the counter
 * for an order paid on site, their reversal by a counter-entry, and what an order's payments come
 * to. The money is in the books' journal only (modules/books/sales.ts); the order's events say it
 * happened, so that every screen sees it at once.
 */

/** What vouchers may pay on an order in all (cents): its non-alcoholic dishes after reductions, the daily ceiling, never the delivery fee. */
export function voucherCapOf(order: repository.OrderRow, lines: readonly repository.LineRow[], itemsById: ReadonlyMap<number, MenuItem>, settings: SettingsList): number {
  return mealVoucherSplit({
    lines: lines.map((line) => ({ amountCents: line.amountCents, alcoholic: itemsById.get(line.itemId)?.item_is_alcoholic === true })),
    discountCents: order.discountCents,
    deliveryCents: order.deliveryCents,
    totalCents: order.totalCents,
    dailyLimitCents: readMealVoucherSettings(settings).dailyLimitCents,
  }).voucherCents;
}

const isVoucher = (means: string) => means === 'meal_voucher_paper' || means === 'meal_voucher_card';
const isEnded = (status: string) => status === 'rejected' || status === 'cancelled';

/**
 * Whether the counter takes payments for the order: paid on site, or a card order a change made
 * dearer (docs/decisions/039: the difference is paid at the counter or by a payment link). A card
 * order never changed is paid online only (one placed before the books has no payment entry).
 */
const paidAtCounter = (order: Pick<repository.OrderRow, 'paymentMethod' | 'revision'>) => order.paymentMethod === 'cash' || order.revision > 0;

/** The board's view of an order's payments (euros). `voucherCap`: voucherCapOf. */
export function paymentsView(order: repository.OrderRow, entries: readonly OrderPaymentEntry[], voucherCapCents: number): OrderPaymentsView {
  const summary = paymentsSummary(entries);
  const due = amountDueCents(order.totalCents, summary.paidCents);
  const vouchersPaid = summary.byMeans.filter((line) => isVoucher(line.means)).reduce((sum, line) => sum + line.amount, 0);
  const standing = new Set(summary.standing);
  const payable = paidAtCounter(order) && !isEnded(order.status) && due > 0;
  return {
    total: centsToEuros(order.totalCents),
    paid: centsToEuros(summary.paidCents),
    due: centsToEuros(due),
    summary: summary.byMeans.length ? describePayments(summary.byMeans) : null,
    voucher_cap: centsToEuros(Math.max(0, Math.min(voucherCapCents - vouchersPaid, due))),
    payable,
    lines: entries.map((entry) => ({
      seq: entry.seq,
      means: entry.means,
      amount: centsToEuros(entry.amount),
      tendered: entry.tendered === undefined ? null : centsToEuros(entry.tendered),
      reverses: entry.reverses ?? null,
      // A card payment made online or through a link (docs/decisions/038) is the provider's: never reversed at the counter.
      reversible: paidAtCounter(order) && entry.means !== 'online_card' && !isEnded(order.status) && standing.has(entry.seq),
      at: entry.at.toISOString(),
      by: entry.operator?.name ?? null,
    })),
  };
}

/** What a counter call ends in, inside its transaction. */
export type CounterOutcome =
  | { kind: 'done'; changeCents: number }
  | { kind: 'not_found' }
  | { kind: 'refused'; message: string }
  | { kind: 'invalid'; settlement: Extract<CounterSettlement, { ok: false }> };

/** Who takes the payment (a staff member), and what they need loaded before the transaction. */
export interface CounterContext {
  signer: BooksSigner;
  now: Date;
  staff: { staffId: number; name: string };
  itemsById: ReadonlyMap<number, MenuItem>;
  settings: SettingsList;
}

/**
 * Takes a payment at the counter in `tx`: the order locked, refused when it is a card order, ended,
 * or when someone took a payment since the screen read `expected_paid` (one wins, the other sees
 * it); then settleAtCounter, an entry per means, and a `payment_taken` event.
 */
export async function takeCounterPayment(tx: Database, context: CounterContext, orderId: number, body: CounterPaymentBody): Promise<CounterOutcome> {
  const order = await repository.lockOrder(tx, orderId);
  if (!order) return { kind: 'not_found' };
  if (!paidAtCounter(order)) return { kind: 'refused', message: counterPaymentErrors.cardOrder };
  if (isEnded(order.status)) return { kind: 'refused', message: counterPaymentErrors.orderNotPayable };
  const entries = (await findOrderPayments(tx, [orderId])).get(orderId) ?? [];
  const summary = paymentsSummary(entries);
  if (summary.paidCents !== eurosToCents(body.expected_paid)) {
    const last = entries.at(-1);
    return { kind: 'refused', message: counterPaymentErrors.takenMeanwhile(last?.operator?.name ?? '—', last ? toRestaurantTime(last.at).time : '—') };
  }
  const lines = await repository.findLines(tx, [orderId]);
  const settlement = settleAtCounter({
    totalCents: order.totalCents,
    paidCents: summary.paidCents,
    voucherPaidCents: summary.byMeans.filter((line) => isVoucher(line.means)).reduce((sum, line) => sum + line.amount, 0),
    voucherCapCents: voucherCapOf(order, lines, context.itemsById, context.settings),
    tenders: body.tenders.map((tender) => ({ means: tender.means, amount: eurosToCents(tender.amount) })),
  });
  if (!settlement.ok) return { kind: 'invalid', settlement };
  // The event first: it takes the events' counter, and every writer takes counters before the journal's head (no deadlock on PostgreSQL).
  await appendOrderEvent(tx, {
    orderId,
    type: 'payment_taken',
    actor: 'staff',
    staffId: context.staff.staffId,
    actorName: context.staff.name,
    reasonText: describePayments(settlement.payments),
    at: context.now,
  });
  const operator = { staff_id: context.staff.staffId, name: context.staff.name };
  await recordCounterPayments({ tx, signer: context.signer, now: context.now, operator }, order, settlement.payments);
  return { kind: 'done', changeCents: settlement.changeCents };
}

/** Reverses the standing payment entry `seq` of a counter order by its counter-entry, with a `payment_reversed` event. */
export async function reverseCounterPayment(tx: Database, context: Omit<CounterContext, 'itemsById' | 'settings'>, orderId: number, seq: number): Promise<CounterOutcome> {
  const order = await repository.lockOrder(tx, orderId);
  if (!order) return { kind: 'not_found' };
  if (!paidAtCounter(order)) return { kind: 'refused', message: counterPaymentErrors.cardOrder };
  if (isEnded(order.status)) return { kind: 'refused', message: counterPaymentErrors.orderNotPayable };
  const entries = (await findOrderPayments(tx, [orderId])).get(orderId) ?? [];
  const payment = entries.find((entry) => entry.seq === seq && entry.amount > 0 && entry.reverses === undefined && entry.means !== 'online_card');
  if (!payment) return { kind: 'refused', message: counterPaymentErrors.unknownPayment };
  if (!paymentsSummary(entries).standing.includes(seq)) return { kind: 'refused', message: counterPaymentErrors.alreadyReversed };
  await appendOrderEvent(tx, {
    orderId,
    type: 'payment_reversed',
    actor: 'staff',
    staffId: context.staff.staffId,
    actorName: context.staff.name,
    reasonText: describePayments([{ means: payment.means, amount: payment.amount }]),
    at: context.now,
  });
  const operator = { staff_id: context.staff.staffId, name: context.staff.name };
  await recordReversal({ tx, signer: context.signer, now: context.now, operator }, order, payment);
  return { kind: 'done', changeCents: 0 };
}

/** Whether an order may be closed « Non récupérée »: paid on site, accepted or ready, nothing paid. @returns the refusal's sentence, or null. */
export async function notCollectedRefusal(tx: Database, order: repository.OrderRow): Promise<string | null> {
  if (order.paymentMethod !== 'cash' || (order.status !== 'accepted' && order.status !== 'ready')) return counterPaymentErrors.notUncollectable;
  const entries = (await findOrderPayments(tx, [order.orderId])).get(order.orderId) ?? [];
  return paymentsSummary(entries).paidCents > 0 ? counterPaymentErrors.notUncollectable : null;
}
