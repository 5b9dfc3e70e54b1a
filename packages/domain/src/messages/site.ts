/**
 * The French catalogue — The site around the menu: home, about, contact, blog, footer, shell, error pages.
 * Every word a person reads lives here (issue 12); the storefront renders these values as they are.
 */

/** Texts of apps/web/app/components/site-footer.tsx. */
export const siteFooterTexts = {
  reseauxSociaux: 'Réseaux sociaux',
  horaires: 'Horaires',
  ferme: 'Fermé',
  nousTrouver: 'Nous trouver',
  liensDuSite: 'Liens du site',
  informations: 'Informations',
  gererLesCookies: 'Gérer les cookies',
  commandeEnLigne: ' · Commande en ligne',
} as const;

/** Texts of apps/web/app/components/ui/toast.tsx. */
export const toastTexts = {
  fermerLAlerte: 'Fermer l’alerte',
} as const;

/** Texts of apps/web/app/routes/about.tsx. */
export const aboutTexts = {
  aProposDe: (name: string | number) => `À propos de ${name}`,
  decouvrirLaCarte: 'Découvrir la carte',
} as const;

/** Texts of apps/web/app/routes/blog.tsx. */
export const blogTexts = {
  leBlog: 'Le blog',
} as const;

/** Texts of apps/web/app/routes/contact.tsx. */
export const contactTexts = {
  nousContacter: 'Nous contacter',
  voirLePlan: '(voir le plan)',
} as const;

/** Texts of apps/web/app/routes/home.tsx. */
export const homeTexts = {
  ouvertEnCeMoment: 'Ouvert en ce moment',
  fermePourLeMomentCommandez: 'Fermé pour le moment · commandez pour plus tard',
  voirLaCarteEtCommander: ' Voir la carte et commander',
  aEmporter: ' À emporter',
  commandezEnLignePayezSur: 'Commandez en ligne, payez sur place et récupérez votre commande au comptoir, sans attendre.',
  aujourdHui: ' Aujourd’hui',
  fermeAujourdHui: 'Fermé aujourd’hui',
  adresse: ' Adresse',
  lesPlusPopulaires: 'Les plus populaires',
} as const;

/** Texts of apps/web/app/routes/shell.tsx. */
export const shellTexts = {
  navigationPrincipale: 'Navigation principale',
  laCarte: 'La carte',
  monCompte: 'Mon compte',
  commanderArticleDansLePanier: (count: string | number, s: string | number) => `Commander, ${count} article${s} dans le panier`,
} as const;
