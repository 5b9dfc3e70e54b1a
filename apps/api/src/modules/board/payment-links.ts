import { randomBytes } from 'node:crypto';
import type { PaymentIntentAnswer } from '@resto/contract/payments';
import type { PaymentLinkView } from '@resto/contract/payment-links';
import { paymentLinkSms, paymentLinkStaffErrors } from '@resto/copy/staff/payment-links';
import { payLinkErrors } from '@resto/copy/storefront/payment-links';
import { paymentAnswers } from '@resto/copy/storefront/payment';
import { orderLife } from '@resto/copy/staff/order-life';
import { formatPrice, plainSpaces } from '@resto/domain/format';
import { centsToEuros } from '@resto/domain/money';
import { checkIntentPaysOrder, paymentCurrency } from '@resto/domain/payments';
import {
  linkPaidAboveCents,
  paymentLinkDue,
  paymentLinkIntentKey,
  paymentLinkLifetimeMs,
  paymentLinkMetadata,
  paymentLinkReusable,
  paymentLinkState,
  type PaymentLinkFacts,
  type PaymentLinkRefusal,
} from '@resto/domain/payment-links';
import { describePayments, paymentsSummary } from '@resto/domain/sale-documents';
import { readSetting } from '@resto/domain/settings';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import { findOrderPayments, recordLinkPayment, type BooksService } from '../books/index.ts';
import type { CatalogService } from '../catalog/index.ts';
import { insertMails, outboxMessage, paymentLinkMailOf, type MailService } from '../mail/index.ts';
import { appendOrderEvent } from '../orders/index.ts';
import { findTestModeOrders } from '../orders/index.ts';
import { ProviderError, type PaymentProvider } from '../payments/index.ts';
import * as links from './payment-links-repository.ts';
import * as repository from './repository.ts';

/** What server code gets for an order's link (PaymentLinkService.linkFor). Cents. */
export interface PaymentLinkResult {
  /** `<SITE_URL>/payer/<token>`. */
  url: string;
  token: string;
  order_id: number;
  /** What the link asks: the order's amount due when it was made (cents). */
  amount_due_cents: number;
  /** « Bonjour Marie, voici le lien pour régler votre commande n° 42 (23,50 €) : https://… » (plain spaces, for an SMS). */
  sms_text: string;
  /** The customer's e-mail the link was sent to (now or when it was made), or null when the order has none. */
  emailed_to: string | null;
  expires_at: Date;
}

/** Who asks for a link: a staff member (their id, written on the link), or server code (null). */
export type PaymentLinkActor = { staffId: number; name: string } | null;

const facts = (row: links.PaymentLinkRow): PaymentLinkFacts => ({
  amountCents: row.amountCents,
  expiresAt: row.expiresAt,
  paidAt: row.paidAt,
  replaced: row.status === 'replaced',
});

const staffRefusal: Record<PaymentLinkRefusal, string> = paymentLinkStaffErrors;
const customerRefusal: Record<PaymentLinkRefusal, string> = {
  cancelled: payLinkErrors.cancelled,
  already_paid: payLinkErrors.alreadyPaid,
  not_placed: payLinkErrors.notPlaced,
};

/**
 * Card payment links (docs/decisions/038-payment-links.md): `/payer/<token>` asks a customer to pay
 * by card what is left to pay on an order (paymentLinkDue over the books' payments, the counter's
 * own « Reste à payer »). One open link per order; its one intent at the provider (idempotency
 * key per link); the payment recorded on the order — a `payment_taken` event by 'payment' and
 * the books' `online_card` entry — in the transaction that marks the link paid, once, whether the
 * page's confirmation or the webhook comes first, or both at once on two instances. Provider
 * calls never run inside a transaction.
 */
export class PaymentLinkService {
  constructor(
    private readonly db: Database,
    private readonly catalog: CatalogService,
    private readonly mail: MailService,
    private readonly provider: () => PaymentProvider,
    private readonly clock: () => Date,
    private readonly logger: Logger,
    /** SITE_URL without a trailing slash: the link's address. */
    private readonly siteUrl: string,
    private readonly books: BooksService,
    /** Asks the provider for the order's pending refunds (BoardService.processRefund): a link paid above what was due. */
    private readonly refundDue: (orderId: number) => Promise<void> = async () => {},
  ) {}

