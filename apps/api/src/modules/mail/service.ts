import type { CodePurpose } from '@resto/domain/account';
import { readSetting, readTaxSettings } from '@resto/domain/settings';
import type { Database } from '../../db/client.ts';
import { serializeError, type Logger } from '../../logger.ts';
import type { CatalogService } from '../catalog/service.ts';
import * as orders from '../orders/repository.ts';
import * as repository from './repository.ts';
import { codeMail, existingAccountMail, newOrderMail, orderConfirmationMail, type OrderMailData, type RestaurantContacts } from './templates.ts';
import type { MailMessage, MailTransport } from './transport.ts';

/** Seconds before the n-th retry of an order e-mail: 1, 2, 4 … minutes, at most 6 hours. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(60 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60);
}

/** How long a claimed mail stays another instance's to leave alone, in seconds. */
const claimSeconds = 120;

/**
 * E-mails (issue 5). Codes are sent at once and never stored in clear (not even in the outbox);
 * order e-mails go through the outbox table: written after the order commits, sent outside any
 * transaction, retried with back-off, so sending never blocks or fails an order.
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
   * Writes the customer's confirmation and the restaurant's new-order e-mail of an order to the
   * outbox, then starts sending. Never throws: a failure here is logged and the order stands.
   */
  async enqueueOrderMails(orderId: number): Promise<void> {
    try {
      const data = await this.orderMailData(orderId);
      if (!data) return;
      const restaurant = await this.contacts();
      const now = this.clock();
      const mails = [{ kind: 'order-confirmation', message: orderConfirmationMail(data, restaurant) }];
      if (restaurant.email) mails.push({ kind: 'order-restaurant', message: newOrderMail(data, restaurant) });
      await repository.insertMails(
        this.db,
        mails.map(({ kind, message }) => ({
          kind,
          orderId,
          recipient: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          nextAttemptAt: now,
        })),
      );
      this.kick();
    } catch (error) {
      this.logger.error({ orderId, err: errorText(error) }, 'e-mails de la commande non préparés');
    }
  }

  private async orderMailData(orderId: number): Promise<OrderMailData | undefined> {
    const order = await orders.findOrder(this.db, orderId);
    if (!order) return undefined;
    const lines = await orders.findOrderLines(this.db, orderId);
    const testMode = (await orders.findTestModeOrders(this.db, [orderId])).has(orderId);
    const { settings } = await this.catalog.getCatalog();
    return {
      orderId,
      createdAt: order.createdAt,
      isPickup: order.isPickup,
      paymentMethod: order.paymentMethod,
      testMode,
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
      taxByRate: order.taxByRate,
      couponCode: order.couponCode,
      taxInclusive: readTaxSettings(settings).inclusive,
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

  /** Sends every due outbox mail, one at a time; each failure is rescheduled and logged. @returns mails sent. */
  async sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const mail = await repository.claimDueMail(this.db, this.clock(), claimSeconds);
      if (!mail) return sent;
      try {
        await this.transport.send({ to: mail.recipient, subject: mail.subject, text: mail.text, html: mail.html });
        await repository.deleteMail(this.db, mail.id);
        sent += 1;
      } catch (error) {
        const next = new Date(this.clock().getTime() + retryDelaySeconds(mail.attempts) * 1000);
        await repository.rescheduleMail(this.db, mail.id, next, errorText(error));
        this.logger.warn(
          { mailId: mail.id, orderId: mail.orderId, kind: mail.kind, attempts: mail.attempts, retryAt: next.toISOString(), err: errorText(error) },
          'e-mail non envoyé, nouvel essai prévu',
        );
      }
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

/** An address as a log line may show it: 'm…@example.fr' (issue 17: no personal data in logs). */
function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  return at > 0 ? `${address[0]}…${address.slice(at)}` : '…';
}

/** An error's message for a log line or the outbox row: a failed query's parameters left out (issue 17). */
function errorText(error: unknown): string {
  const logged = serializeError(error);
  return typeof logged === 'string' ? logged : logged.message;
}
