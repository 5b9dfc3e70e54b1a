/**
 * The menu editor's words (/restaurant/carte): the page, its forms and dialogs,
 * the API's refusals and the audit log's sentences. Shared back-office sentences are in
 * staff/back-office.ts.
 */

import { availability } from './availability.ts';
import { words } from '../words.ts';
import { staffWords } from './words.ts';

/** Labels of a dish's (and an option value's) VAT rate select: null is the restaurant's default rate. */
export const vatChoiceLabels = { default: 'Taux par défaut', '10': '10 %', '5.5': '5,5 %', '20': '20 %' } as const;

/** The page and its list. */
export const menuEditor = {
  title: words.theMenu,
  intro: 'Menus, catégories et plats : les changements sont visibles sur le site dès l’enregistrement.',
  menusNav: 'Menus',
  addMenu: 'Ajouter un menu',
  addCategory: 'Ajouter une catégorie',
  addDish: 'Ajouter un plat',
  edit: words.edit,
  editMenu: (name: string) => `Modifier le menu ${name}`,
  editCategory: (name: string) => `Modifier la catégorie ${name}`,
  editDish: (name: string) => `Modifier ${name}`,
  remove: staffWords.remove,
  removeMenu: (name: string) => `Supprimer le menu ${name}`,
  removeCategory: (name: string) => `Supprimer la catégorie ${name}`,
  removeDish: (name: string) => `Supprimer ${name}`,
  moveUp: (name: string) => `Monter ${name}`,
  moveDown: (name: string) => `Descendre ${name}`,
  /** A menu left off the site (a dish's states are availabilityTexts.states). */
  hidden: 'Masqué',
  noCategories: 'Aucune catégorie : ajoutez-en une pour y mettre des plats.',
  noDishes: 'Aucun plat dans cette catégorie.',
  pickupShort: words.takeaway,
  deliveryShort: words.delivery,
  dishCount: (n: number) => `(${n} plat${n > 1 ? 's' : ''})`,
  forbidden: 'La carte est modifiée par le propriétaire du restaurant. Pour marquer un plat épuisé, utilisez la page Disponibilités.',
} as const;

/** The menu and category forms. */
export const menuForm = {
  newMenu: 'Nouveau menu',
  newCategory: 'Nouvelle catégorie',
  name: words.name,
  description: staffWords.description,
  menuAvailable: 'Menu visible sur le site',
  menuHiddenHint: 'Un menu masqué n’apparaît plus sur le site ; ses plats restent enregistrés.',
  newMenuHoursHint: 'Un nouveau menu reprend les horaires du premier menu ; modifiez-les ensuite dans Horaires.',
  save: words.save,
  saving: staffWords.saving,
  cancel: staffWords.cancel,
  close: words.close,
} as const;

/** The dish form. */
export const dishForm = {
  newDish: 'Nouveau plat',
  editDish: (name: string) => `Modifier ${name}`,
  category: staffWords.category,
  name: 'Nom du plat',
  description: staffWords.description,
  image: staffWords.image,
  imageHint: 'Chemin d’une image du site, sous /images/… ou /uploads/…',
  imagePath: 'Ou le chemin d’une image du site',
  pricePickup: staffWords.takeawayPrice,
  priceDelivery: staffWords.deliveryPrice,
  priceHint: 'En euros (€), ex. 12,50',
  vat: words.vat,
  available: 'En vente',
  availableHint: `Décoché : le plat est « ${availability.states.sold_out} », comme sur la page Disponibilités ; les clients le voient épuisé.`,
  alcoholic: 'Boisson alcoolisée (non payable en titre-restaurant)',
  allergens: 'Allergènes (règlement UE 1169/2011)',
  diets: staffWords.diets,
  options: staffWords.options,
  noOptions: 'Aucune option (taille, sauce, supplément…).',
  addOption: 'Ajouter une option',
  removeOption: (name: string) => `Retirer l’option ${name || 'sans nom'}`,
  optionName: 'Nom de l’option',
  optionSelected: 'Nombre de choix',
  optionRequired: 'Choix obligatoire',
  values: 'Valeurs',
  addValue: 'Ajouter une valeur',
  removeValue: (name: string) => `Retirer la valeur ${name || 'sans nom'}`,
  valueName: words.name,
  valuePrice: 'Supplément (€)',
  valueAllergens: 'Allergènes de la valeur',
  valueMore: 'TVA et allergènes',
  fixErrors: staffWords.fixErrors,
  currentValue: (value: string) => `Valeur actuelle : ${value}`,
  currentNone: 'Valeur actuelle : (vide)',
  staleTitle: 'Modifié entre-temps',
  yes: staffWords.yes,
  no: staffWords.no,
  numberExpected: 'Nombre attendu, ex. 12,50.',
} as const;

