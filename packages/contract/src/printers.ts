import { z } from '@resto/domain/zod-fr';
import { printerErrors } from '@resto/copy/staff/printers';
import { ExpectedVersionSchema } from './backoffice.ts';
import { InstantSchema } from './common.ts';

/**
 * The restaurant's kitchen printers as the back office and the board see them
 * (docs/decisions/033-kitchen-printers.md) under /v2/restaurant/printers…, /stations…, /print-jobs…
 * Instants in ISO 8601 UTC, delays in seconds.
 */

export const printerStations = ['kitchen', 'bar', 'counter'] as const;
export const printerConnections = ['cloudprnt', 'epson_sdp', 'tcp', 'browser'] as const;
export const printerStates = ['ok', 'offline', 'paper_out', 'cover_open', 'failing', 'off'] as const;
const StationSchema = z.enum(printerStations);
const JobStatusSchema = z.enum(['queued', 'sent', 'printed', 'failed', 'skipped']);

/** An IP address or a host name: letters, digits, dots, hyphens, colons (IPv6), no scheme. */
const hostPattern = /^[A-Za-z0-9.:-]{1,253}$/;

/**
 * What the printer form edits (a new printer, or the whole of one): `host` and `port` for a 'tcp'
 * printer only (the printer's address on the restaurant's network; `via_agent`: the print agent
 * sends to it); `backup_printer_id`: the printer its station falls back to after `fallback_seconds`
 * offline (null: the browser's page).
 */
export const PrinterEditFields = z.object({
  name: z.string().trim().min(1, { error: printerErrors.nameRequired }).max(60, { error: printerErrors.nameTooLong }),
  station: StationSchema,
  paper_width: z.union([z.literal(80), z.literal(58)]),
  connection: z.enum(printerConnections),
  host: z.string().trim().max(253).nullable(),
  port: z
    .number({ error: printerErrors.port })
    .int({ error: printerErrors.port })
    .min(1, { error: printerErrors.port })
    .max(65_535, { error: printerErrors.port })
    .nullable(),
  via_agent: z.boolean(),
  copies: z
    .number({ error: printerErrors.copies })
    .int({ error: printerErrors.copies })
    .min(1, { error: printerErrors.copies })
    .max(5, { error: printerErrors.copies }),
  print_on: z.enum(['arrival', 'acceptance']),
  qr_code: z.boolean(),
  enabled: z.boolean(),
  backup_printer_id: z.number().int().positive().nullable(),
  fallback_seconds: z
    .number({ error: printerErrors.fallbackSeconds })
    .int({ error: printerErrors.fallbackSeconds })
    .min(30, { error: printerErrors.fallbackSeconds })
    .max(3600, { error: printerErrors.fallbackSeconds }),
});

/** The form's checks across fields: a TCP printer has a valid host. */
export function refinePrinterEdit(printer: z.infer<typeof PrinterEditFields>, ctx: z.RefinementCtx): void {
  if (printer.connection !== 'tcp') return;
  if (!printer.host) ctx.addIssue({ code: 'custom', path: ['host'], message: printerErrors.hostRequired });
  else if (!hostPattern.test(printer.host)) ctx.addIssue({ code: 'custom', path: ['host'], message: printerErrors.hostInvalid });
}

/** POST /v2/restaurant/printers, and the form's resolver. */
export const PrinterEditSchema = PrinterEditFields.superRefine(refinePrinterEdit);
export type PrinterEdit = z.infer<typeof PrinterEditSchema>;
export type PrinterEditInput = z.input<typeof PrinterEditSchema>;

/** PUT /v2/restaurant/printers/{printer_id}: the whole printer and the `version` the form read. */
export const PrinterUpdateBodySchema = PrinterEditFields.extend({ expected_version: ExpectedVersionSchema }).superRefine(refinePrinterEdit);

/** A printer's live state (packages/domain/src/printer-health.ts): `since` for offline and reported problems. */
const PrinterHealthViewSchema = z.object({
  state: z.enum(printerStates),
  since: InstantSchema.nullable(),
  /** « prête », « hors ligne depuis 12:31 », « sans papier »… */
  label: z.string(),
});

/**
 * A printer as the printers page lists it. `secret`, `setup_url` (the URL its CloudPRNT or Server
 * Direct Print settings poll) and `agent_command` (the print agent's command line) are the owner's
 * only: null for a staff member.
 */
