/**
 * The French catalogue — the restaurant's orders board and kitchen ticket (, 3,
 * 4 (screens) and 6). Column labels and refusal reasons come from the state machine
 * (packages/domain/src/order-lifecycle.ts: `boardColumnLabels`, `refusalReasonLabels`); the
 * board's own words live here.
 */
import { words } from '../words.ts';
import { staffWords } from './words.ts';
import { closureMail } from './books.ts';

/** The board page (/restaurant/commandes). */
export const boardPage = {
  pageTitle: staffWords.orders,
  /** The tab title: '(2) Commandes — Chez Margot' while 2 new orders are unopened. */
  tabTitle: (unopened: number, restaurant: string) => `${unopened > 0 ? `(${unopened}) ` : ''}Commandes — ${restaurant}`,
  heading: staffWords.orders,
  loading: 'Chargement des commandes…',
  connectionLost: 'Connexion perdue, reconnexion…',
  offlineHint: 'Les commandes affichées sont celles connues avant la coupure.',
  startService: 'Démarrer le service',
  serviceStarted: 'Service en cours',
  serviceHint: 'Touchez « Démarrer le service » pour activer le son, garder l’écran allumé et recevoir les notifications.',
  soundBlocked: 'Son bloqué par le navigateur : touchez « Démarrer le service ».',
  columnsNav: 'Colonnes du tableau',
  emptyColumn: 'Aucune commande',
  newOrderNotification: (orderId: number) => `Nouvelle commande n° ${orderId}`,
  newOrderNotificationBody: (kind: string, when: string, total: string) => `${kind} · ${when} · ${total}`,
  lastUpdate: (time: string) => `Mis à jour à ${time}`,
} as const;

/** An order's card and its full view. */
export const boardOrderCard = {
  orderNumber: (orderId: number) => `n° ${orderId}`,
  orderLabel: (orderId: number) => `Commande n° ${orderId}`,
  pickup: words.takeaway,
  delivery: words.delivery,
  readyAt: (time: string) => `prête vers ${time}`,
  placedAt: (time: string) => `reçue à ${time}`,
  payCard: 'payée par carte',
  payOnSite: 'à régler sur place',
  paidWith: (summary: string) => `payée — ${summary}`,
  partlyPaid: (summary: string, rest: string) => `${summary} — reste ${rest}`,
  testMode: words.testMode,
  mealVoucher: (amount: string) => `dont titre-restaurant ${amount}`,
  total: words.total,
  allergens: 'Allergènes :',
  note: (text: string) => `« ${text} »`,
  free: words.freeLower,
  callCustomer: (phone: string) => `Appeler le ${phone}`,
  newBadge: 'Non ouverte',
  ticketPrinted: 'ticket imprimé',
  reason: (text: string) => `Motif : ${text}`,
  refundPending: words.refundPending,
  refundSucceeded: (amount: string) => `Remboursée (${amount})`,
  refundFailed: 'Le prestataire de paiement a refusé le remboursement : relancez-le, ou remboursez le client autrement.',
  providerAnswer: (error: string) => `Réponse du prestataire : ${error}`,
  retryRefund: 'Relancer le remboursement',
  statusRejected: words.refused,
  statusCancelled: words.cancelled,
  statusCompleted: words.completed,
  close: words.close,
} as const;

/** How an order's amount is made (packages/domain/src/order-amounts.ts), on the order panel and the ticket. */
export const orderAmounts = {
  subtotal: words.subtotal,
  /** A coupon's line: the code the customer typed, then the offer's name. */
  coupon: (code: string, name: string) => `Code ${code} (${name})`,
  freeItem: words.freeLower,
  freeDelivery: 'livraison offerte',
  delivery: words.delivery,
  deliveryFree: words.freeFeminineLower,
  tax: words.vat,
  total: words.total,
  heading: 'Détail du montant',
} as const;

/** A time on the staff side with its day when not today (packages/domain/src/board-time.ts). */
export const boardTimes = {
  tomorrow: (time: string) => `demain ${time}`,
  /** 'mercredi 2 décembre 12:30'. */
  onDay: (day: string, time: string) => `${day} ${time}`,
  /** 'dès que possible, le mardi 24 novembre': a finished ASAP order, with the day it was placed. */
  asapOn: (asap: string, day: string) => `${asap}, le ${day}`,
} as const;

