/**
 * The French catalogue — the customer's card payment page `/payer/<token>`
 * (docs/decisions/038-payment-links.md).
 */
import { words } from '../words.ts';
import { paymentTexts } from './payment.ts';

/** The page. */
export const payLinkPage = {
  pageTitle: (orderId: number) => `Régler la commande n° ${orderId}`,
  orderNumber: (orderId: number) => `Commande n° ${orderId}`,
  due: 'Montant à régler',
  alreadyPaid: 'Déjà réglé',
  total: words.total,
  pay: (amount: string) => `Payer ${amount}`,
  paying: paymentTexts.paying,
  loading: 'Chargement de votre commande…',
  thanks: 'Merci, votre commande est réglée',
  thanksHint: 'Le restaurant a reçu votre paiement.',
  track: words.trackOrder,
} as const;

/** What the page and its API answer when the link cannot be paid. */
export const payLinkErrors = {
  unknown: 'Ce lien de paiement n’existe pas. Vérifiez l’adresse reçue.',
  expired: 'Ce lien de paiement a expiré. Demandez-en un nouveau au restaurant.',
  alreadyPaid: 'Cette commande est déjà réglée.',
  cancelled: 'Cette commande a été annulée : il n’y a rien à payer.',
  notPlaced: 'Cette commande se règle sur la page de commande.',
} as const;
