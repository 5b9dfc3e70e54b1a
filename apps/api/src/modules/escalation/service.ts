import { awaitsAcceptance, isOrderStatus, type OrderStatus } from '@resto/domain/order-lifecycle';
import type { PaymentMethod } from '@resto/domain/checkout';
import type { StaffPresence } from '@resto/domain/scheduling';
import { escalationDueAt, screensOutage, waitingMinutes, type OpeningMenu } from '@resto/domain/handling-time';
import { readOrderHandlingSettings, readSetting, type OrderHandlingSettings, type SettingsList } from '@resto/domain/settings';
import { unseenOrderAlert } from '@resto/copy/staff/escalation';
import { formatDateTime, formatPrice } from '@resto/domain/format';
import { parisTime, type RestaurantCalendar } from '@resto/domain/calendar';
import { toRestaurantDate } from '@resto/domain/clock';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import { appendOrderEvent } from '../orders/index.ts';
import { LastHeartbeat, lastScreenHeartbeat, screenWindowMs } from '../realtime/index.ts';
import type { CatalogService } from '../catalog/index.ts';
import * as mailRepository from '../mail/index.ts';
import type { MailService } from '../mail/index.ts';
import type { MailMessage, RestaurantContacts } from '../mail/index.ts';
import { customerShortName, noScreenAlertMail, printerAlarmMail, unseenAlertMail } from './mails.ts';
import { claimPrinterAlarm, clearAlarm, fallBack, watchPrinters } from '../printing/index.ts';
import { describePrinterAlarm, isAlarm } from '@resto/domain/printer-health';
import { isRestaurantOpen } from '@resto/domain/scheduling';
import { printerAlarm } from '@resto/copy/staff/printers';
import { WebPushSender, type PushReport } from './push.ts';
import * as repository from './repository.ts';

/**
 * "Nothing unseen" (docs/decisions/022-nothing-unseen.md): a job any instance
 * runs every 15 s, safe to run twice or side by side, that
 * (a) announces, once, every order awaiting acceptance that no staff screen opened within
 *     `orders.unseen_alert_minutes`: an `unseen_alert` event and an e-mail to the restaurant's
 *     contact address in one transaction, then a Web Push to every staff device;
 * (b) refuses automatically every order still awaiting acceptance after `orders.auto_reject_minutes`,
 *     through the board's own action (refunded when paid, the customer told to call);
 * both (a) and (b) count minutes of opening time from when staff can first handle the order
 * (packages/domain/src/handling-time.ts): nothing happens while the restaurant is closed, and a
 * pre-order counts from the opening before its slot;
 * (c) while no staff screen sent a heartbeat within 45 s during opening hours, e-mails the owners
 *     once per outage (and the storefront stops offering ASAP: `presence`).
 * All of it is off when the restaurant handles orders by e-mail (`orders.email_only`).
 */

/** How often the server runs the job, in milliseconds. */
const escalationIntervalMs = 15_000;
/**
 * Orders whose alert or refusal fell due longer ago than this are left alone (hours): the job acts
 * on the orders of the service under way, not on orders left pending before the board existed or
 * while the job was off.
 */
const staleAfterHours = 12;
/**
 * How far back the job looks for orders awaiting acceptance, by when they were placed (days): a
 * pre-order may be placed up to the slot picker's 7 days ahead, and is counted from the opening
 * before its slot (packages/domain/src/handling-time.ts).
 */
const lookbackDays = 9;
/** The `server_secrets` row marking the outage whose owners' alert was sent (its opening's start, screensOutage's key). */
const outageMarker = 'screens_outage_alerted';

/**
 * Refuses an order nobody accepted in time, as the board does (the lifecycle's `act` with
 * `auto_reject` and the actor 'system'): state machine, event, refund of a paid card order and
 * the customer's e-mail. `expectedStatus` is the status the job saw; an order that moved since is
 * left as it is. @throws ApiError order_transition_refused (409) when it moved; others on faults.
 */
export type AutoRefuse = (orderId: number, expectedStatus: OrderStatus) => Promise<void>;

/** What one run did: the orders alerted, the orders refused, whether the owners were alerted. */
export interface EscalationRun {
  alerted: number[];
  rejected: number[];
  screensAlerted: boolean;
  /** Printers whose outage was alarmed by this run, and tickets sent to a backup printer or the browser's page. */
  printersAlerted: number[];
  ticketsFallenBack: number;
  push: PushReport;
}

export interface EscalationOptions {
  /** SITE_URL: the board's address in e-mails, and the VAPID subject when the restaurant has no contact e-mail. */
  siteUrl?: string | undefined;
}