export const PrinterViewSchema = PrinterEditFields.extend({
  id: z.number(),
  version: z.number(),
  health: PrinterHealthViewSchema,
  last_poll_at: InstantSchema.nullable(),
  waiting: z.number(),
  secret: z.string().nullable(),
  setup_url: z.string().nullable(),
  agent_command: z.string().nullable(),
}).meta({ id: 'Printer' });
export type PrinterView = z.infer<typeof PrinterViewSchema>;

/** A menu category and the station printing its lines (null: every station). */
const StationCategorySchema = z.object({ category_id: z.number(), name: z.string(), menu: z.string(), station: StationSchema.nullable() });
export type StationCategory = z.infer<typeof StationCategorySchema>;

/** PUT /v2/restaurant/stations/{category_id}: every category and its station, after the change. */
export const StationCategoryListSchema = z.object({ categories: z.array(StationCategorySchema) });

/** GET /v2/restaurant/printers. `can_edit`: the caller is the owner. */
export const PrintersPageSchema = z.object({
  printers: z.array(PrinterViewSchema),
  categories: z.array(StationCategorySchema),
  can_edit: z.boolean(),
  server_time: InstantSchema,
});
export type PrintersPage = z.infer<typeof PrintersPageSchema>;

export const PrinterParamsSchema = z.object({ printer_id: z.string().regex(/^\d{1,9}$/) });

/** DELETE /v2/restaurant/printers/{printer_id}?expected_version=… */
export const PrinterDeleteQuerySchema = z.object({ expected_version: z.coerce.number().int().min(0) });
export const PrinterDeletedSchema = z.object({ deleted: z.literal(true) });

/** POST /v2/restaurant/printers/{printer_id}/secret: a new secret, at the version read. */
export const PrinterSecretBodySchema = z.object({ expected_version: ExpectedVersionSchema });

/** A print job as the printers page follows it (« Page de test »). */
export const PrintJobViewSchema = z
  .object({
    job_id: z.number(),
    printer_id: z.number().nullable(),
    kind: z.enum(['ticket', 'receipt', 'test', 'change']),
    status: JobStatusSchema,
    attempts: z.number(),
    created_at: InstantSchema,
    printed_at: InstantSchema.nullable(),
    failed_at: InstantSchema.nullable(),
    last_error: z.string().nullable(),
  })
  .meta({ id: 'PrintJob' });
export type PrintJobView = z.infer<typeof PrintJobViewSchema>;

export const PrintJobParamsSchema = z.object({ job_id: z.string().regex(/^\d{1,9}$/) });

/** PUT /v2/restaurant/stations/{category_id}: the category's station, or null for every station. */
export const StationParamsSchema = z.object({ category_id: z.string().regex(/^\d{1,9}$/) });
export const StationBodySchema = z.object({ station: StationSchema.nullable() });

/**
 * One ticket of an order on the board: the printer it is for (its station's name), where it is,
 * when it printed, and whether it may have printed already (« RÉIMPRESSION »).
 */
export const OrderPrintJobSchema = z.object({
  job_id: z.number(),
  printer_id: z.number(),
  printer_name: z.string(),
  station: StationSchema,
  cause: z.enum(['order', 'reprint', 'test', 'change']),
  status: JobStatusSchema,
  printed_at: InstantSchema.nullable(),
  may_have_printed: z.boolean(),
});
export type OrderPrintJob = z.infer<typeof OrderPrintJobSchema>;

/** POST /v2/restaurant/orders/{order_id}/reprint: on one printer, or on every printer of the order's lines (null or absent). */
export const ReprintBodySchema = z.object({ printer_id: z.number().int().positive().nullable().optional() });

/** One enabled printer's health for the boards' banner. */
const PrinterStatusSchema = z.object({
  printer_id: z.number(),
  name: z.string(),
  station: StationSchema,
  health: PrinterHealthViewSchema,
  alarm: z.boolean(),
  waiting: z.number(),
  /** « Imprimante Cuisine hors ligne depuis 12:31 — 3 tickets en attente », null when fine. */
  banner: z.string().nullable(),
});
export type PrinterStatus = z.infer<typeof PrinterStatusSchema>;

/** GET /v2/restaurant/printers/status: every enabled printer's health, and the orders whose waiting tickets were listed, not printed. */
export const PrintersStatusSchema = z.object({
  printers: z.array(PrinterStatusSchema),
  /** Orders (numbers) whose tickets waited while their printer was away and were finished when it came back (jobs 'skipped'). */
  skipped_orders: z.array(z.number()),
  server_time: InstantSchema,
});
export type PrintersStatus = z.infer<typeof PrintersStatusSchema>;
