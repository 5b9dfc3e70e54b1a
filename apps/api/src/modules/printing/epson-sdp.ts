import { XMLParser } from 'fast-xml-parser';
import { printerFaults } from '@resto/copy/staff/printers';
import type { PrinterProblem } from './queue.ts';

/**
 * Epson Server Direct Print (docs/decisions/033-kitchen-printers.md): the messages of Epson's « TM
 * Intelligent Server Direct Print User's Manual » (Request and Response; files.support.epson.com,
 * tm-int_sdp_um_e) and the results of the « ePOS-Print XML User's Manual » (response, status),
 * without HTTP: the route (epson-sdp-routes.ts) reads the printer's form and answers with these.
 *
 * - The print request (GetRequest's answer): `<PrintRequestInfo Version="2.00">` holding one
 *   `<ePOSPrint>`: `<Parameter>` (`devid`, the printer's device id; `timeout` in ms; `printjobid`,
 *   1 to 30 of `[A-Za-z0-9_.-]`) and `<PrintData>`, the ePOS-Print document.
 * - The printing result (SetResponse's ResponseFile): `<PrintResponseInfo Version="2.00"|"3.00">`,
 *   for each `<ePOSPrint>` its `printjobid` and `<response success code status battery>`;
 *   version 3.00 adds `<ServerDirectPrint><Response Success="false">` when the printer could not
 *   read our XML at all.
 */

/** The device id of the printer's own print unit, as Epson names it in every Server Direct Print sample. */
export const localPrinterDevid = 'local_printer';

/** How long the printer tries to print one request before it answers EX_TIMEOUT, in milliseconds. */
export const printTimeoutMs = 10_000;

/**
 * The print job id of a status request: an empty ePOS-Print document that prints nothing and
 * whose result carries the printer's status bits (Epson's ePOS-Print builder asks status the same
 * way). Sent instead of a ticket while the printer last said it has no paper or its cover open, so
 * that waiting for paper costs a ticket no attempt.
 */
export const statusJobId = 'status';

/** Bits of `status` in an ePOS-Print response (the manual's ASB_* constants). */
export const asb = {
  noResponse: 0x1,
  printSuccess: 0x2,
  drawerKick: 0x4,
  offLine: 0x8,
  coverOpen: 0x20,
  paperFeed: 0x40,
  waitOnLine: 0x100,
  panelSwitch: 0x200,
  mechanicalErr: 0x400,
  autocutterErr: 0x800,
  unrecoverErr: 0x2000,
  autorecoverErr: 0x4000,
  receiptNearEnd: 0x20000,
  receiptEnd: 0x80000,
  buzzer: 0x1000000,
  spoolerIsStopped: 0x80000000,
} as const;

/**
 * The print job id of the job handed out with `token`: the queue's token is 16 random bytes in hex
 * (32 characters, over Epson's 30), written here as the same 16 bytes in base64url (22 characters
 * of the allowed ones). @throws Error for a token that is not 32 hex digits (the queue makes none).
 */
export function printJobIdOf(token: string): string {
  if (!/^[0-9a-f]{32}$/.test(token)) throw new Error('jeton de ticket inattendu');
  return Buffer.from(token, 'hex').toString('base64url');
}

/** The job token of a print job id made by `printJobIdOf`, or null for any other id. */
export function tokenOfPrintJobId(printJobId: string): string | null {
  if (!/^[A-Za-z0-9_-]{22}$/.test(printJobId)) return null;
  const token = Buffer.from(printJobId, 'base64url').toString('hex');
  return token.length === 32 && printJobIdOf(token) === printJobId ? token : null;
}

/**
 * The answer to a GetRequest: the print request of one ePOS-Print `document` for the printer's
 * device `devid`, with its `printJobId`, as the UTF-8 XML Epson documents. `devid` and
 * `printJobId` are ours (never a customer's text): `localPrinterDevid`, `printJobIdOf`.
 */
export function printRequestInfo({ devid, printJobId, document }: { devid: string; printJobId: string; document: string }): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>\n' +
    '<PrintRequestInfo Version="2.00"><ePOSPrint><Parameter>' +
    `<devid>${devid}</devid><timeout>${printTimeoutMs}</timeout><printjobid>${printJobId}</printjobid>` +
    `</Parameter><PrintData>${document}</PrintData></ePOSPrint></PrintRequestInfo>`
  );
}

