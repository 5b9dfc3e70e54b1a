/**
 * The French catalogue — The location panel: addresses, distance and delivery zones (spec section 5).
 * Every word a person reads lives here (issue 12); the storefront renders these values as they are.
 */

/** Texts of apps/web/app/features/location/location-panel.tsx. */
export const locationPanelTexts = {
  retraitOuLivraison: 'Retrait ou livraison ?',
  fermer: 'Fermer',
  choisissezLeRetraitAuRestaurant: 'Choisissez le retrait au restaurant ou l’adresse de livraison.',
  modeDeCommande: 'Mode de commande',
  aEmporter: ' À emporter',
  livraison: ' Livraison',
  retirerAuRestaurant: 'Retirer au restaurant',
  livraison2: (formatted_address: string | number) => `Livraison · ${formatted_address}`,
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
  livraisonEnvironMin: (delivery_cost: string | number, unit: string | number, duration: string | number) =>
    `Livraison ${delivery_cost} · ${unit} · environ ${duration} min`,
} as const;
