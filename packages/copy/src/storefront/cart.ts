/**
 * The French catalogue — The cart panel, coupons and totals (spec section 9).
 * Every word a person reads lives here; the storefront renders these values as they are.
 */
import { words } from '../words.ts';
import { storefrontWords } from './words.ts';

/** Messages of coupons and offers (spec section 9). */
export const offerAnswers = {
  unknownCoupon: 'Ce code promo n’existe pas.',
  expiredCoupon: 'Ce code promo n’est plus valable.',
  couponAlreadyUsed: 'Vous avez déjà profité de cette offre.',
  couponOutdone: 'Une remise plus avantageuse s’applique déjà : ce code n’apporte rien de plus.',
  offerOutOfHours: 'Cette offre n’est pas valable à ce moment-ci.',
  offerPickupOnly: 'Cette offre est réservée au retrait sur place.',
  offerDeliveryOnly: 'Cette offre est réservée à la livraison.',
  offerMinimum: (amount: string) => `Cette offre s’applique dès ${amount} d’achat.`,
  offerNoItem: 'Cette offre ne concerne aucun article de votre panier.',
} as const;

/** Texts of the cart panel (cart). */
export const cartPanel = {
  empty: words.emptyCart,
  emptyHint: 'Choisissez un plat pour commencer.',
  lines: 'Articles du panier',
  quantityOf: (itemName: string | number) => `Quantité de ${itemName}`,
  decrease: (itemName: string | number) => `Retirer un ${itemName}`,
  increase: (itemName: string | number) => `Ajouter un ${itemName}`,
  removeLine: (itemName: string | number) => `Supprimer ${itemName}`,
  checkout: (totalCents: string | number) => `Commander · ${totalCents}`,
} as const;

/** Texts of the coupon field (cart). */
export const couponField = {
  appliedPrefix: 'Code ',
  remove: (code: string | number) => `Retirer le code ${code}`,
  label: words.couponCode,
  /** The field's placeholder: neutral words, never one restaurant's code. */
  placeholder: 'Votre code',
  apply: 'Appliquer',
  invalid: (code: string | number) => `Le code ${code} n’est pas valable.`,
} as const;

/** Texts of the often with (cart). */
export const oftenTakenWith = {
  heading: 'Souvent pris avec',
} as const;

/** Texts of the totals recap (cart). */
export const totalsRecap = {
  subtotal: words.subtotal,
  coupon: (name: string | number) => `Code promo · ${name}`,
  discountCap: 'Les remises sont plafonnées au montant des articles.',
  free: storefrontWords.free,
  pickup: 'Retrait sur place',
  delivery: words.delivery,
  byAddress: 'selon l’adresse',
  freeOfCharge: storefrontWords.freeOfCharge,
  including: 'dont ',
  vatPrefix: 'TVA ',
  total: words.total,
  inclTaxSuffix: ' TTC',
} as const;

/** The badges of offers on dishes and categories (spec section 9: BOGO, % OFF, $ OFF, FREE, OFFERS). */
export const offerBadges = {
  buyOneGetOne: words.buyOneGetOne,
  /** '-10 %' from the formatted number. */
  percentage: (value: string) => `-${value} %`,
  /** '-5 €' from the formatted price. */
  fixedAmount: (price: string) => `-${price}`,
  /** A gift named (« Citronnade maison en cadeau »): « en cadeau » agrees with any dish's gender. */
  freeItemNamed: (giftName: string) => `${giftName} en cadeau`,
  /** A gift whose dish is not on the menus served, or several gifts in one category. */
  freeItem: 'Avec cadeau',
  other: 'PROMO',
  categoryMixed: words.offers,
  categoryPercentage: 'Remise en %',
  categoryFixedAmount: 'Remise en €',
  /** An offer in a dish's dialog: « -10 % · Happy hour ». */
  headline: (badge: string, offerName: string) => `${badge} · ${offerName}`,
} as const;

/** A dish's or a line's price for the other order type, beside its own (packages/domain/src/cart.ts, describeOtherTypePrice). */
export const otherTypePrice = {
  /** '22,50 € en livraison' */
  whenDelivered: (price: string) => `${price} en livraison`,
  /** '21,50 € à emporter' */
  whenPickedUp: (price: string) => `${price} à emporter`,
} as const;
