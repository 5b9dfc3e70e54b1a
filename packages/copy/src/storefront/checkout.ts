/**
 * The French catalogue — The checkout tabs, the schedule and the confirmation page (spec sections 7 and 8).
 * Every word a person reads lives here; the storefront renders these values as they are.
 */
import { words } from '../words.ts';
import { storefrontWords } from './words.ts';

/** Texts of the cart summary (checkout). */
export const checkoutCartSummary = {
  heading: storefrontWords.cart,
  edit: words.edit,
} as const;

/** Texts of the confirmation tab (checkout). */
export const checkoutConfirm = {
  edit: words.edit,
  heading: 'Vérifiez et confirmez',
  toComplete: 'À compléter',
  addressToComplete: 'Adresse à compléter',
  sending: 'Envoi de la commande…',
  submit: 'Confirmer la commande',
  commitment: (livraison: string | number) => `En confirmant, vous vous engagez à régler la commande ${livraison}.`,
  asSoonAsPossible: storefrontWords.asSoonAsPossible,
  pickup: words.takeaway,
  delivery: words.delivery,
  deliveryAt: (when: string | number, value1: string | number) => `Livraison ${when} : ${value1}`,
  /** 'Retrait dès que possible, 12 rue …': the pickup's time and the restaurant's address. */
  pickupAt: (when: string, restaurantAddress: string) => `Retrait ${when}, ${restaurantAddress}`,
  payOnPickup: storefrontWords.atPickup,
  payOnDelivery: storefrontWords.onDelivery,
} as const;

/** Texts of the delivery tab (checkout). */
export const checkoutAddress = {
  pickupHeading: 'Retrait au restaurant',
  deliveryHeading: storefrontWords.deliveryAddress,
  pickupReadiness: (pickupMinimumTime: string | number) =>
    `Votre commande est prête au créneau choisi, ou environ ${pickupMinimumTime} minutes après confirmation.`,
  street: words.address,
  addressDetails: 'Complément (étage, code…)',
  postalCode: words.postalCode,
  city: 'Ville',
  country: 'Pays',
  deliveredPostalCodes: (postalCode: string | number) => `Nous livrons : ${postalCode}.`,
  checking: 'Vérification de l’adresse…',
  next: storefrontWords.continue,
} as const;

/** Texts of the payment tab (checkout). */
export const checkoutPayment = {
  heading: 'Moyen de paiement',
  next: storefrontWords.continue,
} as const;

/** Texts of the personal tab (checkout). */
export const checkoutContact = {
  heading: 'Vos coordonnées',
  loggedInAs: (email: string | number) => `Connecté avec ${email} : la commande sera dans votre historique.`,
  haveAccount: 'Vous avez un compte ?',
  logIn: 'Connectez-vous',
  logInBenefit: 'pour retrouver vos coordonnées (facultatif).',
  firstName: storefrontWords.firstName,
  lastName: words.name,
  email: words.email,
  phone: words.phone,
  dataUse: 'Nous utilisons ces informations uniquement pour votre commande.',
  next: storefrontWords.continue,
} as const;

/** Texts of the receipt options (checkout). */
export const receiptOptions = {
  anonymous: 'Ne pas faire figurer mon nom sur le reçu',
  invoiceToggle: 'Besoin d’une facture pour votre entreprise ? (facultatif)',
  businessName: words.companyName,
  businessAddress: 'Adresse de facturation',
  vatNumber: 'N° de TVA intracommunautaire (facultatif)',
  siren: 'SIREN (facultatif)',
} as const;

/** Texts of the schedule picker (checkout). */
export const schedulePicker = {
  pickupQuestion: 'Quand souhaitez-vous retirer votre commande ?',
  deliveryQuestion: 'Quand souhaitez-vous être livré ?',
  asSoonAsPossible: 'Dès que possible',
  aboutMinutes: (minimumTimeMinutes: string | number) => `Environ ${minimumTimeMinutes} min`,
  closedNow: 'Le restaurant est fermé pour le moment',
  /** ASAP not offered while no staff screen is connected. */
  noAsapHint: 'Pas de commande immédiate pour le moment : choisissez un créneau',
  /** ASAP stopped by the owner's pause; the slots after its end stay offered (docs/decisions/023). */
  pausedChooseSlot: (time: string) => `Le restaurant fait une pause jusqu’à ${time} : choisissez un créneau`,
  schedule: 'Planifier',
  noSlot: 'Aucun créneau n’est disponible dans les 7 prochains jours.',
  day: 'Jour',
  slot: words.slot,
  chooseSlot: 'Choisir un créneau',
  today: (d: string | number) => `Aujourd’hui (${d})`,
  tomorrow: (d: string | number) => `Demain (${d})`,
} as const;

