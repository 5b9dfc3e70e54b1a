import type {
  BoardOrder,
  BoardState,
  OrderActionBody,
  OrderEventView,
  OrderRefundView,
  PartialRefundBody,
  RefundView,
  RefundableLineView,
  TrackingView,
} from '@resto/contract/board';
import { allergenLabels, allergens as allergenKeys } from '@resto/domain/allergens';
import { toRestaurantTime } from '@resto/domain/clock';
import { centsToEuros, eurosToCents } from '@resto/domain/money';
import { formatPrice } from '@resto/domain/format';
import {
  buildPartialRefund,
  lineUnitsLeft,
  partialRefundSource,
  refundLeftCents,
  type PartialRefundReason,
  type PastRefund,
  type RefundableLine,
} from '@resto/domain/partial-refunds';
import { lineLabel, paymentsSummary, receiptDocumentOf } from '@resto/domain/sale-documents';
import { partialRefundErrors, partialRefundReasonText } from '@resto/copy/staff/partial-refunds';
import { eventTypeOfAction } from '@resto/domain/order-events';
import { handlingStartsAt } from '@resto/domain/handling-time';
import {
  availableActions,
  boardColumn,
  needsRefund,
  refusalReasonText,
  trackingStep,
  transition,
  type LifecycleOrder,
  type OrderAction,
  type OrderStatus,
  type RefusalReason,
} from '@resto/domain/order-lifecycle';
import { orderLife as t } from '@resto/copy/staff/order-life';
import { leadTimeMinutes, parseSlotValue, readSchedulingSettings, restaurantInstant, toRestaurantDate } from '@resto/domain/scheduling';
import { readSetting } from '@resto/domain/settings';
import { eq } from 'drizzle-orm';
import type { MenuItem } from '@resto/domain/catalogue';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import type { CatalogService } from '../catalog/index.ts';
import * as mailRepository from '../mail/index.ts';
import { outboxMessage, type MailService } from '../mail/index.ts';
import { orderStatusMail, partialRefundMail, type OrderStatusMailData, type RestaurantContacts } from '../mail/index.ts';
import { toOrderView } from '../orders/index.ts';
import { findTestModeOrders } from '../orders/index.ts';
import { findPaymentByOrder } from '../payments/index.ts';
import { ProviderError, type PaymentProvider } from '../payments/index.ts';
import { appendOrderEvent } from '../orders/index.ts';
import * as repository from './repository.ts';
import { confirmBrowserTickets, findOrderJobs, listPrinters, orderPrintJobViews, queueOrderTickets, queueReprint } from '../printing/index.ts';
import { printerErrors } from '@resto/copy/staff/printers';
import { recordCancellation, recordCardRefund, recordPartialRefund, findOrderPayments, type BooksService } from '../books/index.ts';
import { counterPaymentErrors } from '@resto/copy/staff/books';
import type { CounterPaymentBody } from '@resto/contract/board';
import { findCustomerNotices } from '../customers/index.ts';
import { changedMeanwhile, changeView, heldCardPayments, onCheckoutCard, writeChange, type ChangeOutcome } from './changes.ts';
import { findLinkOfRefund, findPaidLinks, refundLinkId } from './payment-links-repository.ts';
import { isChangeable } from '@resto/domain/order-change';
import { linkRefundKey } from '@resto/domain/payment-links';
import { orderChangeErrors, orderChangeSettlement } from '@resto/copy/staff/order-change';
import type { ChangedOrderRow, OrderChange, PreparedChange } from '../orders/index.ts';
import { notCollectedRefusal, paymentsView, reverseCounterPayment, takeCounterPayment, voucherCapOf, type CounterOutcome } from './counter.ts';

/**
 * Who acts on an order: a staff member (their id and name, written on the event), or the server
 * itself ('system': the escalation's automatic refusal, docs/decisions/022).
 */
export type BoardActor = { staffId: number; name: string } | 'system';

/** The events a customer's status page shows (not the kitchen's own: opened, ticket printed, alerts). */
const customerEventTypes = new Set([
  'placed',
  'paid',
  'accepted',
  'modified',
  'delayed',
  'ready',
  'completed',
  'rejected',
  'auto_rejected',
  'cancelled',
  'refunded',
  'partially_refunded',
]);

/** Events that send the customer an e-mail, and which one (docs/decisions/019). */
const mailKinds: Partial<Record<string, OrderStatusMailData['kind']>> = {
  accepted: 'accepted',
  delayed: 'delayed',
  ready: 'ready',
  rejected: 'rejected',
  auto_rejected: 'auto_rejected',
  cancelled: 'cancelled',
};

/** A pending refund untouched this long is retried by the reconciler (a crash, or the provider was unreachable). */
const staleRefundSeconds = 60;

type Refusal = { kind: 'refused'; message: string; unpaidCard?: boolean } | { kind: 'not_found' };

/**
 * The restaurant's orders board and the customer's status page
 * (docs/decisions/019-the-orders-life.md). Every status change goes through the domain's state
 * machine (packages/domain/src/order-lifecycle.ts) inside one transaction that locks the order's
 * row, writes the status, its event (modules/orders/events.ts), the customer's e-mail in the
 * outbox and, for a paid card order ending rejected or cancelled, a pending refund. The refund is
 * asked of the payment provider after commit, never inside a transaction, with an idempotency
 * key per order, so a retry never refunds twice.
 */
export class BoardService {
  constructor(
    private readonly db: Database,
    private readonly catalog: CatalogService,
    private readonly mail: MailService,
    private readonly provider: () => PaymentProvider,
    private readonly clock: () => Date,
    private readonly logger: Logger,
    /** SITE_URL without a trailing slash: the tracking link of the customer's e-mails. */
    private readonly siteUrl: string,
    /** The books (docs/decisions/031): credit notes, refunds and the counter's payments, journaled in the transactions that cause them. */
    private readonly books: BooksService,
  ) {}

  // ---------------------------------------------------------------------------------------------
  // Reading

  /**
   * GET /v2/restaurant/orders: today's and upcoming orders (placed today, or scheduled for today or
   * later) and those finished today, Europe/Paris days; never an unpaid card order. The last event
   * id is read first: an event committed while the orders are read comes again on the stream.
   */
  async boardState(): Promise<BoardState> {
    const now = this.clock();
    const lastEventId = await repository.lastEventId(this.db);
    const today = toRestaurantDate(now);
    const dayStart = restaurantInstant(today, '00:00') ?? new Date(`${today}T00:00:00Z`);
    const ids = await repository.findBoardOrderIds(this.db, { today, dayStart });
    const board = (await this.boardOrders(ids)).filter((order): order is BoardOrder => order !== null);
    return { orders: board, last_event_id: lastEventId, server_time: now.toISOString() };
  }

  /** One order as the board shows it; null when unknown or not the restaurant's yet (an unpaid card order). */
  async boardOrder(orderId: number): Promise<BoardOrder | null> {
    const [order] = await this.boardOrders([orderId]);
    return order ?? null;
  }

  /** An order as its kitchen ticket prints it: the board's order and its status page's link (null: unknown or an unpaid card order). */
  async ticketOrder(orderId: number): Promise<{ order: BoardOrder; trackingUrl: string } | null> {
    const [[row], order] = await Promise.all([repository.findOrdersByIds(this.db, [orderId]), this.boardOrder(orderId)]);
    return row && order ? { order, trackingUrl: `${this.siteUrl}/suivi?commande=${row.secret}` } : null;
  }

