/**
 * The French texts of the owner's register page, /restaurant/registre, and its API answers
 * (docs/decisions/031-the-books.md, « archivage » and the verification).
 */

/** The register API's error messages. */
export const booksRegisterAnswers = {
  archiveNotFound: 'Cette archive n’existe pas (ou plus) dans le dossier des archives.',
  /** A month typed in another form than AAAA-MM (the archive's `period`). */
  periodFormat: 'Un mois s’écrit AAAA-MM, par exemple 2026-10.',
  periodNotClosed: (period: string) => `Le mois ${period} n’est pas encore clôturé : il sera archivé après sa clôture.`,
};

/** The page's texts. */
export const booksRegister = {
  title: 'Registre des ventes',
  intro:
    'Le journal des ventes enregistre chaque ticket, paiement, avoir et clôture, sans retour possible. Quatre conditions de la loi (CGI art. 286 I 3° bis) :',
  conditions: [
    { name: 'Inaltérabilité', text: 'aucune écriture ne se modifie ni ne s’efface : une erreur se corrige par une nouvelle écriture.' },
    { name: 'Sécurisation', text: 'chaque écriture est chaînée à la précédente et signée (Ed25519) : toute modification se voit à la vérification.' },
    { name: 'Conservation', text: 'chaque jour, mois et exercice est clôturé avec ses totaux ; les données sont gardées six ans.' },
    { name: 'Archivage', text: 'chaque mois et exercice clos est archivé dans un fichier vérifiable avec des outils standards.' },
  ],
  verifyTitle: 'Intégrité du journal',
  verify: 'Vérifier l’intégrité',
  verifying: 'Vérification…',
  verifiedOk: (entries: number) => `Journal intact : ${entries} écritures vérifiées.`,
  lastClosure: (number: string) => `Dernière clôture : ${number}.`,
  noClosure: 'Aucune clôture encore.',
  verifiedBroken: 'Le journal a été modifié :',
  brokenEntry: (chain: string, seq: number, problem: string) => `chaîne ${chain}, écriture n° ${seq} : ${problem}`,
  archivesTitle: 'Archives',
  noArchive: 'Aucune archive encore : le premier mois clos sera archivé à sa clôture.',
  archivePeriod: 'Période',
  archiveChain: 'Chaîne',
  live: 'ventes réelles',
  archiveSize: 'Taille',
  archiveSha: 'SHA-256',
  download: 'Télécharger',
  copy: 'Copier',
  copied: 'Copié',
  simulation: 'simulation',
  archiveMonthTitle: 'Archiver un mois clos',
  archiveMonthLabel: 'Mois (AAAA-MM)',
  archiveMonthSubmit: 'Archiver',
  archiving: 'Archivage…',
  archived: (name: string) => `Archive ${name} prête.`,
  sizeKb: (kb: string) => `${kb} ko`,
};
