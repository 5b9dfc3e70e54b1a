import { printerStates } from '@resto/copy/staff/printers';
import { describeBoardTime } from './board-time.ts';

/**
 * Whether a kitchen printer is fit to print, from what it last said of itself
 * (docs/decisions/033-kitchen-printers.md, « No silent printer »). A printer polls the server (or
 * the print agent, or the server's own TCP loop, polls for it) every few seconds: one that has not
 * polled for `offlineAfterSeconds` is offline; one that reports paper out or its cover open, or
 * whose tickets keep failing, cannot print either. The board's red banner, the staff's push and the
 * owner's e-mail, and the fallback to a backup printer all read this one rule.
 */

/** A printer silent this long (seconds) is offline. */
export const offlineAfterSeconds = 60;

/** A printer whose tickets failed this many times in a row without one printing is « en échec ». */
export const failingAfterFailures = 3;

/** What the rule reads of a printer (the `printers` row, instants as Dates). */
export interface PrinterHealthInput {
  connection: 'cloudprnt' | 'epson_sdp' | 'tcp' | 'browser';
  enabled: boolean;
  lastPollAt: Date | null;
  createdAt: Date;
  /** What the printer reported at its last poll. */
  problem: 'paper_out' | 'cover_open' | 'failing' | null;
  problemSince: Date | null;
  /** Failed attempts of its tickets since the last one it printed. */
  failuresInARow: number;
}

/** A printer's state: `ok` prints; `offline`, `paper_out`, `cover_open`, `failing` alarm; `off`: disabled or the browser's page (nothing to watch). */
export type PrinterState = 'ok' | 'offline' | 'paper_out' | 'cover_open' | 'failing' | 'off';

/** A printer's state at `now` and since when it holds (null for `ok` and `off`). */
export interface PrinterHealth {
  state: PrinterState;
  since: Date | null;
}

/**
 * The state of `printer` at `now`: `off` when disabled or a browser page; `offline` when its last
 * poll (or, never polled, its creation) is more than `offlineAfterSeconds` old, since that poll plus
 * nothing (the instant it was last heard); else its reported problem since it began; else `failing`
 * after `failingAfterFailures` failed attempts in a row; else `ok`.
 */
export function printerHealth(printer: PrinterHealthInput, now: Date): PrinterHealth {
  if (!printer.enabled || printer.connection === 'browser') return { state: 'off', since: null };
  const heard = printer.lastPollAt ?? printer.createdAt;
  if (now.getTime() - heard.getTime() > offlineAfterSeconds * 1000) return { state: 'offline', since: heard };
  if (printer.problem) return { state: printer.problem, since: printer.problemSince ?? heard };
  if (printer.failuresInARow >= failingAfterFailures) return { state: 'failing', since: null };
  return { state: 'ok', since: null };
}

/** Whether a state is an alarm (the red banner, the push and the e-mail while the restaurant is open). */
export function isAlarm(state: PrinterState): boolean {
  return state !== 'ok' && state !== 'off';
}

/**
 * The banner's sentence: « Imprimante Cuisine hors ligne depuis 12:31 — 3 tickets en attente »
 * (times in Europe/Paris, a day named when not today). null when the printer is fine.
 */
export function describePrinterAlarm(name: string, health: PrinterHealth, waiting: number, now: Date): string | null {
  if (!isAlarm(health.state)) return null;
  const since = health.since ? describeBoardTime(health.since, now) : null;
  return printerStates.alarm(name, printerStates.state[health.state as Exclude<PrinterState, 'ok' | 'off'>], since, waiting);
}