  /** An order's secret (what opens its receipt page, docs/decisions/013), or null when unknown. */
  async secretOf(orderId: number): Promise<string | null> {
    return (await repository.findOrderSecret(this.db, orderId)) ?? null;
  }

  /** GET /v2/public/tracking/{secret}: the customer's status page; null for an unknown secret. */
  async trackingView(secret: string): Promise<TrackingView | null> {
    const orderId = await repository.findOrderIdBySecret(this.db, secret);
    if (orderId === undefined) return null;
    const [[order], lines, events, orderRefunds, settings, catalog] = await Promise.all([
      repository.findOrdersByIds(this.db, [orderId]),
      repository.findLines(this.db, [orderId]),
      repository.findEvents(this.db, [orderId]),
      repository.findRefunds(this.db, [orderId]),
      this.settings(),
      this.catalog.getCatalog(),
    ]);
    if (!order) return null;
    // The refund of a cancellation: the card's full refund, or for an order paid through a payment link (docs/decisions/038) that link's.
    const refund = orderRefunds.find((row) => row.kind === 'full') ?? orderRefunds.find((row) => row.kind === 'link');
    const [testModeOrders, payments] = await Promise.all([
      findTestModeOrders(this.db, [orderId]),
      order.paymentMethod === 'card' ? null : findOrderPayments(this.db, [orderId]),
    ]);
    const testMode = testModeOrders.has(orderId);
    const lifecycle = lifecycleOf(order);
    const ending = lastEnding(events);
    const step = trackingStep(lifecycle);
    // Received while the restaurant cannot answer yet: the page says when it will (not « dans quelques instants »).
    const handlingFrom =
      step === 'received'
        ? handlingStartsAt(
            { placedAt: order.placedAt ?? order.createdAt, deliveryDate: order.deliveryDate, deliveryTimeRange: order.deliveryTimeRange },
            catalog.menus,
            catalog.calendar,
          )
        : null;
    const confirmationFrom = handlingFrom && handlingFrom.getTime() > this.clock().getTime() + 60_000 ? handlingFrom.toISOString() : null;
    return {
      order_id: order.orderId,
      status: lifecycle.status,
      step,
      is_pickup: order.isPickup,
      is_scheduled: order.deliveryTimeRange !== null,
      delivery_date: order.deliveryDate,
      delivery_time_range: order.deliveryTimeRange,
      ready_at: order.readyAt?.toISOString() ?? null,
      confirmation_from: confirmationFrom,
      reason_text: ending && (order.status === 'rejected' || order.status === 'cancelled') ? endingText(ending) : null,
      refund: refund ? refundView(refund) : null,
      refunds: orderRefunds.flatMap((row) => (row.kind !== 'full' && row.kind !== 'link' && row.status !== 'failed' ? [trackingRefundOf(row)] : [])),
      paid_by_card: order.paymentMethod === 'card' && step !== 'awaiting_payment' ? centsToEuros(await this.paidCents(this.db, order)) : null,
      refunded: centsToEuros(orderRefunds.reduce((sum, row) => sum + (row.status === 'succeeded' ? row.amountCents : 0), 0)),
      payment_method: order.paymentMethod,
      payment_test_mode: testMode,
      total: centsToEuros(order.totalCents),
      paid_on_site: payments ? centsToEuros(paymentsSummary(payments.get(orderId) ?? []).paidCents) : null,
      paid_by_link: payments ? centsToEuros(paymentsSummary((payments.get(orderId) ?? []).filter((line) => line.means === 'online_card')).paidCents) : 0,
      items: lines.map((line) => ({
        item_name: line.itemName,
        quantity: line.quantity,
        options: line.options.map((o) => (o.quantity > 1 ? `${o.quantity} × ${o.name}` : o.name)),
      })),
      restaurant_phone: settings.contacts.phone,
      events: events
        .filter((event) => customerEventTypes.has(event.type))
        .map((event) => ({
          id: event.id,
          type: event.type,
          to_status: (event.toStatus as OrderStatus | null) ?? null,
          ready_at: event.readyAt?.toISOString() ?? null,
          at: event.at.toISOString(),
        })),
    };
  }

  // ---------------------------------------------------------------------------------------------
  // Acting

  /**
   * POST /v2/restaurant/orders/{order_id}/actions. In one transaction: locks the order, checks the
   * screen's `expected_status` and the state machine, writes the status (and the ready time), the
   * event, the customer's e-mail and a pending refund when one is due; after commit, asks the
   * provider for the refund. @returns the order after it.
   * @throws ApiError order_not_found (404); order_transition_refused (409, payload: the order now)
   * when the order moved since the screen showed it or the action does not apply; invalid_request
   * (400) for a missing or past ready time, a delay not later, or a missing reason.
   */
  async act(orderId: number, body: OrderActionBody, actor: BoardActor): Promise<BoardOrder> {
    return this.apply(orderId, body, actor);
  }

  /**
   * Refuses an order nobody accepted in time (docs/decisions/022; the escalation's timer): the
   * action `auto_reject` with the reason `not_accepted_in_time`, by the server. Refunded if paid;
   * the customer's e-mail says to call the restaurant.
   * @throws ApiError order_transition_refused when it was accepted or refused meanwhile.
   */
  async autoReject(orderId: number, expectedStatus: OrderStatus): Promise<BoardOrder> {
    return this.apply(orderId, { action: 'auto_reject', expected_status: expectedStatus, reason: 'not_accepted_in_time' }, 'system');
  }

  /**
   * Accepts a phone order its staff member just placed (docs/decisions/036-phone-orders.md): the
   * board's own accept (event, kitchen tickets queued as acceptance does, the customer's e-mail),
   * ready at the start of its slot, or for « dès que possible » now plus the order type's lead
   * time. An order no longer pending (a retry after it was accepted) is answered as it is.
   * @returns the order after it; null when unknown.
   */
  async acceptPhoneOrder(orderId: number, staff: { staffId: number; name: string }): Promise<BoardOrder | null> {
    const [order] = await repository.findOrdersByIds(this.db, [orderId]);
    if (!order || order.status !== 'pending') return this.boardOrder(orderId);
    const { settings, calendar } = await this.catalog.getCatalog();
    const now = this.clock();
    const leadMinutes = Math.max(1, leadTimeMinutes(readSchedulingSettings(settings, order.isPickup), now, calendar));
    const soonest = new Date(now.getTime() + leadMinutes * 60_000);
    const slot = order.deliveryDate && order.deliveryTimeRange ? parseSlotValue(order.deliveryTimeRange) : null;
    const slotStart = slot && order.deliveryDate ? restaurantInstant(order.deliveryDate, slot.start) : null;
    const readyAt = slotStart && slotStart.getTime() > now.getTime() ? slotStart : soonest;
    try {
      return await this.apply(orderId, { action: 'accept', expected_status: 'pending', ready_at: readyAt.toISOString() }, staff);
    } catch (error) {
      // Another screen accepted it meanwhile: the order as it is.
      if (error instanceof ApiError && error.code === 'order_transition_refused') return this.boardOrder(orderId);
      throw error;
    }
  }

  /** POST …/opened: the first opening sets `opened_at` and writes an `opened` event; later calls change nothing. */
  async markOpened(orderId: number, actor: BoardActor): Promise<BoardOrder> {
    return this.markOnce(orderId, actor, 'opened');
  }

