import type { Logger } from '../../logger.ts';
import type { Database } from '../../db/client.ts';
import { listPrinters, type PrinterRow } from './queue.ts';
import type { PrintingService } from './service.ts';
import { printNext, type JobSource, type PrintTurn } from './tcp.ts';

/** How often each directly driven printer is polled, ms: as the print agent's default. */
const directPollMs = 2000;

/**
 * The server's own print loop (docs/decisions/033-kitchen-printers.md) for the printers it reaches on
 * the restaurant's network: connection 'tcp' with `via_agent` false. Every `intervalMs`, each such
 * enabled printer with a host takes one turn of tcp.ts `printNext` — the turn the print agent takes
 * over HTTPS — here with the print queue itself as its source: one job at a time per printer, a turn
 * never started while that printer's previous one runs. Several instances may run it on one
 * database: the queue hands a job to one poll only.
 */
export class DirectPrinting {
  private timer: NodeJS.Timeout | null = null;
  private readonly running = new Map<number, Promise<PrintTurn>>();

  constructor(
    private readonly db: Database,
    private readonly printing: PrintingService,
    private readonly logger: Logger,
  ) {}

  /** Starts the loop (again, at `intervalMs`, when it runs). */
  start(intervalMs = directPollMs): void {
    this.stop();
    const tick = () => void this.runOnce().catch((error: unknown) => this.logger.warn({ err: error }, 'impression directe impossible'));
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
    tick();
  }

  /** Stops the loop; `idle()` waits for the turns under way. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }

  /** One turn for each directly driven printer that has none under way. @returns the turns started, by printer id. */
  async runOnce(): Promise<Map<number, PrintTurn>> {
    const printers = (await listPrinters(this.db)).filter((p) => p.enabled && p.connection === 'tcp' && !p.viaAgent && p.host);
    const turns = printers
      .filter((printer) => !this.running.has(printer.id))
      .map(async (printer) => {
        const turn = printNext(this.sourceOf(printer)).finally(() => this.running.delete(printer.id));
        this.running.set(printer.id, turn);
        const done = await turn;
        if (done.kind === 'unreachable' || done.kind === 'not_printed') this.logger.warn({ printer: printer.name, error: done.error }, 'ticket non imprimé');
        return [printer.id, done] as const;
      });
    return new Map(await Promise.all(turns));
  }

  /** The print queue as printer `printer`'s source of jobs, in ESC/POS. */
  private sourceOf(printer: PrinterRow): JobSource {
    return {
      target: () => Promise.resolve(printer.host ? { host: printer.host, port: printer.port ?? 9100 } : null),
      poll: async (problem) => {
        const job = await this.printing.poll(printer, problem);
        if (!job?.jobToken) return null;
        const bytes = await this.printing.encode(job, printer, 'esc-pos');
        if (!bytes) {
          await this.printing.skip(job.jobToken);
          return null;
        }
        return { token: job.jobToken, bytes };
      },
      answer: async (token, outcome) => {
        await this.printing.answer(token, outcome);
      },
    };
  }
}
