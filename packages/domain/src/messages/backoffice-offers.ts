import type { OfferType } from '../offers.ts';

/**
 * The French catalogue — the back office's offers and coupons page (/restaurant/offres,
 * docs/decisions/023) and its API's messages. The conditions of an offer in words come from
 * `describeOffer` (packages/domain/src/backoffice-offers.ts), which reads these.
 */

/** The names of the types the pricing knows (offers.ts `offerTypes`). */
export const offerTypeLabels: Record<OfferType, string> = {
  percentage: 'Remise en pourcentage',
  fixed_amount: 'Remise en euros',
  free_delivery: 'Livraison offerte',
  free_item: 'Article offert',
  buy_one_get_one: '1 acheté = 1 offert',
  cheapest_item: 'Remise sur l’article le moins cher',
};

/** What each type does, under the type's choice in the form. */
export const offerTypeHints: Record<OfferType, string> = {
  percentage: 'Un pourcentage de remise sur chaque article concerné.',
  fixed_amount: 'Un montant retiré une fois, au plus le montant des articles concernés.',
  free_delivery: 'Les frais de livraison ne sont pas facturés.',
  free_item: 'Un article ajouté gratuitement à la commande.',
  buy_one_get_one: 'Sur les articles concernés, un sur deux est offert (le moins cher de chaque paire).',
  cheapest_item: 'Un pourcentage de remise sur l’article concerné le moins cher, une fois par commande.',
};

export const weekdayShort = { mon: 'lun.', tue: 'mar.', wed: 'mer.', thu: 'jeu.', fri: 'ven.', sat: 'sam.', sun: 'dim.' } as const;
export const weekdayLong = { mon: 'Lundi', tue: 'Mardi', wed: 'Mercredi', thu: 'Jeudi', fri: 'Vendredi', sat: 'Samedi', sun: 'Dimanche' } as const;

/** The conditions of an offer in words (describeOffer). */
export const offerConditionTexts = {
  percentOff: (value: string) => `${value} % de remise`,
  eurosOff: (price: string) => `${price} de remise`,
  freeDelivery: 'Livraison offerte',
  freeItem: (name: string) => `${name} offert`,
  buyOneGetOne: '1 acheté = 1 offert',
  cheapestOff: (value: string) => `${value} % sur l’article le moins cher`,
  fromUnits: (units: number) => `dès ${units} articles concernés`,
  scopeAll: 'Toute la carte',
  scopeNone: 'Aucun article (offre affichée sans portée)',
  scopeOn: (names: string) => `Sur : ${names}`,
  always: 'Tous les jours, à toute heure',
  window: (days: string, start: string, end: string) => `${days} de ${start} à ${end}`,
  pickupOnly: 'À emporter seulement',
  deliveryOnly: 'En livraison seulement',
  bothTypes: 'À emporter et en livraison',
  minimum: (price: string) => `Dès ${price} d’achat`,
  oncePerCustomer: 'Une fois par client',
  automatic: 'Automatique',
  byCode: (code: string) => `Avec le code ${code}`,
  shownOnMenu: 'Affichée sur la carte',
  unknownRef: (id: number) => `n° ${id} (supprimé)`,
} as const;

/** The page (/restaurant/offres). */
export const offersPageTexts = {
  title: 'Offres et codes promo',
  intro: 'Les offres automatiques s’appliquent seules au panier ; un code promo s’applique quand le client le saisit.',
  create: 'Nouvelle offre',
  empty: 'Aucune offre pour l’instant.',
  active: 'Active',
  paused: 'En pause',
  pause: 'Mettre en pause',
  resume: 'Reprendre',
  edit: 'Modifier',
  remove: 'Supprimer',
  removeConfirm: (name: string) => `Supprimer l’offre « ${name} » ? Si des commandes l’ont utilisée, elle est archivée (les commandes gardent leur copie).`,
  confirmRemove: 'Oui, supprimer',
  cancel: 'Annuler',
  usage: (orders: number, cost: string) => (orders === 0 ? 'Pas encore utilisée' : `${orders} commande${orders > 1 ? 's' : ''} · ${cost} de remise`),
  usageHint: 'Commandes passées (ni refusées ni annulées) ; la livraison et les articles offerts ne sont pas comptés en euros.',
  listLabel: 'Offres',
  paused_done: (name: string) => `« ${name} » est en pause.`,
  resumed_done: (name: string) => `« ${name} » est de nouveau active.`,
  deleted_done: (name: string) => `« ${name} » est supprimée.`,
  archived_done: (name: string) => `« ${name} » est supprimée (archivée : des commandes l’ont utilisée).`,
  saved_done: (name: string) => `« ${name} » est enregistrée.`,
  ownerOnly: 'Les offres sont gérées par le propriétaire.',
} as const;