  /** POST …/ticket-printed: the first print sets `ticket_printed_at` and writes a `ticket_printed` event; later calls change nothing but the tickets waiting on the browser's page. */
  async markTicketPrinted(orderId: number, actor: BoardActor): Promise<BoardOrder> {
    // Tickets sent to the browser's page (their printer was silent, docs/decisions/033) are printed by this one.
    await confirmBrowserTickets(this.db, orderId, this.clock());
    return this.markOnce(orderId, actor, 'ticket_printed');
  }

  /**
   * POST …/refund: asks again for the order's refunds the provider refused (or that are still
   * pending): the full refund of a refused or cancelled order, and partial ones
   * (docs/decisions/035) while what is left to refund still covers them. A refund already made is
   * answered as is: never twice. @returns the order after it.
   * @throws ApiError order_not_found; order_transition_refused (409) when the order has no refund;
   * refund_failed (502, payload: the order) when the provider refuses again.
   */
  async retryRefund(orderId: number): Promise<BoardOrder> {
    const outcome = await this.db.transaction(async (tx) => {
      const order = await repository.lockOrder(tx, orderId);
      if (!order) return { kind: 'not_found' as const };
      const rows = await repository.lockRefunds(tx, orderId);
      if (rows.length === 0) return { kind: 'none' as const };
      const paidCents = await this.paidCents(tx, order);
      const retried: number[] = [];
      for (const row of rows) {
        if (row.status === 'succeeded') continue;
        if (row.status === 'failed') {
          const others = rows.filter((other) => other.id !== row.id).map(pastRefundOf);
          if (row.kind === 'partial' && refundLeftCents(paidCents, others) < row.amountCents) continue;
          await repository.moveRefund(tx, row.id, 'failed', { status: 'pending' });
          row.status = 'pending';
        }
        retried.push(row.id);
      }
      return { kind: 'retry' as const, retried };
    });
    if (outcome.kind === 'not_found') throw new ApiError('order_not_found', t.unknownOrder);
    if (outcome.kind === 'none') throw new ApiError('order_transition_refused', t.noRefund, [], (await this.boardOrder(orderId)) ?? undefined);
    for (const refundId of outcome.retried) await this.processRefundById(refundId);
    const order = await this.boardOrder(orderId);
    const failed = order?.refunds.find((refund) => outcome.retried.includes(refund.id) && refund.status === 'failed');
    if (failed) throw new ApiError('refund_failed', t.refundFailed(failed.last_error ?? '—'), [], order);
    return order!;
  }

  /**
   * POST …/refunds, « Rembourser une partie » (docs/decisions/035): a partial refund of a card
   * order by staff, exactly once. In one transaction, the order locked: the refund under
   * `body.refund_key` is answered if known (asked again if the provider refused it); else the
   * domain's buildPartialRefund checks it against what is left (paid minus the refunds succeeded
   * or pending, the full refund included) and a pending refund is recorded. After commit the
   * provider is asked (processRefundById, key `refund-<order_id>-p<id>`); confirmed, the credit
   * note of the part and the refund entry are journaled. This is what server code calls to refund
   * part of an order (changing an order, for one).
   * @returns the order after it, the refund in `refunds` (pending if the provider was unreachable: the reconciler asks again).
   * @throws ApiError order_not_found (404); order_transition_refused (409, payload: the order) for
   * an order not paid by card, refused or cancelled, or with nothing left; invalid_request (400,
   * on its field) for what buildPartialRefund refuses; refund_failed (502, payload: the order)
   * when the provider refuses (the refund 'failed', nothing in the books).
   */
  async refundPart(orderId: number, body: PartialRefundBody, actor: { staffId: number; name: string }): Promise<BoardOrder> {
    const refundKey = `partial-${orderId}-${body.refund_key}`;
    const request = partialRequestOf(body);
    const providerName = this.provider().name;
    const outcome = await this.db.transaction(async (tx) => {
      const order = await repository.lockOrder(tx, orderId);
      if (!order) return { kind: 'not_found' as const };
      const rows = await repository.lockRefunds(tx, orderId);
      const known = rows.find((row) => row.refundKey === refundKey);
      // Every card payment of the order: the checkout's and its payment links' (docs/decisions/035, « One payment »).
      const { paidCents, held } = await heldCardPayments(tx, order, rows);
      if (known) {
        if (known.status !== 'failed') return { kind: 'done' as const, refundId: known.id };
        const others = rows.filter((row) => row.id !== known.id).map(pastRefundOf);
        if (refundLeftCents(paidCents, others) < known.amountCents) return { kind: 'refused' as const, message: partialRefundErrors.nothingLeft };
        await repository.moveRefund(tx, known.id, 'failed', { status: 'pending' });
        return { kind: 'done' as const, refundId: known.id };
      }
      if (!partiallyRefundable(order, paidCents)) return { kind: 'refused' as const, message: partialRefundErrors.notCardPaid };
      const lines = await repository.findLines(tx, [orderId]);
      // A changed order (docs/decisions/039): its lines and receipt are the revision's; earlier refunds only lower what the card holds.
      const { heldCents, current } = revisionRefunds(paidCents, order.revision, rows);
      const built = buildPartialRefund({
        paidCents: heldCents,
        lines: refundableLinesOf(lines),
        receiptVat: receiptDocumentOf({ ...order, receiptNumber: order.receiptNumber ?? 0 }, lines).vat,
        refunds: current.map(pastRefundOf),
        request,
        reason: body.reason,
        reasonText: body.reason_text,
      });
      if (!built.ok && built.code === 'nothing_left') return { kind: 'refused' as const, message: built.message };
      if (!built.ok) return { kind: 'invalid' as const, field: built.field, message: built.message };
      const source = partialRefundSource(built.amountCents, held);
      if (!source.ok) return { kind: 'refused' as const, message: partialRefundErrors.aboveOnePayment(formatPrice(source.mostCents)) };
      const payment = source.linkId === null ? await findPaymentByOrder(tx, orderId) : undefined;
      const refundId = await repository.insertPartialRefund(tx, {
        orderId,
        provider: payment?.provider ?? providerName,
        paymentLinkId: source.linkId,
        amountCents: built.amountCents,
        refundKey,
        reason: built.reason,
        reasonText: built.reasonText,
        parts: built.parts,
        staffId: actor.staffId,
        actorName: actor.name,
        revision: order.revision,
      });
      return { kind: 'done' as const, refundId };
    });
    if (outcome.kind === 'not_found') throw new ApiError('order_not_found', t.unknownOrder);
    if (outcome.kind === 'refused') throw new ApiError('order_transition_refused', outcome.message, [], (await this.boardOrder(orderId)) ?? undefined);
    if (outcome.kind === 'invalid') throw new ApiError('invalid_request', outcome.message, [{ path: outcome.field, message: outcome.message }]);
    await this.processRefundById(outcome.refundId);
    const order = (await this.boardOrder(orderId))!;
    const refund = order.refunds.find((row) => row.id === outcome.refundId);
    if (refund?.status === 'failed') throw new ApiError('refund_failed', partialRefundErrors.refused(refund.last_error ?? '—'), [], order);
    return order;
  }

