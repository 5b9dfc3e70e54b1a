/**
 * The French catalogue — requests and fields: what the API answers about a request itself.
 * Every word a person reads lives in packages/copy/src/.
 */
import { words } from '../words.ts';
import { storefrontWords } from './words.ts';

/** Messages of payments: methods, cards, the payment provider, meal vouchers (docs/decisions/012). */
export const paymentAnswers = {
  paymentFailed: 'Le paiement a échoué, veuillez réessayer',
  paymentMethodRequired: 'Choisissez un moyen de paiement.',
  paymentMethodDisabled: "Ce moyen de paiement n'est pas proposé par le restaurant.",
  paymentAmountChanged: 'Le montant à payer a changé : vérifiez le nouveau total avant de payer.',
  paymentNotConfirmed: "Le paiement n'a pas été confirmé par la banque : la commande n'est pas payée.",
  /** A card order paid with the built-in test processor: no money moved. */
  paymentTestMode: 'Mode test : aucun paiement réel',
  paymentNotForOrder: 'Ce paiement ne correspond pas à cette commande.',
  paymentWebhookRefused: 'Signature du webhook invalide ou expirée.',
  paymentIntentUnknown: "Ce paiement n'existe pas.",
  paymentAmountInvalid: 'Montant attendu en euros, avec 2 décimales au plus.',
  paymentCustomerUnknown: "Ce client de paiement n'existe pas : créez-le d'abord.",
  cardNumberInvalid: 'Numéro de carte invalide.',
  cardExpiryInvalid: "Date d'expiration invalide (MM/AA).",
  cardCvcInvalid: 'Cryptogramme invalide (3 ou 4 chiffres).',
  cardDeclined: 'Votre carte a été refusée.',
  cardAuthenticationFailed: "L'authentification de la carte a échoué.",
  paymentProviderUnavailable: 'Le service de paiement ne répond pas : réessayez dans un instant.',
  mealVoucherInvalid: 'Indiquez si vous payez en titre-restaurant (oui ou non).',
  mealVoucherDisabled: "Le restaurant n'accepte pas les titres-restaurant.",
  mealVoucherCashOnly: 'Les titres-restaurant se règlent sur place : choisissez le paiement sur place.',
  mealVoucherNothingEligible: "Aucun article de cette commande n'est payable en titre-restaurant (boissons alcoolisées et livraison exclues).",
} as const;

/** The card payment screens: payment tab, test card form, 3-D Secure step. */
export const paymentTexts = {
  cashTitle: 'Paiement sur place',
  cashHint: 'En espèces ou par carte, au retrait ou à la livraison.',
  cardTitle: words.cardOnline,
  cardHint: 'Payez maintenant, en toute sécurité.',
  noMethod: 'Aucun moyen de paiement n’est disponible pour le moment.',
  testMode: 'Mode test',
  testModeNotice:
    'Paiement de démonstration : aucune carte réelle n’est débitée. N’entrez jamais une vraie carte ici — ce formulaire de test envoie le numéro à notre serveur.',
  testCardsHint: 'Cartes de test : 4242 4242 4242 4242 (acceptée), 4000 0000 0000 0002 (refusée), 4000 0027 6000 3184 (authentification).',
  cardNumber: 'Numéro de carte',
  cardExpiry: 'Expiration (MM/AA)',
  cardCvc: 'Cryptogramme (CVC)',
  cardFormTitle: 'Vos informations de carte',
  stripeLoading: 'Chargement du formulaire de paiement sécurisé…',
  stripeUnavailable: 'Le formulaire de paiement ne s’est pas chargé. Vérifiez votre connexion et réessayez.',
  authTitle: 'Authentification 3-D Secure',
  authDescription: (amount: string) => `Votre banque (simulée) demande de confirmer le paiement de ${amount}. Confirmez-vous ce paiement ?`,
  authApprove: 'Confirmer le paiement',
  authRefuse: words.refuse,
  pay: (amount: string) => `Payer ${amount}`,
  paying: 'Paiement en cours…',
  mealVoucherTitle: (onSite: string) => `Titre-restaurant (papier ou carte) ${onSite}`,
  mealVoucherPickup: storefrontWords.atPickup,
  mealVoucherDelivery: storefrontWords.onDelivery,
  mealVoucherHint: (limit: string) =>
    `Plats et boissons sans alcool uniquement, hors frais de livraison, dans la limite de ${limit} par jour. Le reste se règle sur place en espèces ou par carte.`,
  mealVoucherPayable: (amount: string) => `dont ${amount} payables en titre-restaurant`,
  mealVoucherRest: (amount: string) => `Reste à régler sur place (espèces ou carte) : ${amount}`,
  cardCommitment: 'Votre carte est débitée à la confirmation ; la commande est envoyée au restaurant une fois le paiement accepté.',
} as const;
