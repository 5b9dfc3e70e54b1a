/**
 * The French catalogue — The location panel: addresses, distance and delivery zones (spec section 5).
 * Every word a person reads lives here (docs/decisions/017); the storefront renders these values as they are.
 */
import { formatDistance } from '../format.ts';
import { minLocationQueryLength } from '../location-limits.ts';

/** Messages of delivery as an order option. Part of `messages` (packages/domain/src/messages.ts). */
export const deliveryMessages = {
  deliveryNotAvailable: "La livraison n'est pas encore proposée en ligne : choisissez le retrait sur place.",
  /** An address outside every delivery zone (spec section 9). */
  outsideZones: (postalCode: string) =>
    `Nous ne livrons pas encore à cette adresse (${postalCode || 'code postal manquant'}). Choisissez le retrait sur place ou une autre adresse.`,
  deliveryInactive: 'La livraison n’est pas proposée par le restaurant.',
  /** Spec section 4: delivery under the minimum order with no flat charge. */
  deliveryMinimum: (minimum: string, missing: string) => `La livraison est possible dès ${minimum} de commande (il manque ${missing}).`,
} as const;

/** Texts of apps/web/app/features/location/location-panel.tsx. */
export const locationPanelTexts = {
  retraitOuLivraison: 'Retrait ou livraison ?',
  fermer: 'Fermer',
  choisissezLeRetraitAuRestaurant: 'Choisissez le retrait au restaurant ou l’adresse de livraison.',
  modeDeCommande: 'Mode de commande',
  aEmporter: ' À emporter',
  livraison: ' Livraison',
  retirerAuRestaurant: 'Retirer au restaurant',
  livraison2: (formattedAddress: string | number) => `Livraison · ${formattedAddress}`,
  livraisonChoisirUneAdresse: 'Livraison · choisir une adresse',
} as const;

/** Texts of apps/web/app/features/location/location-search.tsx. */
export const locationSearchTexts = {
  rechercherVotreAdresse: 'Rechercher votre adresse',
  option: (id: string | number, active: string | number) => `${id}-option-${active}`,
  ex8RueMerciere69002: 'Ex. 8 rue Mercière, 69002 Lyon',
  utiliserMaPosition: 'Utiliser ma position',
  maPosition: 'Ma position',
  adressesProposees: 'Adresses proposées',
  ajoutezLeCodePostalOu: (noSuggestion: string | number) => `${noSuggestion} Ajoutez le code postal ou la ville.`,
  livraisonEnvironMin: (deliveryCost: string | number, unit: string | number, duration: string | number) =>
    `Livraison ${deliveryCost} · ${unit} · environ ${duration} min`,
} as const;

/** French sentences of the location panel (section 8 alerts included). */
export const locationMessages = {
  /** Section 5, 'The address is too far from the restaurant'. */
  tooFar: 'L’adresse est trop éloignée du restaurant',
  tooFarDetail: (distance: number, unit: string, max: number) =>
    `L’adresse est trop éloignée du restaurant (${formatDistance(distance, unit)} ; nous livrons jusqu’à ${formatDistance(max, unit)}).`,
  inactive: 'La livraison n’est pas proposée par le restaurant.',
  queryTooShort: `Tapez au moins ${minLocationQueryLength} caractères.`,
  notFound: 'Adresse introuvable : vérifiez-la ou choisissez une suggestion.',
  unavailable: 'La recherche d’adresse ne répond pas pour le moment. Réessayez dans un instant.',
  noSuggestion: 'Aucune adresse trouvée.',
  geolocationUnsupported: 'La géolocalisation n’est pas disponible sur cet appareil.',
  geolocationDenied: 'Position indisponible : autorisez la localisation ou tapez votre adresse.',
} as const;
