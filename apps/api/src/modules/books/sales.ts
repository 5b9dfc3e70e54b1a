import type { EntryBody, MeansOfPayment, PaymentRecord, RefundRecord, SaleDocument } from '@resto/domain/books';
import { partialCreditNoteOf, restCreditNoteOf, type RefundPart } from '@resto/domain/partial-refunds';
import { creditNoteOf, invoiceDocumentOf, receiptDocumentOf, type CounterPayment, type OrderPaymentLine, type SaleOrder, type SaleOrderLine } from '@resto/domain/sale-documents';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { seriesOf, takeDocumentNumber } from '../../db/document-numbers.ts';
import { journalEntries, orderLines, orders } from '../../db/schema.ts';
import { appendEntries, type Chain, type JournalRow, type NewEntry, type Operator } from './journal.ts';
import type { BooksSigner } from './signing.ts';

/**
 * What sales, payments and refunds write to the journal (docs/decisions/031-the-books.md), each in
 * the transaction of what causes it: the receipt (and invoice) when an order is placed, the online
 * card payment when the provider confirms it, the payments taken at the counter and their
 * reversals, the credit note of an order refused, cancelled or not collected, and the refunds.
 * Nothing here edits an entry: a correction is a new one.
 */

/** Where and by whom an entry is written: the caller's transaction, the signer loaded before it, the time, the staff member (null: the customer, the provider, a timer). */
export interface BooksWrite {
  tx: Database;
  signer: BooksSigner;
  now: Date;
  operator?: Operator | null;
}

type OrderRow = typeof orders.$inferSelect;

const chainOf = (order: Pick<OrderRow, 'booksChain'>): Chain => (order.booksChain === 'simulation' ? 'simulation' : 'live');

async function readOrder(tx: Database, orderId: number): Promise<OrderRow | undefined> {
  return (await tx.select().from(orders).where(eq(orders.orderId, orderId)))[0];
}

/**
 * The entries of an order placed now: its receipt, its invoice (business details), and, for a card
 * order the provider confirmed, the online payment of its total. Nothing for an order without a
 * receipt number (not placed). Call it in the transaction that numbered it (db/document-numbers.ts).
 * @returns the rows written (none when not placed).
 */
export async function recordSale(write: BooksWrite, orderId: number, options: { paidOnline?: boolean } = {}): Promise<JournalRow[]> {
  const order = await readOrder(write.tx, orderId);
  if (!order || order.receiptNumber === null) return [];
  const lines = await write.tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));
  return recordSaleOf(write, { ...order, receiptNumber: order.receiptNumber }, lines, options);
}

/**
 * `recordSale` for an order held in memory as it is being written (checkout's cash order,
 * docs/decisions/025: no read), numbered. `order.booksChain`: its chain ('live' unless set).
 */
export async function recordSaleOf(
  write: BooksWrite,
  order: SaleOrder & { booksChain?: string; totalCents: number },
  lines: readonly SaleOrderLine[],
  options: { paidOnline?: boolean } = {},
): Promise<JournalRow[]> {
  const receipt = receiptDocumentOf(order, lines);
  const bodies: EntryBody[] = [{ kind: 'document', document: receipt }];
  if (order.invoiceNumber !== null) bodies.push({ kind: 'document', document: invoiceDocumentOf(receipt, order.invoiceNumber) });
  if (options.paidOnline) bodies.push({ kind: 'payment', payment: { order_id: order.orderId, means: 'online_card', amount: order.totalCents } });
  return append(write, chainOf({ booksChain: order.booksChain ?? 'live' }), order.orderId, bodies);
}

function append(write: BooksWrite, chain: Chain, orderId: number, bodies: readonly EntryBody[]): Promise<JournalRow[]> {
  const entries: NewEntry[] = bodies.map((body) => ({ chain, body, orderId, operator: write.operator ?? null }));
  return appendEntries(write.tx, write.signer, entries, write.now);
}

