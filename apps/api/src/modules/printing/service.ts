import type { BoardOrder } from '@resto/contract/board';
import { buildChangeTicket, buildKitchenTicket, buildTestTicket, waitingBlocks, type TicketBlock } from '@resto/domain/kitchen-ticket';
import { buildReceiptTicket } from '@resto/domain/receipt-ticket';
import { printerFaults, stationLabels } from '@resto/copy/staff/printers';
import type { Database } from '../../db/client.ts';
import { encodeTicket, paperColumns, type PrinterLanguage } from './encode.ts';
import * as queue from './queue.ts';
import { skipFinishedTickets } from './watch.ts';

/** What the ticket of an order needs that the board's order does not carry: its status page's link. */
export interface TicketOrder {
  order: BoardOrder;
  /** `<SITE_URL>/suivi?commande=<secret>`. */
  trackingUrl: string;
}

/** A job ready for a printer: the job, its printer, and its ticket as blocks (null: nothing left to print for it). */
export interface RenderedJob {
  job: queue.PrintJobRow;
  printer: queue.PrinterRow;
  blocks: TicketBlock[] | null;
}

/**
 * Kitchen printers (docs/decisions/033-kitchen-printers.md): the print queue (queue.ts) seen from a
 * printer's poll. A poll names its printer by its secret; `poll` records that it is alive (and what
 * it says of its paper and cover) and hands it the next job; `render` makes the job's ticket from
 * the order as the board shows it now; `answer` records whether it printed. The protocol adapters
 * (CloudPRNT, Server Direct Print, the print agent, direct TCP) only translate to and from these.
 */
export class PrintingService {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    /** The order of a job, as the board shows it, with its tracking link (null: deleted). */
    private readonly ticketOrder: (orderId: number) => Promise<TicketOrder | null>,
    /** SITE_URL without a trailing slash: the test page's QR code. */
    private readonly siteUrl: string,
  ) {}

  /** The printer of a URL secret or agent key, or null (unknown, or disabled). */
  async printerOf(secret: string): Promise<queue.PrinterRow | null> {
    const printer = await queue.findPrinterBySecret(this.db, secret);
    return printer?.enabled ? printer : null;
  }

  /**
   * A printer's poll: records it alive with its problem (null when all is well) and, unless it
   * reports one that stops printing, hands it its next job. @returns the job handed out, or null.
   */
  async poll(printer: queue.PrinterRow, problem: queue.PrinterProblem, options: { take: boolean } = { take: true }): Promise<queue.PrintJobRow | null> {
    const now = this.clock();
    await queue.recordPoll(this.db, printer.id, problem, now);
    if (problem !== null || !options.take) return null;
    // Back from an outage: the tickets of orders finished meanwhile are listed, not printed.
    await skipFinishedTickets(this.db, printer.id);
    return queue.claimJob(this.db, printer.id, now);
  }

  /** The job handed out with `token` to `printer`, or null (unknown token, another printer's, or answered already). */
  async jobOf(printer: queue.PrinterRow, token: string): Promise<queue.PrintJobRow | null> {
    const job = await queue.findJobByToken(this.db, token);
    return job && job.printerId === printer.id && job.status === 'sent' ? job : null;
  }

  /** The job `printer` has in hand (handed out, not answered), or null: for a printer that names no token. */
  async jobInHand(printer: queue.PrinterRow): Promise<queue.PrintJobRow | null> {
    return queue.findSentJob(this.db, printer.id);
  }

  /**
   * The ticket of `job` as blocks, for the printer it is sent to: an order's ticket keeps the lines
   * of its origin printer's station (the full ticket, with amounts, when every line prints there),
   * says « RÉIMPRESSION » when it may have printed already, and its waiting time when it waited
   * (its printer was offline). null when the order is gone or has no line for that station.
   */
  async render(job: queue.PrintJobRow, printer: queue.PrinterRow): Promise<TicketBlock[] | null> {
    const now = this.clock();
    if (job.kind === 'test') {
      return buildTestTicket(
        { name: printer.name, stationLabel: stationLabels[printer.station], paperWidth: printer.paperWidth, columns: paperColumns[printer.paperWidth] },
        now,
        `${this.siteUrl}/restaurant/imprimantes`,
      );
    }
    if (job.kind === 'receipt') return job.document ? buildReceiptTicket(job.document) : null;
    if (job.orderId === null) return null;
    const [found, stations, [origin]] = await Promise.all([
      this.ticketOrder(job.orderId),
      queue.findStationCategories(this.db),
      job.originPrinterId === printer.id
        ? Promise.resolve([printer])
        : queue.listPrinters(this.db).then((all) => all.filter((p) => p.id === job.originPrinterId)),
    ]);
    if (!found || !origin) return null;
    const categories = new Set(found.order.items.map((line) => line.item_category_id).filter((id): id is number => id !== null));
    const kept = new Set([...categories].filter((id) => (stations.get(id) ?? origin.station) === origin.station));
    const stationCategoryIds = kept.size === categories.size ? null : kept;
    if (job.kind === 'change') {
      // A « MODIFICATION » ticket (docs/decisions/039): what its change did, for this station.
      const change = found.order.changes.find((row) => row.id === job.changeId);
      const ticket = change ? buildChangeTicket(found.order, change, { now, stationCategoryIds, reprint: job.mayHavePrinted }) : null;
      return ticket ? [...waitingBlocks(job.createdAt, now), ...ticket] : null;
    }
    const ticket = buildKitchenTicket(found.order, {
      now,
      stationCategoryIds,
      reprint: job.mayHavePrinted,
      trackingUrl: origin.qrCode ? found.trackingUrl : null,
    });
    return ticket ? [...waitingBlocks(job.createdAt, now), ...ticket] : null;
  }

  /** `render`, encoded for a printer speaking `language` on its paper. null as render. */
  async encode(job: queue.PrintJobRow, printer: queue.PrinterRow, language: PrinterLanguage): Promise<Uint8Array | null> {
    const blocks = await this.render(job, printer);
    return blocks ? encodeTicket(blocks, { language, paper: printer.paperWidth }) : null;
  }

  /** A job handed out that `render` found nothing to print for: skipped, not sent again (queue.skipJob). */
  async skip(token: string): Promise<void> {
    await queue.skipJob(this.db, token, printerFaults.nothingToPrint);
  }

  /** The printer's answer for the job handed out with `token` (queue.completeJob). */
  async answer(token: string, outcome: queue.JobOutcome): Promise<Awaited<ReturnType<typeof queue.completeJob>>> {
    return queue.completeJob(this.db, token, outcome, this.clock());
  }
}
