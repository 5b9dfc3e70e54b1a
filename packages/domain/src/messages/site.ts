/**
 * The French catalogue — The site around the menu: home, about, contact, blog, footer, shell, error pages.
 * Every word a person reads lives here (docs/decisions/016); the storefront renders these values as they are.
 */

/** The error pages: 404 and the crash page (spec section 8). Part of `messages` (packages/domain/src/messages.ts). */
export const errorPageMessages = {
  pageNotFoundTitle: '404 !',
  pageNotFound: "Désolé, cette page n'existe pas.",
  errorTitle: 'Oups…',
  errorBroke: 'On dirait que quelque chose s’est cassé.',
  errorSorry: 'Toutes nos excuses.',
  backHome: "Retour à l'accueil",
  /** Spec section 8: an unmatched route (non-fatal 404). */
  pageNotFoundPath: (path: string) => `Page introuvable : ${path}`,
} as const;

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
  laCarte: 'La carte',
  aPropos: 'À propos',
  contact: 'Contact',
  blog: 'Blog',
  mentionsLegalesEtCgv: 'Mentions légales et CGV',
  confidentialite: 'Confidentialité',
  cookies: 'Cookies',
} as const;

/** Texts of apps/web/app/components/ui/toast.tsx. */
export const toastTexts = {
  fermerLAlerte: 'Fermer l’alerte',
} as const;

/** Texts of apps/web/app/routes/about.tsx. */
export const aboutTexts = {
  aProposDe: (name: string | number) => `À propos de ${name}`,
  decouvrirLaCarte: 'Découvrir la carte',
  aPropos: 'À propos',
  restaurant: 'Restaurant',
} as const;

/** Texts of apps/web/app/routes/blog.tsx. */
export const blogTexts = {
  leBlog: 'Le blog',
  nouvellesDeLaCuisineEt: 'Nouvelles de la cuisine et du restaurant.',
} as const;

/** Texts of apps/web/app/routes/contact.tsx. */
export const contactTexts = {
  nousContacter: 'Nous contacter',
  voirLePlan: '(voir le plan)',
  contact: 'Contact',
  adresseTelephoneEtEMail: 'Adresse, téléphone et e-mail du restaurant.',
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
  commandezEnLigne: 'Commandez en ligne.',
  accueil: 'Accueil',
  restaurant: 'Restaurant',
} as const;

/** Texts of apps/web/app/routes/shell.tsx. */
export const shellTexts = {
  navigationPrincipale: 'Navigation principale',
  laCarte: 'La carte',
  monCompte: 'Mon compte',
  commanderArticleDansLePanier: (count: string | number, s: string | number) => `Commander, ${count} article${s} dans le panier`,
  restaurant: 'Restaurant',
  aPropos: 'À propos',
  contact: 'Contact',
  blog: 'Blog',
} as const;

/** Texts of apps/web/app/features/site/social-links.tsx. */
export const socialLinksTexts = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  xTwitter: 'X (Twitter)',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
} as const;

/** Texts of apps/web/app/lib/api.server.ts. */
export const apiServerTexts = {
  apiIndisponible: 'API indisponible',
} as const;

/** Texts of apps/web/app/lib/store-data.ts. */
export const storeDataTexts = {
  articleN: (itemId: string | number) => `Article n° ${itemId}`,
} as const;

/** Texts of apps/web/app/lib/json-ld.ts. */
export const jsonLdTexts = {
  laCarte: 'La carte',
  restaurant: 'Restaurant',
} as const;

/** Texts of apps/web/app/lib/seo.ts. */
export const seoTexts = {
  restaurant: 'Restaurant',
} as const;

/** Texts of apps/web/app/lib/web-manifest.ts. */
export const webManifestTexts = {
  restaurant: 'Restaurant',
  commandeEnLigne: 'Commande en ligne',
  laCarte: 'La carte',
  carte: 'Carte',
} as const;

/** Texts of apps/web/app/routes/not-found.tsx. */
export const notFoundTexts = {
  pageIntrouvable: 'Page introuvable',
} as const;