export class EscalationService {
  readonly push: WebPushSender;
  /** The screens' last heartbeat as the storefront's reads see it; the heartbeat route notes each one. */
  readonly screens: LastHeartbeat;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: Database,
    private readonly catalog: CatalogService,
    private readonly mail: MailService,
    private readonly clock: () => Date,
    private readonly logger: Logger,
    private readonly refuse: AutoRefuse,
    private readonly options: EscalationOptions = {},
  ) {
    this.push = new WebPushSender(db, logger);
    this.screens = new LastHeartbeat(db);
  }

  /**
   * Who would see an order placed at `now` (the ASAP rule of packages/domain/src/scheduling.ts,
   * isAsapOffered): whether a staff screen's heartbeat is at most 45 s old, and whether the
   * restaurant handles orders by e-mail. The heartbeat as `screens` keeps it (at most 1 s old).
   */
  async presence(now: Date, settings?: SettingsList): Promise<StaffPresence> {
    const emailOnly = readOrderHandlingSettings(settings ?? (await this.catalog.getCatalog()).settings).emailOnly;
    if (emailOnly) return { screenConnected: false, emailOnly };
    return { screenConnected: isRecent(await this.screens.get(), now), emailOnly };
  }

  /** `presence` without waiting, from the settings given: undefined when `screens` must read the table first. */
  presenceNow(now: Date, settings: SettingsList): StaffPresence | undefined {
    const emailOnly = readOrderHandlingSettings(settings).emailOnly;
    if (emailOnly) return { screenConnected: false, emailOnly };
    const last = this.screens.known();
    return last === undefined ? undefined : { screenConnected: isRecent(last, now), emailOnly };
  }

  /**
   * One run of the job at `now` (tests pass a fixed instant). Each part's fault is logged and the
   * others still run; push failures never fail it.
   */
  async runOnce(now: Date = this.clock()): Promise<EscalationRun> {
    const run: EscalationRun = {
      alerted: [],
      rejected: [],
      screensAlerted: false,
      printersAlerted: [],
      ticketsFallenBack: 0,
      push: { delivered: 0, gone: 0, failed: 0 },
    };
    const { settings } = await this.catalog.getCatalog();
    const handling = readOrderHandlingSettings(settings);
    const restaurant = contactsOf(settings);
    // Printers print whether orders are handled on a screen or by e-mail.
    await this.part('surveillance des imprimantes', () => this.watchPrinters(now, restaurant, run));
    if (handling.emailOnly) return run;
    await this.part('alerte des commandes non ouvertes', () => this.alertUnseen(now, handling, restaurant, settings, run));
    await this.part('refus automatique', () => this.autoReject(now, handling, run));
    await this.part('surveillance des écrans', async () => {
      run.screensAlerted = await this.watchScreens(now, restaurant);
    });
    return run;
  }

  /** Runs the job every `intervalMs` (the server's loop; unref'd), a run never overlapping the previous one. */
  start(intervalMs = escalationIntervalMs): void {
    this.stop();
    const tick = () => {
      if (this.running) return;
      this.running = this.runOnce()
        .catch((error: unknown) => this.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'escalade interrompue'))
        .finally(() => {
          this.running = null;
        });
    };
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
    tick();
  }

  /** Stops the loop; `idle()` waits for a run under way. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async part(name: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.logger.error({ part: name, err: error instanceof Error ? error.message : String(error) }, 'escalade : étape en échec');
    }
  }

  /**
   * The orders awaiting acceptance (the domain's rule) that have waited `minutes` of opening time
   * by `now`, counted from when staff could first handle them (escalationDueAt: never while the
   * restaurant is closed; a pre-order from the opening before its slot), and fell due less than
   * `staleAfterHours` ago. Each with the minutes it has waited.
   */
  private async due(now: Date, minutes: number, hours: OpeningHours): Promise<(repository.WaitingOrder & { waitedMinutes: number })[]> {
    const from = new Date(now.getTime() - lookbackDays * 86_400_000);
    const rows = await repository.findWaitingOrders(this.db, ['pending', 'paid'], from, now);
    return rows
      .filter((row) => isOrderStatus(row.status) && awaitsAcceptance({ status: row.status, paymentMethod: row.paymentMethod as PaymentMethod }))
      .filter((row) => {
        const dueAt = escalationDueAt(row, minutes, hours.menus, hours.calendar);
        return dueAt !== null && dueAt.getTime() <= now.getTime() && now.getTime() - dueAt.getTime() <= staleAfterHours * 3_600_000;
      })
      .map((row) => ({ ...row, waitedMinutes: waitingMinutes(row, now, hours.menus, hours.calendar) }));
  }

  /** (a) Alerts once about each order nobody opened within `unseenAlertMinutes`. */
  private async alertUnseen(
    now: Date,
    handling: OrderHandlingSettings,
    restaurant: RestaurantContacts,
    settings: SettingsList,
    run: EscalationRun,
  ): Promise<void> {
    const hours = await this.openingHours();
    const candidates = (await this.due(now, handling.unseenAlertMinutes, hours)).filter((order) => order.openedAt === null && order.unseenAlertAt === null);
    const boardUrl = this.boardUrl();
    for (const order of candidates) {
      const minutes = order.waitedMinutes;
      const refusedAt = describeRefusal(escalationDueAt(order, handling.autoRejectMinutes, hours.menus, hours.calendar), now);
      const claimed = await this.db.transaction(async (tx) => {
        if (!(await repository.claimUnseenAlert(tx, order.orderId, order.status, now))) return false;
        await appendOrderEvent(tx, { orderId: order.orderId, type: 'unseen_alert', actor: 'system', at: now });
        if (restaurant.email) {
          const message = unseenAlertMail({ to: restaurant.email, order, minutes, refusedAt, restaurant, boardUrl });
          await mailRepository.insertMails(tx, [
            {
              kind: 'order-unseen-alert',
              orderId: order.orderId,
              recipient: message.to,
              subject: message.subject,
              text: message.text,
              html: message.html,
              nextAttemptAt: now,
            },
          ]);
        }
        return true;
      });
      if (!claimed) continue;
      run.alerted.push(order.orderId);
      this.mail.kick();
      // After the commit, never inside the transaction: a push service's answer may take seconds.
      const report = await this.push.pushToAll(
        {
          title: unseenOrderAlert.title(order.orderId, minutes),
          body: unseenOrderAlert.pushBody(customerShortName(order.customer), formatPrice(order.totalCents), refusedAt),
          url: '/restaurant/commandes',
          tag: `order-${order.orderId}`,
          orderId: order.orderId,
        },
        this.vapidSubject(restaurant),
      );
      run.push.delivered += report.delivered;
      run.push.gone += report.gone;
      run.push.failed += report.failed;
    }
  }

  /** (b) Refuses each order still awaiting acceptance after `autoRejectMinutes`. */
  private async autoReject(now: Date, handling: OrderHandlingSettings, run: EscalationRun): Promise<void> {
    for (const order of await this.due(now, handling.autoRejectMinutes, await this.openingHours())) {
      try {
        await this.refuse(order.orderId, order.status as OrderStatus);
        run.rejected.push(order.orderId);
      } catch (error) {
        // Accepted or refused meanwhile (on a screen, or by another instance's run): nothing to do.
        if (isTransitionRefused(error)) continue;
        this.logger.error({ orderId: order.orderId, err: error instanceof Error ? error.message : String(error) }, 'refus automatique en échec');
      }
    }
  }

  /** The menus' opening hours and the calendar, as the catalogue holds them now. */
  private async openingHours(): Promise<OpeningHours> {
    const { menus, calendar } = await this.catalog.getCatalog();
    return { menus, calendar };
  }

  /**
   * (c) While the restaurant is open and no screen has been connected for a few minutes, e-mails
   * the owners (else the contact address) once per outage: the domain's `screensOutage` names the
   * outage by its opening, so tabs closed and reopened within one service make one e-mail, and
   * nothing is sent while no staff account exists (nobody could have opened a board).
   * @returns whether this run sent the alert.
   */
  private async watchScreens(now: Date, restaurant: RestaurantContacts): Promise<boolean> {
    const { menus, calendar } = await this.openingHours();
    // Read now, not through `screens`: the alert says this exact heartbeat.
    const last = await lastScreenHeartbeat(this.db);
    const outage = screensOutage(
      { now, lastHeartbeat: last, staffSince: await repository.firstStaffCreatedAt(this.db), windowMs: screenWindowMs },
      menus,
      calendar,
    );
    if (!outage) return false;
    const recipients = await this.ownersOrContact(restaurant);
    const boardUrl = this.boardUrl();
    const sent = await this.db.transaction(async (tx) => {
      if (!(await repository.claimMarker(tx, outageMarker, outage.key))) return false;
      await mailRepository.insertMails(
        tx,
        alertRows(
          'screens-outage',
          recipients.map((to) => noScreenAlertMail({ to, since: outage.since, restaurant, boardUrl })),
          now,
        ),
      );
      return true;
    });
    if (sent) this.mail.kick();
    return sent;
  }

  /**
   * (d) No silent printer (docs/decisions/033): a printer offline, out of paper, with its cover
   * open or failing while the restaurant is open alarms once per outage (the owners' e-mail,
   * written with the claim, and a push to every staff device after commit); once it has been so
   * for its `fallback_seconds`, its waiting tickets go to its backup printer when that one prints,
   * else to the browser's page on the board. A printer fine again ends its outage.
   */
  private async watchPrinters(now: Date, restaurant: RestaurantContacts, run: EscalationRun): Promise<void> {
    const watched = await watchPrinters(this.db, now);
    if (watched.length === 0) return;
    const { menus, calendar } = await this.openingHours();
    const open = isRestaurantOpen(menus, now, calendar);
    const byId = new Map(watched.map((entry) => [entry.printer.id, entry]));
    for (const { printer, health, waiting } of watched) {
      if (!isAlarm(health.state)) {
        if (printer.alarmSentAt) await clearAlarm(this.db, printer.id);
        continue;
      }
      if (!open) continue;
      const backup = printer.backupPrinterId === null ? undefined : byId.get(printer.backupPrinterId);
      const backupPrints = backup !== undefined && backup.health.state === 'ok';
      const sentence = describePrinterAlarm(printer.name, health, waiting, now)!;
      const fallback = backupPrints
        ? printerAlarm.fallbackTo(backup.printer.name, printer.fallbackSeconds)
        : printerAlarm.fallbackBrowser(printer.fallbackSeconds);
      const recipients = await this.ownersOrContact(restaurant);
      const printersUrl = this.options.siteUrl ? `${this.options.siteUrl.replace(/\/+$/, '')}/restaurant/imprimantes` : null;
      const claimed = await this.db.transaction(async (tx) => {
        if (!(await claimPrinterAlarm(tx, printer.id, now))) return false;
        await mailRepository.insertMails(
          tx,
          alertRows(
            'printer-alarm',
            recipients.map((to) => printerAlarmMail({ to, sentence, fallback, restaurant, printersUrl })),
            now,
          ),
        );
        return true;
      });
      const since = health.since ?? (claimed ? now : printer.alarmSentAt);
      if (claimed) {
        run.printersAlerted.push(printer.id);
        this.mail.kick();
        const report = await this.push.pushToAll(
          { title: printerAlarm.pushTitle(printer.name), body: sentence, url: '/restaurant/commandes', tag: `printer-${printer.id}` },
          this.vapidSubject(restaurant),
        );
        run.push.delivered += report.delivered;
        run.push.gone += report.gone;
        run.push.failed += report.failed;
      }
      if (since && now.getTime() - since.getTime() >= printer.fallbackSeconds * 1000) {
        run.ticketsFallenBack += await fallBack(this.db, printer, backupPrints ? backup.printer.id : null);
      }
    }
  }

  /** Who gets the owners' alerts: the owners' e-mails, else the restaurant's contact address (none: nobody). */
  private async ownersOrContact(restaurant: RestaurantContacts): Promise<string[]> {
    const owners = await repository.ownerEmails(this.db);
    return owners.length ? owners : restaurant.email ? [restaurant.email] : [];
  }

  /** The board's absolute address, from SITE_URL; null when it is not known. */
  private boardUrl(): string | null {
    const site = (this.options.siteUrl ?? '').replace(/\/+$/, '');
    return site ? `${site}/restaurant/commandes` : null;
  }

  /** The VAPID subject (RFC 8292): 'mailto:' the contact e-mail, else the site's https address. */
  private vapidSubject(restaurant: RestaurantContacts): string {
    if (restaurant.email) return `mailto:${restaurant.email}`;
    const site = this.options.siteUrl ?? '';
    if (site.startsWith('https://')) return site;
    return `mailto:webmaster@${hostOf(site) ?? 'localhost'}`;
  }
}

