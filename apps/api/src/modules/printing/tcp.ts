import { Socket } from 'node:net';
import type { JobOutcome, PrinterProblem } from './queue.ts';

/**
 * ESC/POS over TCP, port 9100 (docs/decisions/033-kitchen-printers.md): the one sender of raw
 * tickets, used by the print agent on the restaurant's network and by the server's own loop for
 * printers it reaches directly (direct.ts). Before and after the ticket it asks the printer's
 * state with the real-time status request DLE EOT n, as Epson's « ESC/POS Command Reference »
 * documents it (https://download4.epson.biz/sec_pubs/pos/reference_en/escpos/dle_eot.html):
 * n = 1 printer status (bit 3: offline), n = 2 offline cause (bit 2: cover open, bit 5: printing
 * stopped by paper end, bit 6: error), n = 4 roll paper sensor (bits 5–6: paper end). Each answer
 * is one byte whose bits 1 and 4 are set and bits 0 and 7 clear.
 */

/** A printer on the network. */
export interface TcpTarget {
  host: string;
  port: number;
}

/** What DLE EOT 1, 2 and 4 say. */
interface EscPosStatus {
  online: boolean;
  coverOpen: boolean;
  paperOut: boolean;
  /** An error that stops printing (mechanical, cutter, unrecoverable). */
  error: boolean;
}

/** DLE EOT 1, DLE EOT 2, DLE EOT 4: printer, offline cause and roll paper status, answered in that order. */
const statusRequest = Uint8Array.of(0x10, 0x04, 0x01, 0x10, 0x04, 0x02, 0x10, 0x04, 0x04);

/** The three status bytes read back. @throws Error when a byte is not a DLE EOT answer (bits 1 and 4 set, 0 and 7 clear). */
function readStatusBytes(bytes: Uint8Array): EscPosStatus {
  if (bytes.length < 3 || [...bytes.subarray(0, 3)].some((b) => (b & 0x93) !== 0x12))
    throw new Error(`réponse d’état illisible (${[...bytes].map((b) => b.toString(16)).join(' ')})`);
  const [printer, offline, paper] = bytes as unknown as [number, number, number];
  return {
    online: (printer & 0x08) === 0,
    coverOpen: (offline & 0x04) !== 0,
    paperOut: (offline & 0x20) !== 0 || (paper & 0x60) !== 0,
    error: (offline & 0x40) !== 0,
  };
}

/** The print queue's problem for a status: paper out, cover open, 'failing' when offline for another cause, null when it can print. */
function problemOfStatus(status: EscPosStatus): PrinterProblem {
  if (status.paperOut) return 'paper_out';
  if (status.coverOpen) return 'cover_open';
  if (!status.online || status.error) return 'failing';
  return null;
}

/** The CloudPRNT printer status code of a problem (Star's « Printer Status Codes »), which the print agent reports in its polls. */
export function statusCodeOf(problem: PrinterProblem): string {
  switch (problem) {
    case null:
      return '200 OK';
    case 'paper_out':
      return '410 Out of paper';
    case 'cover_open':
      return '420 Cover open';
    case 'failing':
      return '400 Printer offline';
  }
}

/** One connection to a printer: bytes written, answers read, with a deadline on each step. */
class PrinterConnection {
  private readonly socket = new Socket();
  private received: number[] = [];
  private wake: (() => void) | null = null;
  private failure: Error | null = null;

  private constructor(private readonly timeoutMs: number) {
    this.socket.on('data', (chunk: Buffer) => {
      this.received.push(...chunk);
      this.wake?.();
    });
    this.socket.on('error', (error) => {
      this.failure = error;
      this.wake?.();
    });
    this.socket.on('close', () => {
      this.failure ??= new Error('connexion fermée par l’imprimante');
      this.wake?.();
    });
  }

