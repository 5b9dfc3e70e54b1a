import type { CartTotals } from '@resto/domain/cart';
import { validateOptionChoices, type ChosenOptionValue, type MenuItem } from '@resto/domain/catalogue';
import { DeliverySchema, orderPayloadTotals, type OrderPayloadSchema } from '@resto/domain/checkout';
import { readDeliverySettings, type DeliveryQuote } from '@resto/domain/delivery';
import { calculateMailboxKey } from '@resto/domain/email-identity';
import { customerKeysOf } from '@resto/domain/customers';
import { checkOrderSchedule, leadTimeMinutes, readSchedulingSettings, type StaffPresence } from '@resto/domain/scheduling';
import type { RestaurantCalendar } from '@resto/domain/calendar';
import { cardPaymentHoldMinutes, cartLoad, checkSlotCapacity, hasCapacityLimit, orderSlotKey, readCapacityLimits } from '@resto/domain/capacity';
import { orderAnswers } from '@resto/copy/errors/orders';
import { requestErrors } from '@resto/copy/errors/request';
import { availability } from '@resto/copy/staff/availability';
import { capacityAnswers } from '@resto/copy/staff/capacity';
import { offerAnswers } from '@resto/copy/storefront/cart';
import { deliveryAnswers } from '@resto/copy/storefront/location';
import { paymentAnswers } from '@resto/copy/storefront/payment';
import { centsToEuros, eurosToCents } from '@resto/domain/money';
import type { Offer, OfferRefusalReason } from '@resto/domain/offers';
import { priceCart, type PricedCart } from '@resto/domain/pricing';
import { mealVoucherSplit, readMealVoucherSettings } from '@resto/domain/meal-vouchers';
import { readSetting, type SettingsList } from '@resto/domain/settings';
import { isOnSale } from '@resto/domain/sold-out';
import type { z } from 'zod';
import { orderedPrices, withOrderedPrices, type OrderChangeBodySchema, type OrderedLine } from '@resto/domain/order-change';
import type { Database } from '../../db/client.ts';
import type { ErrorCode } from '@resto/contract/errors';
import { ApiError, zodFieldErrors, type FieldError } from '../../http/errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { orderProofRefused } from './ownership.ts';
import type { PlannedHits } from '../auth/index.ts';
import { recordSaleOf, type BooksService } from '../books/index.ts';
import type { Catalog, CatalogService } from '../catalog/index.ts';
import type { LocationService } from '../locations/index.ts';
import type { NewOutboxMail } from '../mail/index.ts';
import type { MailOrder, MailOrderLine } from '../mail/index.ts';
import * as repository from './repository.ts';
import { slotLoad } from '../capacity/index.ts';
import { orderRows, type BuiltOrder } from './order-rows.ts';
import { toOrderView } from './order-view.ts';

type OrderPayload = z.output<typeof OrderPayloadSchema>;

/**
 * Who places an order other than the storefront's customer (docs/decisions/036-phone-orders.md):
 * a staff member taking it on the phone. The rules are the storefront's; the order's `source` is
 * 'phone', its `placed` event names the staff member, and the storefront's request limits are not counted.
 */
export interface OrderOrigin {
  source: 'phone';
  staff: { staffId: number; name: string };
}

/** The order row a change starts from (the orders table's columns it reads). */
export type ChangedOrderRow = Pick<
  repository.OrderRow,
  | 'orderId'
  | 'localId'
  | 'userId'
  | 'status'
  | 'isPickup'
  | 'paymentMethod'
  | 'transactionId'
  | 'customer'
  | 'deliveryDate'
  | 'deliveryTimeRange'
  | 'receiptHideName'
  | 'business'
  | 'createdAt'
  | 'slotKey'
>;

/** A stored line of the order being changed (order_lines): how many of which dish, and the prices it was ordered at (cents). */
export type ChangedOrderLine = OrderedLine & { quantity: number; isFree: boolean };

/** The new content of a changed order (OrderChangeBodySchema's `order`, parsed). */
export type OrderChange = z.output<typeof OrderChangeBodySchema>['order'];

/** A changed order as OrderService.prepareChange priced it, for the board's change to write (docs/decisions/039). */
export interface PreparedChange {
  order: BuiltOrder;
  lines: repository.NewOrderLine[];
  offerUses: { offerId: number; customerKey: string; allowRepeat: boolean }[];
  /** The slot it takes (its own when its schedule did not change). */
  slotKey: string | null;
  /** Run with the slot locked: the slot's other orders plus this one within the limits, else 409 slot_full. */
  capacity: { slotKey: string; check: (tx: Database) => Promise<void> } | undefined;
}

/** Finalises card orders with the payment provider (modules/payments/service.ts). */
export interface CardOrderFinaliser {
  finaliseFromBrowser(orderId: number, transactionId: string | null | undefined): Promise<{ order_id: number; status: 'paid' }>;
  /** Whether the intent `intentId` alone proves order `orderId` (intentProvesOrder, docs/decisions/014). */
  intentProvesOrder(orderId: number, intentId: string): Promise<boolean>;
}

