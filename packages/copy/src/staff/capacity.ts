/**
 * The French catalogue — capacity per 15-minute slot: the owner's page
 * /restaurant/capacite, the audit log's sentences, the refusals at order time and the picker's
 * « complet ». docs/decisions/023-back-office.md, section « Capacité ».
 */
import { words } from '../words.ts';
import { staffWords } from './words.ts';

/** « 8 commandes », « 1 plat », « sans limite ». */
const count = (value: number | null, one: string, many: string) => (value === null ? 'sans limite' : `${value} ${value > 1 ? many : one}`);

/** « 8 → 6 commandes », « sans limite → 8 commandes », « 8 commandes → sans limite ». */
const change = (before: number | null, after: number | null, one: string, many: string) =>
  before !== null && after !== null ? `${before} → ${count(after, one, many)}` : `${count(before, one, many)} → ${count(after, one, many)}`;

/** The field messages of the capacity settings (restaurant file and the page's form alike). */
export const capacityFields = {
  limitType: 'Nombre attendu (ex. 6), ou vide pour aucune limite.',
  limitInteger: 'Nombre entier attendu (ex. 6).',
  limitMin: 'Au moins 1 par créneau (pour ne plus prendre de commande, mettez les commandes en pause).',
  limitMax: '999 par créneau au plus.',
  categoriesType: 'Liste de numéros de catégorie attendue.',
  unknownCategory: (id: number) => `Catégorie inconnue : ${id}.`,
} as const;

/** Refusals when an order is placed (409 slot_full, field delivery_time_range). */
export const capacityAnswers = {
  slotFull: 'Ce créneau est complet : choisissez-en un autre.',
  asapFull: 'Nous ne pouvons plus prendre de commande pour dès que possible : choisissez un créneau.',
} as const;

/** The audit log's sentences (« Capacité à emporter : 8 → 6 commandes par créneau »). */
export const capacityAudit = {
  maxOrders: (isPickup: boolean, before: number | null, after: number | null) =>
    `Capacité ${isPickup ? 'à emporter' : 'en livraison'} : ${change(before, after, 'commande', 'commandes')} par créneau`,
  maxItems: (isPickup: boolean, before: number | null, after: number | null) =>
    `Capacité ${isPickup ? 'à emporter' : 'en livraison'} : ${change(before, after, 'plat', 'plats')} par créneau`,
  categories: (before: string, after: string) => `Plats comptés par créneau : ${before} → ${after}`,
  allCategories: 'toutes les catégories',
} as const;

/** The owner's page /restaurant/capacite. */
export const capacityPage = {
  title: staffWords.capacity,
  intro:
    'Limitez le nombre de commandes, ou de plats, par créneau de 15 minutes. Un créneau plein s’affiche «\u00a0complet\u00a0» et ne peut plus être choisi ; «\u00a0dès que possible\u00a0» compte dans le créneau de l’heure prévue.',
  pickup: words.takeaway,
  delivery: words.delivery,
  maxOrders: 'Commandes par créneau',
  maxItems: 'Plats par créneau',
  noLimitHint: 'Vide : aucune limite.',
  categoriesLegend: 'Plats comptés',
  categoriesHint: 'Seuls les plats de ces catégories comptent dans la limite de plats. Aucune cochée : tous les plats comptent.',
  save: words.save,
  saving: staffWords.saving,
  saved: 'Capacité enregistrée.',
  nothingChanged: 'Rien à enregistrer.',
  ownerOnly: 'Seul le propriétaire peut modifier la capacité.',
  current: (value: string) => `Valeur actuelle : ${value}`,
  noLimit: 'aucune limite',
  errorSummary: staffWords.fixErrors,
  loadFailed: 'Impossible de lire la capacité. Rechargez la page.',
} as const;

/** The storefront's slot picker. */
export const capacityPicker = {
  /** After a full slot's label: « 12:30–12:45 (complet) ». */
  full: 'complet',
  fullLabel: (label: string) => `${label} (complet)`,
  /** Under the slot list, so the full ones are seen without opening it: « Complets : 21:00–21:15, 21:30–21:45 ». */
  fullList: (labels: readonly string[]) => (labels.length > 6 ? `${labels.length} créneaux complets ce jour-là.` : `Complet${labels.length > 1 ? 's' : ''} : ${labels.join(', ')}.`),
} as const;
