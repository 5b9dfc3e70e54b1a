/**
 * The French catalogue — the e-mails of the product: the 6-digit code, the existing
 * account notice, the customer's order confirmation and the kitchen's new-order e-mail.
 * apps/api/src/modules/mail/templates.ts lays these texts out as plain text and HTML.
 */
import { words } from '../words.ts';

/** Shared words of the e-mails. */
export const mailCommon = {
  hello: words.hello,
  ignoreIfNotYou: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.",
} as const;

/** The e-mail carrying a 6-digit code, to confirm a sign-up or to reset a password. */
export const codeMailCopy = {
  signupAction: 'confirmer votre adresse e-mail et activer votre compte',
  resetAction: 'choisir un nouveau mot de passe',
  signupSubject: (code: string) => `Votre code de confirmation : ${code}`,
  resetSubject: (code: string) => `Votre code pour changer de mot de passe : ${code}`,
  codeFor: (action: string) => `Voici votre code pour ${action} :`,
  validity: (minutes: number) => `Il est valable ${minutes} minutes et ne sert qu'une fois.`,
  ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : rien ne sera modifié.",
} as const;

/** Sent instead of a code when someone signs up with the address of an existing account. */
export const existingAccountMailCopy = {
  subject: 'Vous avez déjà un compte',
  someone: 'Quelqu’un (vous, peut-être) a demandé à créer un compte avec cette adresse e-mail, qui a déjà un compte.',
  logIn: 'Connectez-vous avec votre mot de passe, ou choisissez « Mot de passe oublié » pour en définir un nouveau.',
} as const;

/** The order e-mails: facts, lines, totals (French law's durable medium). */
export const orderMailCopy = {
  pickupAt: (address: string) => `À retirer au restaurant : ${address}`,
  deliveryTo: (address: string) => `Livraison : ${address}`,
  order: words.order,
  orderNumber: (orderId: number) => `n° ${orderId}`,
  placedAt: 'Passée le',
  type: words.type,
  takeaway: words.takeaway,
  delivery: words.delivery,
  address: words.address,
  slot: words.slot,
  payment: words.payment,
  customer: words.customer,
  cardOnline: words.cardOnline,
  cashOnSite: 'Sur place (espèces ou carte au comptoir)',
  cashOnDelivery: words.dueOnDelivery,
  /** `payable`: paymentTexts.mealVoucherPayable of the amount. */
  cashWithMealVouchers: (payable: string) => `Sur place, ${payable} (papier ou carte), le reste en espèces ou par carte`,
  subtotal: words.subtotal,
  discounts: words.discounts,
  discountsWithCode: (code: string) => `Remises (code ${code})`,
  tax: (rate: string, inclusive: boolean, base: string) => `TVA ${rate} ${inclusive ? 'incluse ' : ''}sur ${base}`,
  total: words.total,
  free: words.freeLower,
  freeMark: words.freeMark,
  note: (note: string) => `Note : ${note}`,
  seeReceipt: 'Voir et télécharger votre reçu',
  yourReceipt: (url: string) => `Votre reçu : ${url}`,
  /** The customer's link to the order's status page /suivi. */
  trackOrder: words.trackOrder,
  trackOrderAt: (url: string) => `Suivre ma commande : ${url}`,
  /** The customer's first e-mail, sent when the order is placed: received, not yet accepted (the acceptance has its own e-mail). */
  receivedSubject: (orderId: number) => `Votre commande n° ${orderId} est bien reçue`,
  /** `awaitsConfirmation`: the restaurant answers on its board (not `orders.email_only`), and an e-mail will say when it accepts. */
  receivedIntro: (firstName: string, awaitsConfirmation: boolean) =>
    awaitsConfirmation
      ? `Bonjour ${firstName}, merci pour votre commande ! Le restaurant va la confirmer : vous recevrez un e-mail dès qu’il l’aura acceptée, avec l’heure à laquelle elle sera prête. Voici son récapitulatif.`
      : `Bonjour ${firstName}, merci pour votre commande ! Le restaurant l’a bien reçue. Voici son récapitulatif.`,
  testModeTag: '[MODE TEST] ',
  newOrderSubject: (orderId: number, isPickup: boolean, total: string) =>
    `Nouvelle commande n° ${orderId} — ${isPickup ? 'à emporter' : 'livraison'} — ${total}`,
  newOrderIntro: (firstName: string, lastName: string) => `Nouvelle commande de ${firstName} ${lastName}.`,
} as const;