/**
 * The outbox of order e-mails (modules/mail/service.ts): `prepareOrderMails()` reads what the
 * e-mails need before the order's transaction and returns the writer to run inside it (a card order
 * paid); `prepareOrderMailRows()` the renderer of their outbox rows, for the transaction that writes
 * a new cash order with them; `kick()` starts sending once the transaction committed (docs/decisions/010).
 */
export interface OrderMailOutbox {
  prepareOrderMails(): Promise<(tx: Database, orderId: number) => Promise<void>>;
  prepareOrderMailRows(): Promise<(order: MailOrder, lines: readonly MailOrderLine[]) => NewOutboxMail[]>;
  kick(): void;
}

/**
 * The code of a coupon the offer rules refused (packages/domain/src/offers.ts, offerRefusalReason):
 * expired, already used by this customer, or refused for this order (minimum, scope, hours, order type).
 */
function couponRefusalCode(reason: OfferRefusalReason | null): ErrorCode {
  if (reason === 'expired') return 'coupon_expired';
  if (reason === 'already_used') return 'coupon_already_used';
  return 'coupon_refused';
}

/** Totals as the API writes them: euros with 2 decimals (section 3, Cart totals). */
function totalsToEuros(totals: CartTotals) {
  // The payload's own amounts (orderPayloadTotals), with the coupon's share and the tax per rate.
  const { subtotal, discount, delivery, tax, total } = orderPayloadTotals(totals);
  return {
    subtotal,
    discount,
    coupon: centsToEuros(totals.couponCents),
    delivery,
    tax,
    total,
    tax_by_rate: totals.taxByRate.map((t) => ({ rate: t.rateBp / 100, base: centsToEuros(t.baseCents), tax: centsToEuros(t.taxCents) })),
  };
}

interface ResolvedLine {
  item: MenuItem;
  choices: ChosenOptionValue[];
  quantity: number;
}

/** When the order is for: a slot (`is_scheduled`, its date and range) or as soon as possible. */
interface OrderSchedule {
  is_scheduled: boolean;
  delivery_date: string | null;
  delivery_time_range: string | null;
}

/** The order's schedule: the payload's own fields, else those of its location; a time range alone means scheduled. */
function orderSchedule(payload: OrderPayload): OrderSchedule {
  return {
    is_scheduled: payload.is_scheduled ?? payload.location?.is_scheduled ?? Boolean(payload.delivery_time_range),
    delivery_date: payload.delivery_date ?? payload.location?.delivery_date ?? null,
    delivery_time_range: payload.delivery_time_range ?? payload.location?.delivery_time_range ?? null,
  };
}

/**
 * The payload's amounts against the server's own pricing, to the cent.
 * @throws ApiError 409 prices_changed naming each amount that differs, with the fresh totals (euros).
 */
function checkClaimedTotals(payload: OrderPayload, totals: CartTotals): void {
  const claimed = { subtotal: payload.subtotal, discount: payload.discount, delivery: payload.delivery, tax: payload.tax, total: payload.total };
  const fresh = totalsToEuros(totals);
  const mismatched = (Object.keys(claimed) as (keyof typeof claimed)[]).filter((key) => eurosToCents(claimed[key]) !== eurosToCents(fresh[key]));
  if (mismatched.length) {
    throw new ApiError(
      'prices_changed',
      orderAnswers.pricesChanged,
      mismatched.map((path) => ({ path, message: orderAnswers.pricesChanged })),
      fresh,
    );
  }
}

/**
 * The order's cart priced by the domain (pricing.ts, priceCart) with its coupon, as the browser
 * priced it: createOrder and prepareChange both price here. @throws ApiError 422 coupon_unknown.
 */
function priceOrder(
  payload: OrderPayload,
  lines: readonly ResolvedLine[],
  catalog: Catalog,
  now: Date,
  delivery: DeliveryQuote | null,
  usedOfferIds: Set<number>,
) {
  const coupon = payload.coupon ? catalog.couponsByCode.get(payload.coupon.toUpperCase()) : undefined;
  if (payload.coupon && !coupon) throw new ApiError('coupon_unknown', offerAnswers.unknownCoupon, [{ path: 'coupon', message: offerAnswers.unknownCoupon }]);
  const priced = priceCart({
    lines,
    isPickup: payload.is_pickup,
    settings: catalog.settings,
    offers: catalog.offers,
    coupon: coupon ?? null,
    now,
    delivery,
    usedOfferIds,
  });
  return { coupon, ...priced };
}

/**
 * Meal vouchers (docs/decisions/012): the server's own split, whatever the browser showed; 0 cents when the
 * payload does not ask for them. @throws ApiError 422 meal_voucher_refused when nothing of the cart is eligible.
 */
function mealVoucherCents(payload: OrderPayload, lines: readonly ResolvedLine[], totals: CartTotals, settings: SettingsList): number {
  if (!payload.meal_voucher) return 0;
  const { voucherCents } = mealVoucherSplit({
    lines: lines.map((line, index) => ({ amountCents: totals.lines[index]!.amountCents, alcoholic: line.item.item_is_alcoholic === true })),
    discountCents: totals.discountCents,
    deliveryCents: totals.deliveryCents,
    totalCents: totals.totalCents,
    dailyLimitCents: readMealVoucherSettings(settings).dailyLimitCents,
  });
  if (voucherCents === 0)
    throw new ApiError('meal_voucher_refused', paymentAnswers.mealVoucherNothingEligible, [
      { path: 'meal_voucher', message: paymentAnswers.mealVoucherNothingEligible },
    ]);
  return voucherCents;
}

