import { words } from '../words.ts';
import { staffWords } from './words.ts';
import { auditLog } from './audit.ts';
import { salesReportPage } from './books-reports.ts';
import { orderHistoryPage } from './order-history.ts';
import { staffArea } from './team.ts';

/**
 * The French texts of the customers' page (/restaurant/clients; docs/decisions/037-customers.md),
 * the notices the board and the kitchen ticket show of a customer, and the refusal of a blocked
 * customer's order.
 */

/** What the board's card and dialog, and the kitchen ticket, say of the order's customer. */
export const customerNotice = {
  /** The kitchen ticket's line (upper case: the kitchen reads it from afar). */
  ticketNote: (note: string) => `NOTE CLIENT : ${note}`,
  note: (note: string) => `Note client : ${note}`,
  flagged: (reason: string) => `Client signalé : ${reason}`,
  blocked: (reason: string) => `Client bloqué : ${reason}`,
  noShows: (count: number) => (count === 1 ? '1 commande non récupérée' : `${count} commandes non récupérées`),
} as const;

/** Why a customers' request is refused. */
export const customerErrors = {
  unknownCustomer: 'Ce client n’existe pas, ou ses données ont été effacées.',
  invalidKey: 'Ce lien de client n’est pas valide : revenez à la liste des clients.',
  blockedNeedsOwner: 'Ce client est bloqué : seul le propriétaire peut lever ou changer ce blocage.',
  /** The storefront's refusal of a blocked customer's order, with the restaurant's phone. */
  orderBlocked: (phone: string) =>
    phone
      ? `Nous ne pouvons pas prendre votre commande en ligne. Appelez-nous au ${phone}, nous trouverons une solution.`
      : 'Nous ne pouvons pas prendre votre commande en ligne. Appelez le restaurant, nous trouverons une solution.',
} as const;

/** The audit log's sentences (modules/audit's log, entity 'customer'). */
export const customerAudit = {
  note: (name: string) => `Note sur le client ${name} modifiée`,
  flag: (name: string, reason: string) => `Client ${name} signalé : ${reason}`,
  block: (name: string, reason: string) => `Client ${name} bloqué : ${reason}`,
  unmark: (name: string) => `Client ${name} : signalement ou blocage levé`,
} as const;

/** The page /restaurant/clients and a customer's page under it. */
export const customersPage = {
  title: staffArea.customers,
  intro: 'Les clients retrouvés par leur e-mail ou leur téléphone : commandes, dépenses, commandes non récupérées, notes et signalements.',
  searchLabel: orderHistoryPage.searchLabel,
  searchPlaceholder: 'Nom, téléphone ou e-mail',
  sortLabel: 'Trier par',
  sorts: {
    last_order: 'Dernière commande',
    orders: 'Nombre de commandes',
    spent: 'Total dépensé',
    name: words.name,
    no_shows: 'Non récupérées',
  } as Record<'last_order' | 'orders' | 'spent' | 'name' | 'no_shows', string>,
  /** What « Total dépensé » counts (docs/decisions/037). */
  spentHint: 'Total dépensé : ce qui a été payé, moins ce qui a été remboursé (remboursements partiels et annulations).',
  submit: orderHistoryPage.submit,
  empty: 'Aucun client ne correspond à cette recherche.',
  count: (count: number) => (count === 1 ? '1 client' : `${count} clients`),
  previous: 'Page précédente',
  next: 'Page suivante',
  pageOf: (page: number, pages: number) => `Page ${page} sur ${pages}`,
  orders: staffWords.orders,
  average: salesReportPage.averageBasket,
  first: 'Première commande',
  back: 'Retour aux clients',
  contact: words.contactDetails,
  ordersTitle: 'Ses commandes',
  orderLink: orderHistoryPage.orderNumber,
  noteTitle: 'Note de l’équipe',
  noteHint: 'Montrée sur le tableau des commandes et imprimée sur les tickets de cuisine de ses prochaines commandes.',
  noteLabel: 'Note',
  notePlaceholder: 'allergique aux noix',
  saveNote: 'Enregistrer la note',
  noteSaved: 'Note enregistrée.',
  markSaved: 'Enregistré : le tableau des commandes l’affiche.',
  unmarked: 'Signalement ou blocage levé.',
  noteBy: (name: string, date: string) => `Écrite par ${name} le ${date}`,
  markTitle: 'Signalement et blocage',
  markHint:
    'Signaler : un avertissement sur le tableau. Bloquer (propriétaire seulement) : ses commandes en ligne sont refusées avec un message l’invitant à appeler le restaurant.',
  reasonLabel: 'Motif',
  reasonPlaceholder: 'deux commandes jamais récupérées',
  flag: 'Signaler',
  block: 'Bloquer',
  unmark: 'Lever',
  flaggedBy: (reason: string, name: string, date: string) => `Signalé par ${name} le ${date} : ${reason}`,
  blockedBy: (reason: string, name: string, date: string) => `Bloqué par ${name} le ${date} : ${reason}`,
  ownerOnly: 'Seul le propriétaire peut bloquer un client.',
  flaggedBadge: 'Signalé',
  blockedBadge: 'Bloqué',
  none: auditLog.noValue,
  customer: words.customer,
} as const;
