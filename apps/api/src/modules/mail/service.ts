import type { CodePurpose } from '@resto/domain/account';
import { readOrderHandlingSettings, readSetting, readTaxSettings } from '@resto/domain/settings';
import type { Database } from '../../db/client.ts';
import { serializeError, type Logger } from '../../logger.ts';
import type { CatalogService } from '../catalog/index.ts';
import * as orders from '../orders/index.ts';
import * as repository from './repository.ts';
import type { NewOutboxMail, OutboxMail } from './repository.ts';
import { packMailBody, unpackMailBody } from './outbox-body.ts';
import type { orderLines as orderLinesTable, orders as ordersTable } from '../../db/schema.ts';
import { codeMail, existingAccountMail, newOrderMail, orderReceivedMail, type OrderMailData, type RestaurantContacts } from './templates.ts';
import type { MailMessage, MailTransport } from './transport.ts';

/** Writes one order's e-mails to the outbox through `tx`, the transaction placing the order. @throws on a database error. */
export type OrderMailWriter = (tx: Database, orderId: number) => Promise<void>;

/** Seconds before the n-th retry of an order e-mail: 1, 2, 4 … minutes, at most 6 hours. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(60 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60);
}

/** How long a claimed mail stays another instance's to leave alone, in seconds. */
const claimSeconds = 120;

/**
 * How many due mails one statement claims. Sent ones are deleted together after the batch: a crash
 * in between sends them again once their claim expires (up to this many mails instead of one).
 * 50: two statements per 50 mails, so the sender keeps up with orders on PGlite's one connection
 * (with 10 the outbox backed up behind 30 orders/s: docs/decisions/026-memory-and-storage.md).
 */
const claimBatch = 50;

/** Mails of a batch handed to the transport at once (SMTP: its pool of connections, transport.ts). */
const sendConcurrency = 3;

/**
 * E-mails (docs/decisions/006). Codes are sent at once and never stored in clear (not even in the outbox);
 * order e-mails go through the outbox table: written in the transaction that places the order, sent
 * outside any transaction, retried with back-off, so sending never blocks or fails an order.
 */
