import { boardOrderCard, kitchenTicket } from '@resto/copy/staff/board';
import { printedTicket } from '@resto/copy/staff/kitchen-ticket';
import { phoneTicketLine } from '@resto/copy/staff/phone-order';
import { describeBoardTime } from './board-time.ts';
import {
  describeCustomerName,
  describeDeliveryAddress,
  describePayment,
  describeWanted,
  type AddressInput,
  type PaymentInput,
  type WantedInput,
} from './board-order.ts';
import { describeOrderAmounts, type OrderAmountsInput } from './order-amounts.ts';
import { customerNotice } from '@resto/copy/staff/customers';
import { formatPhone } from './phone.ts';
import { orderChangeSummary, orderChangeTicket } from '@resto/copy/staff/order-change';
import type { OrderChangeDiff } from './order-change.ts';

/**
 * The kitchen ticket as a printer-neutral document (docs/decisions/019): what the browser's 80 mm
 * page shows (apps/web/app/features/board/kitchen-ticket.tsx), as a list of blocks an encoder turns
 * into ESC/POS, StarPRNT or any other printer language. Every fact is worded by the same domain
 * functions as the board and the browser's ticket (board-order.ts, board-time.ts, order-amounts.ts);
 * nothing here decides a price or a status.
 */

/** How large a text prints: `normal` (font A), `large` (double height), `huge` (double width and height). */
export type TicketTextSize = 'normal' | 'large' | 'huge';

/** One block of the ticket, top to bottom. */
export type TicketBlock =
  /** A paragraph: wrapped to the paper's width by the encoder; `indent` in columns. */
  | { type: 'text'; text: string; bold: boolean; size: TicketTextSize; align: 'left' | 'center'; indent: number }
  /** A label and its amount on one line, the amount flush right ('Total … 24,50 €'). */
  | { type: 'amount'; label: string; amount: string; bold: boolean }
  /** A dashed rule across the paper. */
  | { type: 'rule' }
  /** A QR code of `data` (the customer's status page), its caption under it. */
  | { type: 'qr'; data: string; caption: string };

/** A dish line as the ticket reads it: the board's line, and its category when the caller has it. */
export interface KitchenTicketLine {
  item_id: number;
  item_name: string;
  quantity: number;
  note: string;
  options: readonly { name: string; quantity: number }[];
  /** French labels of the dish's and its options' allergens. */
  allergens: readonly string[];
  /**
   * The line's category as the order stored it (order_lines.item_category_id). The board's lines do
   * not carry it: a line without one prints at every station.
   */
  item_category_id?: number | null;
}

/** An item an offer gave for free, with its category when the caller has it (as a line's). */
export interface KitchenTicketFreeItem {
  item_id: number;
  item_name: string;
  quantity: number;
  item_category_id?: number | null;
}

/** What the ticket needs of an order: the fields of the contract's BoardOrder it reads (euros, ISO instants). */
export interface KitchenTicketOrder extends AddressInput, PaymentInput, WantedInput, OrderAmountsInput {
  order_id: number;
  ready_at: string | null;
  payment_test_mode: boolean;
  customer: { first_name: string; last_name: string; phone: string };
  /** The staff note about the customer (docs/decisions/037), printed « NOTE CLIENT : … »; absent or null: none. */
  customer_notice?: { note: string | null } | null;
  items: readonly KitchenTicketLine[];
  free_items: readonly KitchenTicketFreeItem[];
  /** Where it came from (docs/decisions/036-phone-orders.md): a phone order's ticket says « TÉLÉPHONE »; absent: online. */
  source?: 'online' | 'phone';
}

/** How a ticket is made: when, for which station, which copy. */
export interface KitchenTicketOptions {
  /** The server's clock: times not of today carry their day. */
  now: Date;
  /**
   * The category ids the station prints, or null for every line (the full ticket, with the amount's
   * breakdown). A station's ticket keeps the lines of its categories and those without a category,
   * and says how many lines went to other stations; it leaves the amounts out, which would not add up.
   */
  stationCategoryIds: ReadonlySet<number> | null;
  /** True on a copy that may be the second of the same ticket: « RÉIMPRESSION » on top. */
  reprint: boolean;
  /** The customer's status page (`<SITE_URL>/suivi?commande=<secret>`) for a QR code, or null for none. */
  trackingUrl: string | null;
}

/** Whether a line of category `categoryId` prints at a station printing `stationCategoryIds` (null: every line). */
export function printsAtStation(categoryId: number | null | undefined, stationCategoryIds: ReadonlySet<number> | null): boolean {
  if (stationCategoryIds === null || categoryId === null || categoryId === undefined) return true;
  return stationCategoryIds.has(categoryId);
}

/** A paragraph block: left, normal size, not bold, unless `style` says otherwise. */
export const ticketText = (value: string, style: Partial<Omit<Extract<TicketBlock, { type: 'text' }>, 'type' | 'text'>> = {}): TicketBlock => ({
  type: 'text',
  text: value,
  bold: false,
  size: 'normal',
  align: 'left',
  indent: 0,
  ...style,
});

