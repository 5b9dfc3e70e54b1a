/**
 * The back office's shared sentences (docs/decisions/023-back-office.md). Each page's own
 * texts live in staff/<page>.ts.
 */
export const backOfficeShared = {
  /** 409 stale_edit: the form keeps what was typed and shows the current values beside it. */
  staleEdit: 'Quelqu’un a modifié cet élément entre-temps : ses valeurs actuelles sont affichées, vos saisies sont conservées. Vérifiez puis enregistrez à nouveau.',
  /** The row was deleted by someone else meanwhile. */
  deletedMeanwhile: 'Cet élément a été supprimé entre-temps.',
  saved: 'Enregistré.',
  ownerOnly: 'Seul le propriétaire peut modifier ceci.',
} as const;
