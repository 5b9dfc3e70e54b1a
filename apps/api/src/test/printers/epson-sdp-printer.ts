import { XMLParser } from 'fast-xml-parser';

/**
 * A simulated Epson printer with Server Direct Print (docs/decisions/033-kitchen-printers.md),
 * written from Epson's « TM Intelligent Server Direct Print User's Manual » (Request and Response)
 * and « ePOS-Print XML User's Manual » (XML Reference, response), never from our server's code:
 *
 * - every `intervalMs` it POSTs `ConnectionType=GetRequest&ID=…&Name=…` (URL-encoded form) to
 *   its Server Direct Print URL;
 * - a non-empty answer is a `<PrintRequestInfo>`: for each `<ePOSPrint>` it reads `devid`,
 *   `printjobid` and the `<epos-print>` document of `<PrintData>`, prints it to text lines (below)
 *   and POSTs `ConnectionType=SetResponse&ID=…&ResponseFile=<PrintResponseInfo Version="2.00">`
 *   with `<response success code status battery>`;
 * - its state decides the result: paper out (EPTR_REC_EMPTY, ASB_RECEIPT_END), cover open
 *   (EPTR_COVER_OPEN, ASB_COVER_OPEN), another fault once (`failNext`: a code), all with
 *   ASB_OFF_LINE as a real printer reports them; a document that prints nothing (a status
 *   request) succeeds and carries the status bits.
 *
 * Fault injection: `offline` (stops polling), `slowMs` (waits before each post), `loseResponses`
 * (prints but never sends the SetResponse).
 *
 * Printing to text: each `<text>` adds its characters (a `&#10;` ends a line), `<feed>` ends the
 * line (and feeds `line` lines), `<symbol>` prints `[QR <data>]` on a line of its own, `<cut>` ends
 * the ticket. Each printed line keeps whether it was bold (`em`) and double width/height.
 */

/** ASB status bits of the ePOS-Print response. */
const ASB_PRINT_SUCCESS = 0x2;
const ASB_OFF_LINE = 0x8;
const ASB_COVER_OPEN = 0x20;
const ASB_MECHANICAL_ERR = 0x400;
const ASB_RECEIPT_END = 0x80000;

/** A line as it came out of the printer. */
export interface PrintedLine {
  text: string;
  bold: boolean;
  dw: boolean;
  dh: boolean;
  align: string;
  /** A 2D code (`<symbol>`), its text `[QR <data>]`, not characters on the paper. */
  symbol: boolean;
}

/** A ticket as it came out, cut: its print job id and its lines. */
export interface PrintedTicket {
  printJobId: string;
  devid: string;
  lines: PrintedLine[];
  /** The lines' texts, right-trimmed, joined by line feeds: what a person reads on the paper. */
  text: string;
}

export interface EpsonSdpPrinterOptions {
  /**
   * The URL of its Server Direct Print settings; several: one instance each behind a load balancer
   * that sends each post to the next (a SetResponse may reach another instance than its GetRequest).
   */
  url: string | readonly string[];
  /** The ID and Name set in its settings (sent with every post). */
  id?: string;
  name?: string;
  /** Between two GetRequests, ms (the printer's setting is in seconds; tests go faster). */
  intervalMs?: number;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  preserveOrder: true,
  // XML's own numeric references (&#10;) decoded once, as any XML parser does.
  htmlEntities: true,
});

type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

/** The children of `name` in an ordered tree (fast-xml-parser's preserveOrder form). */
function childrenOf(nodes: OrderedNode[], name: string): OrderedNode[][] {
  return nodes.filter((node) => name in node).map((node) => node[name] as OrderedNode[]);
}

/** The text content of an ordered node list. */
function textOf(nodes: OrderedNode[]): string {
  return nodes.map((node) => (typeof node['#text'] === 'string' ? node['#text'] : '')).join('');
}

/**
 * Prints an ePOS-Print `<epos-print>` element's children to lines, as the printer does with its
 * standard mode's settings carried from one `<text>` to the next.
 */
export function printEposDocument(nodes: OrderedNode[]): PrintedLine[] {
  const lines: PrintedLine[] = [];
  const style = { bold: false, dw: false, dh: false, align: 'left', symbol: false };
  let current = '';
  let currentStyle = { ...style };
  const endLine = () => {
    lines.push({ text: current, ...currentStyle });
    current = '';
  };
  for (const node of nodes) {
    const attributes = node[':@'] ?? {};
    if ('text' in node) {
      if (attributes.em !== undefined) style.bold = attributes.em === 'true';
      if (attributes.dw !== undefined) style.dw = attributes.dw === 'true';
      if (attributes.dh !== undefined) style.dh = attributes.dh === 'true';
      if (attributes.align !== undefined) style.align = attributes.align;
      for (const char of textOf(node.text as OrderedNode[])) {
        if (current === '') currentStyle = { ...style };
        if (char === '\n') endLine();
        else current += char;
      }
    } else if ('feed' in node) {
      if (current !== '') endLine();
      const feed = Number(attributes.line ?? 1);
      for (let i = 1; i < feed; i++) lines.push({ text: '', ...style });
    } else if ('symbol' in node) {
      if (current !== '') endLine();
      lines.push({ text: `[QR ${textOf(node.symbol as OrderedNode[]).replace(/\\\\/g, '\\')}]`, ...style, bold: false, symbol: true });
    } else if ('cut' in node) {
      if (current !== '') endLine();
    }
  }
  if (current !== '') endLine();
  return lines;
}