  /**
   * The order's payment link: the open one when it is still valid (a minute left at least) for
   * the amount due now, else a new one (the open one, if any, replaced), valid 24 h
   * (paymentLinkLifetimeMs). A new link is e-mailed, through the outbox in the same transaction,
   * when the order has an e-mail. The order's row is locked meanwhile, so two screens asking at
   * once get one link.
   * @returns `{ url, token, order_id, amount_due_cents, sms_text, emailed_to, expires_at }`.
   * @throws ApiError order_not_found (404); payment_link_refused (409): card payments off, the order
   * refused or cancelled, nothing left to pay, or a card order not yet paid at checkout.
   */
  async linkFor(orderId: number, actor: PaymentLinkActor): Promise<PaymentLinkResult> {
    if (this.provider().name === 'none') throw new ApiError('payment_link_refused', paymentLinkStaffErrors.cardOff);
    const now = this.clock();
    const { contacts } = await this.restaurant();
    const outcome = await this.db.transaction(async (tx) => {
      const order = await repository.lockOrder(tx, orderId);
      if (!order) return { kind: 'not_found' as const };
      const due = paymentLinkDue(order, await this.paidCents(tx, orderId));
      if (!due.ok) return { kind: 'refused' as const, refusal: due.refusal };
      const open = await links.findOpenLink(tx, orderId);
      if (open && paymentLinkReusable(facts(open), due.dueCents, now)) return { kind: 'done' as const, order, link: open, created: false };
      if (open) await links.replaceLink(tx, open.id);
      const email = order.customer.email || null;
      const link = await links.insertLink(tx, {
        token: randomBytes(24).toString('base64url'),
        orderId,
        amountCents: due.dueCents,
        staffId: actor?.staffId ?? null,
        emailedTo: email,
        createdAt: now,
        expiresAt: new Date(now.getTime() + paymentLinkLifetimeMs),
      });
      if (email) {
        const message = paymentLinkMailOf(
          { to: email, firstName: order.customer.first_name, orderId, amountCents: link.amountCents, url: this.urlOf(link.token) },
          contacts,
        );
        await insertMails(tx, [{ kind: `payment-link-${link.id}`, orderId, ...outboxMessage(message), nextAttemptAt: now }]);
      }
      return { kind: 'done' as const, order, link, created: true };
    });
    if (outcome.kind === 'not_found') throw new ApiError('order_not_found', orderLife.unknownOrder);
    if (outcome.kind === 'refused') throw new ApiError('payment_link_refused', staffRefusal[outcome.refusal]);
    if (outcome.created && outcome.link.emailedTo) this.mail.kick();
    const { order, link } = outcome;
    const url = this.urlOf(link.token);
    return {
      url,
      token: link.token,
      order_id: orderId,
      amount_due_cents: link.amountCents,
      sms_text: plainSpaces(paymentLinkSms(order.customer.first_name, orderId, formatPrice(link.amountCents), url)),
      emailed_to: link.emailedTo,
      expires_at: link.expiresAt,
    };
  }

  /**
   * GET /v2/public/payment-links/{token}: the customer's page. A link whose intent was asked and is
   * not recorded paid is synced with the provider first (its failure is not the page's).
   * @throws ApiError payment_link_unknown (404).
   */
  async view(token: string): Promise<PaymentLinkView> {
    let link = await links.findLinkByToken(this.db, token);
    if (!link) throw new ApiError('payment_link_unknown', payLinkErrors.unknown);
    // An intent asked and not recorded as paid: the provider's word first (a lost confirmation and webhook are caught up when the page is opened again).
    if (link.intentId && !link.paidAt && (await this.sync(link.intentId).catch(() => 'unpaid' as const)) === 'paid')
      link = (await links.findLinkByToken(this.db, token))!;
    const [[order], lines, paidCents, testMode, { contacts }] = await Promise.all([
      repository.findOrdersByIds(this.db, [link.orderId]),
      repository.findLines(this.db, [link.orderId]),
      this.paidCents(this.db, link.orderId),
      findTestModeOrders(this.db, [link.orderId]),
      this.restaurant(),
    ]);
    if (!order) throw new ApiError('payment_link_unknown', payLinkErrors.unknown);
    const state = paymentLinkState(facts(link), order, paidCents, this.clock());
    const message = {
      payable: null,
      paid: null,
      expired: payLinkErrors.expired,
      refused: state.state === 'refused' ? customerRefusal[state.refusal] : null,
    }[state.state];
    return {
      state: state.state === 'refused' ? state.refusal : state.state,
      message,
      restaurant: { name: contacts.name, phone: contacts.phone },
      order_id: order.orderId,
      is_pickup: order.isPickup,
      items: lines.map((line) => ({
        item_name: line.itemName,
        quantity: line.quantity,
        options: line.options.map((o) => (o.quantity > 1 ? `${o.quantity} × ${o.name}` : o.name)),
        amount: centsToEuros(line.amountCents),
      })),
      total: centsToEuros(order.totalCents),
      paid: centsToEuros(paidCents),
      amount_due: centsToEuros(link.amountCents),
      payment_test_mode: this.provider().name === 'test' || testMode.has(order.orderId),
      tracking_path: `/suivi?commande=${order.secret}`,
    };
  }

