import { and, eq, isNull } from 'drizzle-orm';
import { lastClosableDay, readBooksSettings } from '@resto/domain/books-closing';
import type { Closure } from '@resto/domain/books';
import { readSetting } from '@resto/domain/settings';
import { addDays, toRestaurantDate } from '@resto/domain/clock';
import type { Database } from '../../db/client.ts';
import { staffUsers } from '../../db/schema.ts';
import type { Logger } from '../../logger.ts';
import type { CatalogService } from '../catalog/index.ts';
import { insertMails, outboxMessage, type MailService } from '../mail/index.ts';
import { closeDaysThrough, type ClosedDay } from './closures.ts';
import { chains, type Chain } from './journal.ts';
import type { BooksService } from './service.ts';
import { closureMailMessage } from './closure-mail.ts';
import { archiveClosedPeriods } from './archives.ts';

/**
 * The closing job (docs/decisions/031-the-books.md, « Closures »): every minute, any instance,
 * each chain ('live' and 'simulation') closed through the last business day whose closing time
 * has passed (packages/domain/src/books-closing.ts: half an hour after the day's last opening, at
 * midnight for a day without one), with its month and fiscal year when they end
 * (closeDaysThrough). Two instances at once close each day once (the head's lock); a run that
 * fails in the middle of a day leaves nothing of it and the next run closes it. When the owner
 * asked for it (books.closure_email), the live day's closure is e-mailed to the owners, written
 * to the outbox in the closure's transaction: one e-mail a closure, never one without it. After a
 * month's or a fiscal year's closure, its archive (archives.ts, archiveClosedPeriods).
 */

/** How often the server runs the job, in milliseconds. */
const closingIntervalMs = 60_000;
/**
 * Days closed late (the server was off) are e-mailed only when they are this recent (days before
 * today): a week's catch-up sends the last evening's closure, not seven e-mails.
 */
const mailedWithinDays = 1;

/** What one run closed, per chain: the closures written, by number. */
export type ClosingRun = Record<Chain, string[]>;

export class ClosingJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: Database,
    private readonly books: BooksService,
    private readonly catalog: CatalogService,
    private readonly mail: MailService,
    private readonly clock: () => Date,
    private readonly logger: Logger,
    /** Where the month's and year's archives go (DATA_DIR/archives; archives.ts). */
    private readonly archivesDir: string,
  ) {}

  /**
   * One run at `now` (tests pass an instant). A chain's failure is logged and the other chain is
   * still closed. @returns the closures' numbers written per chain.
   */
  async runOnce(now: Date = this.clock()): Promise<ClosingRun> {
    const run: ClosingRun = { live: [], simulation: [] };
    const signer = await this.books.signer();
    const { menus, calendar, settings } = await this.catalog.getCatalog();
    const lastDay = lastClosableDay(menus, calendar, now);
    const { fiscalYearFirstMonth, closureEmail } = readBooksSettings(settings);
    const restaurant = readSetting(settings, 'contacts.name', 'Restaurant');
    const contact = readSetting(settings, 'contacts.email', '');
    const mailFrom = addDays(toRestaurantDate(now), -mailedWithinDays);
    let mailed = false;
    for (const chain of chains) {
      const afterDay =
        chain === 'live' && closureEmail
          ? async (tx: Database, written: ClosedDay) => {
              const closure = closureOf(written.day.content);
              if (closure.period.start < mailFrom) return;
              const recipients = await ownerEmails(tx);
              if (recipients.length === 0 && contact) recipients.push(contact);
              const mails = recipients.map((to) =>
                closureMailMessage({
                  to,
                  number: written.day.documentNumber!,
                  closure,
                  restaurant,
                  month: written.month?.documentNumber ?? undefined,
                  year: written.year?.documentNumber ?? undefined,
                }),
              );
              await insertMails(
                tx,
                // Due at the mail service's clock (the app's: `now` is a test's instant when given).
                mails.map((message) => ({ kind: 'books-closure', orderId: null, ...outboxMessage(message), nextAttemptAt: this.clock() })),
              );
              mailed ||= mails.length > 0;
            }
          : undefined;
      try {
        const written = await closeDaysThrough(this.db, signer, chain, lastDay, now, { fiscalYearFirstMonth, afterDay });
        run[chain] = written.flatMap((closed) => [closed.day, closed.month, closed.year].flatMap((row) => (row?.documentNumber ? [row.documentNumber] : [])));
        if (written.length) this.logger.info({ chain, closures: run[chain] }, 'journal des ventes : clôtures écrites');
        // Right after a month's or a year's closure, whichever instance closed it archives it (once: archives.ts).
        if (written.some((closed) => closed.month || closed.year)) {
          const archived = await archiveClosedPeriods(this.db, signer, this.archivesDir, chain, now);
          if (archived.length) this.logger.info({ chain, archives: archived }, 'journal des ventes : archives écrites');
        }
      } catch (error) {
        this.logger.error(
          { chain, err: error instanceof Error ? error.message : String(error) },
          'journal des ventes : clôture en échec, reprise au prochain passage',
        );
      }
    }
    if (mailed) this.mail.kick();
    return run;
  }

  /** Runs the job every `intervalMs` (the server's loop; unref'd), a run never overlapping the previous one. */
  start(intervalMs = closingIntervalMs): void {
    this.stop();
    const tick = () => {
      if (this.running) return;
      this.running = this.runOnce()
        .catch((error: unknown) =>
          this.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'journal des ventes : clôture interrompue'),
        )
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
}

function closureOf(content: string): Closure {
  return (JSON.parse(content) as { body: { closure: Closure } }).body.closure;
}

/** The owners' e-mail addresses (not removed), in the closure's transaction. */
async function ownerEmails(tx: Database): Promise<string[]> {
  const rows = await tx
    .select({ email: staffUsers.email })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'owner'), isNull(staffUsers.removedAt)))
    .orderBy(staffUsers.id);
  return rows.map((row) => row.email);
}
