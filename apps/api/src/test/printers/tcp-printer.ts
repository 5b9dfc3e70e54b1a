import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { decodeEscPos, printedLines, type DecodedItem } from '../../modules/printing/escpos-decode.ts';

/** A ticket the simulated printer put on paper. */
export interface PrintedTicket {
  /** The printed lines, trailing spaces removed (escpos-decode.ts printedLines). */
  lines: string[];
  items: DecodedItem[];
  /** When it came out (real time). */
  at: number;
}

/** Faults of the simulated TCP printer, changed by the test at any time. */
export interface TcpPrinterFaults {
  /** Paper out: DLE EOT says so, and data received is not printed. */
  paperOut: boolean;
  coverOpen: boolean;
  /** The paper runs out while the next ticket prints: that ticket does not come out, and paper stays out. */
  paperRunsOutOnNextTicket: boolean;
  /** Each status answer waits this long, ms. */
  slowMs: number;
  /** Once the next ticket's bytes arrive, status requests go unanswered (busy printing): the ticket still comes out. */
  statusLostAfterTicket: boolean;
}

/**
 * A network ESC/POS printer on port 9100 for tests (docs/decisions/033), as Epson's « ESC/POS Command
 * Reference » describes one: it prints what a connection sends (decoded back to text by
 * printing/escpos-decode.ts) when the connection ends, and answers the real-time status request
 * DLE EOT n at once, whatever it is doing: n = 1 (bit 3 offline), n = 2 (bit 2 cover open, bit 5
 * stopped by paper end), n = 4 (bits 5–6 paper end), each with bits 1 and 4 set. `close()` makes it
 * unreachable (offline); `listen()` again on the same port brings it back.
 */
export class SimulatedTcpPrinter {
  readonly printed: PrintedTicket[] = [];
  readonly faults: TcpPrinterFaults = { paperOut: false, coverOpen: false, paperRunsOutOnNextTicket: false, slowMs: 0, statusLostAfterTicket: false };
  /** Status requests answered, connections accepted: what the tests read of the traffic. */
  statusRequests = 0;
  connections = 0;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  /** Listens on 127.0.0.1 (on `port`, or a free one the first time). */
  async listen(port = this.port): Promise<void> {
    const server = createServer((socket) => this.serve(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  get target() {
    return { host: '127.0.0.1', port: this.port };
  }

  /** Unplugged: stops listening and drops the open connections. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private statusByte(n: number): number {
    const { paperOut, coverOpen } = this.faults;
    if (n === 1) return 0x12 | (paperOut || coverOpen ? 0x08 : 0);
    if (n === 2) return 0x12 | (coverOpen ? 0x04 : 0) | (paperOut ? 0x20 : 0);
    if (n === 4) return 0x12 | (paperOut ? 0x6c : 0);
    return 0x12;
  }

  private serve(socket: Socket): void {
    this.connections += 1;
    this.sockets.add(socket);
    const job: number[] = [];
    let pending = Promise.resolve();
    socket.on('data', (chunk: Buffer) => {
      for (let i = 0; i < chunk.length; i++) {
        if (chunk[i] === 0x10 && chunk[i + 1] === 0x04 && i + 2 < chunk.length) {
          const n = chunk[i + 2]!;
          this.statusRequests += 1;
          if (job.length > 0 && this.faults.statusLostAfterTicket) {
            i += 2;
            continue;
          }
          pending = pending.then(async () => {
            if (this.faults.slowMs) await new Promise((resolve) => setTimeout(resolve, this.faults.slowMs));
            if (!socket.destroyed) socket.write(Uint8Array.of(this.statusByte(n)));
          });
          i += 2;
        } else {
          if (job.length === 0 && this.faults.paperRunsOutOnNextTicket) {
            this.faults.paperRunsOutOnNextTicket = false;
            this.faults.paperOut = true;
          }
          job.push(chunk[i]!);
        }
      }
    });
    socket.on('error', () => {});
    socket.on('end', () => socket.end());
    socket.on('close', () => {
      this.sockets.delete(socket);
      if (job.length === 0 || this.faults.paperOut || this.faults.coverOpen) return;
      const items = decodeEscPos(Uint8Array.from(job));
      this.printed.push({ lines: printedLines(items), items, at: Date.now() });
    });
  }
}
