/**
 * The French catalogue — phone orders (docs/decisions/036-phone-orders.md): the screen where staff
 * take an order for a customer who calls (/restaurant/commandes/nouvelle), and the « Téléphone »
 * source shown on the board, the kitchen ticket, the history and the sales report.
 */

import { words } from '../words.ts';
import { storefrontWords } from '../storefront/words.ts';
import { staffWords } from './words.ts';

/** The order's source as staff read it (board card and dialog, history, report). */
export const orderSourceLabels = {
  online: 'En ligne',
  phone: words.phone,
} as const;

/** The source line of a kitchen ticket (packages/domain/src/kitchen-ticket.ts). */
export const phoneTicketLine = 'TÉLÉPHONE';

/** The phone order screen. */
export const phoneOrderPage = {
  newOrder: 'Nouvelle commande',
  newOrderHint: 'Prendre une commande par téléphone',
  pageTitle: 'Nouvelle commande par téléphone',
  backToBoard: 'Retour au tableau',
  menuHeading: words.menu,
  searchLabel: 'Chercher un plat',
  searchPlaceholder: 'Nom, ingrédient…',
  searchHint: 'Entrée ajoute le premier plat trouvé ; Entrée sur une recherche vide passe au retrait ou à la livraison.',
  noResult: 'Aucun plat ne correspond.',
  add: (name: string) => `Ajouter ${name}`,
  optionsHeading: (name: string) => `Options de ${name}`,
  lineNote: 'Note pour la cuisine',
  addToCart: 'Ajouter à la commande',
  cancelDish: staffWords.cancel,
  cartHeading: words.order,
  cartEmpty: 'Aucun plat pour l’instant.',
  quantityOf: (name: string) => `Quantité de ${name}`,
  less: (name: string) => `Un ${name} de moins`,
  more: (name: string) => `Un ${name} de plus`,
  customerHeading: words.customer,
  emailOptional: 'E-mail (facultatif : confirmation et suivi)',
  typeHeading: 'Retrait ou livraison',
  whenHeading: 'Pour quand',
  slot: words.slot,
  noSlot: 'Aucun créneau disponible.',
  addressLabel: storefrontWords.deliveryAddress,
  addressPlaceholder: 'Numéro, rue, ville',
  deliveryFee: (fee: string) => `Livraison : ${fee}`,
  paidAtCounter: 'Réglée au comptoir (« Encaisser » sur le tableau)',
  submit: (total: string) => `Enregistrer la commande · ${total}`,
  submitting: staffWords.saving,
  created: (orderId: number) => `Commande n° ${orderId} enregistrée et acceptée.`,
  networkError: 'Le serveur ne répond pas : réessayez (la commande ne sera pas enregistrée deux fois).',
} as const;

/** The sales report's orders per source. */
export const sourceReport = {
  heading: 'Commandes par origine',
  orders: (count: number) => `${count} commande${count > 1 ? 's' : ''}`,
} as const;
