import { cloudPrntMediaTypes, confirmCloudPrntJob, getCloudPrntJob, pollCloudPrnt, type CloudPrntMediaType } from '@resto/contract/cloudprnt.routes';
import { printerAnswers } from '@resto/copy/staff/printers';
import { ApiError } from '../../http/errors.ts';
import { routes, serve } from '../../http/openapi.ts';
import { printedCode, problemOf, statusText } from './cloudprnt.ts';
import type { PrinterLanguage } from './encode.ts';
import type { PrinterRow } from './queue.ts';
import type { PrintingService } from './service.ts';

/** The language of each media type served. */
const languageOf: Record<CloudPrntMediaType, PrinterLanguage> = {
  [cloudPrntMediaTypes.starPrnt]: 'star-prnt',
  [cloudPrntMediaTypes.escPos]: 'esc-pos',
};

/** The media type a printer is offered: StarPRNT for a Star printer, ESC/POS for a TCP printer the print agent serves. */
const mediaTypeOf = (printer: PrinterRow): CloudPrntMediaType => (printer.connection === 'tcp' ? cloudPrntMediaTypes.escPos : cloudPrntMediaTypes.starPrnt);

const isMediaType = (type: string): type is CloudPrntMediaType => Object.values(cloudPrntMediaTypes).includes(type as CloudPrntMediaType);

/**
 * The Star CloudPRNT endpoints, `/v2/print/cloudprnt/{secret}` (packages/contract/src/cloudprnt.routes.ts;
 * docs/decisions/033-kitchen-printers.md), implemented as Star's « CloudPRNT Protocol Guide »
 * documents them (https://star-m.jp/products/s_print/sdk/StarCloudPRNT/manual/en/protocol-reference/http-method-reference/):
 *
 * - POST, the poll: records the printer alive with what its `statusCode` and ASB `status` say
 *   (cloudprnt.ts problemOf). A printer reporting an error while it holds a job has not printed it
 *   (« a server can assume that the print is in progress after the GET, until a DELETE, or POST with
 *   error code is received »): that job is queued again. When it reports nothing wrong and is not
 *   printing, it is handed its next job (claimJob: one poll gets a job) with a fresh `jobToken`.
 * - GET `?type=…&token=…`: the job of that token, encoded now in the type asked; the same job for a
 *   repeated GET (« GET should have no server side effects »).
 * - DELETE `?code=…&token=…`: « 200 OK » printed, any other code not printed (queued again). A token
 *   no longer out (answered already, or handed out again after its timeout) changes nothing.
 */
export function cloudPrntRoutes(printing: PrintingService) {
  const app = routes();
  app.use('/v2/print/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  const printerOf = async (secret: string) => {
    const printer = await printing.printerOf(secret);
    // A Star printer's URL, or the print agent's for an ESC/POS printer; not an Epson printer's secret.
    if (!printer || (printer.connection !== 'cloudprnt' && printer.connection !== 'tcp'))
      throw new ApiError('printer_not_found', printerAnswers.unknownPrinter);
    return printer;
  };

  serve(app, pollCloudPrnt, async (c) => {
    const printer = await printerOf(c.req.valid('param').secret);
    const poll = c.req.valid('json');
    const problem = problemOf(poll);
    if (problem !== null) {
      const inHand = await printing.jobInHand(printer);
      // A fault posted with a job in hand: a paper out before printing it, or after printing it with its
      // confirmation lost; the two read the same, so its next print says « RÉIMPRESSION ».
      if (inHand?.jobToken) await printing.answer(inHand.jobToken, { printed: false, error: statusText(poll.statusCode ?? problem), mayHavePrinted: true });
    }
    const job = await printing.poll(printer, problem, { take: poll.printingInProgress !== true });
    const target = printer.connection === 'tcp' && printer.host ? { printer: { host: printer.host, port: printer.port ?? 9100 } } : {};
    if (!job?.jobToken) return c.json({ jobReady: false, ...target }, 200);
    return c.json({ jobReady: true, mediaTypes: [mediaTypeOf(printer)], jobToken: job.jobToken, deleteMethod: 'DELETE' as const, ...target }, 200);
  });

  serve(app, getCloudPrntJob, async (c) => {
    const printer = await printerOf(c.req.valid('param').secret);
    const { type, token } = c.req.valid('query');
    const mediaType = type ?? mediaTypeOf(printer);
    if (!isMediaType(mediaType)) throw new ApiError('print_media_unsupported', printerAnswers.unsupportedMedia);
    const job = token ? await printing.jobOf(printer, token) : await printing.jobInHand(printer);
    if (!job?.jobToken) throw new ApiError('print_job_not_found', printerAnswers.unknownJob);
    const bytes = await printing.encode(job, printer, languageOf[mediaType]);
    if (!bytes) {
      await printing.skip(job.jobToken);
      throw new ApiError('print_job_not_found', printerAnswers.unknownJob);
    }
    return c.body(new Uint8Array(bytes), 200, { 'Content-Type': mediaType, 'Content-Length': String(bytes.length) });
  });

  serve(app, confirmCloudPrntJob, async (c) => {
    const printer = await printerOf(c.req.valid('param').secret);
    const { code, token } = c.req.valid('query');
    const job = token ? await printing.jobOf(printer, token) : await printing.jobInHand(printer);
    if (!job?.jobToken) return c.json({ result: 'unknown' as const }, 200);
    const result = await printing.answer(
      job.jobToken,
      printedCode(code) ? { printed: true } : { printed: false, error: statusText(code), mayHavePrinted: false },
    );
    return c.json({ result }, 200);
  });
  return app;
}