/**
 * The uses of the applied offers to record, one row per offer and customer key: a once-only offer
 * raced by a guest and an account of the same mailbox collides on the unique index
 * (order_offers_once_idx) through their shared e-mail key.
 */
function offerUses(
  applied: PricedCart['offers']['applied'],
  coupon: Offer | undefined,
  catalogOffers: readonly Offer[],
  keys: readonly string[],
): { offerId: number; customerKey: string; allowRepeat: boolean }[] {
  return applied.flatMap((a) => {
    const allowRepeat = (a.isCoupon ? coupon?.allow_repeat : catalogOffers.find((o) => o.id === a.offer_id)?.allow_repeat) ?? true;
    return keys.map((customerKey) => ({ offerId: a.offer_id, customerKey, allowRepeat }));
  });
}

/** The outbox rows of a cash order's e-mails, rendered once its id and secret are known (in its transaction). */
function orderMailRows(
  renderMails: (order: MailOrder, lines: readonly MailOrderLine[]) => NewOutboxMail[],
  rows: ReturnType<typeof orderRows>,
): ({ orderId, secret }: { orderId: number; secret: string }) => NewOutboxMail[] {
  const { order } = rows;
  const mailLines = rows.lines.map((line) => ({ ...line, note: line.note ?? '', isFree: line.isFree ?? false, options: line.options ?? [] }));
  return ({ orderId, secret }) =>
    renderMails(
      {
        ...order,
        orderId,
        secret,
        location: order.location ?? null,
        deliveryDate: order.deliveryDate ?? null,
        deliveryTimeRange: order.deliveryTimeRange ?? null,
        couponCode: order.couponCode ?? null,
        mealVoucherCents: order.mealVoucherCents ?? 0,
        placed: true, // numbered in the same transaction (cash)
        testMode: false, // a new order has no payment yet
      },
      mailLines,
    );
}

/**
 * A phone order's e-mails (docs/decisions/036): the customer's confirmation only when an e-mail was
 * given, and no « nouvelle commande » e-mail to the restaurant, whose staff took it. Others: unchanged.
 */
function phoneOrderMails(mails: ReturnType<typeof orderMailRows>, origin: OrderOrigin | undefined, email: string): ReturnType<typeof orderMailRows> {
  if (!origin) return mails;
  return (written) => mails(written).filter((mail) => mail.kind !== 'order-restaurant' && (email !== '' || mail.kind !== 'order-confirmation'));
}

/**
 * Who used an offer (docs/decisions/016, section 6.2; docs/decisions/003): the mailbox key of the order's
 * e-mail (`calculateMailboxKey`: case, and dots and `+tag` where the provider ignores them), and for
 * a logged-in order its account and the mailbox key of the account's e-mail too. An order's uses
 * are recorded under every key and looked up under every key, so a guest order sees the uses of
 * the account of its e-mail, and the account sees the guest orders of its e-mail.
 * @returns distinct keys such as `['user:12', 'email:mariedupont@gmail.com']`.
 */
function customerKeys(userId: number | null | undefined, accountEmail: string | null, orderEmail: string, phone: string): string[] {
  // A phone order without an e-mail (docs/decisions/036) is its customer's by the phone number.
  const keys = [orderEmail ? `email:${calculateMailboxKey(orderEmail)}` : `phone:${phone}`];
  if (userId) keys.unshift(`user:${userId}`);
  if (accountEmail) keys.push(`email:${calculateMailboxKey(accountEmail)}`);
  return [...new Set(keys)];
}

/**
 * Orders: reprice with the domain code the browser uses, refuse what the restaurant does not sell,
 * write once per local_id (spec sections 3, 4, 7; docs/decisions/016, section 3).
 */
export class OrderService {
  constructor(
    readonly db: Database,
    private readonly catalog: CatalogService,
    private readonly clock: () => Date,
    private readonly locations: LocationService,
    private readonly cardPayments?: CardOrderFinaliser,
    /** Where a placed order's e-mails are written, in the order's own transaction (cash orders). */
    private readonly mails?: OrderMailOutbox,
    /**
     * Who would see an order placed now (docs/decisions/022): the staff screens' heartbeat and
     * `orders.email_only`, for the ASAP rule (isAsapOffered). Undefined: ASAP needs only an open menu.
     */
    private readonly presence?: (now: Date, settings: SettingsList) => Promise<StaffPresence>,
    /** The books (docs/decisions/031): a cash order's receipt is journaled in the transaction that places it. */
    private readonly books?: BooksService,
    /** Runs in the transaction that places a cash order: its kitchen tickets are queued with it (docs/decisions/033, modules/printing). */
    private readonly queueTickets?: (tx: Database, orderId: number, now: Date) => Promise<unknown>,
    /**
     * The refusal of a customer the restaurant blocked (docs/decisions/037, modules/customers), called when the
     * order's first read found its e-mail or phone on a blocked customer: throws ApiError customer_blocked (422).
     */
    private readonly refuseBlockedCustomer?: () => Promise<never>,
  ) {}

