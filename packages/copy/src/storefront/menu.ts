/**
 * The French catalogue — The menu: categories, dishes, options, allergens, search (spec sections 4 and 9).
 * Every word a person reads lives here; the storefront renders these values as they are.
 */
import { words } from '../words.ts';
import { storefrontWords } from './words.ts';

/** Texts of the allergen filter (menu). */
export const allergenFilter = {
  toggle: ' Allergènes',
  dishSingular: ' plat',
  pluralSuffix: 's',
  hiddenSingular: ' masqué',
  legend: 'Masquer les plats qui contiennent :',
  showAll: 'Tout afficher',
  optionsNote: 'Les suppléments peuvent en contenir : ils sont signalés dans chaque plat. En cas d’allergie sévère, appelez-nous.',
} as const;

/** Texts of the menu item card (menu). */
export const dishCard = {
  /** A sold-out dish's badge. */
  soldOutBadge: 'Épuisé',
  /**
   * A dish card's accessible name: its visible texts in their order (name, offer badges,
   * description, price), commas for pauses — the name contains what is seen (WCAG 2.5.3, axe's
   * label-content-name-mismatch;).
   */
  cardLabel: (name: string, badges: readonly string[], description: string, price: string) => [name, ...badges, description, price].filter(Boolean).join(', '),
} as const;

/** Texts of the menu search (menu). */
export const menuSearch = {
  label: words.searchDish,
  placeholder: 'Rechercher un plat, un ingrédient…',
  clear: 'Effacer la recherche',
  resultCount: (results: string | number, s: string | number) => `${results} résultat${s}`,
  results: 'Résultats de la recherche',
  noResult: (query: string | number) => `Aucun plat ne correspond à « ${query} ».`,
} as const;

/** Texts of the product dialog (menu). */
export const dishDialog = {
  allergens: words.allergens,
  noAllergen: 'Aucun des 14 allergènes majeurs.',
  required: 'obligatoire',
  optional: 'facultatif',
  oneChoice: '1 choix',
  maxChoices: (selected: string | number) => `${selected} choix maximum`,
  contains: (a: string | number) => `Contient : ${a}`,
  noteLabel: 'Une précision pour la cuisine ?',
  notePlaceholder: 'Sans oignons, allergie aux fruits à coque…',
  quantity: 'Quantité',
  decrease: 'Retirer un',
  increase: 'Ajouter un',
  add: (lineCents: string | number) => `Ajouter · ${lineCents}`,
  close: words.close,
} as const;

/** Texts of the quick add (menu). */
export const quickAdd = {
  chooseOptions: (itemName: string | number) => `Choisir les options de ${itemName}`,
  add: (itemName: string | number) => `Ajouter ${itemName} au panier`,
  added: (itemName: string | number) => `« ${itemName} » ajouté au panier.`,
} as const;

/** Texts of the menu. */
export const menuPage = {
  categories: words.categories,
  closedNow: 'Fermé en ce moment : vous pouvez commander pour un prochain créneau.',
  allHidden: 'Tous les plats de cette catégorie contiennent un allergène masqué.',
  cart: storefrontWords.cart,
  cartHeading: storefrontWords.yourCart,
  viewCart: ' Voir le panier (',
  closeCart: 'Fermer le panier',
  cartDescription: 'Articles choisis, quantités et total de la commande.',
  heading: words.theMenu,
  metaDescription: 'Toute la carte, à commander en ligne : entrées, plats, pizzas, desserts et boissons.',
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
