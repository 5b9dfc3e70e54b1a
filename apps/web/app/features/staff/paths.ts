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
  settings: '/restaurant/reglages',
  audit: '/restaurant/journal',
  importExport: '/restaurant/import-export',
} as const;
