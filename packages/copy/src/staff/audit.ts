/**
 * The French texts of the audit log (/restaurant/journal) and of the export / import page
 * (/restaurant/import-export), and of the cart's repricing notice (part 9).
 */
import { staffWords } from './words.ts';
import { words } from '../words.ts';

/** What an audit entry is about, as the journal's filter names it (audit_log.entity). */
export const auditEntityLabels: Record<string, string> = {
  menu: staffWords.menus,
  category: words.categories,
  item: staffWords.dishes,
  offer: words.offers,
  settings: staffWords.settings,
  exception: 'Fermetures et ouvertures',
  ordering: 'Pause et affluence',
  restaurant: 'Imports',
  /** Notes, flags and blocks of customers (docs/decisions/037). */
  customer: words.customer,
};

/** The journal page. */
export const auditLog = {
  title: 'Journal des modifications',
  intro: 'Chaque modification de la carte, des horaires, des offres et des réglages : qui, quand, avant, après.',
  filterLabel: 'Type de modification',
  filterAll: 'Toutes',
  empty: 'Aucune modification enregistrée.',
  more: 'Modifications plus anciennes',
  loading: words.loading,
  by: (name: string) => `par ${name}`,
  details: 'Détail',
  hideDetails: 'Masquer le détail',
  field: 'Champ',
  before: 'Avant',
  after: 'Après',
  beforeColon: 'Avant : ',
  afterColon: 'Après : ',
  changed: staffWords.modified,
  noValue: '—',
  unchanged: (count: number) => `${count} champ${count > 1 ? 's' : ''} inchangé${count > 1 ? 's' : ''}`,
  showUnchanged: 'Afficher les champs inchangés',
} as const;

/** The export / import page. */
export const restaurantImport = {
  title: 'Export et import',
  exportTitle: 'Exporter le restaurant',
  exportHint:
    'Le fichier du restaurant (JSON) : cartes, catégories, plats, options, offres, codes promo, fermetures et réglages. Gardez-le comme sauvegarde ou modifiez-le puis importez-le.',
  exportButton: 'Télécharger le fichier',
  importTitle: 'Importer un fichier',
  importHint: 'Le fichier remplace toute la carte, les offres, les fermetures et les réglages. Vous verrez ce qui change avant de confirmer.',
  fileLabel: 'Fichier du restaurant (.json)',
  notJson: 'Ce fichier n’est pas un JSON lisible : choisissez le fichier exporté (restaurant-AAAA-MM-JJ.json).',
  tooLarge: staffWords.fileTooLarge,
  reading: 'Lecture du fichier…',
  invalidTitle: 'Le fichier est refusé : rien n’a été modifié.',
  previewTitle: 'Ce qui va changer',
  noChange: 'Ce fichier est identique au restaurant actuel : rien ne changera.',
  settingsTitle: staffWords.settings,
  confirm: 'Confirmer l’import',
  cancel: staffWords.cancel,
  importing: 'Import en cours…',
  imported: (summary: string) => `Import terminé. ${summary}`,
  stale: 'Le restaurant a été modifié depuis l’aperçu : voici le nouvel aperçu, vérifiez puis confirmez à nouveau.',
  added: 'ajouté',
  removed: 'supprimé',
  changed: staffWords.modified,
  addedPlural: 'Ajouts',
  removedPlural: 'Suppressions',
  changedPlural: 'Modifications',
} as const;

/** A change's kind, in the import preview (singular nouns). */
export const diffKindLabels = {
  menu: words.menu,
  category: staffWords.category,
  item: 'Plat',
  offer: 'Offre',
  exception: 'Fermeture ou ouverture',
} as const;

/** The fields' French names, in the preview and the journal's detail. */
export const auditFieldLabels: Record<string, string> = {
  name: words.name,
  description: staffWords.description,
  image: staffWords.image,
  score: 'Mise en avant',
  price_delivery: staffWords.deliveryPrice,
  price_pickup: staffWords.takeawayPrice,
  tax_rate: 'TVA (%)',
  available: staffWords.available,
  allergens: words.allergens,
  diets: staffWords.diets,
  alcoholic: 'Alcool',
  options: staffWords.options,
  category: staffWords.category,
  menu: words.menu,
  position: 'Ordre',
  active_times: 'Heures d’ouverture',
  time_ranges: staffWords.deliverySlots,
  pickup_time_ranges: staffWords.takeawaySlots,
  code: 'Code',
  is_public: 'Publique',
  is_active: staffWords.active,
  type: words.type,
  value: 'Valeur',
  auto_apply: staffWords.automatic,
  allow_repeat: 'Répétable',
  delivery_pickup: words.mode,
  minimum_amount: 'Minimum de commande',
  menus: 'Cartes visées',
  categories: 'Catégories visées',
  items: 'Plats visés',
  min_units: 'Unités minimum',
  is_closed: words.closed,
  ranges: 'Plages horaires',
  message: 'Message',
};

const plural = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;

/** The import's one-line summary (audit log, confirmation): « 3 plats ajoutés, 2 prix changés ». */
export const importSummary = {
  menusAdded: (n: number) => plural(n, 'carte ajoutée', 'cartes ajoutées'),
  menusRemoved: (n: number) => plural(n, 'carte supprimée', 'cartes supprimées'),
  menusChanged: (n: number) => plural(n, 'carte modifiée', 'cartes modifiées'),
  categoriesAdded: (n: number) => plural(n, 'catégorie ajoutée', 'catégories ajoutées'),
  categoriesRemoved: (n: number) => plural(n, 'catégorie supprimée', 'catégories supprimées'),
  categoriesChanged: (n: number) => plural(n, 'catégorie modifiée', 'catégories modifiées'),
  itemsAdded: (n: number) => plural(n, 'plat ajouté', 'plats ajoutés'),
  itemsRemoved: (n: number) => plural(n, 'plat supprimé', 'plats supprimés'),
  itemsChanged: (n: number) => plural(n, 'plat modifié', 'plats modifiés'),
  pricesChanged: (n: number) => plural(n, 'prix changé', 'prix changés'),
  offersAdded: (n: number) => plural(n, 'offre ajoutée', 'offres ajoutées'),
  offersRemoved: (n: number) => plural(n, 'offre supprimée', 'offres supprimées'),
  offersChanged: (n: number) => plural(n, 'offre modifiée', 'offres modifiées'),
  exceptionsChanged: (n: number) => plural(n, 'fermeture ou ouverture changée', 'fermetures ou ouvertures changées'),
  settingsChanged: (n: number) => plural(n, 'réglage changé', 'réglages changés'),
  nothing: 'aucun changement',
  imported: (details: string) => `Restaurant importé : ${details}.`,
} as const;

/** The API's messages of the export / import and audit routes. */
export const importAnswers = {
  fileInvalid: (count: number) => `Le fichier du restaurant est refusé (${plural(count, 'erreur', 'erreurs')}) : rien n’a été modifié.`,
  stale: 'Le restaurant a été modifié depuis l’aperçu : refaites l’aperçu puis confirmez.',
  tooLarge: staffWords.fileTooLarge,
} as const;

/** The cart's repricing notice at checkout. */
export const repricing = {
  title: 'Les prix ont changé',
  intro: 'Le restaurant a modifié sa carte depuis que vous avez rempli votre panier. Voici les nouveaux prix :',
  line: (name: string, before: string, after: string) => `${name} : ${before} → ${after}`,
  newTotal: (total: string) => `Nouveau total : ${total}`,
  confirm: 'J’ai compris, continuer avec les nouveaux prix',
  gone: (name: string) => `${name} n’est plus à la carte : retiré du panier.`,
} as const;
