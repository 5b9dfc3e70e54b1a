import { cloudPrntMediaTypes, type CloudPrntPollAnswer } from '@resto/contract/cloudprnt.routes';
import { decodeEscPos, printedLines, type DecodedItem } from '../../modules/printing/escpos-decode.ts';
import { decodeStarPrnt } from './starprnt-decode.ts';

/** A ticket the simulated printer put on paper. */
export interface CloudPrntTicket {
  token: string;
  /** The printed lines, trailing spaces removed. */
  lines: string[];
  items: DecodedItem[];
  mediaType: string;
  /** When the job's bytes were in hand (the GET answered; real time, ms). */
  fetchedAt: number;
  /** When it came out (real time, ms). */
  at: number;
}

/** Faults of the simulated printer, changed by the test at any time. */
export interface CloudPrntFaults {
  /** Switched off or unplugged: it stops polling. */
  offline: boolean;
  /** Out of paper: its polls say so (410, the ASB's paper empty) and it prints nothing. */
  paperOut: boolean;
  /** Its cover open: its polls say so (420, the ASB's cover open). */
  coverOpen: boolean;
  /** Instead of printing, it confirms each job with this code (« 511 Media decoding error »…). */
  errorCode: string | null;
  /** Waits this long before confirming, ms (a slow print). */
  slowMs: number;
  /** Prints, and its DELETE is lost. */
  dropDelete: boolean;
}

export interface CloudPrntPrinterOptions {
  /** The servers' origins: each request goes to the next one (two API instances behind a load balancer). */
  servers: string[];
  secret: string;
  /** Between polls, ms (a real printer: 5 s by default, 1 s at the least). */
  intervalMs?: number;
  mac?: string;
  /** The media type it asks among those offered (default StarPRNT, as a TSP143IV or an mC-Print3). */
  mediaType?: string;
}

/**
 * A Star CloudPRNT printer for tests (docs/decisions/033), speaking the protocol as Star's
 * « CloudPRNT Protocol Guide » documents it
 * (https://star-m.jp/products/s_print/sdk/StarCloudPRNT/manual/en/protocol-reference/http-method-reference/):
 * every `intervalMs` it POSTs its state (`status` as an ASB, `statusCode` URL-encoded,
 * `printingInProgress`); when the answer has `jobReady`, it GETs the job with `type` (StarPRNT
 * among the `mediaTypes`) and the `jobToken`, prints it (decodes it back to text with the
 * StarPRNT or ESC/POS decoder) and confirms with a DELETE carrying `code=200 OK` and the token. A
 * print that fails for paper is reported by a POST with the error's status code, as the guide says;
 * a job it could not print otherwise is confirmed with its error code. Faults: `faults`.
 */
export class SimulatedCloudPrntPrinter {
  readonly printed: CloudPrntTicket[] = [];
  readonly faults: CloudPrntFaults = { offline: false, paperOut: false, coverOpen: false, errorCode: null, slowMs: 0, dropDelete: false };
  /** Called after each job is fetched, before it prints (a test runs the paper out there). */
  onJob: ((token: string) => void) | null = null;
  /** Every request it made, `METHOD server status`. */
  readonly requests: string[] = [];
  /** The errors of its last requests (a server down), not thrown: a printer keeps polling. */
  readonly errors: string[] = [];
  private next = 0;
  private timer: NodeJS.Timeout | null = null;
  private turn: Promise<void> | null = null;
  private readonly intervalMs: number;
  private readonly mac: string;

  constructor(private readonly options: CloudPrntPrinterOptions) {
    this.intervalMs = options.intervalMs ?? 1000;
    this.mac = options.mac ?? '00:11:62:0a:0b:0c';
  }

  start(): void {
    this.stop();
    const tick = () => {
      if (this.turn || this.faults.offline) return;
      this.turn = this.pollOnce()
        .catch((error: unknown) => void this.errors.push((error as Error).message))
        .finally(() => (this.turn = null));
    };
    this.timer = setInterval(tick, this.intervalMs);
    tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.turn;
  }

  /** The printer's state as its ASB (9 bytes): byte 2 bit 3 offline, bit 5 cover open; byte 5 bit 3 paper empty. */
  private asb(): string {
    const bytes = [0x23, 0x86, 0, 0, 0, 0, 0, 0, 0];
    if (this.faults.coverOpen) bytes[1]! |= 0x28;
    if (this.faults.paperOut) {
      bytes[1]! |= 0x08;
      bytes[4]! |= 0x0c;
    }
    return bytes.map((b) => b.toString(16).padStart(2, '0')).join(' ');
  }

  private statusCode(): string {
    if (this.faults.paperOut) return '410 Out of paper';
    if (this.faults.coverOpen) return '420 Cover open';
    return '200 OK';
  }

  private async request(method: string, query: Record<string, string>, body?: unknown): Promise<Response> {
    const server = this.options.servers[this.next++ % this.options.servers.length]!;
    const url = `${server}/v2/print/cloudprnt/${encodeURIComponent(this.options.secret)}${Object.keys(query).length ? `?${new URLSearchParams(query).toString()}` : ''}`;
    const response = await fetch(url, {
      method,
      headers: body ? { 'Content-Type': 'application/json' } : undefined,
      body: body ? JSON.stringify(body) : undefined,
    });
    this.requests.push(`${method} ${server} ${response.status}`);
    return response;
  }

  private post(printingInProgress = false) {
    return this.request(
      'POST',
      {},
      {
        status: this.asb(),
        printerMAC: this.mac,
        statusCode: encodeURIComponent(this.statusCode()),
        printingInProgress,
      },
    );
  }

  /** One poll, and the job it was handed printed and confirmed. */
  async pollOnce(): Promise<void> {
    const response = await this.post();
    if (!response.ok) throw new Error(`POST ${response.status}`);
    const answer = (await response.json()) as CloudPrntPollAnswer;
    if (!answer.jobReady || !answer.jobToken) return;
    const token = answer.jobToken;
    const offered = answer.mediaTypes ?? [];
    const mediaType = offered.includes(this.options.mediaType ?? cloudPrntMediaTypes.starPrnt)
      ? (this.options.mediaType ?? cloudPrntMediaTypes.starPrnt)
      : offered[0]!;
    const job = await this.request('GET', { type: mediaType, mac: this.mac, token });
    if (!job.ok) throw new Error(`GET ${job.status}`);
    const bytes = new Uint8Array(await job.arrayBuffer());
    const fetchedAt = Date.now();
    this.onJob?.(token);
    if (this.faults.paperOut || this.faults.coverOpen) {
      // « Print failure or error »: the printer posts its status code; the job stays on the server.
      await this.post();
      return;
    }
    if (this.faults.slowMs) await new Promise((resolve) => setTimeout(resolve, this.faults.slowMs));
    if (this.faults.errorCode) {
      await this.request('DELETE', { mac: this.mac, code: this.faults.errorCode, token });
      return;
    }
    const type = job.headers.get('content-type') ?? '';
    const items = type.startsWith(cloudPrntMediaTypes.escPos) ? decodeEscPos(bytes) : decodeStarPrnt(bytes);
    this.printed.push({ token, lines: printedLines(items), items, mediaType: type, fetchedAt, at: Date.now() });
    if (this.faults.dropDelete) return;
    await this.request('DELETE', { mac: this.mac, code: '200 OK', token });
  }
}