/** The delete confirmation. */
export const menuDeletion = {
  confirm: 'Confirmer la suppression',
  cancel: staffWords.cancel,
  dishArchived: (name: string) => `${name} figure dans des commandes passées : il sera archivé (retiré de la carte, les commandes gardent leur copie).`,
  dishDeleted: (name: string) => `${name} sera supprimé définitivement.`,
  categoryWill: (name: string, archive: boolean, deleted: number, archived: number) =>
    `La catégorie ${name} sera ${archive ? 'archivée' : 'supprimée'}. ${dishes(deleted, archived)}`,
  menuWill: (name: string, archive: boolean, deleted: number, archived: number) =>
    `Le menu ${name} sera ${archive ? 'archivé' : 'supprimé'}. ${dishes(deleted, archived)}`,
  lastMenu: 'C’est le dernier menu : il ne peut pas être supprimé.',
} as const;

function dishes(deleted: number, archived: number): string {
  const parts: string[] = [];
  if (deleted > 0) parts.push(`${deleted} plat${deleted > 1 ? 's' : ''} supprimé${deleted > 1 ? 's' : ''}`);
  if (archived > 0)
    parts.push(`${archived} plat${archived > 1 ? 's' : ''} archivé${archived > 1 ? 's' : ''} (présent${archived > 1 ? 's' : ''} dans des commandes passées)`);
  return parts.length ? `${parts.join(', ')}.` : 'Aucun plat dedans.';
}

/** The API's answers and refusals. */
export const menuAnswers = {
  staleItem: 'Ce plat a été modifié entre-temps : voici ses valeurs actuelles.',
  staleCategory: 'Cette catégorie a été modifiée entre-temps : voici ses valeurs actuelles.',
  staleMenu: 'Ce menu a été modifié entre-temps : voici ses valeurs actuelles.',
  itemNotFound: 'Plat introuvable (supprimé entre-temps ?).',
  categoryNotFound: 'Catégorie introuvable (supprimée entre-temps ?).',
  menuNotFound: 'Menu introuvable (supprimé entre-temps ?).',
  lastMenu: 'C’est le dernier menu du restaurant : il ne peut pas être supprimé.',
  unknownValue: 'Cette valeur n’appartient pas à ce plat.',
  unknownOption: 'Cette option n’appartient pas à ce plat.',
  deleted: (name: string) => `${name} supprimé.`,
  archived: (name: string) => `${name} archivé.`,
} as const;

/** The audit log's sentences for the menu (« Prix à emporter de Pizza Margherita : 11,50 € → 12,00 € »). */
export const menuAudit = {
  dishCreated: (name: string) => `Plat créé : ${name}`,
  dishArchived: (name: string) => `Plat archivé : ${name}`,
  dishDeleted: (name: string) => `Plat supprimé : ${name}`,
  dishUnchanged: (name: string) => `Plat enregistré sans changement : ${name}`,
  dishMoved: (name: string, up: boolean) => `Plat déplacé vers le ${up ? 'haut' : 'bas'} : ${name}`,
  categoryCreated: (name: string) => `Catégorie créée : ${name}`,
  categoryArchived: (name: string) => `Catégorie archivée : ${name}`,
  categoryDeleted: (name: string) => `Catégorie supprimée : ${name}`,
  categoryUnchanged: (name: string) => `Catégorie enregistrée sans changement : ${name}`,
  categoryMoved: (name: string, up: boolean) => `Catégorie déplacée vers le ${up ? 'haut' : 'bas'} : ${name}`,
  menuCreated: (name: string) => `Menu créé : ${name}`,
  menuArchived: (name: string) => `Menu archivé : ${name}`,
  menuDeleted: (name: string) => `Menu supprimé : ${name}`,
  menuUnchanged: (name: string) => `Menu enregistré sans changement : ${name}`,
  menuMoved: (name: string, up: boolean) => `Menu déplacé vers le ${up ? 'haut' : 'bas'} : ${name}`,
  /** One changed field: « <label> de <name> : <before> → <after> ». */
  changed: (label: string, name: string, before: string, after: string) => `${label} de ${name} : ${before} → ${after}`,
  /** A field whose values are too long to quote (description, options). */
  changedPlain: (label: string, name: string) => `${label} de ${name} modifiée`,
  renamed: (kind: string, before: string, after: string) => `${kind} renommé${kind === 'Catégorie' ? 'e' : ''} : ${before} → ${after}`,
  fieldLabels: {
    price_pickup: staffWords.takeawayPrice,
    price_delivery: staffWords.deliveryPrice,
    tax_rate: words.vat,
    available: 'Disponibilité',
    image: staffWords.image,
    description: staffWords.description,
    allergens: words.allergens,
    diets: staffWords.diets,
    alcoholic: 'Boisson alcoolisée',
    options: staffWords.options,
    category: staffWords.category,
    score: 'Popularité',
  },
  availableWords: { true: availability.states.available.toLowerCase(), false: availability.states.sold_out.toLowerCase() },
  menuAvailableWords: { true: 'visible', false: 'masqué' },
  defaultRate: 'par défaut',
  none: 'aucun',
} as const;
