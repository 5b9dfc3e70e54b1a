/**
 * The French catalogue — the restaurant's orders board and kitchen ticket
 * (docs/decisions/019; the screens' presence: docs/decisions/022). Column labels and refusal reasons come from the state machine
 * (packages/domain/src/order-lifecycle.ts: `boardColumnLabels`, `refusalReasonLabels`); the
 * board's own words live here.
 */

/** The board page (/restaurant/commandes). */
export const boardTexts = {
  pageTitle: 'Commandes',
  /** The tab title: '(2) Commandes — Chez Margot' while 2 new orders are unopened. */
  tabTitle: (unopened: number, restaurant: string) => `${unopened > 0 ? `(${unopened}) ` : ''}Commandes — ${restaurant}`,
  heading: 'Commandes',
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
export const orderCardTexts = {
  orderNumber: (orderId: number) => `n° ${orderId}`,
  orderLabel: (orderId: number) => `Commande n° ${orderId}`,
  pickup: 'À emporter',
  delivery: 'Livraison',
  readyAt: (time: string) => `prête vers ${time}`,
  placedAt: (time: string) => `reçue à ${time}`,
  payCard: 'payée par carte',
  payOnSite: 'à régler sur place',
  testMode: 'mode test',
  mealVoucher: (amount: string) => `dont titre-restaurant ${amount}`,
  total: 'Total',
  allergens: 'Allergènes :',
  note: (text: string) => `« ${text} »`,
  free: 'offert',
  callCustomer: (phone: string) => `Appeler le ${phone}`,
  newBadge: 'Non ouverte',
  ticketPrinted: 'ticket imprimé',
  reason: (text: string) => `Motif : ${text}`,
  refundPending: 'Remboursement en cours',
  refundSucceeded: (amount: string) => `Remboursée (${amount})`,
  refundFailed: 'Le prestataire de paiement a refusé le remboursement : relancez-le, ou remboursez le client autrement.',
  providerAnswer: (error: string) => `Réponse du prestataire : ${error}`,
  retryRefund: 'Relancer le remboursement',
  statusRejected: 'Refusée',
  statusCancelled: 'Annulée',
  statusCompleted: 'Terminée',
  close: 'Fermer',
} as const;

/** How an order's amount is made (packages/domain/src/order-amounts.ts), on the order panel and the ticket. */
export const orderAmountTexts = {
  subtotal: 'Sous-total',
  /** A coupon's line: the code the customer typed, then the offer's name. */
  coupon: (code: string, name: string) => `Code ${code} (${name})`,
  freeItem: 'offert',
  freeDelivery: 'livraison offerte',
  delivery: 'Livraison',
  deliveryFree: 'offerte',
  tax: 'TVA',
  total: 'Total',
  heading: 'Détail du montant',
} as const;

/** A time on the staff side with its day when not today (packages/domain/src/board-time.ts). */
export const boardTimeTexts = {
  tomorrow: (time: string) => `demain ${time}`,
  /** 'mercredi 2 décembre 12:30'. */
  onDay: (day: string, time: string) => `${day} ${time}`,
  /** 'dès que possible, le mardi 24 novembre': a finished ASAP order, with the day it was placed. */
  asapOn: (asap: string, day: string) => `${asap}, le ${day}`,
} as const;

/** The action buttons and their dialogs. */
export const orderActionTexts = {
  accept: 'Accepter',
  delay: 'Retarder',
  markReady: 'Prête',
  completePickup: 'Récupérée',
  completeDelivery: 'Livrée',
  reject: 'Refuser',
  cancel: 'Annuler la commande',
  print: 'Imprimer',
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
  working: 'Envoi…',
  staleOrder: 'La commande a changé sur un autre écran : voici son état actuel.',
  actionFailed: 'L’action n’a pas abouti. Réessayez.',
} as const;

/** The kitchen ticket (/restaurant/commandes/:orderId/ticket), printed on 80 mm paper. */
export const ticketTexts = {
  pageTitle: (orderId: number) => `Ticket n° ${orderId}`,
  print: 'Imprimer',
  backToBoard: 'Retour aux commandes',
  notFound: 'Commande introuvable parmi celles du jour.',
  loading: 'Chargement du ticket…',
  customer: 'Client',
  ready: (time: string) => `Prête vers ${time}`,
  notAccepted: 'Pas encore acceptée',
} as const;