/** Reads a `<PrintRequestInfo>` answer: each print request's device, job id and document. @throws Error when it is not one. */
export function readPrintRequestInfo(xml: string): { devid: string; printJobId: string; document: OrderedNode[] | null }[] {
  const tree = parser.parse(xml, true) as OrderedNode[];
  const [info] = childrenOf(tree, 'PrintRequestInfo');
  if (!info) throw new Error(`pas de PrintRequestInfo : ${xml.slice(0, 200)}`);
  return childrenOf(info, 'ePOSPrint').map((request) => {
    const [parameter = []] = childrenOf(request, 'Parameter');
    const [printData = []] = childrenOf(request, 'PrintData');
    const [document] = childrenOf(printData, 'epos-print');
    return {
      devid: textOf(childrenOf(parameter, 'devid')[0] ?? []),
      printJobId: textOf(childrenOf(parameter, 'printjobid')[0] ?? []),
      document: document ?? null,
    };
  });
}

/** A simulated Epson Server Direct Print printer (see the file's head). */
export class SimulatedEpsonPrinter {
  /** Tickets as they came out, in order. */
  readonly printed: PrintedTicket[] = [];
  /** Each SetResponse sent: the print job id and the result it said. */
  readonly results: { printJobId: string; success: boolean; code: string; status: number }[] = [];
  /** HTTP statuses of every post, in order (the server's 404 or 400 included). */
  readonly answers: number[] = [];
  /** Its paper roll is empty: nothing prints (EPTR_REC_EMPTY). */
  paperOut = false;
  /** Its cover is open: nothing prints (EPTR_COVER_OPEN). */
  coverOpen = false;
  /** The next print request fails with this code (e.g. EPTR_MECHANICAL), then clears. */
  failNext: string | null = null;
  /** Stops polling (unplugged, or the network down). */
  offline = false;
  /** Waits this long before each post, ms. */
  slowMs = 0;
  /** Prints, but never sends the SetResponse (lost on the way). */
  loseResponses = false;

  private running = false;
  private loop: Promise<void> | null = null;
  private readonly id: string;
  private readonly name: string;
  private readonly intervalMs: number;
  private readonly urls: readonly string[];
  private posts = 0;

  constructor(options: EpsonSdpPrinterOptions) {
    this.id = options.id ?? 'TM-m30III';
    this.name = options.name ?? 'Cuisine';
    this.intervalMs = options.intervalMs ?? 50;
    this.urls = typeof options.url === 'string' ? [options.url] : options.url;
  }

  /** Starts polling every `intervalMs`. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        if (!this.offline) await this.pollOnce().catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, this.intervalMs));
      }
    })();
  }

  /** Stops polling, once the poll under way ends. */
  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  private async post(fields: Record<string, string>): Promise<Response> {
    if (this.slowMs > 0) await new Promise((resolve) => setTimeout(resolve, this.slowMs));
    const url = this.urls[this.posts++ % this.urls.length]!;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    this.answers.push(response.status);
    return response;
  }

  /** The result of printing one document now, by the printer's state. */
  private resultOf(printsSomething: boolean): { success: boolean; code: string; status: number } {
    if (this.paperOut) return { success: false, code: 'EPTR_REC_EMPTY', status: ASB_RECEIPT_END | ASB_OFF_LINE };
    if (this.coverOpen) return { success: false, code: 'EPTR_COVER_OPEN', status: ASB_COVER_OPEN | ASB_OFF_LINE };
    if (printsSomething && this.failNext) {
      const code = this.failNext;
      this.failNext = null;
      return { success: false, code, status: ASB_MECHANICAL_ERR | ASB_OFF_LINE };
    }
    return { success: true, code: '', status: ASB_PRINT_SUCCESS };
  }

  /** One GetRequest, the printing of what it answers, and its SetResponse. @returns the GetRequest's HTTP status. */
  async pollOnce(): Promise<number> {
    const response = await this.post({ ConnectionType: 'GetRequest', ID: this.id, Name: this.name });
    const body = await response.text();
    if (response.status !== 200 || body.trim() === '') return response.status;
    const results: string[] = [];
    for (const request of readPrintRequestInfo(body)) {
      const lines = request.document ? printEposDocument(request.document) : [];
      const result = this.resultOf(lines.length > 0);
      if (result.success && lines.length > 0) {
        this.printed.push({ printJobId: request.printJobId, devid: request.devid, lines, text: lines.map((line) => line.text.trimEnd()).join('\n') });
      }
      this.results.push({ printJobId: request.printJobId, ...result });
      results.push(
        `<ePOSPrint><Parameter><devid>${request.devid}</devid><printjobid>${request.printJobId}</printjobid></Parameter>` +
          `<PrintResponse><response xmlns="http://www.epson-pos.com/schemas/2011/03/epos-print" success="${result.success}" code="${result.code}" status="${result.status}" battery="0"/></PrintResponse></ePOSPrint>`,
      );
    }
    if (this.loseResponses) return response.status;
    const responseFile = `<?xml version="1.0" encoding="utf-8"?>\n<PrintResponseInfo Version="2.00">${results.join('')}</PrintResponseInfo>`;
    await this.post({ ConnectionType: 'SetResponse', ID: this.id, Name: this.name, ResponseFile: responseFile });
    return response.status;
  }

  /** Waits until `predicate` holds (checked every 20 ms), at most `timeoutMs`. @throws Error past it. */
  async waitFor(predicate: () => boolean, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline)
        throw new Error(`imprimante simulée : attente dépassée (${this.printed.length} tickets, réponses ${this.answers.slice(-5).join(',')})`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
