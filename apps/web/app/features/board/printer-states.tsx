import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, Printer } from 'lucide-react';
import type { BoardOrder } from '@resto/contract/board';
import type { OrderPrintJob, PrintersStatus } from '@resto/contract/printers';
import { boardPrinting } from '@resto/copy/staff/printers';
import { backOfficePaths } from '../staff/index.ts';
import { isApiError } from '../../lib/api.ts';
import { loadPrintersStatus, printReceipt, reprintOrder } from './board-api.ts';
import { clockTime } from './order-view.tsx';
import type { useOrderCall } from './use-order-call.ts';

/** The boards read the printers' status this often (ms), and whenever they come back to the front. */
const statusPollMs = 10_000;

/**
 * The kitchen printers' status (GET /v2/restaurant/printers/status, docs/decisions/033), read every
 * 10 s and when the tab becomes visible or focused again. null until the first answer; a failed
 * read keeps the last one (the connection banner says the board is offline).
 */
export function usePrintersStatus(): PrintersStatus | null {
  const [status, setStatus] = useState<PrintersStatus | null>(null);
  useEffect(() => {
    let alive = true;
    const read = () => {
      loadPrintersStatus()
        .then((next) => alive && setStatus(next))
        .catch(() => undefined);
    };
    read();
    const timer = setInterval(read, statusPollMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible') read();
    };
    window.addEventListener('focus', read);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      alive = false;
      clearInterval(timer);
      window.removeEventListener('focus', read);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return status;
}

/**
 * The red banner of every board: one line per printer in alarm (« Imprimante Cuisine hors ligne
 * depuis 12:31 — 3 tickets en attente ») with a link to the printers page; gone once it is back.
 * The orders whose waiting tickets were listed, not printed, under it.
 */
export function PrinterAlarms({ status }: { status: PrintersStatus | null }) {
  if (!status) return null;
  const alarms = status.printers.filter((printer) => printer.alarm && printer.banner);
  if (alarms.length === 0 && status.skipped_orders.length === 0) return null;
  return (
    <div className="space-y-2" data-testid="printer-alarms">
      {alarms.map((printer) => (
        <div
          key={printer.printer_id}
          role="alert"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-red-700 p-3 font-bold text-white shadow-sm"
          data-testid="printer-alarm"
          data-printer-id={printer.printer_id}
        >
          <AlertTriangle aria-hidden className="size-5 shrink-0" />
          <p className="min-w-0 flex-1">{printer.banner}</p>
          <Link to={backOfficePaths.printers} className="rounded-full bg-white px-3 py-1 text-sm text-red-800 hover:bg-red-50">
            {boardPrinting.bannerLink}
          </Link>
        </div>
      ))}
      {status.skipped_orders.length > 0 ? (
        <p className="rounded-xl bg-amber-100 p-3 text-sm font-semibold text-amber-900" data-testid="printer-skipped">
          {boardPrinting.skipped(status.skipped_orders)}
        </p>
      ) : null}
    </div>
  );
}

/** The printers' states in the board's header: a chip per printer, green when ready, red when not. */
export function PrinterChips({ status }: { status: PrintersStatus | null }) {
  if (!status || status.printers.length === 0) return null;
  return (
    <ul className="flex flex-wrap items-center gap-1.5 text-xs" aria-label={boardPrinting.headerLabel} data-testid="printer-chips">
      {status.printers.map((printer) => (
        <li key={printer.printer_id}>
          <Link
            to={backOfficePaths.printers}
            className={`inline-flex items-center gap-1 rounded-full px-2.5 py-1 font-semibold ${printer.alarm ? 'bg-red-100 text-red-800 ring-1 ring-red-300' : 'bg-emerald-100 text-emerald-800'}`}
            data-testid="printer-chip"
            data-state={printer.health.state}
          >
            <Printer aria-hidden className="size-3.5" />
            {boardPrinting.job(printer.name, printer.health.label)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** « imprimé à 12:31 », « en attente », « échec »… */
function jobStatus(job: OrderPrintJob): string {
  if (job.status === 'printed' && job.printed_at) return boardPrinting.status.printed(clockTime(job.printed_at));
  if (job.status === 'printed') return boardPrinting.status.printed('—');
  return boardPrinting.status[job.status];
}

/** The last job of each printer (a reprint after a ticket says where the reprint is). */
function latestPerPrinter(jobs: readonly OrderPrintJob[]): OrderPrintJob[] {
  const byPrinter = new Map<number, OrderPrintJob>();
  for (const job of jobs) byPrinter.set(job.printer_id, job);
  return [...byPrinter.values()];
}

const tone: Record<OrderPrintJob['status'], string> = {
  printed: 'text-emerald-800',
  queued: 'text-amber-800',
  sent: 'text-amber-800',
  failed: 'text-red-700 font-bold',
  skipped: 'text-ink/70',
};

/** An order's tickets on its card: « Cuisine : imprimé à 12:31 », one line per printer. */
export function OrderPrintJobs({ order }: { order: BoardOrder }) {
  if (order.print_jobs.length === 0) return null;
  return (
    <ul className="space-y-0.5 text-xs" data-testid="order-print-jobs">
      {latestPerPrinter(order.print_jobs).map((job) => (
        <li key={job.printer_id} className={`flex items-center gap-1 ${tone[job.status]}`} data-testid="order-print-job" data-status={job.status}>
          <Printer aria-hidden className="size-3 shrink-0" />
          {boardPrinting.job(job.printer_name, jobStatus(job), job.cause === 'reprint')}
        </li>
      ))}
    </ul>
  );
}

type Run = ReturnType<typeof useOrderCall>['run'];

/**
 * The dialog's printing section: each printer's ticket with « Réimprimer » on it, « Réimprimer »
 * everywhere, and what the board's stream said of the tickets (printed, failed), in French.
 */
export function OrderPrinting({ order, run, running, receiptPrinter }: { order: BoardOrder; run: Run; running: string | null; receiptPrinter: string | null }) {
  const events = order.events.filter((event) => event.type === 'ticket_printed' || event.type === 'ticket_failed');
  const receipt = receiptPrinter !== null && order.placed_at !== null;
  if (order.print_jobs.length === 0 && events.length === 0 && !receipt) return null;
  const busy = running !== null;
  const button = 'rounded-full bg-white px-3 py-1.5 text-sm font-semibold ring-1 ring-black/15 hover:bg-black/5 disabled:opacity-50';
  return (
    <section className="space-y-2 rounded-2xl bg-white p-4 ring-1 ring-black/10" data-testid="order-printing">
      <ul className="space-y-1.5">
        {latestPerPrinter(order.print_jobs).map((job) => (
          <li key={job.printer_id} className="flex flex-wrap items-center justify-between gap-2" data-testid="order-print-job" data-status={job.status}>
            <span className={`inline-flex items-center gap-1.5 ${tone[job.status]}`}>
              <Printer aria-hidden className="size-4" />
              {boardPrinting.job(job.printer_name, jobStatus(job), job.cause === 'reprint')}
            </span>
            <button
              type="button"
              className={button}
              disabled={busy}
              aria-busy={running === `reprint-${job.printer_id}`}
              onClick={() => void run(`reprint-${job.printer_id}`, () => reprintOrder(order.order_id, job.printer_id))}
              aria-label={boardPrinting.reprintOn(job.printer_name)}
              data-testid="reprint"
            >
              {running === `reprint-${job.printer_id}` ? boardPrinting.reprinting : boardPrinting.reprint}
            </button>
          </li>
        ))}
      </ul>
      {receipt ? <ReceiptPrint orderId={order.order_id} printer={receiptPrinter} disabled={busy} className={button} /> : null}
      {events.length > 0 ? (
        <ul className="border-t border-black/10 pt-2 text-xs text-ink/75" data-testid="order-print-events">
          {events.map((event) => (
            <li key={event.id}>
              {boardPrinting.eventLine(
                clockTime(event.at),
                event.type === 'ticket_printed'
                  ? boardPrinting.events.ticket_printed(event.actor_name)
                  : boardPrinting.events.ticket_failed(event.actor_name, event.reason_text),
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** « Imprimer le reçu »: the customer's receipt on the counter's printer (docs/decisions/033), then what happened, in French. */
function ReceiptPrint({ orderId, printer, disabled, className }: { orderId: number; printer: string; disabled: boolean; className: string }) {
  const [state, setState] = useState<{ sending: boolean; message: string | null; failed: boolean }>({ sending: false, message: null, failed: false });
  const send = async () => {
    if (state.sending) return;
    setState({ sending: true, message: null, failed: false });
    try {
      const queued = await printReceipt(orderId);
      setState({ sending: false, message: boardPrinting.receiptSent(queued.printer_name), failed: false });
    } catch (failure) {
      setState({ sending: false, message: isApiError(failure) && failure.code !== 'network' ? failure.message : boardPrinting.receiptFailed, failed: true });
    }
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t border-black/10 pt-2">
      <button
        type="button"
        className={className}
        disabled={disabled || state.sending}
        aria-busy={state.sending}
        onClick={() => void send()}
        data-testid="print-receipt"
      >
        {state.sending ? boardPrinting.reprinting : boardPrinting.printReceipt(printer)}
      </button>
      {state.message ? (
        <p role="status" className={`text-sm ${state.failed ? 'font-semibold text-red-700' : 'text-emerald-800'}`}>
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