/** An order's journal entries of some kinds, in order (its chain's). */
async function orderEntries(tx: Database, orderIds: readonly number[], kinds: readonly JournalRow['kind'][]) {
  if (orderIds.length === 0) return [];
  return tx
    .select({ chain: journalEntries.chain, seq: journalEntries.seq, orderId: journalEntries.orderId, content: journalEntries.content, recordedAt: journalEntries.recordedAt })
    .from(journalEntries)
    .where(and(inArray(journalEntries.orderId, [...orderIds]), inArray(journalEntries.kind, [...kinds])))
    .orderBy(asc(journalEntries.chain), asc(journalEntries.seq));
}

const bodyOf = (content: string) => (JSON.parse(content) as { body: EntryBody; operator: Operator | null }).body;

/**
 * The credit note cancelling an order's receipt (a refused, cancelled or uncollected order; a
 * refunded one), numbered in its chain's own series (A-), once: an order whose receipt is already
 * cancelled, or whose receipt is not in the journal (placed before the books), gets none.
 * After partial refunds (docs/decisions/035; `pendingParts`: those the provider has not confirmed
 * yet) it credits only the rest (restCreditNoteOf), nothing when nothing is left.
 * Cash already taken at the counter is given back: a refund entry per means, so that the
 * day's money by means stays what the drawer holds.
 * @returns the credit note written, or null.
 */
export async function recordCancellation(write: BooksWrite, orderId: number, pendingParts: readonly (readonly RefundPart[])[] = []): Promise<SaleDocument | null> {
  const order = await readOrder(write.tx, orderId);
  if (!order || order.receiptNumber === null) return null;
  const entries = await orderEntries(write.tx, [orderId], ['document', 'payment', 'refund']);
  const bodies = entries.map((entry) => bodyOf(entry.content));
  const documents = bodies.flatMap((body) => (body.kind === 'document' ? [body.document] : []));
  const receipt = currentReceipt(documents);
  if (!receipt) return null;
  // Partial refunds' credit notes (docs/decisions/035), and those still pending (their notes come when the provider confirms): the cancellation credits the rest.
  const earlier = [
    ...documents.filter((document) => document.type === 'credit_note' && document.refers_to === receipt.number),
    ...pendingParts.map((parts) => partialCreditNoteOf(receipt, 0, parts)),
  ];
  const credited = earlier.reduce((sum, note) => sum + note.total_ttc, 0);
  // Cancelled already (a credit note of the whole), or nothing left to credit.
  if (earlier.length > 0 && receipt.total_ttc + credited <= 0) return null;
  const chain = chainOf(order);
  const number = await takeDocumentNumber(write.tx, seriesOf(chain, 'credit_note'));
  const creditNote = earlier.length > 0 ? restCreditNoteOf(receipt, earlier, number) : creditNoteOf(receipt, number);
  const handBack = counterMoneyHeld(entries.map((entry) => ({ seq: entry.seq, body: bodyOf(entry.content) })));
  const refunds: EntryBody[] = handBack.map(({ means, amount }) => ({ kind: 'refund', refund: { order_id: orderId, means, amount, credit_note: creditNote.number } }));
  await append(write, chain, orderId, [{ kind: 'document', document: creditNote }, ...refunds]);
  return creditNote;
}

/** The receipt standing for the order: its last one (a changed order's earlier receipts are cancelled by credit notes, docs/decisions/039). */
function currentReceipt(documents: readonly SaleDocument[]): SaleDocument | undefined {
  return documents.findLast((document) => document.type === 'receipt');
}

/**
 * A changed order's documents (docs/decisions/039-changing-an-order.md), in the change's
 * transaction: the credit note cancelling what stands of its current receipt (the whole receipt,
 * or after partial refunds the rest: restCreditNoteOf), then its new receipt (and invoice, business
 * details) for the order as it is now, numbered in its chain's series. Payments and refunds stay
 * as they are: the card's difference is refunded after commit, and what is due is paid later.
 * An order whose receipt is not in the journal (placed before the books) gets nothing.
 * @returns the new receipt and invoice numbers (to write on the order), or null when nothing was written.
 */