  /**
   * Creates a pending order. Same local_id twice: the first order's id and secret, nothing written.
   * `verifiedUserId` is the account the route authenticated for `payload.user_id` (null: a guest).
   * @throws ApiError 429 from `limits`, 400 (unknown items or options, counts), 422 (unavailable, refused method or
   * type), 409 with the fresh totals when the client's totals differ from the server's.
   */
  async createOrder(
    payload: OrderPayload,
    verifiedUserId: number | null = null,
    /**
     * The request limits (docs/decisions/014, http/request-limits.ts RequestLimits.order): counted by the
     * order's first statement only when the local_id is new; `settle` may throw (429).
     */
    limits?: PlannedHits,
    /** Staff placing it on the phone (docs/decisions/036); undefined: the storefront's customer. */
    origin?: OrderOrigin,
  ): Promise<{ order_id: number; secret: string; created: boolean }> {
    // A user_id the route did not prove would let anyone order, and spend once-only offers, in
    // another customer's name.
    if ((payload.user_id ?? null) !== verifiedUserId)
      throw new ApiError('login_required', orderAnswers.orderNeedsLogin, [{ path: 'user_id', message: orderAnswers.orderNeedsLogin }]);
    // One round trip: a retry's order, the account's e-mail, the offers used under the keys
    // known from the payload, the request limits counted when the local_id is new
    // (docs/decisions/025-order-creation-cost.md), and the customers of its e-mail and phone (docs/decisions/037).
    const payloadKeys = customerKeys(payload.user_id, null, payload.customer.email, payload.customer.phone);
    const contactKeys = customerKeysOf(payload.customer).sort();
    const before = await repository.readBeforeOrder(this.db, payload.local_id, payload.user_id ?? null, payloadKeys, limits, contactKeys);
    if (before.existing) return { order_id: before.existing.orderId, secret: before.existing.secret, created: false };
    limits?.settle(before.counted);
    // A blocked customer is asked to call (docs/decisions/037): staff taking that call decide, so a phone order is not refused.
    if (!origin && before.customers.some((known) => known.blocked)) await this.refuseBlockedCustomer?.();

    const catalog = await this.catalog.getCatalog();
    this.checkPaymentChoice(payload, catalog.settings);
    const now = this.clock();
    const lines = payload.items.map((line, index) => this.resolveLine(catalog.itemsById, line, index, catalog.soldOutUntil, now));
    const schedule = orderSchedule(payload);
    await this.checkSchedule(payload, schedule, lines, catalog, now);
    // Outside the transaction: a provider call never holds the database (PGlite serialises).
    const delivery = payload.is_pickup ? null : await this.deliveryQuote(catalog.settings, payload.location);

    const keys = customerKeys(payload.user_id, before.accountEmail, payload.customer.email, payload.customer.phone);
    const usedOfferIds = await this.usedOfferIds(before.usedOfferIds, keys, payloadKeys);
    const { coupon, totals, offers } = priceOrder(payload, lines, catalog, now, delivery, usedOfferIds);
    if (offers.couponRefusal) {
      // The first request with this local_id may have committed meanwhile (and spent the coupon):
      // a retry is answered with that order, not refused.
      const committed = await repository.findOrderByLocalId(this.db, payload.local_id);
      if (committed) return { order_id: committed.orderId, secret: committed.secret, created: false };
      throw new ApiError(couponRefusalCode(offers.couponRefusalReason), offers.couponRefusal, [{ path: 'coupon', message: offers.couponRefusal }]);
    }
    checkClaimedTotals(payload, totals);
    const voucherCents = mealVoucherCents(payload, lines, totals, catalog.settings);

    // Cash: the order is placed now, so its e-mails are written with it (a card order's once it is
    // paid, docs/decisions/007), in the same transaction: a crash cannot keep one without the other (docs/decisions/010).
    const renderMails = payload.payment_method === 'cash' ? await this.mails?.prepareOrderMailRows() : undefined;
    const rows = orderRows({
      localId: payload.local_id,
      userId: payload.user_id ?? null,
      status: 'pending',
      isPickup: payload.is_pickup,
      paymentMethod: payload.payment_method,
      transactionId: payload.transaction_id ?? null,
      customer: payload.customer,
      location: payload.location ?? null,
      deliveryDate: schedule.is_scheduled ? schedule.delivery_date : null,
      deliveryTimeRange: schedule.is_scheduled ? schedule.delivery_time_range : null,
      lines: lines.map((line, position) => ({ ...line, note: payload.items[position]?.note ?? '' })),
      totals,
      offers,
      itemsById: catalog.itemsById,
      settings: catalog.settings,
      couponCode: coupon?.code ?? null,
      receiptHideName: payload.receipt_hide_name,
      business: payload.business ?? null,
      mealVoucherCents: voucherCents,
      createdAt: now,
      source: origin?.source,
    });
    const capacity = this.capacityGuard(payload.is_pickup, schedule, rows.lines, catalog.settings, now, catalog.calendar);
    rows.order.slotKey = capacity.slotKey;
    const mails = renderMails ? phoneOrderMails(orderMailRows(renderMails, rows), origin, payload.customer.email) : undefined;
    // Loaded before the transaction (PGlite runs one at a time); the receipt is journaled inside it.
    const signer = payload.payment_method === 'cash' ? await this.books?.signer() : undefined;
    const written = await this.writeOrder(payload.local_id, {
      order: rows.order,
      lines: rows.lines,
      offerUses: offerUses(offers.applied, coupon, catalog.offers, keys),
      placedAt: payload.payment_method === 'cash' ? now : null,
      mails,
      capacity: capacity.guard,
      placedBy: origin?.staff,
      customer: { keys: contactKeys, known: before.customers },
      inTransaction:
        payload.payment_method === 'cash'
          ? async (tx, written) => {
              // A cash order arrives now: its kitchen tickets are queued with it (docs/decisions/033).
              await this.queueTickets?.(tx, written.orderId, now);
              if (!signer || written.receiptNumber === null) return;
              const { order, lines } = rows;
              const sale = {
                orderId: written.orderId,
                receiptNumber: written.receiptNumber,
                invoiceNumber: written.invoiceNumber,
                isPickup: order.isPickup,
                subtotalCents: order.subtotalCents,
                discountCents: order.discountCents,
                deliveryCents: order.deliveryCents,
                taxCents: order.taxCents,
                totalCents: order.totalCents,
                taxByRate: order.taxByRate,
                deliveryByRate: order.deliveryByRate ?? [],
              };
              await recordSaleOf(
                { tx, signer, now },
                sale,
                lines.map((line) => ({ ...line, discountCents: line.discountCents ?? 0 })),
              );
            }
          : undefined,
    });
    if (written.created && mails) this.mails?.kick();
    return { order_id: written.orderId, secret: written.secret, created: written.created };
  }

