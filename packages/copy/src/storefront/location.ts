/**
 * The French catalogue — The location panel: addresses, distance and delivery zones (spec section 5).
 * Every word a person reads lives here; the storefront renders these values as they are.
 */
import { formatDistance } from '@resto/domain/format';
import { minLocationQueryLength } from '@resto/domain/location-limits';
import { words } from '../words.ts';
import { storefrontWords } from './words.ts';

/** Messages of delivery as an order option. */
export const deliveryAnswers = {
  deliveryNotAvailable: "La livraison n'est pas encore proposée en ligne : choisissez le retrait sur place.",
  /** An address outside every delivery zone (spec section 9). */
  outsideZones: (postalCode: string) =>
    `Nous ne livrons pas encore à cette adresse (${postalCode || 'code postal manquant'}). Choisissez le retrait sur place ou une autre adresse.`,
  deliveryInactive: storefrontWords.deliveryNotOffered,
  /** Spec section 4: delivery under the minimum order with no flat charge. */
  deliveryMinimum: (minimum: string, missing: string) => `La livraison est possible dès ${minimum} de commande (il manque ${missing}).`,
} as const;

/** Texts of the location panel (location). */
export const locationPanel = {
  heading: 'Retrait ou livraison ?',
  close: words.close,
  intro: 'Choisissez le retrait au restaurant ou l’adresse de livraison.',
  orderType: 'Mode de commande',
  pickup: storefrontWords.takeawaySpaced,
  delivery: ' Livraison',
  pickupAtRestaurant: 'Retirer au restaurant',
  deliveryTo: (formattedAddress: string | number) => `Livraison · ${formattedAddress}`,
  deliveryChooseAddress: 'Livraison · choisir une adresse',
} as const;

/** Texts of the location search (location). */
export const addressSearch = {
  label: 'Rechercher votre adresse',
  optionId: (id: string | number, active: string | number) => `${id}-option-${active}`,
  placeholder: 'Ex. 8 rue Mercière, 69002 Lyon',
  useMyPosition: 'Utiliser ma position',
  myPosition: 'Ma position',
  suggestions: 'Adresses proposées',
  addPostalCode: (noSuggestion: string | number) => `${noSuggestion} Ajoutez le code postal ou la ville.`,
  deliveryQuote: (deliveryCost: string | number, unit: string | number, duration: string | number) =>
    `Livraison ${deliveryCost} · ${unit} · environ ${duration} min`,
} as const;

/** French sentences of the location panel (section 8 alerts included). */
export const locationMessages = {
  /** Section 5, 'The address is too far from the restaurant'. */
  tooFar: 'L’adresse est trop éloignée du restaurant',
  tooFarDetail: (distance: number, unit: string, max: number) =>
    `L’adresse est trop éloignée du restaurant (${formatDistance(distance, unit)} ; nous livrons jusqu’à ${formatDistance(max, unit)}).`,
  inactive: storefrontWords.deliveryNotOffered,
  queryTooShort: `Tapez au moins ${minLocationQueryLength} caractères.`,
  notFound: 'Adresse introuvable : vérifiez-la ou choisissez une suggestion.',
  unavailable: 'La recherche d’adresse ne répond pas pour le moment. Réessayez dans un instant.',
  noSuggestion: words.noAddressFound,
  geolocationUnsupported: 'La géolocalisation n’est pas disponible sur cet appareil.',
  geolocationDenied: 'Position indisponible : autorisez la localisation ou tapez votre adresse.',
} as const;
