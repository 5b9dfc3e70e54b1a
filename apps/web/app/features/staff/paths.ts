/** The staff area's pages (docs/decisions/020; apps/web/app/routes.ts). */
export const staffHome = '/restaurant/commandes';
export const staffTeamPath = '/restaurant/equipe';
export const staffLoginPage = '/restaurant';

/** The back office's pages (docs/decisions/023-back-office.md). */
export const backOfficePaths = {
  menu: '/restaurant/carte',
  availability: '/restaurant/disponibilites',
  hours: '/restaurant/horaires',
  capacity: '/restaurant/capacite',
  delivery: '/restaurant/livraison',
  offers: '/restaurant/offres',
  /** Kitchen printers (docs/decisions/033): the owner edits, staff see their states. */
  printers: '/restaurant/imprimantes',
  settings: '/restaurant/reglages',
  audit: '/restaurant/journal',
  importExport: '/restaurant/import-export',
  /** The books (docs/decisions/031): reports, the accountant's exports, archives and verification. */
  sales: '/restaurant/ventes',
  exports: '/restaurant/exports',
  register: '/restaurant/registre',
} as const;

/** Every past order (docs/decisions/034-order-history.md), and one order's page under it. */
export const orderHistoryPath = '/restaurant/commandes/historique';
export const historyOrderPath = (orderId: number) => `${orderHistoryPath}/${orderId}`;

/** The customers (docs/decisions/037-customers.md), and one customer's page (named by one of their keys). */
export const customersPath = '/restaurant/clients';
export const customerPath = (key: string) => `${customersPath}/${encodeURIComponent(key)}`;