  /**
   * The payment method and meal vouchers against the restaurant's settings (section 9, docs/decisions/012).
   * @throws ApiError 422 payment_method_disabled (cash off; card off or no card payments here),
   * meal_voucher_refused (vouchers off, or with another method than cash).
   */
  private checkPaymentChoice(payload: OrderPayload, settings: SettingsList): void {
    if (payload.payment_method === 'cash' && !readSetting(settings, 'payments.cod.active', false))
      throw new ApiError('payment_method_disabled', paymentAnswers.paymentMethodDisabled, [
        { path: 'payment_method', message: paymentAnswers.paymentMethodDisabled },
      ]);
    if (payload.payment_method === 'card' && (!this.cardPayments || !readSetting(settings, 'payments.stripe.active', false)))
      throw new ApiError('payment_method_disabled', paymentAnswers.paymentMethodDisabled, [
        { path: 'payment_method', message: paymentAnswers.paymentMethodDisabled },
      ]);
    if (payload.meal_voucher) {
      if (!readMealVoucherSettings(settings).active)
        throw new ApiError('meal_voucher_refused', paymentAnswers.mealVoucherDisabled, [{ path: 'meal_voucher', message: paymentAnswers.mealVoucherDisabled }]);
      if (payload.payment_method !== 'cash')
        throw new ApiError('meal_voucher_refused', paymentAnswers.mealVoucherCashOnly, [{ path: 'meal_voucher', message: paymentAnswers.mealVoucherCashOnly }]);
    }
  }

  /**
   * The order's time against the menus, the hours, the pause and the staff screens' presence
   * (domain scheduling.ts, checkOrderSchedule). @throws ApiError 422 ordering_paused, slot_unavailable.
   */
  private async checkSchedule(payload: OrderPayload, schedule: OrderSchedule, lines: readonly ResolvedLine[], catalog: Catalog, now: Date): Promise<void> {
    const refusal = checkOrderSchedule({
      schedule,
      lines: lines.map((line) => line.item),
      menus: await this.catalog.getMenus(now),
      isPickup: payload.is_pickup,
      settings: catalog.settings,
      now,
      presence: schedule.is_scheduled || !this.presence ? undefined : await this.presence(now, catalog.settings),
      calendar: catalog.calendar,
    });
    if (refusal?.code === 'ordering_paused') throw new ApiError('ordering_paused', refusal.message, [{ path: refusal.path, message: refusal.message }]);
    if (refusal) throw new ApiError('slot_unavailable', refusal.message, [{ path: refusal.path, message: refusal.message }]);
  }

  /**
   * The offers used under every key of the customer: those read before the order (`known`, under
   * `payloadKeys`), plus, when the account's mailbox key differs from the order's e-mail's, its uses read now.
   */
  private async usedOfferIds(known: Set<number>, keys: readonly string[], payloadKeys: readonly string[]): Promise<Set<number>> {
    const accountKeys = keys.filter((key) => !payloadKeys.includes(key));
    return accountKeys.length ? new Set([...known, ...(await repository.findUsedOfferIds(this.db, accountKeys))]) : known;
  }