export async function recordOrderChange(
  write: BooksWrite,
  order: SaleOrder & { booksChain: string; totalCents: number; business: unknown },
  lines: readonly SaleOrderLine[],
): Promise<{ receiptNumber: number; invoiceNumber: number | null } | null> {
  const documents = (await orderEntries(write.tx, [order.orderId], ['document'])).flatMap((entry) => {
    const body = bodyOf(entry.content);
    return body.kind === 'document' ? [body.document] : [];
  });
  const receipt = currentReceipt(documents);
  if (!receipt) return null;
  const chain = chainOf(order);
  const earlier = documents.filter((document) => document.type === 'credit_note' && document.refers_to === receipt.number);
  const creditNumber = await takeDocumentNumber(write.tx, seriesOf(chain, 'credit_note'));
  const creditNote = earlier.length > 0 ? restCreditNoteOf(receipt, earlier, creditNumber) : creditNoteOf(receipt, creditNumber);
  const receiptNumber = await takeDocumentNumber(write.tx, seriesOf(chain, 'receipt'));
  const invoiceNumber = order.business ? await takeDocumentNumber(write.tx, seriesOf(chain, 'invoice')) : null;
  const renewed = receiptDocumentOf({ ...order, receiptNumber }, lines);
  const bodies: EntryBody[] = [
    { kind: 'document', document: creditNote },
    { kind: 'document', document: renewed },
    ...(invoiceNumber !== null ? [{ kind: 'document', document: invoiceDocumentOf(renewed, invoiceNumber) } as EntryBody] : []),
  ];
  await append(write, chain, order.orderId, bodies);
  return { receiptNumber, invoiceNumber };
}

/** Money taken at the counter and still held, per means (payments net of reversals and refunds; cents > 0 only). */
function counterMoneyHeld(entries: readonly { seq: number; body: EntryBody }[]): { means: MeansOfPayment; amount: number }[] {
  const held = new Map<MeansOfPayment, number>();
  for (const { body } of entries) {
    if (body.kind === 'payment' && body.payment.means !== 'online_card') held.set(body.payment.means, (held.get(body.payment.means) ?? 0) + body.payment.amount);
    if (body.kind === 'refund' && body.refund.means !== 'online_card') held.set(body.refund.means, (held.get(body.refund.means) ?? 0) - body.refund.amount);
  }
  return [...held].filter(([, amount]) => amount > 0).map(([means, amount]) => ({ means, amount }));
}

/** A card refund the provider confirmed (cents), after the credit note of its order: the money given back. */
export async function recordCardRefund(
  write: BooksWrite,
  orderId: number,
  amountCents: number,
  /** false: money paid twice given back (docs/decisions/038), no sale cancelled, no credit note named. */
  { namesCreditNote = true }: { namesCreditNote?: boolean } = {},
): Promise<void> {
  const order = await readOrder(write.tx, orderId);
  if (!order || order.receiptNumber === null) return;
  const documents = namesCreditNote ? (await orderEntries(write.tx, [orderId], ['document'])).map((entry) => bodyOf(entry.content)) : [];
  const creditNote = documents.flatMap((body) => (body.kind === 'document' && body.document.type === 'credit_note' ? [body.document.number] : [])).at(-1);
  const refund: RefundRecord = { order_id: orderId, means: 'online_card', amount: amountCents, ...(creditNote ? { credit_note: creditNote } : {}) };
  await append(write, chainOf(order), orderId, [{ kind: 'refund', refund }]);
}

/**
 * A partial card refund the provider confirmed (docs/decisions/035): its credit note, series A-,
 * for exactly `parts` (partialCreditNoteOf: lines at their own rates, an amount's shares at the
 * receipt's), and the refund entry of `amountCents` by online card naming it. An order whose
 * receipt is not in the journal (placed before the books) gets the refund entry only.
 * @returns the credit note written, or null.
 */
