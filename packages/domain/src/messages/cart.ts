/**
 * The French catalogue — The cart panel, coupons and totals (spec section 9).
 * Every word a person reads lives here (issue 12); the storefront renders these values as they are.
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
  quantiteDe: (item_name: string | number) => `Quantité de ${item_name}`,
  retirerUn: (item_name: string | number) => `Retirer un ${item_name}`,
  ajouterUn: (item_name: string | number) => `Ajouter un ${item_name}`,
  supprimer: (item_name: string | number) => `Supprimer ${item_name}`,
  commander: (totalCents: string | number) => `Commander · ${totalCents}`,
} as const;

/** Texts of apps/web/app/features/cart/coupon-field.tsx. */
export const couponFieldTexts = {
  code: 'Code ',
  retirerLeCode: (code: string | number) => `Retirer le code ${code}`,
  codePromo: 'Code promo',
  bienvenue10: 'BIENVENUE10',
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