/**
 * The ticket of `order` as blocks, in the browser ticket's order: « RÉIMPRESSION » when asked; the
 * order number (huge) and when it was placed; pickup or delivery (and « TÉLÉPHONE » for a phone order) with the address; the slot or
 * « dès que possible »; the ready time (or « Pas encore acceptée »); the customer's name and phone, and the staff note about them (« NOTE CLIENT : … », decision 037);
 * each line kept for the station with its options, note and allergens (bold); the free items; the
 * amount's breakdown (full ticket only); the payment state; the QR code of the status page when
 * given. The encoder adds the cut. Returns null when the station has no line of this order (nothing
 * to print there).
 */
export function buildKitchenTicket(order: KitchenTicketOrder, options: KitchenTicketOptions): TicketBlock[] | null {
  const { now, stationCategoryIds, reprint, trackingUrl } = options;
  const time = (instant: string) => describeBoardTime(new Date(instant), now);
  const lines = order.items.filter((line) => printsAtStation(line.item_category_id, stationCategoryIds));
  const freeItems = order.free_items.filter((free) => printsAtStation(free.item_category_id, stationCategoryIds));
  const elsewhere = order.items.length + order.free_items.length - lines.length - freeItems.length;
  if (stationCategoryIds !== null && lines.length + freeItems.length === 0) return null;

  const blocks: TicketBlock[] = [];
  if (reprint) blocks.push(ticketText(printedTicket.reprint, { bold: true, size: 'large', align: 'center' }));
  blocks.push(ticketText(boardOrderCard.orderNumber(order.order_id), { bold: true, size: 'huge' }));
  blocks.push(ticketText(time(order.placed_at ?? order.created_at), { bold: true }));
  blocks.push({ type: 'rule' });
  blocks.push(ticketText(order.is_pickup ? boardOrderCard.pickup : boardOrderCard.delivery, { bold: true, size: 'large' }));
  if (order.source === 'phone') blocks.push(ticketText(phoneTicketLine, { bold: true, size: 'large' }));
  const address = describeDeliveryAddress(order);
  if (address) blocks.push(ticketText(address));
  blocks.push(ticketText(describeWanted(order), { bold: true }));
  blocks.push(ticketText(order.ready_at ? kitchenTicket.ready(time(order.ready_at)) : kitchenTicket.notAccepted, { bold: true, size: 'large' }));
  blocks.push({ type: 'rule' });
  blocks.push(ticketText(printedTicket.customer(kitchenTicket.customer, describeCustomerName(order)), { bold: true }));
  blocks.push(ticketText(formatPhone(order.customer.phone)));
  if (order.customer_notice?.note) blocks.push(ticketText(customerNotice.ticketNote(order.customer_notice.note), { bold: true }));
  blocks.push({ type: 'rule' });
  for (const line of lines) {
    blocks.push(ticketText(printedTicket.quantity(line.quantity, line.item_name), { bold: true, size: 'large' }));
    for (const option of line.options) {
      blocks.push(ticketText(printedTicket.option(option.quantity > 1 ? printedTicket.quantity(option.quantity, option.name) : option.name), { indent: 2 }));
    }
    if (line.note) blocks.push(ticketText(boardOrderCard.note(line.note), { indent: 2 }));
    if (line.allergens.length) blocks.push(ticketText(`${boardOrderCard.allergens} ${line.allergens.join(', ')}`, { bold: true, indent: 2 }));
  }
  for (const free of freeItems) blocks.push(ticketText(printedTicket.freeLine(free.quantity, free.item_name, boardOrderCard.free), { bold: true, size: 'large' }));
  if (elsewhere > 0) blocks.push(ticketText(printedTicket.otherStations(elsewhere)));
  blocks.push({ type: 'rule' });
  if (stationCategoryIds === null) {
    for (const line of describeOrderAmounts(order)) blocks.push({ type: 'amount', label: line.label, amount: line.amount, bold: line.kind === 'total' });
  }
  const payment = describePayment(order);
  blocks.push(ticketText(order.payment_test_mode ? printedTicket.paymentWithTestMode(payment, boardOrderCard.testMode) : payment, { bold: true }));
  if (trackingUrl) blocks.push({ type: 'qr', data: trackingUrl, caption: printedTicket.trackingCaption });
  return blocks;
}

/** A change as its « MODIFICATION » ticket prints it (docs/decisions/039): the revision it made, when, by whom, and what changed. */
export interface KitchenTicketChange extends Pick<OrderChangeDiff, 'schedule' | 'order_type' | 'address'> {
  revision: number;
  at: string;
  by: string | null;
  added: readonly { label: string; note: string; quantity: number; item_category_id?: number | null }[];
  removed: readonly { label: string; note: string; quantity: number; item_category_id?: number | null }[];
}

/**
 * The kitchen's « MODIFICATION » ticket of a change of `order` (docs/decisions/039): the title, the
 * order number (huge), the change's number, time and author; the order type and wanted time now
 * and what moved (type, slot, address); the units « AJOUTÉ » and « RETIRÉ » kept for the station,
 * with their notes; the ready time. null when the station has nothing of it (no unit of its
 * categories and no change of slot or type).
 */