export class MailService {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly transport: MailTransport,
    private readonly catalog: CatalogService,
    private readonly clock: () => Date,
    private readonly logger: Logger,
    /** SITE_URL without a trailing slash: the receipt and tracking links. */
    private readonly siteUrl: string,
  ) {}

  private async contacts(): Promise<RestaurantContacts> {
    const { settings } = await this.catalog.getCatalog();
    return {
      name: readSetting(settings, 'contacts.name', 'Restaurant'),
      address: readSetting(settings, 'contacts.address', ''),
      phone: readSetting(settings, 'contacts.phone', ''),
      email: readSetting(settings, 'contacts.email', ''),
    };
  }

  /**
   * Sends a message in the background: the caller's answer does not wait for SMTP (and so takes
   * the same time whether an account exists or not). A failure is logged, without the code.
   */
  sendInBackground(message: MailMessage): void {
    void this.transport.send(message).catch((error: unknown) => {
      this.logger.error({ to: maskEmail(message.to), subject: message.subject.replace(/\d{6}/g, '······'), err: errorText(error) }, 'e-mail non envoyé');
    });
  }

  async sendCode(to: string, code: string, purpose: CodePurpose): Promise<void> {
    this.sendInBackground(codeMail({ to, code, purpose, restaurant: (await this.contacts()).name }));
  }

  async sendExistingAccountNotice(to: string): Promise<void> {
    this.sendInBackground(existingAccountMail({ to, restaurant: (await this.contacts()).name }));
  }

  /**
   * Prepares the writing of an order's e-mails (the customer's confirmation and the restaurant's
   * new-order e-mail) into the outbox table, to be called inside the transaction that places the
   * order (cash: its creation; card: the one that marks it paid). Reads the restaurant's contacts
   * and tax settings now, outside that transaction (PGlite runs one transaction at a time). The
   * returned writer throws on a database error, so that the order's transaction rolls back with
   * it: an order committed without its e-mails cannot happen, even on a crash right after the
   * commit (docs/decisions/010-crash-safety-and-shutdown.md). Call `kick()` after commit.
   */
  async prepareOrderMails(): Promise<OrderMailWriter> {
    const rowsOf = await this.prepareOrderMailRows();
    return async (tx, orderId) => {
      const order = await orders.findOrder(tx, orderId);
      if (!order) return;
      const lines = await orders.findOrderLines(tx, orderId);
      const testMode = (await orders.findTestModeOrders(tx, [orderId])).has(orderId);
      await repository.insertMails(tx, rowsOf({ ...order, placed: order.receiptNumber !== null, testMode }, lines));
    };
  }

  /**
   * Like `prepareOrderMails`, for a caller that holds the order in memory (checkout writing a new
   * cash order, docs/decisions/025-order-creation-cost.md): the returned function renders the
   * outbox rows of the order and its lines as they are being written, reading nothing, and the
   * caller inserts them in the order's transaction (docs/decisions/010). Contacts and settings are read now.
   */
  async prepareOrderMailRows(): Promise<(order: MailOrder, lines: readonly MailOrderLine[]) => NewOutboxMail[]> {
    const restaurant = await this.contacts();
    const { settings } = await this.catalog.getCatalog();
    const taxInclusive = readTaxSettings(settings).inclusive;
    const awaitsConfirmation = !readOrderHandlingSettings(settings).emailOnly;
    const siteUrl = this.siteUrl;
    const now = this.clock();
    return (order, lines) => {
      const data = orderMailData(order, lines, taxInclusive, siteUrl);
      const mails = [{ kind: 'order-confirmation', message: orderReceivedMail(data, restaurant, awaitsConfirmation) }];
      if (restaurant.email) mails.push({ kind: 'order-restaurant', message: newOrderMail(data, restaurant) });
      return mails.map(({ kind, message }) => ({ kind, orderId: order.orderId, ...outboxMessage(message), nextAttemptAt: now }));
    };
  }

  /** Starts a sending round now, or right after the current one. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.sendDue()
      .then(() => undefined)
      .catch((error: unknown) => this.logger.error({ err: errorText(error) }, "envoi de l'outbox interrompu"))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Waits for the current sending round (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * Sends every due outbox mail, `sendConcurrency` at a time, claimed by batches of `claimBatch` (one statement
   * claims a batch, one deletes what it sent: docs/decisions/025-order-creation-cost.md); each
   * failure is rescheduled and logged. @returns mails sent.
   */
  async sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const mails = await repository.claimDueMails(this.db, this.clock(), claimSeconds, claimBatch);
      const done: number[] = [];
      let next = 0;
      // `sendConcurrency` workers take the batch's mails in order: a slow SMTP exchange does not hold the others.
      const worker = async () => {
        while (next < mails.length) {
          const mail = mails[next++]!;
          try {
            await this.transport.send({ to: mail.recipient, subject: mail.subject, ...storedText(mail) });
            done.push(mail.id);
          } catch (error) {
            const retryAt = new Date(this.clock().getTime() + retryDelaySeconds(mail.attempts) * 1000);
            await repository.rescheduleMail(this.db, mail.id, retryAt, errorText(error));
            this.logger.warn(
              { mailId: mail.id, orderId: mail.orderId, kind: mail.kind, attempts: mail.attempts, retryAt: retryAt.toISOString(), err: errorText(error) },
              'e-mail non envoyé, nouvel essai prévu',
            );
          }
        }
      };
      try {
        // Every worker finished before the sent ones are deleted; then a failed reschedule is thrown.
        const outcomes = await Promise.allSettled(Array.from({ length: Math.min(sendConcurrency, mails.length) }, worker));
        const failed = outcomes.find((outcome) => outcome.status === 'rejected');
        if (failed) throw failed.reason;
      } finally {
        await repository.deleteMails(this.db, done);
      }
      sent += done.length;
      // A short batch emptied what was due; mails written since then start another round (kick).
      if (mails.length < claimBatch) return sent;
    }
  }

  /** Retries due mails every `intervalMs` (the server's loop; unref'd so it never keeps the process alive). */
  start(intervalMs = 30_000): void {
    this.stop();
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
    this.kick();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

/** A rendered message as an outbox row stores it: recipient and subject in clear, text and HTML deflated (outbox-body.ts). */
export function outboxMessage(message: MailMessage): Pick<NewOutboxMail, 'recipient' | 'subject' | 'body'> {
  return { recipient: message.to, subject: message.subject, body: packMailBody(message.text, message.html) };
}

/** An outbox row's text and HTML: deflated in `body`, or in clear in a row written before migration 0014. */
function storedText(mail: OutboxMail): { text: string; html: string } {
  return mail.body ? unpackMailBody(mail.body) : { text: mail.text ?? '', html: mail.html ?? '' };
}

/** An address as a log line may show it: 'm…@example.fr' (docs/decisions/014: no personal data in logs). */
function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  return at > 0 ? `${address[0]}…${address.slice(at)}` : '…';
}

