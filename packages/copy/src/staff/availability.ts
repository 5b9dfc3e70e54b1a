import type { AvailabilityState } from '@resto/domain/sold-out';
import { words } from '../words.ts';
import { staffWords } from './words.ts';

/** « Épuisé »: the availability page, the audit sentences, the storefront's and the order's words. */
export const availability = {
  pageTitle: staffWords.availability,
  heading: staffWords.availability,
  intro: 'Un plat épuisé n’est plus proposé aux clients. «\u00a0Épuisé aujourd’hui\u00a0» revient tout seul à la prochaine ouverture.',
  search: words.searchDish,
  searchPlaceholder: 'Nom du plat…',
  noMatch: 'Aucun plat ne correspond à cette recherche.',
  groupLabel: (name: string) => `Disponibilité de ${name}`,
  /**
   * The one name of each state of a dish in the back office (Disponibilités, the menu editor's
   * badges and its form, the audit log): a dish off « until further notice » is « épuisé », as
   * the customer reads it on the storefront (« Épuisé », storefront/menu.ts), never « masqué ».
   */
  states: { available: staffWords.available, sold_out_today: 'Épuisé aujourd’hui', sold_out: 'Épuisé jusqu’à nouvel ordre' } satisfies Record<AvailabilityState, string>,
  backAt: (when: string) => `Revient ${when}`,
  saving: staffWords.saving,
  saved: (name: string, state: string) => `${name} : ${state.toLowerCase()}.`,
  failed: (name: string) => `${name} : le changement n’a pas été enregistré. Réessayez.`,
  soldOutCount: (count: number) => (count === 0 ? 'Tout est disponible.' : count === 1 ? '1 plat épuisé.' : `${count} plats épuisés.`),
  /** The audit log's summary. */
  audit: {
    available: (name: string) => `${name} : disponible`,
    sold_out_today: (name: string) => `${name} : épuisé aujourd’hui`,
    sold_out: (name: string) => `${name} : épuisé jusqu’à nouvel ordre`,
  } satisfies Record<AvailabilityState, (name: string) => string>,
  unknownItem: 'Ce plat n’existe pas ou a été supprimé.',
  /** 409 item_sold_out at order time, naming the dish. */
  soldOutToday: (name: string) => `${name} n’est plus disponible aujourd’hui : plat épuisé.`,
  soldOut: (name: string) => `${name} n’est plus disponible : plat épuisé.`,
  /** The checkout page, for a cart holding a dish sold out since it was added. */
  cartSoldOut: (names: string[]) =>
    names.length === 1
      ? `${names[0]} n’est plus disponible : plat épuisé. Retirez ce plat du panier pour commander.`
      : `Ces plats ne sont plus disponibles (épuisés) : ${names.join(', ')}. Retirez-les du panier pour commander.`,
  removeFromCart: (name: string) => `Retirer ${name} du panier`,
} as const;