  /**
   * POST …/changes, « Modifier la commande » (docs/decisions/039-changing-an-order.md): staff
   * change an order before it is ready. `prepare` is the orders module's pricing of the new content
   * with the storefront's rules (OrderService.prepareChange, given by the route); this writes it in
   * one transaction with the order locked (board/changes.ts, writeChange): the new lines and totals,
   * a credit note of the receipt standing and a new receipt, the `modified` event, the kitchen's
   * « MODIFICATION » tickets, the customer's e-mail, and for a card order now cheaper the refund of
   * the difference, asked of the provider after commit (processRefundById). The same `change_key`
   * is the same change.
   * @returns the order after it, the change last in `changes`.
   * @throws ApiError order_not_found (404); order_transition_refused (409, payload: the order now)
   * when changed meanwhile (another revision), ready or ended, a refund pending, nothing changed, or
   * a cash order already paid more than its new total; the pricing's errors (400, 409 prices_changed,
   * slot_full, 422); refund_failed (502, payload: the order) when the provider refuses the difference
   * (the change stands; « Relancer le remboursement » asks again).
   */
  async changeOrder(
    orderId: number,
    body: { change_key: string; revision: number; order: OrderChange },
    staff: { staffId: number; name: string },
    prepare: (current: { order: ChangedOrderRow; lines: repository.LineRow[] }) => Promise<PreparedChange>,
  ): Promise<BoardOrder> {
    const [current] = await repository.findOrdersByIds(this.db, [orderId]);
    if (!current || boardColumn(lifecycleOf(current)) === null) throw new ApiError('order_not_found', t.unknownOrder);
    const refuse = async (message: string) => new ApiError('order_transition_refused', message, [], (await this.boardOrder(orderId)) ?? undefined);
    // A retry of a change that was written is answered as it is, before anything is priced again.
    const known = await repository.findChangeByKey(this.db, `change-${orderId}-${body.change_key}`);
    if (!known) {
      if (!isChangeable(lifecycleOf(current))) throw await refuse(orderChangeErrors.notChangeable);
      if (current.revision !== body.revision) throw await refuse(await changedMeanwhile(this.db, orderId));
    }
    const prepared = known ? null : await prepare({ order: current, lines: await repository.findLines(this.db, [orderId]) });
    let outcome: ChangeOutcome = known ? { kind: 'known', changeId: known.id, refundId: known.refundId } : { kind: 'not_found' };
    if (prepared) {
      const [signer, settings] = await Promise.all([this.books.signer(), this.settings()]);
      const context = { signer, now: this.clock(), staff, providerName: this.provider().name, contacts: settings.contacts, siteUrl: settings.siteUrl };
      const request = { orderId, changeKey: body.change_key, revision: body.revision, prepared };
      outcome = await this.db.transaction((tx) => writeChange(tx, context, request));
    }
    if (outcome.kind === 'not_found') throw new ApiError('order_not_found', t.unknownOrder);
    if (outcome.kind === 'refused') throw await refuse(outcome.message);
    if (outcome.kind === 'done' && outcome.mailed) this.mail.kick();
    // The difference's refunds (the checkout's card, links): every pending one of the order (a change is refused while one is pending).
    if (outcome.refundId !== null) await this.processRefund(orderId);
    const order = (await this.boardOrder(orderId))!;
    const changeKey = `change-${orderId}-${body.change_key}-refund`;
    const failed = (await repository.findRefunds(this.db, [orderId])).find((row) => row.refundKey.startsWith(changeKey) && row.status === 'failed');
    if (failed) throw new ApiError('refund_failed', partialRefundErrors.refused(failed.lastError ?? '—'), [], order);
    return order;
  }

  /** Asks the provider for every pending refund of the order (processRefundById). */
  async processRefund(orderId: number): Promise<void> {
    const rows = await repository.findRefunds(this.db, [orderId]);
    for (const row of rows) if (row.status === 'pending') await this.processRefundById(row.id);
  }

  /**
   * Asks the provider for a pending refund, outside any transaction, with its key: the full
   * refund `refund-<order_id>`, a partial one `refund-<order_id>-p<id>`, plus `-retry-<n>` after n
   * refusals (a refused request made no refund, and a provider replays a key's first answer).
   * Records 'succeeded' (event `refunded`, or `partially_refunded`, and the books: the refund
   * entry after the cancellation's credit note, or a partial refund's own credit note and entry)
   * or, when the provider refuses, 'failed' (event `refund_failed` with its message); when the
   * provider cannot be reached the refund stays pending for the reconciler. Two calls racing ask
   * with one key and record once.
   */
  async processRefundById(refundId: number): Promise<void> {
    const refund = await repository.findRefundById(this.db, refundId);
    if (refund?.status !== 'pending') return;
    const orderId = refund.orderId;
    const payment = await findPaymentByOrder(this.db, orderId);
    const [order] = await repository.findOrdersByIds(this.db, [orderId]);
    // On the link's own intent when the refund gives back a link's card payment, else on the checkout's.
    const link = await findLinkOfRefund(this.db, refund);
    const intentId = (link ? link.intentId : payment?.intentId) ?? order?.transactionId ?? '';
    const base =
      refund.kind === 'partial'
        ? `refund-${orderId}-p${refund.id}`
        : refund.kind === 'change'
          ? `refund-${orderId}-c${refund.id}`
          : refund.kind === 'link'
            ? `refund-${orderId}-l${refund.id}`
            : `refund-${orderId}`;
    const key = refund.attempts === 0 ? base : `${base}-retry-${refund.attempts}`;
    const now = this.clock();
    const signer = await this.books.signer();
    // Read before the transaction (PGlite runs one at a time): the partial refund's e-mail is written in it.
    const settings = refund.kind === 'partial' ? await this.settings() : null;
    try {
      const answer = await this.provider().refund({ intentId, amountCents: refund.amountCents }, key);
      if (answer.status === 'failed' || answer.status === 'canceled') await this.recordRefundFailure(refund, answer.failureReason ?? answer.status, now);
      else
        await this.db.transaction(async (tx) => {
          if (await repository.moveRefund(tx, refund.id, 'pending', { status: 'succeeded', providerRefundId: answer.id, lastError: null, at: now })) {
            if (refund.kind === 'partial') {
              if (settings) await this.writePartialRefundMail(tx, refund, settings, now);
              await appendOrderEvent(tx, {
                orderId,
                type: 'partially_refunded',
                actor: 'payment',
                reasonText: formatPrice(refund.amountCents),
                at: now,
              });
              await recordPartialRefund(
                { tx, signer, now, operator: { staff_id: refund.staffId ?? 0, name: refund.actorName ?? '' } },
                orderId,
                refund.parts,
                refund.amountCents,
              );
            } else if (refund.kind === 'change') {
              // A changed order's difference (docs/decisions/039): its credit note is the change's; the money given back names it.
              await appendOrderEvent(tx, { orderId, type: 'partially_refunded', actor: 'payment', reasonText: formatPrice(refund.amountCents), at: now });
              await recordCardRefund(
                { tx, signer, now, operator: { staff_id: refund.staffId ?? 0, name: refund.actorName ?? '' } },
                orderId,
                refund.amountCents,
              );
            } else if (refund.kind === 'link' && order && order.status !== 'rejected' && order.status !== 'cancelled') {
              // A link that paid above what was due, the order standing (docs/decisions/038, « Paid twice »): the money paid twice goes back, no sale cancelled.
              await appendOrderEvent(tx, { orderId, type: 'partially_refunded', actor: 'payment', reasonText: formatPrice(refund.amountCents), at: now });
              await recordCardRefund({ tx, signer, now }, orderId, refund.amountCents, { namesCreditNote: false });
            } else {
              await appendOrderEvent(tx, { orderId, type: 'refunded', actor: 'payment', at: now });
              await recordCardRefund({ tx, signer, now }, orderId, refund.amountCents);
            }
          }
        });
      if (settings) this.mail.kick();
    } catch (error) {
      if (error instanceof ProviderError && error.refused) await this.recordRefundFailure(refund, error.message, now);
      else {
        const message = error instanceof Error ? error.message : String(error);
        await repository.noteRefundError(this.db, refund.id, message);
        this.logger.warn({ orderId, refundId: refund.id, err: message }, 'remboursement : prestataire injoignable, nouvel essai par le rapprochement');
      }
    }
  }