  /**
   * Writes the order (repository.insertOrder); a retry of `localId` committed meanwhile is answered
   * with that order. @throws ApiError 409 slot_full, coupon_already_used (a once-only offer taken
   * by another order of this customer first).
   */
  private writeOrder(localId: string, write: Parameters<typeof repository.insertOrder>[1]): Promise<{ orderId: number; secret: string; created: boolean }> {
    return repository.insertOrder(this.db, write).catch(async (error: unknown) => {
      // A retry of an order that was placed meanwhile (an ASAP retry may fall in another slot)
      // is answered with that order, never refused as full.
      if (error instanceof ApiError && error.code === 'slot_full') {
        const committed = await repository.findOrderByLocalId(this.db, localId);
        if (committed) return { ...committed, created: false };
        throw error;
      }
      // Another order of this customer took a once-only offer first (the race of docs/decisions/003),
      // unless that order was this very one sent twice.
      if (!isUniqueViolation(error, 'order_offers_once_idx')) throw error;
      const committed = await repository.findOrderByLocalId(this.db, localId);
      if (committed) return { ...committed, created: false };
      throw new ApiError('coupon_already_used', offerAnswers.couponAlreadyUsed, [{ path: 'coupon', message: offerAnswers.couponAlreadyUsed }]);
    });
  }

  /**
   * The slot an order takes (docs/decisions/023; domain capacity.ts) and, when its order type has a
   * limit, the check `insertOrder` runs in the order's transaction with the slot locked: the slot's
   * orders and counted dishes plus this order's must stay within the limits, else 409 slot_full on
   * `delivery_time_range` (for « dès que possible », a sentence asking for a slot). ASAP orders
   * take the slot of now + the order type's lead time (`scheduling.(pickup_)minimum_time`, plus
   * busy mode's extra minutes: leadTimeMinutes).
   */
  private capacityGuard(
    isPickup: boolean,
    schedule: { is_scheduled: boolean; delivery_date: string | null; delivery_time_range: string | null },
    lines: readonly { itemCategoryId: number; quantity: number }[],
    settings: SettingsList,
    now: Date,
    calendar: RestaurantCalendar,
    /** A changed order (docs/decisions/039): not counted in its own slot, and the slot it keeps when its schedule did not change. */
    change?: { orderId: number; keptSlotKey?: string | null },
  ): { slotKey: string | null; guard: { slotKey: string; check: (tx: Database) => Promise<void> } | undefined } {
    const slotKey =
      change?.keptSlotKey !== undefined
        ? change.keptSlotKey
        : orderSlotKey(schedule, now, leadTimeMinutes(readSchedulingSettings(settings, isPickup), now, calendar));
    const limits = readCapacityLimits(settings, isPickup);
    if (slotKey === null || !hasCapacityLimit(limits)) return { slotKey, guard: undefined };
    const cart = cartLoad(
      lines.map((line) => ({ item_category_id: line.itemCategoryId, quantity: line.quantity })),
      limits.itemCategoryIds,
    );
    const check = async (tx: Database) => {
      const load = await slotLoad(tx, slotKey, isPickup, limits.itemCategoryIds, new Date(now.getTime() - cardPaymentHoldMinutes * 60_000), change?.orderId);
      if (checkSlotCapacity(load, cart, limits) === null) return;
      const message = schedule.is_scheduled ? capacityAnswers.slotFull : capacityAnswers.asapFull;
      throw new ApiError('slot_full', message, [{ path: 'delivery_time_range', message }]);
    };
    return { slotKey, guard: { slotKey, check } };
  }

  /**
   * The delivery quote of the order's address, computed again here (section 9): zone by postal
   * code and city, distance from the address's position (LocationService.quoteOrderAddress).
   * @throws ApiError 400 incomplete address, 422 delivery off, too far or outside every zone.
   */
  private async deliveryQuote(settings: SettingsList, location: OrderPayload['location']): Promise<DeliveryQuote> {
    if (!readDeliverySettings(settings).active)
      throw new ApiError('delivery_unavailable', deliveryAnswers.deliveryNotAvailable, [{ path: 'is_pickup', message: deliveryAnswers.deliveryNotAvailable }]);
    const address = DeliverySchema.safeParse({ ...location, is_pickup: false });
    if (!address.success) {
      const errors = zodFieldErrors(address.error, ['location']);
      throw new ApiError('address_required', errors[0]?.message ?? requestErrors.addressRequired, errors);
    }
    const quoted = await this.locations.quoteOrderAddress(settings, { ...address.data, lat: location?.lat, lng: location?.lng });
    if (!quoted.ok) {
      const path = quoted.reason === 'outside_zones' ? 'location.postal_code' : 'location';
      throw new ApiError('delivery_refused', quoted.message, [{ path, message: quoted.message }]);
    }
    return quoted.quote;
  }

