import { storefrontWords } from '../storefront/words.ts';
import { words } from '../words.ts';
import { closureMail } from './books.ts';
import { staffWords } from './words.ts';

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

/** Why a partial refund is refused (the field is named with it). */
export const partialRefundErrors = {
  notCardPaid: 'Seule une commande payée en ligne par carte se rembourse ici.',
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