  /**
   * Writes the customer's e-mail of a partial refund just confirmed (docs/decisions/035) into the
   * outbox, in `tx`, the transaction that moves the refund pending → succeeded: only the one of two
   * racing confirmations that moved it writes it, and its kind `partial-refund-<refund id>` is
   * unique per order besides. Nothing when the order has no e-mail address. Amounts: this refund,
   * what was paid by card, and every refund succeeded so far (cents).
   */
  private async writePartialRefundMail(
    tx: Database,
    refund: repository.RefundRow,
    settings: { contacts: RestaurantContacts; siteUrl: string },
    now: Date,
  ): Promise<void> {
    const [order] = await repository.findOrdersByIds(tx, [refund.orderId]);
    if (!order?.customer.email) return;
    const rows = await repository.findRefunds(tx, [refund.orderId]);
    const refundedCents = rows.reduce((sum, row) => sum + (row.status === 'succeeded' || row.id === refund.id ? row.amountCents : 0), 0);
    const message = partialRefundMail(
      {
        orderId: order.orderId,
        to: order.customer.email,
        firstName: order.customer.first_name,
        amountCents: refund.amountCents,
        reasonText: partialRefundReasonText(refund.reason as PartialRefundReason | null, refund.reasonText),
        lines: refund.parts
          .filter((part) => part.position !== null)
          .map((part) => ({ label: part.label, quantity: part.quantity, amountCents: part.amountCents })),
        paidCents: await this.paidCents(tx, order),
        refundedCents,
        trackingUrl: `${settings.siteUrl}/suivi?commande=${order.secret}`,
      },
      settings.contacts,
    );
    await mailRepository.insertMails(tx, [{ kind: `partial-refund-${refund.id}`, orderId: order.orderId, ...outboxMessage(message), nextAttemptAt: now }]);
  }

  /** The reconciler's pass (modules/payments/reconciler.ts): pending refunds left by a crash or an unreachable provider. @returns refunds asked. */
  async retryPendingRefunds(limit = 20): Promise<number> {
    const refundIds = await repository.findStalePendingRefunds(this.db, staleRefundSeconds, limit);
    for (const refundId of refundIds) await this.processRefundById(refundId);
    return refundIds.length;
  }

  /** What the customer paid by card for the order (cents): the provider's payment, else the order's total. */
  private async paidCents(tx: Database, order: repository.OrderRow): Promise<number> {
    const payment = await findPaymentByOrder(tx, order.orderId);
    return payment?.amountCents ?? order.totalCents;
  }

  /**
   * POST …/payments, « Encaisser » (docs/decisions/031): takes what was handed over at the counter
   * (board/counter.ts, takeCounterPayment). @returns the order after it and the change (cents).
   * @throws ApiError order_not_found; order_transition_refused (409, payload: the order now) for a
   * card order, an ended one, or a payment taken meanwhile; counter_payment_refused (422) for what
   * settleAtCounter refuses (nothing recorded).
   */
  async takePayment(orderId: number, body: CounterPaymentBody, staff: { staffId: number; name: string }): Promise<{ order: BoardOrder; changeCents: number }> {
    const signer = await this.books.signer();
    const { itemsById, settings } = await this.catalog.getCatalog();
    const context = { signer, now: this.clock(), staff, itemsById, settings };
    const outcome = await this.db.transaction((tx) => takeCounterPayment(tx, context, orderId, body));
    return { order: await this.counterAnswer(orderId, outcome), changeCents: outcome.kind === 'done' ? outcome.changeCents : 0 };
  }

  /** POST …/payments/{seq}/reversal: the counter-entry of a mistaken payment. @throws ApiError order_not_found, order_transition_refused (409). */
  async reversePayment(orderId: number, seq: number, staff: { staffId: number; name: string }): Promise<BoardOrder> {
    const signer = await this.books.signer();
    const context = { signer, now: this.clock(), staff };
    const outcome = await this.db.transaction((tx) => reverseCounterPayment(tx, context, orderId, seq));
    return this.counterAnswer(orderId, outcome);
  }

  /**
   * POST …/not-collected, « Non récupérée »: cancels an accepted or ready order paid on site with
   * nothing paid, reason `not_collected` — its receipt cancelled by a credit note, its slot freed.
   * @throws ApiError order_not_found; order_transition_refused (409) when paid, not accepted, or moved since the screen.
   */
  async markNotCollected(orderId: number, expectedStatus: OrderStatus, staff: { staffId: number; name: string }): Promise<BoardOrder> {
    return this.apply(orderId, { action: 'cancel', expected_status: expectedStatus, reason: 'not_collected' }, staff, notCollectedRefusal);
  }

  private async counterAnswer(orderId: number, outcome: CounterOutcome): Promise<BoardOrder> {
    if (outcome.kind === 'not_found') throw new ApiError('order_not_found', t.unknownOrder);
    const order = await this.boardOrder(orderId);
    if (outcome.kind === 'refused') throw new ApiError('order_transition_refused', outcome.message, [], order ?? undefined);
    if (outcome.kind === 'invalid') {
      const field = outcome.settlement.field;
      throw new ApiError(
        'counter_payment_refused',
        outcome.settlement.message,
        [{ path: field ? `tenders.${field}` : 'tenders', message: outcome.settlement.message }],
        order ?? undefined,
      );
    }
    if (!order) throw new ApiError('order_not_found', counterPaymentErrors.orderNotPayable);
    return order;
  }

  // ---------------------------------------------------------------------------------------------
  // Inside

