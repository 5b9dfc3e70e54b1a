import { receiptDocument } from '../documents/receipts.ts';
import { storefrontWords } from '../storefront/words.ts';
import { words } from '../words.ts';
import { boardOrderCard } from './board.ts';
import { booksReportErrors, salesReportPage } from './books-reports.ts';
import { staffArea } from './team.ts';
import { orderSourceLabels } from './phone-order.ts';

/**
 * The French texts of every past order (/restaurant/commandes/historique; docs/decisions/034-order-history.md).
 */

/** Why a history search is refused (the field is named with it). */
export const orderHistoryErrors = {
  invalidDay: booksReportErrors.invalidDay,
  endBeforeStart: 'La date de fin précède la date de début : inversez-les.',
  invalidCursor: 'Page inconnue : revenez à la première page de la recherche.',
  searchTooLong: 'La recherche tient en 100 caractères au plus.',
  unknownOrder: 'Cette commande n’existe pas ou n’a pas été passée.',
};

/** The labels of the status filter (an order's status, as a person says it). */
export const historyStatusLabels = {
  pending: 'Reçue, à régler sur place',
  paid: 'Reçue, payée en ligne',
  accepted: storefrontWords.accepted,
  ready: words.ready,
  completed: words.completed,
  rejected: words.refused,
  cancelled: words.cancelled,
} as const;

/** The page /restaurant/commandes/historique and an order's page under it. */
export const orderHistoryPage = {
  title: staffArea.history,
  intro: 'Chaque commande passée : cherchez par numéro, nom, téléphone ou e-mail, filtrez par dates, statut, canal (retrait, livraison, téléphone) et moyen de paiement.',
  searchLabel: 'Rechercher',
  searchPlaceholder: 'N° de commande ou de ticket, nom, téléphone, e-mail',
  fromLabel: salesReportPage.rangeFrom,
  toLabel: salesReportPage.rangeTo,
  statusLabel: 'Statut',
  channelLabel: 'Canal',
  meansLabel: words.payment,
  any: 'Tous',
  channels: { pickup: words.takeaway, delivery: words.delivery, phone: orderSourceLabels.phone },
  submit: 'Chercher',
  reset: 'Effacer les filtres',
  empty: 'Aucune commande ne correspond à cette recherche.',
  emptyHint: 'Vérifiez le numéro ou l’orthographe, ou élargissez les dates et les filtres.',
  next: 'Commandes plus anciennes',
  first: 'Revenir aux plus récentes',
  orderNumber: (id: number) => `Commande n° ${id}`,
  unpaid: 'Non encaissée',
  anonymised: 'Données effacées',
  back: 'Retour à la recherche',
  lines: 'Ce qui a été commandé',
  customer: words.customer,
  events: 'Ce qui s’est passé',
  payments: 'Paiements au journal des ventes',
  noPayment: 'Aucun paiement au journal.',
  reversal: (seq: number) => `annule l’écriture n° ${seq}`,
  retryRefund: boardOrderCard.retryRefund,
  documents: 'Tickets, factures et avoirs',
  documentKinds: { receipt: 'Ticket', invoice: 'Facture', credit_note: 'Avoir', duplicate: 'Duplicata' },
  reprint: (n: number) => `n° ${n}`,
  noDocument: 'Aucun document : la commande n’a pas été vendue par ce logiciel.',
  mails: 'E-mails',
  mailKinds: { 'order-confirmation': 'Confirmation au client', 'order-restaurant': 'Nouvelle commande au restaurant' } as Record<string, string>,
  mailStatusWaiting: 'En attente d’envoi',
  mailStatusRetry: (attempts: number) => `Nouvel essai prévu (${attempts} essai${attempts > 1 ? 's' : ''})`,
  mailsNone: 'Aucun e-mail en attente : les e-mails envoyés quittent la file d’envoi (avec les données personnelles qu’ils portaient).',
  receiptLink: 'Voir le ticket (page du client)',
  onBoard: 'Voir sur le tableau',
  by: (name: string) => `par ${name}`,
};

/** What each kind of `order_events` row says on an order's page (packages/domain/src/order-events.ts). */
export const historyEventLabels: Record<string, string> = {
  placed: 'Commande passée',
  paid: receiptDocument.paidOnline,
  accepted: historyStatusLabels.accepted,
  delayed: 'Retardée',
  ready: historyStatusLabels.ready,
  completed: historyStatusLabels.completed,
  rejected: historyStatusLabels.rejected,
  auto_rejected: 'Refusée automatiquement (pas de réponse à temps)',
  cancelled: historyStatusLabels.cancelled,
  opened: 'Ouverte sur un écran',
  ticket_printed: 'Ticket de cuisine imprimé',
  refunded: 'Remboursée',
  refund_failed: 'Remboursement refusé par le prestataire',
  partially_refunded: 'Remboursement partiel',
  modified: 'Commande modifiée',
  unseen_alert: 'Alerte : commande pas encore ouverte',
  payment_taken: 'Encaissée au comptoir',
  payment_reversed: 'Paiement annulé',
};