  /**
   * POST /v2/public/payment-links/{token}/intent: the link's one intent, for its amount — created
   * once (idempotency key `payment-link-<token>`, and the first stored wins), then reused: a retry
   * after a declined card confirms the same intent again.
   * @throws ApiError payment_link_unknown (404), payment_link_refused (409: paid, refused or
   * cancelled), payment_link_expired (410: past its 24 h, replaced, or the amount due changed), payment_provider_unavailable (502).
   */
  async intent(token: string): Promise<PaymentIntentAnswer> {
    const link = await links.findLinkByToken(this.db, token);
    if (!link) throw new ApiError('payment_link_unknown', payLinkErrors.unknown);
    const [order] = await repository.findOrdersByIds(this.db, [link.orderId]);
    if (!order) throw new ApiError('payment_link_unknown', payLinkErrors.unknown);
    const provider = this.provider();
    // Already paid by its intent: the page's retry after a lost answer gets the succeeded intent back.
    if (link.paidAt && link.intentId) return answer(await provider.retrieveIntent(link.intentId).catch(providerFailure));
    const state = paymentLinkState(facts(link), order, await this.paidCents(this.db, link.orderId), this.clock());
    if (state.state === 'paid') throw new ApiError('payment_link_refused', payLinkErrors.alreadyPaid);
    if (state.state === 'refused') throw new ApiError('payment_link_refused', customerRefusal[state.refusal]);
    if (state.state === 'expired') throw new ApiError('payment_link_expired', payLinkErrors.expired);
    if (link.intentId) return answer(await provider.retrieveIntent(link.intentId).catch(providerFailure));
    const name = `${order.customer.first_name} ${order.customer.last_name}`.trim();
    const customer = await provider
      .createCustomer({ email: order.customer.email, name, phone: order.customer.phone }, `customer-link-${token}`)
      .catch(providerFailure);
    const intent = await provider
      .createIntent(
        { amountCents: link.amountCents, currency: paymentCurrency, customerId: customer.id, metadata: paymentLinkMetadata(link.id, order.orderId) },
        paymentLinkIntentKey(token),
      )
      .catch(providerFailure);
    const stored = await links.setLinkIntent(this.db, link.id, intent.id);
    if (stored !== intent.id) return answer(await provider.retrieveIntent(stored!).catch(providerFailure));
    return answer(intent);
  }

  /**
   * POST /v2/public/payment-links/{token}/confirm: the page says the card went through; the
   * provider is asked (`sync`), never the browser. @returns the page after it.
   * @throws ApiError payment_link_unknown (404), payment_not_confirmed (422), payment_provider_unavailable (502).
   */
  async confirm(token: string): Promise<PaymentLinkView> {
    const link = await links.findLinkByToken(this.db, token);
    if (!link) throw new ApiError('payment_link_unknown', payLinkErrors.unknown);
    if (!link.paidAt) {
      const outcome = link.intentId ? await this.sync(link.intentId).catch(providerFailure) : 'unpaid';
      if (outcome !== 'paid')
        throw new ApiError('payment_not_confirmed', paymentAnswers.paymentNotConfirmed, [{ path: 'status', message: paymentAnswers.paymentNotConfirmed }]);
    }
    return this.view(token);
  }

  /**
   * Applies what the provider says of the intent `intentId` (the page's confirmation, the webhook
   * through PaymentService.handleWebhook): when it is a link's and succeeded for the link's order,
   * amount and currency (checkIntentPaysOrder), records the payment once (`record`).
   * @returns 'paid' when the link is paid (now or before), 'unpaid', or 'unknown' for an intent that is no link's.
   * @throws ProviderError when the provider cannot be reached.
   */
  async sync(intentId: string): Promise<'paid' | 'unpaid' | 'unknown'> {
    const link = await links.findLinkByIntent(this.db, intentId);
    if (!link) return 'unknown';
    if (link.paidAt) return 'paid';
    const intent = await this.provider().retrieveIntent(intentId);
    const check = checkIntentPaysOrder(intent, { orderId: link.orderId, totalCents: link.amountCents, intentId });
    if (!check.ok || intent.metadata.payment_link !== String(link.id)) {
      if (check.ok || check.reason !== 'not_succeeded') this.logger.error({ orderId: link.orderId, intentId }, 'intention de paiement d’un lien incohérente');
      return 'unpaid';
    }
    await this.record(link);
    return 'paid';
  }