  private async apply(
    orderId: number,
    body: {
      action: OrderAction;
      expected_status: OrderStatus;
      ready_at?: string | undefined;
      reason?: RefusalReason | undefined;
      reason_text?: string | undefined;
    },
    actor: BoardActor,
    /** A further condition, checked with the order locked: the refusal's sentence, or null. */
    check?: (tx: Database, order: repository.OrderRow) => Promise<string | null>,
  ): Promise<BoardOrder> {
    const { action } = body;
    const ending = action === 'reject' || action === 'cancel' || action === 'auto_reject';
    if (ending && !body.reason) throw new ApiError('invalid_request', t.reasonRequired, [{ path: 'reason', message: t.reasonRequired }]);
    const reason = ending ? (body.reason ?? null) : null;
    const reasonText = reason === 'other' ? body.reason_text?.trim() || null : null;
    if (body.reason === 'other' && !reasonText)
      throw new ApiError('invalid_request', t.reasonTextRequired, [{ path: 'reason_text', message: t.reasonTextRequired }]);
    // Read before the transaction (PGlite runs one transaction at a time).
    const settings = await this.settings();
    const signer = ending ? await this.books.signer() : undefined;
    const now = this.clock();
    let refundDue = false;
    const result = await this.db.transaction(async (tx): Promise<Refusal | { kind: 'done' }> => {
      const order = await repository.lockOrder(tx, orderId);
      if (!order) return { kind: 'not_found' };
      const lifecycle = lifecycleOf(order);
      if (boardColumn(lifecycle) === null) return { kind: 'refused', message: t.awaitingPayment, unpaidCard: true };
      if (order.status !== body.expected_status) return { kind: 'refused', message: await this.whatHappened(tx, order) };
      const step = transition(lifecycle, action);
      if (!step.ok) return { kind: 'refused', message: step.reason === 'awaiting_payment' ? t.awaitingPayment : t.notAllowed(action, order.status) };
      const refusal = check ? await check(tx, order) : null;
      if (refusal) return { kind: 'refused', message: refusal };
      const readyAt = action === 'accept' || action === 'delay' ? checkReadyAt(order, action, body.ready_at, now) : null;
      await tx
        .update(orders)
        .set({ status: step.to, ...(readyAt ? { readyAt } : {}), updatedAt: now })
        .where(eqOrder(orderId));
      const type = eventTypeOfAction(action);
      const eventId = await appendOrderEvent(tx, {
        orderId,
        type,
        fromStatus: step.from,
        toStatus: step.to,
        actor: actor === 'system' ? 'system' : 'staff',
        staffId: actor === 'system' ? null : actor.staffId,
        actorName: actor === 'system' ? null : actor.name,
        reason,
        reasonText,
        readyAt,
        at: now,
      });
      if (action === 'accept') await queueOrderTickets(tx, orderId, 'acceptance', now);
      // Partial refunds made or pending (docs/decisions/035): the cancellation credits and refunds only the rest.
      const earlierRefunds = ending ? await repository.lockRefunds(tx, orderId) : [];
      const pendingParts = earlierRefunds
        .filter((row) => row.kind === 'partial' && row.status === 'pending' && row.revision === order.revision)
        .map((row) => row.parts);
      // A refused or cancelled order is no sale: a credit note cancels its receipt, and cash taken is handed back.
      if (signer) await recordCancellation({ tx, signer, now, operator: operatorOf(actor) }, orderId, pendingParts);
      let refundCents: number | null = null;
      if (needsRefund({ ...lifecycle, wasPaid: lifecycle.paymentMethod === 'card' && step.from !== 'pending' }, step.to)) {
        const payment = await findPaymentByOrder(tx, orderId);
        refundCents = refundLeftCents(
          payment?.amountCents ?? order.totalCents,
          earlierRefunds.filter((row) => row.kind !== 'full' && onCheckoutCard(row)).map(pastRefundOf),
        );
        if (refundCents > 0) {
          await repository.insertPendingRefund(tx, { orderId, provider: payment?.provider ?? this.provider().name, amountCents: refundCents });
          refundDue = true;
        }
      }
      // Paid through payment links (docs/decisions/038): each link's card payment is given back too,
      // but for what was already given back of it (the part it paid above what was due).
      if (ending)
        for (const link of await findPaidLinks(tx, orderId)) {
          const wholeKey = linkRefundKey(orderId, link.id, 'whole');
          const givenBackCents = earlierRefunds.reduce(
            (sum, row) => sum + (refundLinkId(row) === link.id && row.refundKey !== wholeKey && row.status !== 'failed' ? row.amountCents : 0),
            0,
          );
          if (link.amountCents - givenBackCents <= 0) continue;
          await repository.insertLinkRefund(tx, {
            orderId,
            linkId: link.id,
            provider: this.provider().name,
            amountCents: link.amountCents - givenBackCents,
            revision: order.revision,
            part: 'whole',
          });
          refundDue = true;
        }
      const kind = mailKinds[type];
      if (kind && order.customer.email) {
        const message = orderStatusMail(
          {
            kind,
            orderId,
            to: order.customer.email,
            firstName: order.customer.first_name,
            isPickup: order.isPickup,
            readyAt: readyAt ?? order.readyAt,
            reasonText: reason ? refusalReasonText(reason, reasonText) : null,
            refundCents,
            trackingUrl: `${settings.siteUrl}/suivi?commande=${order.secret}`,
          },
          settings.contacts,
        );
        await mailRepository.insertMails(tx, [{ kind: `status-${eventId}`, orderId, ...outboxMessage(message), nextAttemptAt: now }]);
      }
      return { kind: 'done' };
    });
    if (result.kind === 'not_found') throw new ApiError('order_not_found', t.unknownOrder);
    if (result.kind === 'refused') {
      const current = result.unpaidCard ? null : await this.boardOrder(orderId);
      throw new ApiError('order_transition_refused', result.message, [], current ?? undefined);
    }
    this.mail.kick();
    if (refundDue) await this.processRefund(orderId);
    return (await this.boardOrder(orderId))!;
  }

  /**
   * POST …/reprint, « Réimprimer » (docs/decisions/033): a new ticket of the order, marked
   * « RÉIMPRESSION », on `printerId` or on every enabled printer whose station prints a line of it
   * (queueReprint). @returns the order with its tickets. @throws ApiError order_not_found;
   * order_transition_refused (an unpaid card order); invalid_request when no printer takes it.
   */
  async reprint(orderId: number, printerId: number | null): Promise<BoardOrder> {
    const now = this.clock();
    const outcome = await this.db.transaction(async (tx) => {
      const order = await repository.lockOrder(tx, orderId);
      if (!order) return 'not_found' as const;
      if (boardColumn(lifecycleOf(order)) === null) return 'unpaid' as const;
      return (await queueReprint(tx, orderId, printerId, now)) > 0 ? ('queued' as const) : ('none' as const);
    });
    if (outcome === 'not_found') throw new ApiError('order_not_found', t.unknownOrder);
    if (outcome === 'unpaid') throw new ApiError('order_transition_refused', t.awaitingPayment);
    if (outcome === 'none')
      throw new ApiError('invalid_request', printerErrors.nothingToReprint, [{ path: 'printer_id', message: printerErrors.nothingToReprint }]);
    return (await this.boardOrder(orderId))!;
  }

  private async markOnce(orderId: number, actor: BoardActor, type: 'opened' | 'ticket_printed'): Promise<BoardOrder> {
    const now = this.clock();
    const outcome = await this.db.transaction(async (tx) => {
      const order = await repository.lockOrder(tx, orderId);
      if (!order) return 'not_found' as const;
      if (boardColumn(lifecycleOf(order)) === null) return 'unpaid' as const;
      const already = type === 'opened' ? order.openedAt : order.ticketPrintedAt;
      if (already) return 'unchanged' as const;
      await tx
        .update(orders)
        .set(type === 'opened' ? { openedAt: now } : { ticketPrintedAt: now })
        .where(eqOrder(orderId));
      await appendOrderEvent(tx, {
        orderId,
        type,
        actor: actor === 'system' ? 'system' : 'staff',
        staffId: actor === 'system' ? null : actor.staffId,
        actorName: actor === 'system' ? null : actor.name,
        at: now,
      });
      return 'done' as const;
    });
    if (outcome === 'not_found') throw new ApiError('order_not_found', t.unknownOrder);
    if (outcome === 'unpaid') throw new ApiError('order_transition_refused', t.awaitingPayment);
    return (await this.boardOrder(orderId))!;
  }

