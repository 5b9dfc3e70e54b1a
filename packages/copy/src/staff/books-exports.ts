import { booksRegister } from './books-register.ts';
import { meansLabels } from './books.ts';
import { salesReportPage } from './books-reports.ts';
import { staffArea } from './team.ts';

/**
 * The French texts of the accountant's exports (/restaurant/exports; docs/decisions/032-the-accountant-s-exports.md):
 * the FEC's journal and account names, the entries' wording, the page and the API's refusals.
 */

/** The API's refusals. */
export const booksExportErrors = {
  sirenMissing:
    'Le FEC et les données d’e-reporting portent le SIREN de l’entreprise : renseignez le SIRET (14 chiffres) dans Réglages → Mentions légales, puis recommencez.',
  unknownKind: 'Cet export n’existe pas.',
};

/** The FEC's journals (JournalCode → JournalLib). */
export const fecJournals = {
  VE: 'Journal des ventes',
  EN: 'Encaissements',
};

/** What a FEC line's account is called (CompteLib). Rates are « 10 », « 5,5 ». */
export const fecAccountLabels = {
  sales: (rate: string) => `Ventes TVA ${rate} %`,
  vat: (rate: string) => `TVA collectée ${rate} %`,
  customers: salesReportPage.customers,
  means: {
    online_card: 'Banque : carte en ligne',
    cash: 'Caisse espèces',
    card_terminal: 'Banque : carte (TPE)',
    meal_voucher_paper: 'Titres-restaurant papier à encaisser',
    meal_voucher_card: 'Titres-restaurant carte à encaisser',
  },
  roundingLoss: 'Écarts d’arrondi (charge)',
  roundingGain: 'Écarts d’arrondi (produit)',
};

/** What a FEC entry says (EcritureLib). */
export const fecEntryLabels = {
  receipt: (number: string) => `Ticket ${number}`,
  creditNote: (number: string, receipt: string) => `Avoir ${number} sur ${receipt}`,
  payment: (means: keyof typeof meansLabels, order: number) => `Encaissement ${meansLabels[means]}, commande n° ${order}`,
  reversal: (means: keyof typeof meansLabels, order: number) => `Annulation d’encaissement ${meansLabels[means]}, commande n° ${order}`,
  refund: (means: keyof typeof meansLabels, order: number) => `Remboursement ${meansLabels[means]}, commande n° ${order}`,
  order: (order: number) => `commande n° ${order}`,
};

/** The files, as the page lists them. */
export const booksExportKinds = {
  receipts: { title: 'Tickets et avoirs (CSV)', text: 'Une ligne par ticket, facture ou avoir : date, numéro, canal, HT, TVA, TTC, moyens de paiement.' },
  lines: { title: 'Lignes des tickets (CSV)', text: 'Une ligne par plat, option comprise, et par frais de livraison : quantité, prix, HT, taux, TVA, TTC.' },
  payments: { title: 'Paiements (CSV)', text: 'Chaque encaissement, annulation et remboursement : date, heure, commande, moyen, montant, rendu, opérateur.' },
  daily_vat: { title: 'Journal des ventes par jour et par taux (CSV)', text: 'Par journée et par taux de TVA : HT, TVA et TTC, avoirs déduits.' },
  fec: {
    title: 'Fichier des écritures comptables (FEC)',
    text: 'Les 18 colonnes de l’article A47 A-1 du LPF : journal des ventes par ticket (411 / 707x / 4457x) et des encaissements par moyen de paiement.',
  },
  e_reporting: {
    title: 'E-reporting B2C (JSON)',
    text: 'Les totaux journaliers par taux de TVA des ventes aux particuliers (livraisons de biens), tels qu’une plateforme agréée les prendra dès septembre 2027.',
  },
};

/** The page /restaurant/exports. */
export const booksExportsPage = {
  title: staffArea.exports,
  intro:
    'Les fichiers à donner au comptable, tirés du journal des ventes réel (jamais la simulation). Chaque téléchargement est inscrit au journal avec son empreinte SHA-256.',
  summary: (documents: number, payments: number, days: number) =>
    `${documents} ${documents === 1 ? 'pièce' : 'pièces'} (tickets et avoirs), ${payments} ${payments === 1 ? 'mouvement' : 'mouvements'} de paiement, ${days} ${days === 1 ? 'journée' : 'journées'}.`,
  download: booksRegister.download,
  fecName: (name: string) => `Fichier : ${name}`,
  sirenHint: 'Le FEC et l’e-reporting demandent le SIRET dans Réglages → Mentions légales.',
  settingsLink: 'Ouvrir les réglages',
  accountsHint: 'Les numéros de compte se règlent dans Réglages → Comptabilité.',
  periodOf: salesReportPage.periodOf,
};