/** The outbox rows of an alert sent to several people (not about one order), due now. */
function alertRows(kind: string, mails: readonly MailMessage[], now: Date) {
  return mails.map((message) => ({
    kind,
    orderId: null,
    recipient: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    nextAttemptAt: now,
  }));
}

/** What the handling-time rule reads of the catalogue. */
interface OpeningHours {
  menus: readonly OpeningMenu[];
  calendar: RestaurantCalendar;
}

/** « à 12:40 » when the refusal falls today (Paris), « le mercredi 25 novembre à 11:35 » on another day. */
function describeRefusal(refusedAt: Date | null, now: Date): string {
  const at = refusedAt ?? now;
  return unseenOrderAlert.refusedAt(parisTime(at), toRestaurantDate(at) === toRestaurantDate(now) ? null : formatDateTime(at));
}

function isRecent(heartbeat: Date | null, now: Date): boolean {
  return heartbeat !== null && now.getTime() - heartbeat.getTime() <= screenWindowMs;
}

function contactsOf(settings: SettingsList): RestaurantContacts {
  return {
    name: readSetting(settings, 'contacts.name', 'Restaurant'),
    address: readSetting(settings, 'contacts.address', ''),
    phone: readSetting(settings, 'contacts.phone', ''),
    email: readSetting(settings, 'contacts.email', ''),
  };
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}

function isTransitionRefused(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'order_transition_refused';
}
