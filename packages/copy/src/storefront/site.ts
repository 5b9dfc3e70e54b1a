/**
 * The French catalogue — The site around the menu: home, about, contact, blog, footer, shell, error pages.
 * Every word a person reads lives here; the storefront renders these values as they are.
 */
import { words } from '../words.ts';
import { storefrontWords } from './words.ts';

/** The error pages: 404 and the crash page (spec section 8). */
export const errorPage = {
  pageNotFoundTitle: '404 !',
  pageNotFound: "Désolé, cette page n'existe pas.",
  errorTitle: 'Oups…',
  errorBroke: 'On dirait que quelque chose s’est cassé.',
  errorSorry: 'Toutes nos excuses.',
  backHome: "Retour à l'accueil",
  /** Spec section 8: an unmatched route (non-fatal 404). */
  pageNotFoundPath: (path: string) => `Page introuvable : ${path}`,
} as const;

/** Texts of the site footer. */
export const siteFooter = {
  social: 'Réseaux sociaux',
  hours: words.hours,
  closed: words.closed,
  findUs: 'Nous trouver',
  linksLabel: 'Liens du site',
  information: 'Informations',
  manageCookies: 'Gérer les cookies',
  onlineOrderingSuffix: ' · Commande en ligne',
  menu: words.theMenu,
  about: storefrontWords.about,
  contact: storefrontWords.contact,
  blog: storefrontWords.blog,
  terms: 'Mentions légales et CGV',
  privacy: 'Confidentialité',
  cookies: 'Cookies',
} as const;

/** Texts of the toast (ui). */
export const toastTexts = {
  close: 'Fermer l’alerte',
} as const;

/** Texts of the about. */
export const aboutPage = {
  heading: (name: string | number) => `À propos de ${name}`,
  discoverMenu: 'Découvrir la carte',
  pageTitle: storefrontWords.about,
  restaurantFallback: storefrontWords.restaurant,
} as const;

/** Texts of the blog. */
export const blogPage = {
  heading: 'Le blog',
  intro: 'Nouvelles de la cuisine et du restaurant.',
} as const;

/** Texts of the contact. */
export const contactPage = {
  heading: 'Nous contacter',
  viewMap: '(voir le plan)',
  pageTitle: storefrontWords.contact,
  metaDescription: 'Adresse, téléphone et e-mail du restaurant.',
} as const;

/** Texts of the home. */
export const homePage = {
  openNow: 'Ouvert en ce moment',
  closedNow: 'Fermé pour le moment · commandez pour plus tard',
  orderCta: ' Voir la carte et commander',
  pickup: storefrontWords.takeawaySpaced,
  pitch: 'Commandez en ligne, payez sur place et récupérez votre commande au comptoir, sans attendre.',
  today: ' Aujourd’hui',
  closedToday: 'Fermé aujourd’hui',
  address: ' Adresse',
  popular: 'Les plus populaires',
  metaDescription: 'Commandez en ligne.',
  pageTitle: 'Accueil',
  restaurantFallback: storefrontWords.restaurant,
} as const;

/** Texts of the shell. */
export const siteHeader = {
  navLabel: 'Navigation principale',
  menu: words.theMenu,
  account: storefrontWords.myAccount,
  cartButton: (count: string | number, s: string | number) => `Commander, ${count} article${s} dans le panier`,
  restaurantFallback: storefrontWords.restaurant,
  about: storefrontWords.about,
  contact: storefrontWords.contact,
  blog: storefrontWords.blog,
} as const;

/** Texts of the social links (site). */
export const socialLinks = {
  facebook: words.facebook,
  instagram: words.instagram,
  twitter: words.twitter,
  tiktok: words.tiktok,
  youtube: words.youtube,
  linkedin: words.linkedin,
  pinterest: words.pinterest,
} as const;

/** Texts of the api server (lib). */
export const apiServer = {
  unavailable: 'API indisponible',
} as const;

/** Texts of the store data (lib). */
export const storeData = {
  itemFallback: (itemId: string | number) => `Article n° ${itemId}`,
} as const;

/** Texts of the json ld (lib). */
export const structuredData = {
  menuName: words.theMenu,
  restaurantFallback: storefrontWords.restaurant,
} as const;

/** Texts of the seo (lib). */
export const seo = {
  restaurantFallback: storefrontWords.restaurant,
} as const;

/** Texts of the web manifest (lib). */
export const webManifest = {
  restaurantFallback: storefrontWords.restaurant,
  onlineOrdering: 'Commande en ligne',
  menuShortcut: words.theMenu,
  menuShortName: words.menu,
} as const;

/** Texts of the not found. */
export const notFoundPage = {
  pageTitle: 'Page introuvable',
} as const;
