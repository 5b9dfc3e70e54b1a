/**
 * The French catalogue — The menu: categories, dishes, options, allergens, search (spec sections 4 and 9).
 * Every word a person reads lives here (docs/decisions/016); the storefront renders these values as they are.
 */

/** Texts of apps/web/app/features/menu/allergen-filter.tsx. */
export const allergenFilterTexts = {
  allergenes: ' Allergènes',
  plat: ' plat',
  s: 's',
  masque: ' masqué',
  masquerLesPlatsQuiContiennent: 'Masquer les plats qui contiennent :',
  toutAfficher: 'Tout afficher',
  lesSupplementsPeuventEnContenir: 'Les suppléments peuvent en contenir : ils sont signalés dans chaque plat. En cas d’allergie sévère, appelez-nous.',
} as const;

/** Texts of apps/web/app/features/menu/menu-item-card.tsx. */
export const menuItemCardTexts = {
  /** A sold-out dish's badge (docs/decisions/023). */
  soldOutBadge: 'Épuisé',
  /**
   * A dish card's accessible name: its visible texts in their order (name, offer badges,
   * description, price), commas for pauses — the name contains what is seen (WCAG 2.5.3, axe's
   * label-content-name-mismatch; docs/decisions/027).
   */
  cardLabel: (name: string, badges: readonly string[], description: string, price: string) => [name, ...badges, description, price].filter(Boolean).join(', '),
} as const;

/** Texts of apps/web/app/features/menu/menu-search.tsx. */
export const menuSearchTexts = {
  rechercherUnPlat: 'Rechercher un plat',
  rechercherUnPlatUnIngredient: 'Rechercher un plat, un ingrédient…',
  effacerLaRecherche: 'Effacer la recherche',
  resultat: (results: string | number, s: string | number) => `${results} résultat${s}`,
  resultatsDeLaRecherche: 'Résultats de la recherche',
  aucunPlatNeCorrespondA: (query: string | number) => `Aucun plat ne correspond à « ${query} ».`,
} as const;

/** Texts of apps/web/app/features/menu/product-dialog.tsx. */
export const productDialogTexts = {
  allergenes: 'Allergènes',
  aucunDes14AllergenesMajeurs: 'Aucun des 14 allergènes majeurs.',
  obligatoire: 'obligatoire',
  facultatif: 'facultatif',
  n1Choix: '1 choix',
  choixMaximum: (selected: string | number) => `${selected} choix maximum`,
  contient: (a: string | number) => `Contient : ${a}`,
  unePrecisionPourLaCuisine: 'Une précision pour la cuisine ?',
  sansOignonsAllergieAuxFruits: 'Sans oignons, allergie aux fruits à coque…',
  quantite: 'Quantité',
  retirerUn: 'Retirer un',
  ajouterUn: 'Ajouter un',
  ajouter: (lineCents: string | number) => `Ajouter · ${lineCents}`,
  fermer: 'Fermer',
} as const;

/** Texts of apps/web/app/features/menu/quick-add.tsx. */
export const quickAddTexts = {
  choisirLesOptionsDe: (itemName: string | number) => `Choisir les options de ${itemName}`,
  ajouterAuPanier: (itemName: string | number) => `Ajouter ${itemName} au panier`,
  ajouteAuPanier: (itemName: string | number) => `« ${itemName} » ajouté au panier.`,
} as const;

/** Texts of apps/web/app/routes/menu.tsx. */
export const menuTexts = {
  categories: 'Catégories',
  fermeEnCeMomentVous: 'Fermé en ce moment : vous pouvez commander pour un prochain créneau.',
  tousLesPlatsDeCette: 'Tous les plats de cette catégorie contiennent un allergène masqué.',
  panier: 'Panier',
  votrePanier: 'Votre panier',
  voirLePanier: ' Voir le panier (',
  fermerLePanier: 'Fermer le panier',
  articlesChoisisQuantitesEtTotal: 'Articles choisis, quantités et total de la commande.',
  laCarte: 'La carte',
  touteLaCarteACommander: 'Toute la carte, à commander en ligne : entrées, plats, pizzas, desserts et boissons.',
} as const;

/** The 14 allergens of EU regulation 1169/2011 as a person reads them (packages/domain/src/allergens.ts types them). */
export const allergenNames = {
  gluten: 'Gluten',
  crustaceans: 'Crustacés',
  eggs: 'Œufs',
  fish: 'Poissons',
  peanuts: 'Arachides',
  soybeans: 'Soja',
  milk: 'Lait',
  nuts: 'Fruits à coque',
  celery: 'Céleri',
  mustard: 'Moutarde',
  sesame: 'Sésame',
  sulphites: 'Sulfites',
  lupin: 'Lupin',
  molluscs: 'Mollusques',
} as const;

/** The diets a dish may suit. */
export const dietNames = {
  vegetarian: 'Végétarien',
  vegan: 'Vegan',
  halal: 'Halal',
  gluten_free: 'Sans gluten',
} as const;