  /**
   * The reconciler's pass over links (modules/payments/reconciler.ts): open links still valid whose
   * intent was made more than two minutes ago are asked about (`sync`), so that a payment whose
   * page confirmation and webhook were both lost is recorded without the page being opened again.
   * A provider that cannot be reached is tried again at the next pass. @returns links found paid.
   */
  async reconcileOpenLinks(limit = 20): Promise<number> {
    const now = this.clock();
    const open = await links.findLinksToReconcile(this.db, new Date(now.getTime() - 2 * 60_000), now, limit);
    let paid = 0;
    for (const link of open) {
      try {
        if ((await this.sync(link.intentId!)) === 'paid') paid += 1;
      } catch (error) {
        this.logger.warn({ orderId: link.orderId, err: error instanceof Error ? error.message : String(error) }, 'lien de paiement : prestataire injoignable');
      }
    }
    return paid;
  }

  /**
   * In one transaction: the order locked (as the counter locks it), the link marked paid only if it
   * is not yet, then the `payment_taken` event (actor 'payment') and the books' payment entry,
   * means `online_card`, of the link's amount. A second call finds the link paid and writes nothing.
   */
  private async record(link: links.PaymentLinkRow): Promise<void> {
    const signer = await this.books.signer();
    const now = this.clock();
    const paid = await this.db.transaction(async (tx) => {
      const order = await repository.lockOrder(tx, link.orderId);
      if (!order || !(await links.markLinkPaid(tx, link.id, now))) return null;
      const paidBefore = await this.paidCents(tx, order.orderId);
      // The event first: it takes the events' counter before the journal's head, as every writer (no deadlock on PostgreSQL).
      await appendOrderEvent(tx, {
        orderId: order.orderId,
        type: 'payment_taken',
        actor: 'payment',
        reasonText: describePayments([{ means: 'online_card', amount: link.amountCents }]),
        at: now,
      });
      await recordLinkPayment({ tx, signer, now }, order, link.amountCents);
      // Money the provider took is recorded whatever happened since; what it brought beyond what was
      // due (a payment at the counter for the same rest, the order refused or cancelled meanwhile)
      // goes back on the link's own intent, once (its key), asked after commit.
      const aboveCents = linkPaidAboveCents(order, paidBefore, link.amountCents);
      if (aboveCents > 0)
        await repository.insertLinkRefund(tx, {
          orderId: order.orderId,
          linkId: link.id,
          provider: this.provider().name,
          amountCents: aboveCents,
          revision: order.revision,
          part: aboveCents === link.amountCents ? 'whole' : 'above',
        });
      return { aboveCents };
    });
    if (!paid) return;
    this.logger.info({ orderId: link.orderId }, 'lien de paiement réglé par carte');
    if (paid.aboveCents > 0) {
      this.logger.warn({ orderId: link.orderId, aboveCents: paid.aboveCents }, 'lien de paiement réglé au-delà du reste à payer : remboursé');
      await this.refundDue(link.orderId);
    }
  }

  private urlOf(token: string): string {
    return `${this.siteUrl}/payer/${token}`;
  }

  private async paidCents(db: Database, orderId: number): Promise<number> {
    return paymentsSummary((await findOrderPayments(db, [orderId])).get(orderId) ?? []).paidCents;
  }

  private async restaurant() {
    const { settings } = await this.catalog.getCatalog();
    return {
      contacts: {
        name: readSetting(settings, 'contacts.name', 'Restaurant'),
        address: readSetting(settings, 'contacts.address', ''),
        phone: readSetting(settings, 'contacts.phone', ''),
        email: readSetting(settings, 'contacts.email', ''),
      },
    };
  }
}

function answer(intent: { id: string; clientSecret: string | null; status: string; amountCents: number }): PaymentIntentAnswer {
  return { id: intent.id, client_secret: intent.clientSecret, status: intent.status, amount: centsToEuros(intent.amountCents) };
}

function providerFailure(error: unknown): never {
  if (error instanceof ProviderError) throw new ApiError('payment_provider_unavailable', paymentAnswers.paymentProviderUnavailable);
  throw error;
}
