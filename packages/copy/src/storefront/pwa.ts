/**
 * The French catalogue — The installed application: cookies, install banner, updates, offline page (spec section 2).
 * Every word a person reads lives here; the storefront renders these values as they are.
 */
import { words } from '../words.ts';
import { storefrontWords } from './words.ts';

/** The overlays of spec section 2: cookie consent, install prompt, iOS guide, update banner, back button. */
export const pwaOverlays = {
  /** Spec section 2, overlays. The consent's sentence stays short: a small banner (docs/decisions/027-pages-paint-first.md). */
  cookieTitle: 'Consentement aux cookies',
  cookieText: 'Seul le stockage nécessaire à la commande est utilisé (panier, préférences) : ni traceur publicitaire, ni mesure d’audience.',
  cookieTextAnalytics: 'Avec votre accord, nous mesurons l’audience du site ; le stockage nécessaire à la commande (panier, préférences) est toujours utilisé.',
  cookieAccept: words.accept,
  cookieRefuse: words.refuse,
  cookieCurrentAccepted: 'Votre choix actuel : cookies acceptés.',
  cookieCurrentRefused: 'Votre choix actuel : cookies refusés.',
  installTitle: storefrontWords.installApp,
  installText: 'Commandez plus vite depuis votre écran d’accueil, même avec une connexion fragile.',
  installNow: 'Installer maintenant',
  installLater: 'Plus tard',
  installing: 'Installation...',
  iosGuideTitle: storefrontWords.installApp,
  iosGuideShare: 'Appuyez sur le bouton Partager de Safari.',
  iosGuideAdd: 'Choisissez « Sur l’écran d’accueil » (iPhone, iPad) ou « Ajouter au Dock » (Safari sur Mac).',
  iosGuideConfirm: 'Confirmez avec « Ajouter ».',
  iosGuideOk: "J'ai compris",
  updateTitle: 'Mise à jour disponible',
  updateText: 'Une nouvelle version est prête',
  updateAction: 'Actualiser',
  updating: 'Mise à jour...',
  backAgainToExit: 'Appuyez encore sur Retour pour quitter',
} as const;

/** Texts of the cookie consent (pwa). */
export const cookieConsent = {
  privacyLink: storefrontWords.privacyPolicy,
  cookiePolicyLink: storefrontWords.cookiePolicy,
} as const;

/** Texts of the ios install guide (pwa). */
export const iosInstallGuide = {
  ok: 'OK',
  stepPrefix: 'Étape ',
} as const;

/** Texts of the offline. */
export const offlinePage = {
  heading: 'Vous êtes hors ligne',
  explanation:
    'Cette page n’a pas encore été consultée sur cet appareil et la connexion est coupée. La carte déjà consultée reste disponible ; pour commander, il faudra être connecté.',
  viewMenu: storefrontWords.viewMenu,
  retry: 'Réessayer',
  pageTitle: 'Hors ligne',
} as const;