export async function recordPartialRefund(write: BooksWrite, orderId: number, parts: readonly RefundPart[], amountCents: number): Promise<SaleDocument | null> {
  const order = await readOrder(write.tx, orderId);
  if (!order || order.receiptNumber === null) return null;
  const documents = (await orderEntries(write.tx, [orderId], ['document'])).flatMap((entry) => {
    const body = bodyOf(entry.content);
    return body.kind === 'document' ? [body.document] : [];
  });
  const receipt = currentReceipt(documents);
  const chain = chainOf(order);
  const creditNote = receipt ? partialCreditNoteOf(receipt, await takeDocumentNumber(write.tx, seriesOf(chain, 'credit_note')), parts) : null;
  const refund: RefundRecord = { order_id: orderId, means: 'online_card', amount: amountCents, ...(creditNote ? { credit_note: creditNote.number } : {}) };
  await append(write, chain, orderId, [...(creditNote ? [{ kind: 'document', document: creditNote } as EntryBody] : []), { kind: 'refund', refund }]);
  return creditNote;
}

/** Payments taken at the counter (sale-documents.ts, settleAtCounter), one entry each, by `write.operator`. */
export async function recordCounterPayments(write: BooksWrite, order: Pick<OrderRow, 'orderId' | 'booksChain'>, payments: readonly CounterPayment[]): Promise<JournalRow[]> {
  const bodies: EntryBody[] = payments.map((payment) => {
    const record: PaymentRecord = { order_id: order.orderId, means: payment.means, amount: payment.amount };
    if (payment.tendered !== undefined && payment.tendered !== payment.amount) record.tendered = payment.tendered;
    return { kind: 'payment', payment: record };
  });
  return append(write, chainOf(order), order.orderId, bodies);
}

/**
 * A card payment made through a payment link (docs/decisions/038) and confirmed by the provider:
 * one payment entry, means `online_card`, of `amountCents`, in the order's own chain. Call it in
 * the transaction that records the provider's confirmation, once.
 */
export async function recordLinkPayment(write: BooksWrite, order: Pick<OrderRow, 'orderId' | 'booksChain'>, amountCents: number): Promise<JournalRow[]> {
  return append(write, chainOf(order), order.orderId, [{ kind: 'payment', payment: { order_id: order.orderId, means: 'online_card', amount: amountCents } }]);
}

/** The counter-entry of a mistaken payment: the same means and amount, negative, naming the payment's sequence. */
export async function recordReversal(write: BooksWrite, order: Pick<OrderRow, 'orderId' | 'booksChain'>, payment: OrderPaymentLine): Promise<JournalRow[]> {
  return append(write, chainOf(order), order.orderId, [{ kind: 'payment', payment: { order_id: order.orderId, means: payment.means, amount: -payment.amount, reverses: payment.seq } }]);
}

/** A payment entry of an order as the board shows it, with who took it and when. */
export interface OrderPaymentEntry extends OrderPaymentLine {
  at: Date;
  operator: Operator | null;
  /** Cash handed over, when more than the amount. */
  tendered?: number;
}

/**
 * The payment and refund entries of orders (both chains: an order's entries are all in its own),
 * in order. Refunds come as negative lines of their means (the money left), with no sequence to reverse.
 */
export async function findOrderPayments(db: Database, orderIds: readonly number[]): Promise<Map<number, OrderPaymentEntry[]>> {
  const byOrder = new Map<number, OrderPaymentEntry[]>();
  for (const entry of await orderEntries(db, orderIds, ['payment', 'refund'])) {
    const content = JSON.parse(entry.content) as { body: EntryBody; operator: Operator | null };
    const body = content.body;
    const base = { seq: entry.seq, at: entry.recordedAt, operator: content.operator };
    let line: OrderPaymentEntry | null = null;
    if (body.kind === 'payment')
      line = { ...base, means: body.payment.means, amount: body.payment.amount, ...(body.payment.reverses !== undefined ? { reverses: body.payment.reverses } : {}), ...(body.payment.tendered !== undefined ? { tendered: body.payment.tendered } : {}) };
    else if (body.kind === 'refund') line = { ...base, means: body.refund.means, amount: -body.refund.amount };
    if (!line || entry.orderId === null) continue;
    byOrder.set(entry.orderId, [...(byOrder.get(entry.orderId) ?? []), line]);
  }
  return byOrder;
}