export function buildChangeTicket(order: KitchenTicketOrder, change: KitchenTicketChange, options: Omit<KitchenTicketOptions, 'trackingUrl'>): TicketBlock[] | null {
  const { now, stationCategoryIds, reprint } = options;
  const time = (instant: string) => describeBoardTime(new Date(instant), now);
  const added = change.added.filter((u) => printsAtStation(u.item_category_id, stationCategoryIds));
  const removed = change.removed.filter((u) => printsAtStation(u.item_category_id, stationCategoryIds));
  const moved = change.schedule || change.order_type || change.address;
  if (added.length + removed.length === 0 && !moved) return null;
  const blocks: TicketBlock[] = [];
  if (reprint) blocks.push(ticketText(printedTicket.reprint, { bold: true, size: 'large', align: 'center' }));
  blocks.push(ticketText(orderChangeTicket.title, { bold: true, size: 'huge', align: 'center' }));
  blocks.push(ticketText(boardOrderCard.orderNumber(order.order_id), { bold: true, size: 'huge' }));
  blocks.push(ticketText(`${orderChangeTicket.revision(change.revision)} · ${time(change.at)}${change.by ? ` · ${change.by}` : ''}`, { bold: true }));
  blocks.push({ type: 'rule' });
  blocks.push(ticketText(order.is_pickup ? boardOrderCard.pickup : boardOrderCard.delivery, { bold: true, size: 'large' }));
  if (change.order_type) blocks.push(ticketText(orderChangeSummary.orderType(change.order_type.to_pickup), { bold: true }));
  if (change.address) blocks.push(ticketText(orderChangeSummary.address(change.address.to)));
  blocks.push(ticketText(describeWanted(order), { bold: true }));
  if (change.schedule) blocks.push(ticketText(orderChangeSummary.schedule(change.schedule.from, change.schedule.to), { bold: true }));
  if (order.ready_at) blocks.push(ticketText(kitchenTicket.ready(time(order.ready_at)), { bold: true, size: 'large' }));
  blocks.push(ticketText(printedTicket.customer(kitchenTicket.customer, describeCustomerName(order)), { bold: true }));
  const units = (title: string, list: typeof added) => {
    if (list.length === 0) return;
    blocks.push({ type: 'rule' });
    blocks.push(ticketText(title, { bold: true, size: 'large' }));
    for (const unit of list) {
      blocks.push(ticketText(printedTicket.quantity(unit.quantity, unit.label), { bold: true, size: 'large' }));
      if (unit.note) blocks.push(ticketText(boardOrderCard.note(unit.note), { indent: 2 }));
    }
  };
  units(orderChangeTicket.added, added);
  units(orderChangeTicket.removed, removed);
  blocks.push({ type: 'rule' });
  return blocks;
}

/** The ticket's texts in order, one string a block (an amount as 'label amount'; a QR code as its caption): for tests and logs. */
export function ticketTexts(blocks: readonly TicketBlock[]): string[] {
  return blocks.flatMap((block) => {
    if (block.type === 'text') return [block.text];
    if (block.type === 'amount') return [`${block.label} ${block.amount}`];
    if (block.type === 'qr') return [block.caption];
    return [];
  });
}

/**
 * The line a ticket printed late carries on top (docs/decisions/033): « EN ATTENTE DEPUIS 12:31
 * (25 min) », when the job waited `lateAfterMinutes` or more (its printer was offline), else none.
 * Times in Europe/Paris.
 */
export function waitingBlocks(queuedAt: Date, now: Date, lateAfterMinutes = 5): TicketBlock[] {
  const minutes = Math.floor((now.getTime() - queuedAt.getTime()) / 60_000);
  if (minutes < lateAfterMinutes) return [];
  return [ticketText(printedTicket.waitedSince(describeBoardTime(queuedAt, now), minutes), { bold: true, align: 'center' }), { type: 'rule' }];
}

/**
 * The test page of a printer (« Page de test », docs/decisions/033): its name, station and paper,
 * the time, and French accents, « € » and guillemets to check the code page, then a QR code.
 * `columns`: characters per line of its paper (48 on 80 mm, 32 on 58 mm).
 */
export function buildTestTicket(printer: { name: string; stationLabel: string; paperWidth: number; columns: number }, now: Date, checkUrl: string): TicketBlock[] {
  const words = printedTicket.testPage;
  return [
    ticketText(words.title, { bold: true, size: 'huge', align: 'center' }),
    { type: 'rule' },
    ticketText(words.printer(printer.name), { bold: true }),
    ticketText(words.station(printer.stationLabel)),
    ticketText(words.paper(printer.paperWidth, printer.columns)),
    ticketText(words.at(describeBoardTime(now, now))),
    { type: 'rule' },
    ticketText(words.accents),
    ticketText(words.euro),
    ticketText('-'.repeat(printer.columns)),
    ticketText(words.ok, { align: 'center' }),
    { type: 'qr', data: checkUrl, caption: printer.name },
  ];
}
