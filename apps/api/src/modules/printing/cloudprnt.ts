import type { PrinterProblem } from './queue.ts';

/**
 * What a Star CloudPRNT printer says of itself, read as Star's « CloudPRNT Protocol Guide »
 * documents it (https://star-m.jp/products/s_print/sdk/StarCloudPRNT/manual/en/protocol-reference/,
 * « Printer Status Codes » and « Polling the server (POST) — JSON Request »), and turned into the
 * print queue's words (docs/decisions/033-kitchen-printers.md).
 *
 * - `statusCode`: three digits, a space and a description, URL-encoded in the JSON (« 200%20OK »):
 *   2xx online (211 paper low, still printing), 41x paper error (410 out of paper, 411 jam), 42x
 *   cover open, other 4xx a printer error, 5xx the client's (a job it could not read).
 * - `status`: the printer's ASB (automatic status back) as hexadecimal bytes: byte 2 bit 3 offline,
 *   bit 5 cover open; byte 5 bit 3 receipt paper empty.
 */

/** A printer status code as text: « 410%20Out%20of%20paper » → « 410 Out of paper » (a malformed escape is kept as is). */
export function statusText(code: string): string {
  try {
    return decodeURIComponent(code.replace(/\+/g, ' ')).trim();
  } catch {
    return code.trim();
  }
}

/** The ASB's flags we read, or null when `status` is absent or not hexadecimal bytes. */
function readAsb(status: string | undefined): { offline: boolean; coverOpen: boolean; paperEmpty: boolean } | null {
  if (!status) return null;
  const bytes = status
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((hex) => (/^[0-9a-f]{1,2}$/i.test(hex) ? parseInt(hex, 16) : NaN));
  if (bytes.length < 5 || bytes.some(Number.isNaN)) return null;
  return { offline: (bytes[1]! & 0x08) !== 0, coverOpen: (bytes[1]! & 0x20) !== 0, paperEmpty: (bytes[4]! & 0x08) !== 0 };
}

/**
 * The problem a poll reports, for PrintingService.poll: 'paper_out' (status code 41x, or the ASB's
 * paper empty), 'cover_open' (42x, or the ASB's cover open), 'failing' (any other printer error:
 * 4xx, or the ASB's offline), null when the printer can print (2xx, or no status at all).
 */
export function problemOf(poll: { statusCode?: string; status?: string }): PrinterProblem {
  const code = poll.statusCode ? statusText(poll.statusCode) : '';
  const asb = readAsb(poll.status);
  if (/^41/.test(code) || asb?.paperEmpty) return 'paper_out';
  if (/^42/.test(code) || asb?.coverOpen) return 'cover_open';
  if (/^4/.test(code) || asb?.offline) return 'failing';
  return null;
}

/** Whether a DELETE's `code` says the job printed: « 200 OK », « 200 », « OK » (any 2xx). */
export function printedCode(code: string): boolean {
  const text = statusText(code);
  return /^2\d\d\b/.test(text) || /^ok$/i.test(text);
}