  /** Why the screen's status is stale: who moved the order to its status, and when ('… acceptée par Karim à 12:41.'). */
  private async whatHappened(tx: Database, order: repository.OrderRow): Promise<string> {
    const event = await repository.findLastStatusEvent(tx, order.orderId, order.status);
    const time = toRestaurantTime(event?.at ?? order.updatedAt).time;
    if (event?.actor === 'system') return t.alreadyDoneAutomatically(order.status, time);
    return t.alreadyDone(order.status, t.firstName(event?.actorName ?? null), time);
  }

  private async recordRefundFailure(refund: repository.RefundRow, message: string, now: Date): Promise<void> {
    const orderId = refund.orderId;
    await this.db.transaction(async (tx) => {
      if (await repository.moveRefund(tx, refund.id, 'pending', { status: 'failed', lastError: message, countFailure: true }))
        await appendOrderEvent(tx, { orderId, type: 'refund_failed', actor: 'payment', reasonText: message.slice(0, 300), at: now });
    });
    this.logger.warn({ orderId, refundId: refund.id, err: message }, 'remboursement refusé par le prestataire');
  }

  private async settings(): Promise<{ contacts: RestaurantContacts; siteUrl: string }> {
    const { settings } = await this.catalog.getCatalog();
    return {
      contacts: {
        name: readSetting(settings, 'contacts.name', 'Restaurant'),
        address: readSetting(settings, 'contacts.address', ''),
        phone: readSetting(settings, 'contacts.phone', ''),
        email: readSetting(settings, 'contacts.email', ''),
      },
      siteUrl: this.siteUrl,
    };
  }

  /** Board orders of `orderIds`, in their order, in a few queries whatever their number (null: unknown or unpaid card). */
  private async boardOrders(orderIds: readonly number[]): Promise<(BoardOrder | null)[]> {
    if (orderIds.length === 0) return [];
    const [rows, lines, events, refunds, changes, testMode, catalog, payments, jobs, printerRows] = await Promise.all([
      repository.findOrdersByIds(this.db, orderIds),
      repository.findLines(this.db, orderIds),
      repository.findEvents(this.db, orderIds),
      repository.findRefunds(this.db, orderIds),
      repository.findChanges(this.db, orderIds),
      findTestModeOrders(this.db, orderIds),
      this.catalog.getCatalog(),
      findOrderPayments(this.db, orderIds),
      findOrderJobs(this.db, orderIds),
      listPrinters(this.db),
    ]);
    // What the restaurant wrote about each customer, and their no-shows (docs/decisions/037).
    const notices = await findCustomerNotices(this.db, rows);
    const jobsOf = orderPrintJobViews(jobs, printerRows);
    const byId = new Map(rows.map((order) => [order.orderId, order]));
    const group = <T extends { orderId: number }>(rows: T[]) => {
      const map = new Map<number, T[]>();
      for (const row of rows) map.set(row.orderId, [...(map.get(row.orderId) ?? []), row]);
      return map;
    };
    const linesOf = group(lines);
    const eventsOf = group(events);
    const refundsOf = group(refunds);
    const changesOf = group(changes);
    return orderIds.map((orderId) => {
      const order = byId.get(orderId);
      if (!order) return null;
      const lifecycle = lifecycleOf(order);
      const column = boardColumn(lifecycle);
      if (column === null) return null;
      const orderLines = linesOf.get(orderId) ?? [];
      const orderEvents = eventsOf.get(orderId) ?? [];
      const view = toOrderView(order, orderLines, [], testMode.has(orderId));
      const { status_history: _history, items, ...rest } = view;
      const paidLines = orderLines.filter((line) => !line.isFree);
      const ending = ['rejected', 'cancelled'].includes(order.status) ? lastEnding(orderEvents) : undefined;
      const orderRefunds = refundsOf.get(orderId) ?? [];
      const refund = orderRefunds.find((row) => row.kind === 'full');
      const refundable = refundableLinesOf(orderLines);
      const orderPayments = payments.get(orderId) ?? [];
      const past = orderRefunds.map(pastRefundOf);
      const cardMoneyCents = cardPaidCents(order, orderPayments);
      const refundLeft = refundLeftCents(cardMoneyCents, past);
      const unitsLeft = lineUnitsLeft(refundable, revisionRefunds(0, order.revision, orderRefunds).current.map(pastRefundOf));
      return {
        ...rest,
        status: lifecycle.status,
        column,
        available_actions: availableActions(lifecycle),
        items: items.map((item, index) => ({
          ...item,
          item_category_id: paidLines[index]?.itemCategoryId ?? null,
          allergens: lineAllergens(catalog.itemsById, paidLines[index]!),
        })),
        placed_at: order.placedAt?.toISOString() ?? null,
        ready_at: order.readyAt?.toISOString() ?? null,
        opened_at: order.openedAt?.toISOString() ?? null,
        ticket_printed_at: order.ticketPrintedAt?.toISOString() ?? null,
        reason: (ending?.reason as RefusalReason | null | undefined) ?? null,
        reason_text: ending ? endingText(ending) : null,
        refund: refund ? refundView(refund) : null,
        refunds: orderRefunds.map(orderRefundView),
        refund_left: centsToEuros(refundLeft),
        refundable: partiallyRefundable(order, cardMoneyCents) && refundLeft > 0,
        refundable_lines: refundable.map((line): RefundableLineView => ({
          position: line.position,
          label: line.label,
          quantity: line.quantity,
          quantity_left: unitsLeft.get(line.position) ?? 0,
          charged: centsToEuros(line.chargedCents),
        })),
        payments: paymentsView(order, orderPayments, voucherCapOf(order, orderLines, catalog.itemsById, catalog.settings)),
        events: orderEvents.map(eventView),
        print_jobs: jobsOf.get(orderId) ?? [],
        customer_notice: notices.get(orderId) ?? null,
        source: order.source === 'phone' ? 'phone' : 'online',
        revision: order.revision,
        changeable: isChangeable(lifecycle),
        changes: (changesOf.get(orderId) ?? []).map(changeView),
      };
    });
  }
}

const eqOrder = (orderId: number) => eq(orders.orderId, orderId);

/** The books' operator of an action: the staff member, or none for the server's own. */
function operatorOf(actor: BoardActor) {
  return actor === 'system' ? null : { staff_id: actor.staffId, name: actor.name };
}

function lifecycleOf(order: repository.OrderRow): LifecycleOrder & { status: OrderStatus } {
  return { status: order.status as OrderStatus, paymentMethod: order.paymentMethod === 'card' ? 'card' : 'cash' } as LifecycleOrder & { status: OrderStatus };
}

/** The last event that ended the order (rejected, auto-rejected, cancelled). */
function lastEnding(events: repository.EventRow[]): repository.EventRow | undefined {
  return events.findLast((event) => event.toStatus === 'rejected' || event.toStatus === 'cancelled');
}

/** The reason a customer and staff read: the label, or staff's own words for 'other'. */
function endingText(event: repository.EventRow): string | null {
  return event.reason ? refusalReasonText(event.reason as RefusalReason, event.reasonText) : event.reasonText;
}

