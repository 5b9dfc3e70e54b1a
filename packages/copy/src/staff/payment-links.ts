/**
 * The French catalogue — card payment links, the staff's side (docs/decisions/038-payment-links.md):
 * « Envoyer un lien de paiement » on the board's order dialog, the phone order screen's choice,
 * the text staff copy into an SMS, and the e-mail that carries the link.
 */
import { words } from '../words.ts';
import { staffWords } from './words.ts';

/** The board's order dialog and the phone order screen. */
export const paymentLinkPanel = {
  send: 'Envoyer un lien de paiement',
  working: 'Création du lien…',
  title: (orderId: number) => `Lien de paiement de la commande n° ${orderId}`,
  smsLabel: 'Texte à envoyer par SMS',
  copy: staffWords.copy,
  copied: staffWords.copied,
  copyFailed: 'Copie impossible : sélectionnez le texte et copiez-le.',
  emailedTo: (email: string) => `Lien envoyé à ${email}`,
  notEmailed: 'Pas d’e-mail pour cette commande : envoyez le texte par SMS.',
  validUntil: (time: string) => `Valable jusqu’à ${time}.`,
  close: words.close,
  /** The phone order screen's payment choice, beside « Réglée au comptoir ». */
  phoneChoice: 'Lien de paiement par carte',
  phoneChoiceHint: 'La commande est enregistrée, puis un lien de paiement est créé : envoyez-le au client.',
  paymentHeading: words.payment,
} as const;

/** The text staff paste into an SMS (and the e-mail's first sentence). `amount`: formatPrice of the amount due. */
export const paymentLinkSms = (firstName: string, orderId: number, amount: string, url: string) =>
  `Bonjour ${firstName}, voici le lien pour régler votre commande n° ${orderId} (${amount}) : ${url}`;

/** The e-mail carrying the link. */
export const paymentLinkMail = {
  subject: (orderId: number, restaurant: string) => `Réglez votre commande n° ${orderId} – ${restaurant}`,
  button: 'Payer par carte',
  validity: 'Le lien est valable 24 heures.',
} as const;

/** Why staff cannot make a link (409 payment_link_refused). */
export const paymentLinkStaffErrors = {
  cancelled: 'Commande refusée ou annulée : pas de lien de paiement.',
  already_paid: 'Commande déjà réglée : rien à payer.',
  not_placed: 'Commande par carte pas encore payée par le client : pas de lien de paiement.',
  cardOff: 'Le paiement par carte est coupé : pas de lien de paiement.',
} as const;