/** The action buttons and their dialogs. */
export const orderActions = {
  accept: words.accept,
  delay: 'Retarder',
  markReady: words.ready,
  completePickup: 'Récupérée',
  completeDelivery: 'Livrée',
  reject: words.refuse,
  cancel: 'Annuler la commande',
  print: staffWords.print,
  reprint: 'Réimprimer',
  acceptTitle: (orderId: number) => `Accepter la commande n° ${orderId}`,
  acceptHint: 'Prête dans :',
  presetAt: (minutes: number, time: string) => `+${minutes} min (${time})`,
  atSlot: (time: string) => `Pour le créneau (${time})`,
  delayTitle: (orderId: number) => `Retarder la commande n° ${orderId}`,
  delayHint: (time: string) => `Prête vers ${time} actuellement. Nouvelle heure :`,
  rejectTitle: (orderId: number) => `Refuser la commande n° ${orderId}`,
  cancelTitle: (orderId: number) => `Annuler la commande n° ${orderId}`,
  reasonLegend: 'Motif (le client le lira) :',
  otherText: 'Précisez le motif',
  otherRequired: 'Précisez le motif.',
  reasonRequired: 'Choisissez un motif.',
  refundWarning: 'La commande a été payée par carte : elle sera remboursée.',
  confirmReject: 'Confirmer le refus',
  confirmCancel: 'Confirmer l’annulation',
  back: 'Retour',
  working: words.sending,
  staleOrder: 'La commande a changé sur un autre écran : voici son état actuel.',
  actionFailed: staffWords.actionFailed,
  takePayment: 'Encaisser',
  notCollected: 'Non récupérée',
  notCollectedTitle: (orderId: number) => `Commande n° ${orderId} non récupérée ?`,
  notCollectedHint: 'Personne n’est venu la chercher et rien n’a été payé : elle est annulée, sans vente, et sa place dans le créneau est libérée.',
  confirmNotCollected: 'Confirmer : non récupérée',
} as const;

/** « Encaisser »: the counter's payment panel (docs/decisions/031). */
export const counterPayment = {
  title: (orderId: number) => `Encaisser la commande n° ${orderId}`,
  due: (amount: string) => `Reste à payer : ${amount}`,
  means: {
    cash: 'Espèces reçues',
    card_terminal: 'Carte (terminal)',
    meal_voucher_paper: closureMail.means.meal_voucher_paper!,
    meal_voucher_card: closureMail.means.meal_voucher_card!,
  },
  voucherCap: (amount: string) => `Titres-restaurant : ${amount} au plus (plats et boissons sans alcool, plafond journalier).`,
  allCash: 'Tout en espèces',
  allCard: 'Tout par carte',
  change: (amount: string) => `À rendre : ${amount}`,
  rest: (amount: string) => `Il restera ${amount} à payer.`,
  confirm: (amount: string) => `Encaisser ${amount}`,
  done: (change: string) => `Encaissée. Monnaie à rendre : ${change}.`,
  doneNoChange: 'Encaissée.',
  paymentsTitle: 'Paiements',
  reversal: 'Annulé par contre-écriture',
  handedBack: 'Rendu au client',
  reverse: 'Annuler ce paiement',
  confirmReverse: 'Confirmer l’annulation du paiement',
  tendered: (amount: string) => `${amount} reçus`,
  by: (name: string, time: string) => `par ${name} à ${time}`,
  at: (time: string) => `à ${time}`,
} as const;

/** The kitchen ticket (/restaurant/commandes/:orderId/ticket), printed on 80 mm paper. */
export const kitchenTicket = {
  pageTitle: (orderId: number) => `Ticket n° ${orderId}`,
  print: staffWords.print,
  backToBoard: 'Retour aux commandes',
  notFound: 'Commande introuvable parmi celles du jour.',
  loading: 'Chargement du ticket…',
  customer: words.customer,
  ready: (time: string) => `Prête vers ${time}`,
  notAccepted: 'Pas encore acceptée',
} as const;
