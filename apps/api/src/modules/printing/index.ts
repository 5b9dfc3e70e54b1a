/**
 * The front door of the `printing` module: what other modules may use of it. Files of other
 * modules import it from here, never from its inner files (eslint.config.js, « API modules »).
 *
 * Kitchen printers (docs/decisions/033-kitchen-printers.md): the print queue, whose jobs other
 * modules create in the transactions of the events that cause them (queueOrderTickets,
 * queueReprint), the service a printer's poll goes through, and the encoder of the domain's ticket
 * document in ESC/POS or StarPRNT, and the Epson Server Direct Print endpoint (ePOS-Print XML,
 * epson-sdp-routes.ts). The ESC/POS decoder (escpos-decode.ts) is for tests and
 * simulated printers, not exported here.
 */
export { encodeTicket, paperColumns, type EncodeOptions, type PaperWidth, type PrinterLanguage } from './encode.ts';
export {
  claimJob,
  completeJob,
  findOrderJobs,
  jobTimeoutSeconds,
  listPrinters,
  maxAttempts,
  newPrinterSecret,
  queueChangeTickets,
  queueOrderTickets,
  queueReceipt,
  queueReprint,
  queueTestPage,
  type JobOutcome,
  type PrinterProblem,
  type PrinterRow,
  type PrintJobRow,
  type Station,
} from './queue.ts';
export { claimPrinterAlarm, clearAlarm, confirmBrowserTickets, fallBack, skipFinishedTickets, watchPrinters, type WatchedPrinter } from './watch.ts';
export { PrintingService, type TicketOrder } from './service.ts';
export { cloudPrntRoutes } from './cloudprnt-routes.ts';
export { DirectPrinting } from './direct.ts';
export { parseAgentArgs, PrintAgent } from './agent.ts';
export { epsonSdpRoutes } from './epson-sdp-routes.ts';
export {
  createPrinter,
  deletePrinter,
  findJob,
  orderPrintJobViews,
  printersPage,
  printersStatus,
  rotateSecret,
  setStation,
  testPage,
  updatePrinter,
  type Reader,
} from './admin.ts';
export { printerStaffRoutes } from './staff-routes.ts';
