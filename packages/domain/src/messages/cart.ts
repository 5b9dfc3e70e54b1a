/**
 * The French catalogue — The cart panel, coupons and totals (spec section 9).
 * Every word a person reads lives here (docs/decisions/018); the storefront renders these values as they are.
 */

/** Messages of coupons and offers (spec section 9). Part of `messages` (packages/domain/src/messages.ts). */
export const offerMessages = {
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

/** Texts of apps/web/app/features/cart/cart-panel.tsx. */
export const cartPanelTexts = {
  votrePanierEstVide: 'Votre panier est vide.',
  choisissezUnPlatPourCommencer: 'Choisissez un plat pour commencer.',
  articlesDuPanier: 'Articles du panier',
  quantiteDe: (itemName: string | number) => `Quantité de ${itemName}`,
  retirerUn: (itemName: string | number) => `Retirer un ${itemName}`,
  ajouterUn: (itemName: string | number) => `Ajouter un ${itemName}`,
  supprimer: (itemName: string | number) => `Supprimer ${itemName}`,
  commander: (totalCents: string | number) => `Commander · ${totalCents}`,
} as const;

/** Texts of apps/web/app/features/cart/coupon-field.tsx. */
export const couponFieldTexts = {
  code: 'Code ',
  retirerLeCode: (code: string | number) => `Retirer le code ${code}`,
  codePromo: 'Code promo',
  /** The field's placeholder: neutral words, never one restaurant's code. */
  placeholder: 'Votre code',
  appliquer: 'Appliquer',
  leCodeNEstPas: (code: string | number) => `Le code ${code} n’est pas valable.`,
} as const;

/** Texts of apps/web/app/features/cart/often-with.tsx. */
export const oftenWithTexts = {
  souventPrisAvec: 'Souvent pris avec',
} as const;

/** Texts of apps/web/app/features/cart/totals-recap.tsx. */
export const totalsRecapTexts = {
  sousTotal: 'Sous-total',
  codePromo: (name: string | number) => `Code promo · ${name}`,
  lesRemisesSontPlafonneesAu: 'Les remises sont plafonnées au montant des articles.',
  offert: 'Offert',
  retraitSurPlace: 'Retrait sur place',
  livraison: 'Livraison',
  selonLAdresse: 'selon l’adresse',
  gratuit: 'Gratuit',
  dont: 'dont ',
  tva: 'TVA ',
  total: 'Total',
  ttc: ' TTC',
} as const;

/** The badges of offers on dishes and categories (spec section 9: BOGO, % OFF, $ OFF, FREE, OFFERS). */
export const offerBadges = {
  buyOneGetOne: '1 acheté = 1 offert',
  /** '-10 %' from the formatted number. */
  percentage: (value: string) => `-${value} %`,
  /** '-5 €' from the formatted price. */
  fixedAmount: (price: string) => `-${price}`,
  /** A gift named (« Citronnade maison en cadeau »): « en cadeau » agrees with any dish's gender. */
  freeItemNamed: (giftName: string) => `${giftName} en cadeau`,
  /** A gift whose dish is not on the menus served, or several gifts in one category. */
  freeItem: 'Avec cadeau',
  other: 'PROMO',
  categoryMixed: 'Offres',
  categoryPercentage: 'Remise en %',
  categoryFixedAmount: 'Remise en €',
  /** An offer in a dish's dialog: « -10 % · Happy hour ». */
  headline: (badge: string, offerName: string) => `${badge} · ${offerName}`,
} as const;

/** A dish's or a line's price for the other order type, beside its own (packages/domain/src/cart.ts, describeOtherTypePrice). */
export const otherTypePriceTexts = {
  /** '22,50 € en livraison' */
  whenDelivered: (price: string) => `${price} en livraison`,
  /** '21,50 € à emporter' */
  whenPickedUp: (price: string) => `${price} à emporter`,
} as const;