/**
 * Whether staff may refund part of the order (docs/decisions/035): paid by card (`cardPaidCents`
 * above 0: at checkout, or a phone order by its payment links) and neither refused nor cancelled
 * (those get the full refund).
 */
function partiallyRefundable(order: repository.OrderRow, cardPaidCents: number): boolean {
  return cardPaidCents > 0 && ['paid', 'accepted', 'ready', 'completed'].includes(order.status);
}

/** The order's lines as they can be refunded: those charged something, with their label as the receipt prints it. */
function refundableLinesOf(lines: readonly repository.LineRow[]): RefundableLine[] {
  return lines
    .map((line) => ({
      position: line.position,
      label: lineLabel(line),
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      chargedCents: line.amountCents - line.discountCents,
      taxRateBp: line.taxRateBp,
    }))
    .filter((line) => line.chargedCents > 0);
}

function pastRefundOf(row: repository.RefundRow): PastRefund {
  return { status: row.status, amountCents: row.amountCents, parts: row.parts };
}

/**
 * A changed order's refunds by revision (docs/decisions/039): those of its current revision (whose
 * lines' positions and VAT are the current receipt's, the difference of the change that made it
 * included), and what the card still holds for that revision (`paidCents` minus earlier revisions'
 * refunds succeeded or pending).
 */
function revisionRefunds(paidCents: number, revision: number, rows: readonly repository.RefundRow[]): { heldCents: number; current: repository.RefundRow[] } {
  const earlier = rows.filter((row) => row.revision < revision);
  return { heldCents: refundLeftCents(paidCents, earlier.map(pastRefundOf)), current: rows.filter((row) => row.revision >= revision) };
}

/**
 * What was paid by card for the order (cents). A card order: its total as placed (0 while unpaid),
 * or for a changed one (docs/decisions/039) the online card payments of the books (a new total is
 * not what was paid). An order paid at the counter: its payment links' card payments
 * (docs/decisions/038), 0 without any.
 */
function cardPaidCents(order: repository.OrderRow, entries: readonly { means: string; amount: number; reverses?: number }[]): number {
  const online = entries.filter((entry) => entry.means === 'online_card' && entry.amount > 0).reduce((sum, entry) => sum + entry.amount, 0);
  if (order.paymentMethod !== 'card') return online;
  if (order.status === 'pending') return 0;
  if (order.revision === 0) return order.totalCents;
  return online > 0 ? online : order.totalCents;
}

/** What staff asked: units of lines when some are given, else an amount (euros to cents). */
function partialRequestOf(body: PartialRefundBody) {
  if (body.lines && body.lines.length > 0) return { kind: 'lines' as const, lines: body.lines };
  if (body.amount === undefined) return { kind: 'lines' as const, lines: [] };
  const cents = eurosToCents(body.amount);
  if (Math.abs(cents - body.amount * 100) > 1e-6)
    throw new ApiError('invalid_request', partialRefundErrors.badAmount, [{ path: 'amount', message: partialRefundErrors.badAmount }]);
  return { kind: 'amount' as const, amountCents: cents };
}

function orderRefundView(row: repository.RefundRow): OrderRefundView {
  return {
    id: row.id,
    kind: row.kind,
    refund_key: row.kind === 'partial' ? row.refundKey.replace(/^partial-\d+-/u, '') : null,
    status: row.status,
    amount: centsToEuros(row.amountCents),
    reason: (row.reason as OrderRefundView['reason']) ?? null,
    reason_text: row.reasonText,
    lines: row.parts.map((part) => ({
      position: part.position,
      label: part.label,
      quantity: part.quantity,
      amount: centsToEuros(part.amountCents),
      tax_rate: part.taxRateBp / 100,
    })),
    last_error: row.lastError,
    by: row.actorName,
    at: row.createdAt.toISOString(),
  };
}

/** A partial refund as the customer's status page shows it: confirmed (when) or under way (when asked), the reason in their words, the lines refunded. */
function trackingRefundOf(row: repository.RefundRow): TrackingView['refunds'][number] {
  return {
    status: row.status === 'succeeded' ? 'succeeded' : 'pending',
    amount: centsToEuros(row.amountCents),
    // A changed order's difference (docs/decisions/039) has no reason of staff's: the change is the reason.
    reason: row.kind === 'change' ? orderChangeSettlement.refundReason : partialRefundReasonText(row.reason as PartialRefundReason | null, row.reasonText),
    lines: row.parts.flatMap((part) =>
      part.position === null ? [] : [{ label: part.label, quantity: part.quantity, amount: centsToEuros(part.amountCents) }],
    ),
    at: (row.status === 'succeeded' ? row.updatedAt : row.createdAt).toISOString(),
  };
}

function refundView(refund: repository.RefundRow): RefundView {
  return { status: refund.status, amount: centsToEuros(refund.amountCents), last_error: refund.lastError };
}

/** An event as the API shows it (the SSE event's `event`, the board order's `events`). */
function eventView(event: repository.EventRow): OrderEventView {
  return {
    id: event.id,
    order_id: event.orderId,
    type: event.type,
    from_status: (event.fromStatus as OrderStatus | null) ?? null,
    to_status: (event.toStatus as OrderStatus | null) ?? null,
    actor: event.actor,
    actor_name: event.actorName,
    reason: (event.reason as RefusalReason | null) ?? null,
    reason_text: event.reasonText,
    ready_at: event.readyAt?.toISOString() ?? null,
    at: event.at.toISOString(),
  };
}

/**
 * The allergens of a line, French labels in the regulation's order: the dish's and those of its
 * chosen option values, from the catalogue now (a dish no longer on the menu shows none).
 */
function lineAllergens(itemsById: Map<number, MenuItem>, line: repository.LineRow | undefined): string[] {
  if (!line) return [];
  const item = itemsById.get(line.itemId);
  if (!item) return [];
  const found = new Set(item.item_allergens);
  for (const chosen of line.options) {
    const option = item.options.find((o) => o.option_id === chosen.option_id);
    const value = option?.option_options.find((v) => v.id === chosen.id);
    for (const allergen of value?.allergens ?? []) found.add(allergen);
  }
  return allergenKeys.filter((key) => found.has(key)).map((key) => allergenLabels[key]);
}

/**
 * The ready time of an accept or a delay: the one given, or for accepting a scheduled order the
 * start of its slot. Must be in the future; a delay's must be later than the time announced.
 * @throws ApiError invalid_request (400) naming `ready_at`.
 */
function checkReadyAt(order: repository.OrderRow, action: 'accept' | 'delay', given: string | undefined, now: Date): Date {
  const refuse = (message: string) => new ApiError('invalid_request', message, [{ path: 'ready_at', message }]);
  let readyAt = given ? new Date(given) : null;
  if (!readyAt && action === 'accept' && order.deliveryDate && order.deliveryTimeRange) {
    const slot = parseSlotValue(order.deliveryTimeRange);
    readyAt = slot ? restaurantInstant(order.deliveryDate, slot.start) : null;
  }
  if (!readyAt || Number.isNaN(readyAt.getTime())) throw refuse(t.readyAtRequired);
  if (readyAt.getTime() <= now.getTime()) throw refuse(t.readyAtPast);
  if (action === 'delay' && order.readyAt && readyAt.getTime() <= order.readyAt.getTime()) throw refuse(t.delayNotLater(toRestaurantTime(order.readyAt).time));
  return readyAt;
}