/** An error's message for a log line or the outbox row: a failed query's parameters left out (docs/decisions/014). */
function errorText(error: unknown): string {
  const logged = serializeError(error);
  return typeof logged === 'string' ? logged : logged.message;
}

/** The columns of an order its e-mails show (`orders` as stored), with `testMode` (a test-processor payment, docs/decisions/010). */
export type MailOrder = Pick<
  typeof ordersTable.$inferSelect,
  | 'orderId'
  | 'createdAt'
  | 'isPickup'
  | 'paymentMethod'
  | 'customer'
  | 'location'
  | 'deliveryDate'
  | 'deliveryTimeRange'
  | 'subtotalCents'
  | 'discountCents'
  | 'deliveryCents'
  | 'taxCents'
  | 'totalCents'
  | 'mealVoucherCents'
  | 'taxByRate'
  | 'couponCode'
  | 'secret'
> & {
  /** Numbered for its receipt (orders.receipt_number set): the customer's e-mail links to the receipt. */
  placed: boolean;
  /** Paid with the built-in test processor (docs/decisions/014). */
  testMode: boolean;
};

/** The columns of an order line its e-mails show (`order_lines` as stored). */
export type MailOrderLine = Pick<typeof orderLinesTable.$inferSelect, 'itemName' | 'quantity' | 'options' | 'note' | 'amountCents' | 'isFree'>;

/** What an order's e-mails show. `siteUrl`: SITE_URL, for the receipt and tracking links. */
function orderMailData(order: MailOrder, lines: readonly MailOrderLine[], taxInclusive: boolean, siteUrl: string): OrderMailData {
  return {
    orderId: order.orderId,
    createdAt: order.createdAt,
    isPickup: order.isPickup,
    paymentMethod: order.paymentMethod,
    testMode: order.testMode,
    customer: order.customer,
    location: order.location,
    deliveryDate: order.deliveryDate,
    deliveryTimeRange: order.deliveryTimeRange,
    lines: lines.map((l) => ({
      name: l.itemName,
      quantity: l.quantity,
      options: l.options.map((o) => (o.quantity > 1 ? `${o.quantity} × ${o.name}` : o.name)),
      note: l.note,
      amountCents: l.amountCents,
      isFree: l.isFree,
    })),
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    deliveryCents: order.deliveryCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
    mealVoucherCents: order.mealVoucherCents,
    taxByRate: order.taxByRate,
    couponCode: order.couponCode,
    taxInclusive,
    receiptUrl: !order.placed ? null : `${siteUrl}/recu?commande=${order.secret}`,
    trackingUrl: `${siteUrl}/suivi?commande=${order.secret}`,
  };
}
