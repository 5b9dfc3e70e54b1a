/** The staff area's pages (issue 13, part 1; apps/web/app/routes.ts). */
export const staffHome = '/restaurant/commandes';
export const staffTeamPath = '/restaurant/equipe';
export const staffLoginPage = '/restaurant';