  /**
   * One line of the order against the catalogue. @throws ApiError item_unknown, item_unavailable
   * (the dish is off), item_sold_out (« épuisé aujourd'hui » until `soldOutUntil`, docs/decisions/023), option_invalid.
   */
  private resolveLine(
    itemsById: Map<number, MenuItem>,
    line: OrderPayload['items'][number],
    index: number,
    soldOutUntil: Map<number, Date>,
    now: Date,
    /** Dishes a changed order already had at least as many of (docs/decisions/039): kept even if now off or sold out. */
    kept: ReadonlySet<number> = new Set(),
  ): ResolvedLine {
    const path = `items.${index}`;
    const item = itemsById.get(line.item_id);
    if (!item)
      throw new ApiError('item_unknown', orderAnswers.unknownItem(line.item_id), [
        { path: `${path}.item_id`, message: orderAnswers.unknownItem(line.item_id) },
      ]);
    if (item.item_menu_id !== line.item_menu_id) {
      const message = orderAnswers.itemWrongMenu(line.item_id, line.item_menu_id);
      throw new ApiError('item_unknown', message, [{ path: `${path}.item_menu_id`, message }]);
    }
    if (!item.item_is_available && !kept.has(item.item_id))
      throw new ApiError('item_unavailable', orderAnswers.itemUnavailable(item.item_name), [
        { path: `${path}.item_id`, message: orderAnswers.itemUnavailable(item.item_name) },
      ]);
    if (!kept.has(item.item_id) && !isOnSale(true, soldOutUntil.get(item.item_id), now)) {
      const message = availability.soldOutToday(item.item_name);
      throw new ApiError('item_sold_out', message, [{ path: `${path}.item_id`, message }]);
    }

    const chosen = line.options.flatMap((option) =>
      option.option_options.map((value) => ({ option_id: option.option_id, option_option_id: value.id, quantity: value.quantity })),
    );
    const optionErrors: FieldError[] = validateOptionChoices(item.item_name, item.options, chosen).map((e) => ({
      path: `${path}.options`,
      message: e.message,
    }));
    if (optionErrors.length) throw new ApiError('option_invalid', optionErrors[0]!.message, optionErrors);

    return {
      item,
      choices: chosen,
      quantity: line.quantity,
    };
  }

  /**
   * Prices and checks a changed order (docs/decisions/039-changing-an-order.md) with the
   * storefront's own rules, as createOrder does: the dishes and their options, the schedule (only
   * when the order type or the slot changed: an order keeps the slot it was given), the delivery
   * zone and fee, the offers and the coupon (the order's own uses not counted), the amounts the
   * screen claims, the meal vouchers. A dish the order already had at least as many of is kept
   * even if it went off the menu or sold out since; a new one, or more of one, is refused as the
   * storefront refuses it. A dish the order had keeps the prices it was ordered at, its base and
   * the option values it had, while the order type stays (domain orderedPrices, withOrderedPrices);
   * new dishes and option values, or all of them when the type changes, cost the menu's prices now.
   * Writes nothing: the board's change writes the result in its transaction.
   * @returns the order's new row and lines (orderRows), its offers' uses, its slot and the capacity
   * check to run with the slot locked (the order itself not counted).
   * @throws ApiError as createOrder: 400 (unknown dish or option), 422 (sold out, unavailable, slot,
   * pause, delivery refused, coupon), 409 prices_changed with the fresh totals.
   */
  async prepareChange(current: { order: ChangedOrderRow; lines: readonly ChangedOrderLine[] }, change: OrderChange): Promise<PreparedChange> {
    const { order } = current;
    const payload: OrderPayload = {
      ...change,
      local_id: order.localId,
      payment_method: order.paymentMethod as OrderPayload['payment_method'],
      customer: order.customer,
      status: 'pending',
      user_id: order.userId,
      transaction_id: order.transactionId,
      receipt_hide_name: order.receiptHideName,
      business: order.business,
      date: null,
    };
    const catalog = await this.catalog.getCatalog();
    const now = this.clock();
    const units = (lines: readonly { itemId: number; quantity: number }[]) => {
      const byItem = new Map<number, number>();
      for (const line of lines) byItem.set(line.itemId, (byItem.get(line.itemId) ?? 0) + line.quantity);
      return byItem;
    };
    const had = units(current.lines.filter((line) => !line.isFree));
    const wanted = units(payload.items.map((line) => ({ itemId: line.item_id, quantity: line.quantity })));
    const kept = new Set([...wanted].filter(([itemId, quantity]) => quantity <= (had.get(itemId) ?? 0)).map(([itemId]) => itemId));
    // The dishes it had keep the prices they were ordered at (docs/decisions/039, « Prices »), as the screen priced them.
    const ordered = orderedPrices(current.lines, order.isPickup, payload.is_pickup);
    const lines = payload.items.map((line, index) => {
      const resolved = this.resolveLine(catalog.itemsById, line, index, catalog.soldOutUntil, now, kept);
      return { ...resolved, item: withOrderedPrices(resolved.item, ordered.get(resolved.item.item_id), payload.is_pickup) };
    });
    const schedule = orderSchedule(payload);
    const scheduleKept =
      payload.is_pickup === order.isPickup &&
      (schedule.is_scheduled
        ? schedule.delivery_date === order.deliveryDate && schedule.delivery_time_range === order.deliveryTimeRange
        : order.deliveryTimeRange === null);
    if (!scheduleKept) await this.checkSchedule(payload, schedule, lines, catalog, now);
    const delivery = payload.is_pickup ? null : await this.deliveryQuote(catalog.settings, payload.location);

    const keys = customerKeys(order.userId, null, order.customer.email, order.customer.phone);
    const usedOfferIds = await repository.findUsedOfferIds(this.db, keys, order.orderId);
    const { coupon, totals, offers } = priceOrder(payload, lines, catalog, now, delivery, usedOfferIds);
    if (offers.couponRefusal)
      throw new ApiError(couponRefusalCode(offers.couponRefusalReason), offers.couponRefusal, [{ path: 'coupon', message: offers.couponRefusal }]);
    checkClaimedTotals(payload, totals);
    const voucherCents = mealVoucherCents(payload, lines, totals, catalog.settings);
    const rows = orderRows({
      localId: order.localId,
      userId: order.userId,
      status: order.status,
      isPickup: payload.is_pickup,
      paymentMethod: order.paymentMethod,
      transactionId: order.transactionId,
      customer: order.customer,
      location: payload.is_pickup ? null : (payload.location ?? null),
      deliveryDate: schedule.is_scheduled ? schedule.delivery_date : null,
      deliveryTimeRange: schedule.is_scheduled ? schedule.delivery_time_range : null,
      lines: lines.map((line, position) => ({ ...line, note: payload.items[position]?.note ?? '' })),
      totals,
      offers,
      itemsById: catalog.itemsById,
      settings: catalog.settings,
      couponCode: coupon?.code ?? null,
      receiptHideName: order.receiptHideName,
      business: order.business,
      mealVoucherCents: voucherCents,
      createdAt: order.createdAt,
    });
    const capacity = this.capacityGuard(payload.is_pickup, schedule, rows.lines, catalog.settings, now, catalog.calendar, {
      orderId: order.orderId,
      ...(scheduleKept ? { keptSlotKey: order.slotKey } : {}),
    });
    return {
      order: rows.order,
      lines: rows.lines,
      offerUses: offerUses(offers.applied, coupon, catalog.offers, keys),
      slotKey: capacity.slotKey,
      capacity: capacity.guard,
    };
  }