  static open(target: TcpTarget, timeoutMs: number): Promise<PrinterConnection> {
    const connection = new PrinterConnection(timeoutMs);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        connection.socket.destroy();
        reject(new Error(`pas de réponse de ${target.host}:${target.port} en ${timeoutMs} ms`));
      }, timeoutMs);
      connection.socket.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      connection.socket.connect(target.port, target.host, () => {
        clearTimeout(timer);
        resolve(connection);
      });
    });
  }

  write(bytes: Uint8Array): Promise<void> {
    return new Promise((resolve, reject) => this.socket.write(bytes, (error) => (error ? reject(error) : resolve())));
  }

  /** The next `count` bytes the printer sends. @throws Error past the deadline, or when the connection fails. */
  async read(count: number): Promise<Uint8Array> {
    const deadline = Date.now() + this.timeoutMs;
    while (this.received.length < count) {
      if (this.failure) throw this.failure;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`l’imprimante n’a pas répondu à la demande d’état en ${this.timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
    return Uint8Array.from(this.received.splice(0, count));
  }

  async status(): Promise<EscPosStatus> {
    await this.write(statusRequest);
    return readStatusBytes(await this.read(3));
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.destroyed) return resolve();
      this.socket.end(() => resolve());
      setTimeout(() => {
        this.socket.destroy();
        resolve();
      }, this.timeoutMs).unref();
    });
  }
}

/** What the printer's state was, or why it could not be read (the printer unreachable). */
type StatusReading = { reachable: true; status: EscPosStatus; problem: PrinterProblem } | { reachable: false; error: string };

/** The printer's state by DLE EOT, on a connection of its own. Never throws. */
export async function readPrinterStatus(target: TcpTarget, timeoutMs = 3000): Promise<StatusReading> {
  try {
    const connection = await PrinterConnection.open(target, timeoutMs);
    try {
      const status = await connection.status();
      return { reachable: true, status, problem: problemOfStatus(status) };
    } finally {
      await connection.close();
    }
  } catch (error) {
    return { reachable: false, error: `imprimante injoignable : ${(error as Error).message}` };
  }
}

/**
 * Sends a ticket's ESC/POS bytes to the printer at `target`: its state asked first (paper out,
 * cover open, offline: nothing is sent), the ticket written, its state asked again once the
 * printer has taken it (paper run out or cover opened meanwhile: not confirmed). @returns printed,
 * or not with the error in words and whether it may have come out all the same (the job is queued
 * again by its answer). Never throws.
 */
export async function sendTicket(target: TcpTarget, bytes: Uint8Array, timeoutMs = 10_000): Promise<JobOutcome & { problem?: PrinterProblem }> {
  let connection: PrinterConnection;
  try {
    connection = await PrinterConnection.open(target, timeoutMs);
  } catch (error) {
    return { printed: false, error: `imprimante injoignable : ${(error as Error).message}`, mayHavePrinted: false };
  }
  // Once the ticket is written it may be on paper even when what follows fails (the status
  // unreadable, or the paper running out at its end): then its next print says « RÉIMPRESSION ».
  let written = false;
  try {
    const before = problemOfStatus(await connection.status());
    if (before !== null) return { printed: false, error: statusCodeOf(before), problem: before, mayHavePrinted: false };
    written = true;
    await connection.write(bytes);
    const after = problemOfStatus(await connection.status());
    if (after !== null) return { printed: false, error: statusCodeOf(after), problem: after, mayHavePrinted: true };
    return { printed: true };
  } catch (error) {
    return { printed: false, error: `envoi interrompu : ${(error as Error).message}`, mayHavePrinted: written };
  } finally {
    await connection.close();
  }
}

/**
 * Where a TCP printer's jobs come from: the server's print queue in the server itself (direct.ts),
 * or the CloudPRNT endpoints over HTTPS for the print agent. One shape, so both drive a printer
 * with `printNext`.
 */
export interface JobSource {
  /** Where the printer is now (its row's host and port, or the agent's --printer); null: not known yet. */
  target(): Promise<TcpTarget | null>;
  /** A poll reporting `problem`; the next job's token and bytes, or null (nothing to print, or a problem). */
  poll(problem: PrinterProblem): Promise<{ token: string; bytes: Uint8Array } | null>;
  /** The printer's answer for the job of `token`. */
  answer(token: string, outcome: JobOutcome): Promise<void>;
}

/** What one turn of `printNext` did. */
export type PrintTurn =
  | { kind: 'unknown_target' }
  | { kind: 'unreachable'; error: string }
  | { kind: 'idle'; problem: PrinterProblem }
  | { kind: 'printed'; token: string }
  | { kind: 'not_printed'; token: string; error: string };

/**
 * One turn of a TCP printer's loop, the way a CloudPRNT printer polls: its state read (an
 * unreachable printer does not poll, so the server sees it go silent, and its jobs stay queued),
 * a poll with what it says, and the job handed out, if any, sent and answered. One job at a time.
 */
export async function printNext(source: JobSource, options: { timeoutMs?: number } = {}): Promise<PrintTurn> {
  const target = await source.target();
  if (!target) return { kind: 'unknown_target' };
  const reading = await readPrinterStatus(target, options.timeoutMs);
  if (!reading.reachable) return { kind: 'unreachable', error: reading.error };
  const job = await source.poll(reading.problem);
  if (!job) return { kind: 'idle', problem: reading.problem };
  const outcome = await sendTicket(target, job.bytes, options.timeoutMs);
  await source.answer(job.token, outcome.printed ? { printed: true } : { printed: false, error: outcome.error, mayHavePrinted: outcome.mayHavePrinted });
  return outcome.printed ? { kind: 'printed', token: job.token } : { kind: 'not_printed', token: job.token, error: outcome.error };
}
