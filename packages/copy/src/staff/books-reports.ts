/**
 * The French texts of the sales report (/restaurant/ventes; docs/decisions/031-the-books.md).
 */

/** Why a report's period is refused (the field is named with it). */
export const booksReportErrors = {
  invalidDay: 'Date invalide : choisissez un jour (AAAA-MM-JJ).',
  endBeforeStart: 'La fin de la période précède son début.',
  tooLong: (days: number) => `Une période couvre au plus ${days} jours : choisissez-en une plus courte.`,
};
