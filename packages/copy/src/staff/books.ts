import { words } from '../words.ts';
import { receiptPage } from '../documents/receipts.ts';
/**
 * The French texts of the books (docs/decisions/031-the-books.md): the journal's signing key, its
 * verification (`npm run books:verify`, « Vérifier l'intégrité »).
 */

/** Why the server refuses to start or the journal refuses to write. */
export const booksErrors = {
  unreadableKey: 'BOOKS_SIGNING_KEY n’est pas une clé privée Ed25519 lisible (PEM PKCS#8, ou son DER en base64 sur une ligne).',
  missingKey: (keyId: string) =>
    `La clé de signature du journal des ventes (clé ${keyId}) est introuvable : ni BOOKS_SIGNING_KEY ni la clé gardée en base. Le serveur ne démarre pas plutôt que d’écrire des entrées non signées ; remettez BOOKS_SIGNING_KEY.`,
  otherKey: (expected: string, given: string) =>
    `La clé de signature fournie (clé ${given}) n’est pas celle du journal des ventes (clé ${expected}). Le serveur ne démarre pas : remettez la bonne BOOKS_SIGNING_KEY, ou enregistrez le changement de clé avec npm run books:rotate-key.`,
  rotated: (from: string, to: string) => `Clé du journal changée : ${from} → ${to}. Les entrées suivantes sont signées par la nouvelle clé.`,
  setNewKey: 'Mettez maintenant la nouvelle clé dans BOOKS_SIGNING_KEY avant de redémarrer le serveur.',
  newKeyMissing: 'Donnez la nouvelle clé dans BOOKS_NEW_SIGNING_KEY (PEM PKCS#8, ou son DER en base64).',
  noHead: (chain: string) => `Le journal des ventes « ${chain} » n’est pas ouvert : redémarrez le serveur pour l’ouvrir.`,
  unknownArchiveKey: (keyId: string) => `La clé publique « ${keyId} » n’est nommée par aucune écriture du journal : archive impossible.`,
};

/** What the verification finds, entry by entry (the first broken one is printed). */
export const booksVerification = {
  missingEntry: (seq: number, found: number) => `entrée n° ${seq} manquante (la suivante lue est la n° ${found})`,
  notCanonical: 'contenu modifié : ce n’est plus le JSON canonique (RFC 8785) écrit',
  unreadable: 'contenu illisible (pas du JSON)',
  columnDiffers: (column: string) => `la colonne ${column} ne dit pas ce que dit le contenu signé`,
  previousHash: 'le hachage précédent ne suit pas l’entrée d’avant (entrée insérée, supprimée ou déplacée)',
  hash: 'hachage faux : le contenu a changé depuis son écriture',
  unknownKey: (keyId: string) => `signée par une clé inconnue du journal (${keyId})`,
  untrustedKey: (keyId: string) => `le journal s’ouvre sur la clé ${keyId}, qui n’est pas la clé de confiance donnée`,
  signature: 'signature fausse',
  keyChangeNotEndorsed: 'changement de clé que la clé précédente n’a pas signé',
  firstEntry: 'la première entrée n’est pas l’ouverture du journal avec sa clé',
  timeBackwards: 'date antérieure à celle de l’entrée précédente',
  dayBackwards: 'journée comptable antérieure à celle de l’entrée précédente',
  numberingGap: (series: string, expected: string, found: string) => `numérotation ${series} interrompue : ${expected} attendu, ${found} trouvé`,
  numberTwice: (number: string) => `le numéro ${number} figure deux fois`,
  noHead: 'la tête du journal (journal_heads) a disparu',
  tailDeleted: (from: number, to: number) => `les entrées n° ${from} à ${to} ont été supprimées : la tête signée du journal est à la n° ${to}`,
  headDiffers: 'la tête du journal ne correspond pas à sa dernière entrée',
  headSignature: 'signature de la tête du journal fausse',
  inClosedDay: (day: string) => `compte dans une journée déjà clôturée (le ${day} ou avant)`,
  closureOrder: (expected: string, found: string) => `clôture du ${found} alors que la journée à clôturer est le ${expected}`,
  closureTotals: (differences: string) => `totaux de la clôture faux : ${differences}`,
  monthNotClosed: (month: string) => `le mois ${month} est fini mais n’a pas sa clôture mensuelle`,
  periodOrder: (expected: string, found: string) => `clôture de la période ${found} alors que la période à clôturer est ${expected}`,
  periodBeforeDays: (end: string) => `clôture de la période avant celle de sa dernière journée (le ${end}), ou après une journée suivante`,
  chainOk: (chain: string, entries: number) =>
    `journal « ${chain} » : ${entries} ${entries === 1 ? 'entrée vérifiée' : 'entrées vérifiées'}, chaîne, signatures et numérotation intactes.`,
  chainBroken: (chain: string, seq: number, problem: string) => `journal « ${chain} », entrée n° ${seq} : ${problem}`,
  emptyJournal: 'le journal des ventes est vide',
};