/** One job's result in a printer's ResponseFile. */
export interface PrintResult {
  printJobId: string;
  success: boolean;
  /** Epson's error code ('' on success): EPTR_REC_EMPTY, EPTR_COVER_OPEN, EX_TIMEOUT… */
  code: string;
  /** The ASB status bits (`asb`). */
  status: number;
}

/** A ResponseFile read: each job's result, and the printer's refusal of our XML when it says one (version 3.00). */
export interface ResponseFile {
  results: PrintResult[];
  /** `ErrorSummary` of `<ServerDirectPrint><Response Success="false">`, or null. */
  refused: string | null;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => name === 'ePOSPrint',
});

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/**
 * Reads a SetResponse's ResponseFile (`<PrintResponseInfo>`). @returns its results, or null when
 * it is not that XML (malformed, or another root). A result without a print job id is left out.
 */
export function readResponseFile(xml: string): ResponseFile | null {
  let tree: Record<string, unknown>;
  try {
    tree = parser.parse(xml, true) as Record<string, unknown>;
  } catch {
    return null;
  }
  const info = tree.PrintResponseInfo;
  if (!info || typeof info !== 'object') return null;
  const root = info as { ePOSPrint?: unknown[]; ServerDirectPrint?: { Response?: { Success?: string; ErrorSummary?: unknown } } };
  const sdp = root.ServerDirectPrint?.Response;
  const refused = sdp && sdp.Success === 'false' ? text(sdp.ErrorSummary) || printerFaults.other : null;
  const results: PrintResult[] = [];
  for (const entry of root.ePOSPrint ?? []) {
    const job = entry as { Parameter?: { printjobid?: unknown }; PrintResponse?: { response?: { success?: string; code?: string; status?: string } } };
    const printJobId = text(job.Parameter?.printjobid);
    const response = job.PrintResponse?.response;
    if (!printJobId || !response) continue;
    const status = Number(response.status ?? 0);
    results.push({
      printJobId,
      success: response.success === 'true' || response.success === '1',
      code: text(response.code),
      status: Number.isFinite(status) && status >= 0 ? status : 0,
    });
  }
  return { results, refused };
}

/** Epson's codes for a printer that cannot be reached or did not answer in time. */
const offlineCodes = new Set(['EX_TIMEOUT', 'EX_BADPORT', 'DeviceNotFound', 'ERROR_TIMEOUT', 'ERROR_DEVICE_BUSY', 'EX_ENPC_TIMEOUT']);

/**
 * What a result says of the printer and of the ticket: its problem for the poll ('paper_out' when
 * the roll is empty — EPTR_REC_EMPTY or ASB_RECEIPT_END —, 'cover_open' — EPTR_COVER_OPEN or
 * ASB_COVER_OPEN —, else null: read from the status bits even on success, so a status request
 * tells when the paper is back), and, when the ticket did not print, the error in French with
 * Epson's code (offline: EX_TIMEOUT, EX_BADPORT, DeviceNotFound or ASB_OFF_LINE).
 */
export function faultOf(result: Pick<PrintResult, 'success' | 'code' | 'status'>): { problem: PrinterProblem; error: string | null } {
  const { success, code, status } = result;
  const paperOut = code === 'EPTR_REC_EMPTY' || (status & asb.receiptEnd) !== 0;
  const coverOpen = code === 'EPTR_COVER_OPEN' || (status & asb.coverOpen) !== 0;
  const problem: PrinterProblem = paperOut ? 'paper_out' : coverOpen ? 'cover_open' : null;
  if (success) return { problem, error: null };
  const shown = code || `status ${status}`;
  const fault = paperOut
    ? printerFaults.paperOut
    : coverOpen
      ? printerFaults.coverOpen
      : offlineCodes.has(code) || (status & (asb.offLine | asb.noResponse)) !== 0
        ? printerFaults.offline
        : printerFaults.other;
  return { problem, error: printerFaults.withCode(fault, shown) };
}
