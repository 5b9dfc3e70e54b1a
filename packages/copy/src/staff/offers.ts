import type { OfferType } from '@resto/domain/offers';
import { words } from '../words.ts';
import { staffWords } from './words.ts';

/**
 * The French catalogue — the back office's offers and coupons page (/restaurant/offres,
 * part 6) and its API's messages. The conditions of an offer in words come from
 * `describeOffer` (packages/domain/src/backoffice-offers.ts), which reads these.
 */

/** The names of the types the pricing knows (offers.ts `offerTypes`). */
export const offerTypeLabels: Record<OfferType, string> = {
  percentage: 'Remise en pourcentage',
  fixed_amount: 'Remise en euros',
  free_delivery: staffWords.freeDelivery,
  free_item: staffWords.freeItem,
  buy_one_get_one: words.buyOneGetOne,
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
export const weekdayLong = { mon: staffWords.monday, tue: staffWords.tuesday, wed: staffWords.wednesday, thu: staffWords.thursday, fri: staffWords.friday, sat: staffWords.saturday, sun: staffWords.sunday } as const;

/** The conditions of an offer in words (describeOffer). */
export const offerConditions = {
  percentOff: (value: string) => `${value} % de remise`,
  eurosOff: (price: string) => `${price} de remise`,
  freeDelivery: staffWords.freeDelivery,
  freeItem: (name: string) => `${name} offert`,
  buyOneGetOne: words.buyOneGetOne,
  cheapestOff: (value: string) => `${value} % sur l’article le moins cher`,
  fromUnits: (units: number) => `dès ${units} articles concernés`,
  scopeAll: 'Toute la carte',
  scopeNone: 'Aucun article (offre affichée sans portée)',
  scopeOn: (names: string) => `Sur : ${names}`,
  always: 'Tous les jours, à toute heure',
  window: (days: string, start: string, end: string) => `${days} de ${start} à ${end}`,
  pickupOnly: staffWords.takeawayOnly,
  deliveryOnly: 'En livraison seulement',
  bothTypes: 'À emporter et en livraison',
  minimum: (price: string) => `Dès ${price} d’achat`,
  oncePerCustomer: 'Une fois par client',
  automatic: staffWords.automatic,
  byCode: (code: string) => `Avec le code ${code}`,
  shownOnMenu: 'Affichée sur la carte',
  unknownRef: (id: number) => `n° ${id} (supprimé)`,
} as const;

/** The page (/restaurant/offres). */
export const offersPage = {
  title: 'Offres et codes promo',
  intro: 'Les offres automatiques s’appliquent seules au panier ; un code promo s’applique quand le client le saisit.',
  create: staffWords.newOffer,
  empty: 'Aucune offre pour l’instant.',
  active: staffWords.active,
  paused: 'En pause',
  pause: 'Mettre en pause',
  resume: staffWords.resume,
  edit: words.edit,
  remove: staffWords.remove,
  removeConfirm: (name: string) => `Supprimer l’offre « ${name} » ? Si des commandes l’ont utilisée, elle est archivée (les commandes gardent leur copie).`,
  confirmRemove: 'Oui, supprimer',
  cancel: staffWords.cancel,
  usage: (orders: number, cost: string) => (orders === 0 ? 'Pas encore utilisée' : `${orders} commande${orders > 1 ? 's' : ''} · ${cost} de remise`),
  usageHint: 'Commandes passées (ni refusées ni annulées) ; la livraison et les articles offerts ne sont pas comptés en euros.',
  listLabel: words.offers,
  paused_done: (name: string) => `« ${name} » est en pause.`,
  resumed_done: (name: string) => `« ${name} » est de nouveau active.`,
  deleted_done: (name: string) => `« ${name} » est supprimée.`,
  archived_done: (name: string) => `« ${name} » est supprimée (archivée : des commandes l’ont utilisée).`,
  saved_done: (name: string) => `« ${name} » est enregistrée.`,
  ownerOnly: 'Les offres sont gérées par le propriétaire.',
} as const;

/** The form. */
export const offerForm = {
  createTitle: staffWords.newOffer,
  editTitle: (name: string) => `Modifier « ${name} »`,
  name: words.name,
  description: 'Description (facultative)',
  type: 'Type d’offre',
  valuePercent: 'Remise (%)',
  valueEuros: 'Remise (€)',
  minUnits: 'Nombre d’articles concernés au moins',
  gift: staffWords.freeItem,
  giftNone: 'Choisir un article…',
  mode: 'Application',
  modeAutomatic: staffWords.automatic,
  modeCode: 'Avec un code promo',
  code: words.couponCode,
  codeHint: 'Majuscules, chiffres, - ou _ ; le client peut le saisir en minuscules.',
  isPublic: 'Affichée sur la carte (badge sur les plats concernés)',
  allowRepeat: 'Utilisable plusieurs fois par le même client',
  isActive: staffWords.active,
  deliveryPickup: 'Type de commande',
  both: 'À emporter et livraison',
  pickup: staffWords.takeawayOnly,
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
  menus: staffWords.menus,
  categories: words.categories,
  items: staffWords.dishes,
  save: words.save,
  saving: staffWords.saving,
  close: words.close,
  current: 'Valeurs actuelles (enregistrées par quelqu’un d’autre)',
  useCurrent: 'Reprendre les valeurs actuelles',
} as const;

/** The API's and the form's refusals. */
export const offerEditAnswers = {
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