/** The form. */
export const offerFormTexts = {
  createTitle: 'Nouvelle offre',
  editTitle: (name: string) => `Modifier « ${name} »`,
  name: 'Nom',
  description: 'Description (facultative)',
  type: 'Type d’offre',
  valuePercent: 'Remise (%)',
  valueEuros: 'Remise (€)',
  minUnits: 'Nombre d’articles concernés au moins',
  gift: 'Article offert',
  giftNone: 'Choisir un article…',
  mode: 'Application',
  modeAutomatic: 'Automatique',
  modeCode: 'Avec un code promo',
  code: 'Code promo',
  codeHint: 'Majuscules, chiffres, - ou _ ; le client peut le saisir en minuscules.',
  isPublic: 'Affichée sur la carte (badge sur les plats concernés)',
  allowRepeat: 'Utilisable plusieurs fois par le même client',
  isActive: 'Active',
  deliveryPickup: 'Type de commande',
  both: 'À emporter et livraison',
  pickup: 'À emporter seulement',
  delivery: 'Livraison seulement',
  minimum: 'Montant minimum (€)',
  windows: 'Jours et heures',
  windowsHint: 'Sans créneau, l’offre vaut tous les jours à toute heure. Une fin avant le début passe minuit.',
  addWindow: 'Ajouter un créneau',
  removeWindow: 'Retirer ce créneau',
  windowLabel: (n: number) => `Créneau ${n}`,
  start: 'De',
  end: 'À',
  scope: 'Articles concernés',
  scopeHint: 'Rien de coché : toute la carte (sauf pour une offre affichée sur la carte, qui doit nommer ses articles).',
  scopeGiftHint: 'Rien de coché : la commande entière. L’article offert se choisit plus haut.',
  menus: 'Cartes',
  categories: 'Catégories',
  items: 'Plats',
  save: 'Enregistrer',
  saving: 'Enregistrement…',
  close: 'Fermer',
  current: 'Valeurs actuelles (enregistrées par quelqu’un d’autre)',
  useCurrent: 'Reprendre les valeurs actuelles',
} as const;

/** The API's and the form's refusals. */
export const offerMessages = {
  codeTaken: (code: string) => `Le code ${code} est déjà utilisé par une autre offre (même archivée).`,
  codeRequired: 'Saisissez le code que le client tapera.',
  codeWithAutomatic: 'Une offre automatique n’a pas de code : choisissez « Avec un code promo » ou videz le code.',
  giftRequired: 'Choisissez l’article offert.',
  valueRequired: 'Indiquez le montant de la remise.',
  unknownOffer: 'Cette offre n’existe pas (ou a été supprimée).',
  stale: 'Quelqu’un a modifié cette offre entre-temps : ses valeurs actuelles sont affichées, vos saisies sont conservées.',
  audit: {
    created: (name: string) => `Offre « ${name} » créée`,
    updated: (name: string) => `Offre « ${name} » modifiée`,
    paused: (name: string) => `Offre « ${name} » mise en pause`,
    resumed: (name: string) => `Offre « ${name} » reprise`,
    deleted: (name: string) => `Offre « ${name} » supprimée`,
    archived: (name: string) => `Offre « ${name} » archivée (utilisée par des commandes)`,
  },
} as const;
