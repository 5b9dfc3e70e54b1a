import { z } from 'zod';
import { booksRegisterAnswers } from '@resto/copy/staff/books-register';

/**
 * The owner's register (docs/decisions/031-the-books.md): the books' archives and the journal's
 * verification, as /v2/restaurant/books/… answers them.
 */

/** An archive's name: 'live-2026-11.tar' (a month), 'simulation-2026.tar' (a fiscal year). */
export const BooksArchiveNameSchema = z
  .string()
  .regex(/^(live|simulation)-\d{4}(-(0[1-9]|1[0-2]))?\.tar$/)
  .meta({ description: 'Nom d’archive : `<chaîne>-<AAAA-MM>.tar` (un mois) ou `<chaîne>-<AAAA>.tar` (un exercice).', example: 'live-2026-11.tar' });

export const BooksArchiveSchema = z
  .object({
    name: BooksArchiveNameSchema,
    chain: z.enum(['live', 'simulation']),
    period: z.string().meta({ description: '`AAAA-MM` (un mois) ou `AAAA` (un exercice).', example: '2026-11' }),
    size: z.number().int().nonnegative().meta({ description: 'Octets.' }),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    created_at: z.string().meta({ description: 'Instant ISO de son écriture au journal.' }),
  })
  .meta({ id: 'BooksArchive' });
export type BooksArchive = z.infer<typeof BooksArchiveSchema>;

export const BooksArchivesSchema = z.object({ archives: z.array(BooksArchiveSchema) }).meta({ id: 'BooksArchives' });
export type BooksArchives = z.infer<typeof BooksArchivesSchema>;

export const BooksArchiveParamsSchema = z.object({
  name: z
    .string()
    .min(1)
    .max(100)
    .meta({ param: { name: 'name', in: 'path' }, example: 'live-2026-11.tar' }),
});

export const CreateBooksArchiveSchema = z
  .object({
    period: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: booksRegisterAnswers.periodFormat })
      .meta({ description: 'Le mois clos à archiver, `AAAA-MM`.', example: '2026-11' }),
  })
  .meta({ id: 'CreateBooksArchive' });

export const BooksVerificationSchema = z
  .object({
    ok: z.boolean(),
    description: z.string().meta({ description: 'Le rapport en français, une ligne par chaîne (celui de npm run books:verify).' }),
    chains: z.array(z.object({ chain: z.enum(['live', 'simulation']), entries: z.number().int().nonnegative() })),
    broken: z
      .array(z.object({ chain: z.enum(['live', 'simulation']), seq: z.number().int(), problem: z.string() }))
      .meta({ description: 'La première écriture cassée de chaque chaîne.' }),
    entries: z.number().int().nonnegative().meta({ description: 'Écritures vérifiées, toutes chaînes.' }),
    last_closure: z.string().nullable().meta({ description: 'Numéro de la dernière clôture du journal réel (J-…, M-…, E-…).' }),
  })
  .meta({ id: 'BooksVerification' });
export type BooksVerification = z.infer<typeof BooksVerificationSchema>;
