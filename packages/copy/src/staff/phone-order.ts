/**
 * The French catalogue — phone orders (docs/decisions/036-phone-orders.md): the screen where staff
 * take an order for a customer who calls (/restaurant/commandes/nouvelle), and the « Téléphone »
 * source shown on the board, the kitchen ticket, the history and the sales report.
 */

/** The order's source as staff read it (board card and dialog, history, report). */
export const orderSourceLabels = {
  online: 'En ligne',
  phone: 'Téléphone',
} as const;

/** The source line of a kitchen ticket (packages/domain/src/kitchen-ticket.ts). */
export const phoneTicketLine = 'TÉLÉPHONE';

/** The phone order screen. */
export const phoneOrderPage = {
  newOrder: 'Nouvelle commande',
  newOrderHint: 'Prendre une commande par téléphone',
  pageTitle: 'Nouvelle commande par téléphone',
  backToBoard: 'Retour au tableau',
  menuHeading: 'Carte',
  searchLabel: 'Chercher un plat',
  searchPlaceholder: 'Nom, ingrédient…',
  noResult: 'Aucun plat ne correspond.',
  add: (name: string) => `Ajouter ${name}`,
  optionsHeading: (name: string) => `Options de ${name}`,
  lineNote: 'Note pour la cuisine',
  addToCart: 'Ajouter à la commande',
  cancelDish: 'Annuler',
  cartHeading: 'Commande',
  cartEmpty: 'Aucun plat pour l’instant.',
  quantityOf: (name: string) => `Quantité de ${name}`,
  less: (name: string) => `Un ${name} de moins`,
  more: (name: string) => `Un ${name} de plus`,
  customerHeading: 'Client',
  emailOptional: 'E-mail (facultatif : confirmation et suivi)',
  typeHeading: 'Retrait ou livraison',
  whenHeading: 'Pour quand',
  asap: 'Dès que possible',
  slot: 'Créneau',
  noSlot: 'Aucun créneau disponible.',
  addressLabel: 'Adresse de livraison',
  addressPlaceholder: 'Numéro, rue, ville',
  deliveryFee: (fee: string) => `Livraison : ${fee}`,
  paidAtCounter: 'Réglée au comptoir (« Encaisser » sur le tableau)',
  submit: (total: string) => `Enregistrer la commande · ${total}`,
  submitting: 'Enregistrement…',
  created: (orderId: number) => `Commande n° ${orderId} enregistrée et acceptée.`,
  anotherOrder: 'Nouvelle commande',
  seeOnBoard: 'Voir sur le tableau',
  networkError: 'Le serveur ne répond pas : réessayez (la commande ne sera pas enregistrée deux fois).',
} as const;

/** The sales report's orders per source. */
export const sourceReport = {
  heading: 'Commandes par origine',
  orders: (count: number) => `${count} commande${count > 1 ? 's' : ''}`,
} as const;