/** Texts of the tabs nav (checkout). */
export const checkoutSteps = {
  label: storefrontWords.orderSteps,
  orderType: words.mode,
  delivery: words.delivery,
  contact: words.contactDetails,
  pickup: words.pickup,
  payment: words.payment,
  confirm: 'Confirmation',
} as const;

/** Texts of the type tab (checkout). */
export const checkoutOrderType = {
  heading: 'Comment souhaitez-vous recevoir votre commande ?',
  pickup: words.takeaway,
  pickupHint: 'Retrait au restaurant, paiement sur place.',
  delivery: words.delivery,
  deliveryHint: 'Chez vous, selon votre adresse (frais selon la zone).',
  unavailable: 'Non proposée par le restaurant.',
  pickupChosen: 'Retrait sur place choisi.',
  deliveryChosen: 'Livraison choisie.',
} as const;

/** Texts of the checkout. */
export const checkoutPage = {
  heading: 'Votre commande',
  emptyCart: words.emptyCart,
  viewMenu: storefrontWords.viewMenu,
  loading: words.loading,
  previous: '← Précédent',
  cartSummary: 'Récapitulatif du panier',
  pageTitle: words.order,
} as const;

/** Texts of the success. */
export const orderPlaced = {
  thanks: 'Merci',
  orderPrefix: 'Votre commande ',
  orderNumberShort: (orderId: string | number) => `n° ${orderId}`,
  recordedSuffix: ' est bien enregistrée.',
  recorded: 'Votre commande est bien enregistrée.',
  /** 'Livraison le mardi 24 novembre, 12:30–12:45 au 8 rue Mercière, 69002 Lyon' (then the payment's clause). */
  deliveryAt: (when: string, address: string) => `Livraison ${when} au ${address}`,
  /** 'Retrait dès que possible au 12 rue …' (then the payment's clause). */
  pickupAt: (when: string, restaurantAddress: string) => `Retrait ${when} au ${restaurantAddress}`,
  /** The payment's clause: a card order was paid before /success; cash (and meal vouchers) at the door or the counter. */
  payOnDelivery: ', paiement à la livraison.',
  payOnPickup: ', paiement sur place.',
  paidByCard: ', déjà payée par carte.',
  questions: 'Pour toute question : ',
  free: storefrontWords.free,
  coupon: (name: string | number) => `Code promo · ${name}`,
  delivery: words.delivery,
  freeOfCharge: storefrontWords.freeOfCharge,
  totalInclTax: words.totalInclTax,
  viewReceipt: storefrontWords.viewReceipt,
  backToMenu: words.backToMenu,
  documentTitle: 'Commande envoyée · Merci !',
  asSoonAsPossible: storefrontWords.asSoonAsPossible,
  restaurantFallback: 'restaurant',
} as const;

const list = (names: readonly string[]) => names.map((n) => `« ${n} »`).join(', ');

/** French sentences of scheduling (section 8's alert included). */
export const scheduleMessages = {
  closedNow: 'Le restaurant est fermé pour le moment : choisissez un créneau pour plus tard.',
  /** No staff screen connected: nobody would see an ASAP order at once. */
  noScreenNow: 'Le restaurant ne prend pas de commande immédiate pour le moment : choisissez un créneau.',
  notServedNow: (names: readonly string[]) =>
    `Ces plats ne sont pas servis en ce moment : ${list(names)}. Choisissez un créneau pour plus tard ou retirez-les.`,
  dateRequired: 'Choisissez un jour.',
  datePast: 'Ce jour est déjà passé : choisissez un autre jour.',
  dateTooFar: (days: number) => `Les commandes se planifient au plus ${days} jours à l’avance.`,
  slotRequired: 'Choisissez un créneau horaire.',
  slotUnavailable: 'Ce créneau n’est plus disponible : choisissez-en un autre.',
  /** Section 8, 'The following items in your cart are not available at the selected time…'. */
  itemsNotAvailable: (names: readonly string[]) =>
    `Les articles suivants de votre panier ne sont pas disponibles à l’heure choisie : ${list(names)}. Veuillez choisir un autre horaire ou retirer ces articles.`,
  /** An order wanted as soon as possible (spec section 7: no delivery_date). */
  asSoonAsPossible: storefrontWords.asSoonAsPossible,
  /** A scheduled order: 'le mercredi 25 novembre, 12:30–12:45'. */
  onDayAtSlot: (day: string, slot: string) => `le ${day}, ${slot}`,
} as const;