  /**
   * Finalises an order (PUT /v2/public/checkout/, section 4): pending for cash, paid for card. A
   * card order becomes paid only once the payment provider confirms its intent (docs/decisions/007,
   * modules/payments): the browser's word is never enough.
   * @throws ApiError 404 unknown order, 422 refused status or payment not confirmed.
   */
  async finalizeOrder(input: { order_id: number; status: 'pending' | 'paid'; transaction_id?: string | null | undefined }) {
    const order = await repository.findOrder(this.db, input.order_id);
    if (!order) throw new ApiError('order_not_found', orderAnswers.unknownOrder, [{ path: 'order_id', message: orderAnswers.unknownOrder }]);
    if (order.paymentMethod === 'card' && input.status === 'paid' && this.cardPayments)
      return this.cardPayments.finaliseFromBrowser(order.orderId, input.transaction_id);
    if (input.status !== 'pending' || order.status !== 'pending' || order.paymentMethod !== 'cash')
      throw new ApiError('order_status_refused', orderAnswers.orderStatusRefused, [{ path: 'status', message: orderAnswers.orderStatusRefused }]);
    await repository.updateOrderStatus(this.db, order.orderId, 'pending', input.transaction_id ?? order.transactionId);
    return { order_id: order.orderId, status: 'pending' as const };
  }

  /**
   * PUT /v2/public/checkout/ from a caller who does not prove the order (docs/decisions/014,
   * « Proof of an order »): a client written against section 7 sends only order_id,
   * transaction_id and status. A cash order already pending, asked to stay pending with no new
   * transaction_id, changes nothing: answered pending, nothing written. A card order asked « paid »
   * with the intent that proves it (intentProvesOrder: bound to this order alone, succeeded for
   * its exact total) is finalised as finalizeOrder does. Anything else would change the order.
   * @throws ApiError 404 unknown order, 403 order_proof_required (nothing changed).
   */
  async finalizeWithoutProof(input: { order_id: number; status: 'pending' | 'paid'; transaction_id?: string | null | undefined }) {
    const order = await repository.findOrder(this.db, input.order_id);
    if (!order) throw new ApiError('order_not_found', orderAnswers.unknownOrder, [{ path: 'order_id', message: orderAnswers.unknownOrder }]);
    const sameTransaction = input.transaction_id == null || input.transaction_id === order.transactionId;
    if (input.status === 'pending' && order.paymentMethod === 'cash' && order.status === 'pending' && sameTransaction)
      return { order_id: order.orderId, status: 'pending' as const };
    if (input.status === 'paid' && order.paymentMethod === 'card' && input.transaction_id && this.cardPayments)
      if (await this.cardPayments.intentProvesOrder(order.orderId, input.transaction_id))
        return this.cardPayments.finaliseFromBrowser(order.orderId, input.transaction_id);
    throw orderProofRefused();
  }

  /** An order with its lines, for whoever holds its local_id (the guest who placed it). */
  async getOrderForGuest(orderId: number, localId: string) {
    const order = await repository.findOrder(this.db, orderId);
    if (!order || order.localId !== localId) throw new ApiError('order_not_found', orderAnswers.unknownOrder);
    const [lines, history, testMode] = await Promise.all([
      repository.findOrderLines(this.db, orderId),
      repository.findStatusHistory(this.db, orderId),
      repository.findTestModeOrders(this.db, [orderId]),
    ]);
    return toOrderView(order, lines, history, testMode.has(orderId));
  }
}