/** « Encaisser » at the counter: what the board says when a payment is refused (docs/decisions/031). */
export const counterPaymentErrors = {
  nothingDue: 'Cette commande est déjà entièrement réglée.',
  noTender: 'Indiquez au moins un montant reçu.',
  badAmount: 'Chaque montant doit être un nombre positif d’euros, au centime près.',
  aboveDue: (label: string, rest: string) => `${label} dépasse le reste à payer (${rest}). Seules les espèces peuvent dépasser : la monnaie est rendue.`,
  voucherAboveCap: (cap: string) =>
    `Les titres-restaurant ne peuvent payer que ${cap} sur cette commande (plats et boissons sans alcool, plafond journalier, hors frais de livraison).`,
  cashWithNothingLeft: 'Les autres moyens couvrent déjà toute la commande : retirez les espèces.',
  orderNotPayable: 'Cette commande ne peut plus être encaissée : elle est refusée ou annulée.',
  cardOrder: 'Cette commande a été payée par carte en ligne : rien à encaisser au comptoir.',
  takenMeanwhile: (who: string, time: string) => `Cette commande vient d’être encaissée par ${who} à ${time}. Vérifiez le reste à payer.`,
  unknownPayment: 'Ce paiement n’existe pas sur cette commande.',
  alreadyReversed: 'Ce paiement a déjà été annulé.',
  notUncollectable: 'Seule une commande acceptée ou prête, pas encore payée, peut être déclarée non récupérée.',
};

/** The names of the means of payment, as the board, the receipts and the reports write them. */
export const meansLabels = {
  online_card: 'carte en ligne',
  cash: 'espèces',
  card_terminal: 'carte (TPE)',
  meal_voucher_paper: 'titre-restaurant papier',
  meal_voucher_card: 'titre-restaurant carte',
} as const;

/** The owners' evening e-mail with the day's closure (setting books.closure_email, docs/decisions/031). */
export const closureMail = {
  subject: (day: string, total: string) => `Clôture du ${day} : ${total} TTC`,
  intro: (day: string, number: string) => `Voici la clôture de la journée du ${day} (${number}), signée dans le journal des ventes.`,
  totalTtc: 'Chiffre d’affaires TTC',
  totalHt: receiptPage.totalExclTax,
  totalVat: words.vat,
  byRate: 'Par taux de TVA',
  rateLine: (rate: string, ht: string, vat: string, ttc: string) => `TVA ${rate} : HT ${ht}, TVA ${vat}, TTC ${ttc}`,
  noSale: 'Aucune vente ce jour.',
  byMeans: 'Par moyen de paiement',
  means: {
    online_card: words.cardOnline,
    cash: 'Espèces',
    card_terminal: 'Carte bancaire au comptoir',
    meal_voucher_paper: 'Titres-restaurant papier',
    meal_voucher_card: 'Titres-restaurant carte',
  } as Record<string, string>,
  receipts: 'Nombre de tickets',
  creditNotes: 'Avoirs',
  refunds: words.refunds,
  discounts: 'Remises (offres et codes promo)',
  deliveryFees: 'Frais de livraison',
  perpetual: 'Total perpétuel (depuis l’ouverture du journal)',
  monthClosed: (month: string) => `Le mois est clôturé aussi (${month}).`,
  yearClosed: (year: string) => `L’exercice est clôturé aussi (${year}).`,
  why: 'Vous recevez cet e-mail parce que l’envoi de la clôture du jour est activé dans les réglages (Comptabilité).',
};
