import { staffWords } from './words.ts';
import { words } from '../words.ts';
import { storefrontWords } from '../storefront/words.ts';
import { kitchenTicket } from './board.ts';

/**
 * The French texts of changing an order by staff (docs/decisions/039-changing-an-order.md): the
 * refusals of the domain and the API, the change's summary on the board, the kitchen's
 * « MODIFICATION » ticket, the customer's e-mail and the change screen.
 */
export const orderChangeErrors = {
  badKey: 'Clé de modification illisible : 8 à 64 lettres, chiffres, - ou _.',
  notChangeable: 'Cette commande ne se modifie plus : elle est prête, terminée, refusée ou annulée.',
  unpaidCard: 'Cette commande attend encore son paiement en ligne : elle ne se modifie pas.',
  nothingChanged: 'Rien n’a changé : modifiez un article, le créneau ou le mode de retrait avant d’enregistrer.',
  changedMeanwhile: (name: string | null, time: string) =>
    `${name ?? 'Quelqu’un'} a modifié cette commande à ${time} : voici la commande à jour, refaites votre modification.`,
  refundPending: 'Un remboursement de cette commande est en cours : attendez sa confirmation avant de la modifier.',
  paidAtCounterAbove: (paid: string) => `${paid} ont déjà été encaissés : annulez cet encaissement avant de baisser le total de la commande en dessous.`,
  emptyOrder: 'Une commande garde au moins un article : pour tout retirer, annulez-la.',
};

/** How a change settled the money, as staff and the customer read it. */
export const orderChangeSettlement = {
  /** The reason the customer reads of the refund of a change's difference. */
  refundReason: 'Modification de la commande',
  /** The refund of a change's difference in the order's refunds, as staff read it. */
  refundLine: 'Différence après modification',
  none: 'Le total ne change pas.',
  cashTotal: (total: string) => `Nouveau total : ${total}, à régler sur place.`,
  refund: (amount: string) => `${amount} remboursés sur la carte du client.`,
  due: (amount: string) => `Reste à régler : ${amount} (sur place, ou par un lien de paiement).`,
};

/** The summary of a change: on the board's history of the order, the event's text and the ticket. */
export const orderChangeSummary = {
  added: (quantity: number, label: string) => `+ ${quantity} × ${label}`,
  removed: (quantity: number, label: string) => `− ${quantity} × ${label}`,
  schedule: (from: string, to: string) => `Créneau : ${from} → ${to}`,
  orderType: (isPickup: boolean) => (isPickup ? 'Passe en retrait sur place' : 'Passe en livraison'),
  address: (to: string) => `Nouvelle adresse : ${to}`,
  asap: storefrontWords.asSoonAsPossible,
  separator: ' ; ',
};

/** The kitchen's ticket of a change. */
export const orderChangeTicket = {
  title: 'MODIFICATION',
  added: 'AJOUTÉ',
  removed: 'RETIRÉ',
  revision: (revision: number) => `Modification n° ${revision}`,
};

/** The customer's e-mail after a change. */
export const orderChangeMail = {
  subject: (orderId: number) => `Votre commande n° ${orderId} a été modifiée`,
  heading: 'Votre commande a été modifiée',
  intro: (firstName: string) => `Bonjour ${firstName}, à votre demande, le restaurant a modifié votre commande.`,
  changes: 'Ce qui change',
  lines: 'Votre commande maintenant',
  total: (total: string) => `Nouveau total : ${total}`,
  refund: (amount: string) => `${amount} vous sont remboursés sur votre carte ; le remboursement apparaît sous quelques jours.`,
  due: (amount: string) => `Il reste ${amount} à régler.`,
  track: words.trackOrder,
};

/** The change screen (/restaurant/commandes/<id>/modifier) and the board's button. */
export const orderChangePage = {
  back: kitchenTicket.backToBoard,
  button: 'Modifier la commande',
  title: (orderId: number) => `Modifier la commande n° ${orderId}`,
  intro: 'Ajoutez ou retirez des articles, changez les quantités, les options, les notes, le créneau ou le mode de retrait. Le total est recalculé.',
  before: 'Total avant',
  after: 'Nouveau total',
  difference: 'Différence',
  submit: (total: string) => `Enregistrer la modification · ${total}`,
  submitting: staffWords.saving,
  done: (orderId: number) => `Commande n° ${orderId} modifiée.`,
  customerLocked: 'Le client ne change pas : pour une autre personne, prenez une nouvelle commande.',
  /** The kept delivery address's distance, asked once (docs/decisions/039): the fee by distance waits for it. */
  keptDistanceLoading: 'Calcul de la distance de l’adresse de livraison…',
  keptDistanceFailed: 'La distance de l’adresse de livraison n’a pas pu être calculée : cherchez l’adresse à nouveau pour calculer les frais de livraison.',
};
