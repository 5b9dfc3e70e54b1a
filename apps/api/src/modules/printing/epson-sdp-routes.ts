import type { Context } from 'hono';
import { receiveEpsonServerDirectPrint } from '@resto/contract/epson-sdp.routes';
import { printerAnswers, printerFaults, printerRequestErrors } from '@resto/copy/staff/printers';
import { ApiError } from '../../http/errors.ts';
import { routes, serve } from '../../http/openapi.ts';
import type { Logger } from '../../logger.ts';
import { eposPrintDocument, eposPrintNamespace } from './epos-print.ts';
import { faultOf, localPrinterDevid, printJobIdOf, printRequestInfo, readResponseFile, statusJobId, tokenOfPrintJobId } from './epson-sdp.ts';
import type { PrinterRow } from './queue.ts';
import type { PrintingService } from './service.ts';

/** What the endpoint reads of the app. */
export interface EpsonSdpDeps {
  printing: PrintingService;
  logger: Logger;
}

/** An empty answer: « nothing to print » to a GetRequest, and every answer to a SetResponse (Epson's manual). */
const empty = (c: Context) => c.body('', 200, { 'Content-Type': 'text/xml; charset=utf-8', 'Cache-Control': 'no-store' });

const xml = (c: Context, body: string) => c.body(body, 200, { 'Content-Type': 'text/xml; charset=utf-8', 'Cache-Control': 'no-store' });

/** The printer's form: ConnectionType and, for a SetResponse, its ResponseFile. @throws ApiError invalid_request (400) otherwise. */
async function readForm(c: Context): Promise<{ type: 'GetRequest' } | { type: 'SetResponse'; responseFile: string }> {
  const malformed = () =>
    new ApiError('invalid_request', printerRequestErrors.malformedForm, [{ path: 'ConnectionType', message: printerRequestErrors.malformedForm }]);
  if (!/^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? '')) throw malformed();
  const form = new URLSearchParams(await c.req.text());
  const type = form.get('ConnectionType');
  if (type === 'GetRequest') return { type };
  if (type !== 'SetResponse') throw malformed();
  const responseFile = form.get('ResponseFile');
  if (!responseFile)
    throw new ApiError('invalid_request', printerRequestErrors.malformedResponseFile, [
      { path: 'ResponseFile', message: printerRequestErrors.malformedResponseFile },
    ]);
  return { type, responseFile };
}

/**
 * POST /v2/print/epson/{secret} (docs/decisions/033-kitchen-printers.md): the URL of a printer's
 * Server Direct Print settings, as Epson's « TM Intelligent Server Direct Print User's Manual »
 * has the printer use it (epson-sdp.ts).
 *
 * - GetRequest: the printer is alive. While it last said its paper is out or its cover open, it
 *   gets a status request (an empty document: no ticket spends an attempt waiting for paper);
 *   otherwise its next job (PrintingService.poll), as a print request of the ticket in ePOS-Print
 *   XML with the job's token as print job id, or an empty answer when there is none.
 * - SetResponse: each result of the ResponseFile: its status bits and code become the printer's
 *   problem (paper out, cover open, or none) and the job printed or not, with the printer's error
 *   (PrintingService.answer); a result for a token no longer out changes nothing. Empty answer.
 *
 * 404 printer_not_found for a secret of no enabled Server Direct Print printer; 400
 * invalid_request for a form or a ResponseFile that is not Epson's.
 */
export function epsonSdpRoutes({ printing, logger }: EpsonSdpDeps) {
  const app = routes();
  serve(app, receiveEpsonServerDirectPrint, async (c) => {
    const { secret } = c.req.valid('param');
    const printer = await printing.printerOf(secret);
    if (!printer || printer.connection !== 'epson_sdp') throw new ApiError('printer_not_found', printerAnswers.unknownPrinter);
    const form = await readForm(c);
    if (form.type === 'GetRequest') return xmlOrEmpty(c, await printRequest(printer));
    const file = readResponseFile(form.responseFile);
    if (!file)
      throw new ApiError('invalid_request', printerRequestErrors.malformedResponseFile, [
        { path: 'ResponseFile', message: printerRequestErrors.malformedResponseFile },
      ]);
    if (file.refused) logger.warn({ printer: printer.name, refused: file.refused }, 'Server Direct Print : document refusé par l’imprimante');
    for (const result of file.results) {
      const { problem, error } = faultOf(result);
      if (result.printJobId === statusJobId) {
        await printing.poll(printer, problem, { take: false });
        continue;
      }
      const token = tokenOfPrintJobId(result.printJobId);
      const job = token ? await printing.jobOf(printer, token) : null;
      if (!token || !job) continue;
      await printing.poll(printer, problem, { take: false });
      await printing.answer(token, result.success ? { printed: true } : { printed: false, error: error ?? printerFaults.other, mayHavePrinted: false });
    }
    return empty(c);
  });

  /** The answer to a GetRequest of `printer`: a print request, or null for an empty answer. */
  async function printRequest(printer: PrinterRow): Promise<string | null> {
    if (printer.problem === 'paper_out' || printer.problem === 'cover_open') {
      await printing.poll(printer, printer.problem, { take: false });
      return printRequestInfo({ devid: localPrinterDevid, printJobId: statusJobId, document: `<epos-print xmlns="${eposPrintNamespace}"/>` });
    }
    const job = await printing.poll(printer, null);
    if (!job) return null;
    const blocks = await printing.render(job, printer);
    if (!blocks) {
      await printing.skip(job.jobToken!);
      return null;
    }
    return printRequestInfo({
      devid: localPrinterDevid,
      printJobId: printJobIdOf(job.jobToken!),
      document: eposPrintDocument(blocks, { paper: printer.paperWidth }),
    });
  }

  const xmlOrEmpty = (c: Context, body: string | null) => (body === null ? empty(c) : xml(c, body));
  return app;
}
