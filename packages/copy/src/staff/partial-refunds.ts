import { storefrontWords } from '../storefront/words.ts';
import { words } from '../words.ts';
import { closureMail } from './books.ts';
import { staffWords } from './words.ts';
import { orderStatusMailCopy } from './order-life.ts';

/**
 * The French texts of partial refunds of a card order, by staff (docs/decisions/035-partial-refunds.md):
 * the reasons, the refusals of the domain and the API, the form of the board's dialog and of the
 * history's order page, and the credit note's lines.
 */

/** The reasons staff choose (« autre » needs their own words). */
export const partialRefundReasonLabels = {
  missing_item: 'Produit manquant',
  late: 'Retard',
  goodwill: 'Geste commercial',
  other: 'Autre',
} as const;

/**
 * The reason as the customer reads it (their e-mail, their status page): the label of the reason
 * staff chose, or for « autre » staff's own words as they typed them (docs/decisions/035: a
 * restaurant shows them), without a final full stop (the sentence adds its own).
 */
export function partialRefundReasonText(reason: keyof typeof partialRefundReasonLabels | null, reasonText: string | null): string {
  const text = reason === 'other' || !reason ? (reasonText ?? '').trim() : partialRefundReasonLabels[reason];
  return (text || partialRefundReasonLabels.other).replace(/[.\s]+$/u, '');
}

/** The customer's e-mail once the payment provider confirms a partial refund (docs/decisions/035). Amounts formatted, '4,50 €'. */
export const partialRefundMailCopy = {
  subject: (orderId: number, amount: string) => `Remboursement de ${amount} sur votre commande n° ${orderId}`,
  hello: orderStatusMailCopy.hello,
  intro: (orderId: number, amount: string) => `Le restaurant vous a remboursé ${amount} sur votre commande n° ${orderId}.`,
  reason: orderStatusMailCopy.reason,
  linesTitle: 'Articles remboursés :',
  line: (quantity: number, label: string, amount: string) => `${quantity} × ${label} — ${amount}`,
  paid: (amount: string) => `Payé par carte : ${amount}`,
  refundedTotal: (amount: string) => `Remboursé en tout : ${amount}`,
  onCard: 'Le montant apparaîtra sur votre carte d’ici quelques jours, selon votre banque.',
  follow: orderStatusMailCopy.follow,
  followLink: orderStatusMailCopy.followLink,
} as const;

/** Why a partial refund is refused (the field is named with it). */
export const partialRefundErrors = {
  notCardPaid: 'Seule une commande payée par carte (en ligne ou par un lien de paiement) se rembourse ici.',
  aboveOnePayment: (most: string) =>
    `Ce remboursement dépasse ce que garde un seul paiement par carte de la commande (au plus ${most}) : remboursez-le en deux fois.`,
  nothingLeft: 'Cette commande est déjà entièrement remboursée.',
  aboveLeft: (left: string) => `C’est plus que ce qui reste à rembourser (${left}).`,
  zeroAmount: 'Indiquez un montant à rembourser supérieur à 0 €.',
  badAmount: 'Montant illisible : indiquez des euros et des centimes, par exemple 4,50.',
  noLine: 'Choisissez au moins un article à rembourser.',
  unknownLine: 'Cet article ne fait pas partie de la commande.',
  quantityAboveLeft: (left: number) => (left === 0 ? 'Cet article est déjà entièrement remboursé.' : `Au plus ${left} à rembourser pour cet article.`),
  reasonTextRequired: 'Précisez la raison du remboursement en quelques mots.',
  reasonTextTooLong: 'La raison tient en 300 caractères au plus.',
  refused: (message: string) =>
    `Le prestataire de paiement a refusé le remboursement : ${message.replace(/\.$/u, '')}. Rien n’a été remboursé ; vous pouvez réessayer.`,
};

/** The credit note's line of an amount refunded at one VAT rate (its share, pro rata). */
export const partialRefundDocument = {
  amountLine: (rate: string) => `Remboursement partiel (TVA ${rate})`,
  restLine: (rate: string) => `Annulation du solde (TVA ${rate})`,
};

/** The form « Rembourser une partie » and the list of an order's refunds. */
export const partialRefundForm = {
  open: 'Rembourser une partie',
  title: 'Rembourser une partie de la commande',
  left: (amount: string) => `Reste à rembourser : ${amount}`,
  byLines: 'Par article',
  byAmount: 'Un montant',
  modeLabel: 'Ce qui est remboursé',
  amountLabel: 'Montant à rembourser (€)',
  quantityOf: (name: string) => `Quantité de ${name} à rembourser`,
  less: 'Un de moins',
  more: 'Un de plus',
  ofOrdered: (left: number) => `sur ${left}`,
  reasonLabel: 'Raison',
  reasonTextLabel: 'Précisez la raison',
  /** Staff's own words reach the customer as typed (docs/decisions/035). */
  reasonTextHint: 'Le client lira ces mots dans son e-mail et sur le suivi de sa commande.',
  total: (amount: string) => `À rembourser : ${amount}`,
  next: storefrontWords.continue,
  confirmTitle: 'Confirmer le remboursement',
  confirmText: (amount: string) => `Rembourser ${amount} au client sur sa carte ? Cela ne peut pas être annulé.`,
  confirm: 'Rembourser',
  back: words.edit,
  cancel: staffWords.cancel,
  sending: 'Remboursement…',
  done: (amount: string) => `${amount} remboursés.`,
  listTitle: closureMail.refunds,
  full: 'Remboursement de la commande',
  byWhom: (name: string, time: string) => `par ${name}, ${time}`,
  statuses: { pending: 'En cours', succeeded: 'Remboursé', failed: 'Refusé par le prestataire' },
  retry: 'Réessayer le remboursement',
} as const;
