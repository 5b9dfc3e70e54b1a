import { z } from 'zod';
import { SalesReportQuerySchema } from './books-reports.ts';

/**
 * The accountant's exports (docs/decisions/032-the-accountant-s-exports.md), as
 * /v2/restaurant/books/exports… answers them: what a period holds, and its files.
 */

/** The files: receipts, lines and payments CSV, the daily journal per VAT rate, the FEC, the B2C e-reporting data. */
export const booksExportKinds = ['receipts', 'lines', 'payments', 'daily_vat', 'fec', 'e_reporting'] as const;
export type BooksExportKind = (typeof booksExportKinds)[number];

/** The period of an export: as the sales report's (a day, the week or month of `from`, or a range of at most 366 days). */
export const BooksExportQuerySchema = SalesReportQuerySchema;

export const BooksExportParamsSchema = z.object({
  kind: z.enum(booksExportKinds).meta({ param: { name: 'kind', in: 'path' }, example: 'fec' }),
});

export const BooksExportsSchema = z
  .object({
    period: z.object({ kind: z.enum(['day', 'week', 'month', 'range']), from: z.string(), to: z.string() }),
    documents: z.number().int().nonnegative().meta({ description: 'Tickets, factures et avoirs de la période.' }),
    payments: z.number().int().nonnegative().meta({ description: 'Paiements, annulations et remboursements de la période.' }),
    days: z.number().int().nonnegative().meta({ description: 'Journées de la période qui ont au moins une pièce ou un paiement.' }),
    siren: z.string().nullable().meta({ description: 'Le SIREN tiré du réglage legal.siret ; null : le FEC et l’e-reporting sont refusés (siren_missing).' }),
    files: z.array(
      z.object({
        kind: z.enum(booksExportKinds),
        file_name: z
          .string()
          .nullable()
          .meta({ description: 'Le nom du fichier téléchargé ; null quand il manque le SIREN.', example: '123456789FEC20261130.txt' }),
      }),
    ),
  })
  .meta({ id: 'BooksExports' });
export type BooksExports = z.infer<typeof BooksExportsSchema>;
