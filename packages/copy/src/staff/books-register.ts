/**
 * The French texts of the owner's register page, /restaurant/registre, and its API answers
 * (docs/decisions/031-the-books.md, « archivage » and the verification).
 */
import { staffWords } from './words.ts';

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
  copy: staffWords.copy,
  copied: staffWords.copied,
  simulation: 'simulation',
  archiveMonthTitle: 'Archiver un mois clos',
  archiveMonthLabel: 'Mois (AAAA-MM)',
  archiveMonthSubmit: 'Archiver',
  archiving: 'Archivage…',
  archived: (name: string) => `Archive ${name} prête.`,
  sizeKb: (kb: string) => `${kb} ko`,
};

/**
 * The README.fr.txt of an archive (apps/api/src/modules/books/archives.ts): what it holds and the
 * commands that check it with standard tools (`commands`: the sums' and the signatures' command lines).
 */
export function archiveReadme(name: string, live: boolean, period: string, count: number, commands: { sums: string; signatures: string }): string {
  return [
    `Archive du journal des ventes — ${name}`,
    '',
    `Chaîne : ${live ? 'ventes réelles' : 'simulation (démonstration et paiements de test, hors chiffre d’affaires)'}`,
    `Période : ${period}`,
    `Nombre d’écritures : ${count}`,
    '',
    'Contenu',
    '- entries.json : les écritures de la période, dans l’ordre de la séquence : contenu canonique',
    '  (JSON RFC 8785, montants en centimes), empreinte de l’écriture précédente (previous_hash),',
    '  empreinte SHA-256 (hash = SHA-256 de previous_hash, un saut de ligne, puis le contenu),',
    '  signature Ed25519 de l’empreinte (base64) et identifiant de la clé (key_id) ;',
    '- entries.csv : les mêmes écritures pour un tableur (séparateur « ; », virgule décimale, UTF-8 avec BOM) ;',
    '- closures.json : les clôtures de la période (jours, mois, exercice) ;',
    '- cle-publique-<key_id>.pem : les clés publiques qui vérifient les signatures ;',
    '- signatures.txt : une ligne par écriture : séquence, key_id, empreinte, signature ;',
    '- SHA256SUMS : l’empreinte SHA-256 de chacun des fichiers ci-dessus.',
    '',
    'Vérifier l’archive avec des outils standards (commandes testées : sh, sha256sum, base64, OpenSSL 3) :',
    '',
    `  mkdir archive && tar -xf ${name} -C archive && cd archive`,
    '',
    '1. Les fichiers n’ont pas été modifiés :',
    '',
    `  ${commands.sums}`,
    '',
    '2. Chaque empreinte est signée par la clé du journal (une ligne « signature invalide » sinon) :',
    '',
    `  sh -c '${commands.signatures}'`,
    '',
    'L’empreinte SHA-256 de l’archive entière est elle-même inscrite, signée, dans le journal (écriture',
    '« archive ») : comparez-la avec « sha256sum ' + name + ' ». La vérification complète du journal',
    '(chaînage, numérotation, totaux des clôtures) : npm run books:verify, ou « Vérifier l’intégrité »',
    'dans l’espace du restaurant (Registre).',
    '',
  ].join('\n');
}
