/**
 * The French catalogue — The installed application: cookies, install banner, updates, offline page (spec section 2).
 * Every word a person reads lives here (docs/decisions/017); the storefront renders these values as they are.
 */

/** The overlays of spec section 2: cookie consent, install prompt, iOS guide, update banner, back button. Part of `messages` (packages/domain/src/messages.ts). */
export const pwaMessages = {
  /** Spec section 2, overlays. The consent's sentence stays short: a small banner (docs/decisions/027-pages-paint-first.md). */
  cookieTitle: 'Consentement aux cookies',
  cookieText: 'Seul le stockage nécessaire à la commande est utilisé (panier, préférences) : ni traceur publicitaire, ni mesure d’audience.',
  cookieTextAnalytics: 'Avec votre accord, nous mesurons l’audience du site ; le stockage nécessaire à la commande (panier, préférences) est toujours utilisé.',
  cookieAccept: 'Accepter',
  cookieRefuse: 'Refuser',
  cookieCurrentAccepted: 'Votre choix actuel : cookies acceptés.',
  cookieCurrentRefused: 'Votre choix actuel : cookies refusés.',
  installTitle: 'Installer l’application',
  installText: 'Commandez plus vite depuis votre écran d’accueil, même avec une connexion fragile.',
  installNow: 'Installer maintenant',
  installLater: 'Plus tard',
  installing: 'Installation...',
  iosGuideTitle: 'Installer l’application',
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

/** Texts of apps/web/app/features/pwa/cookie-consent.tsx. */
export const cookieConsentTexts = {
  politiqueDeConfidentialite: 'Politique de confidentialité',
  politiqueCookies: 'Politique cookies',
} as const;

/** Texts of apps/web/app/features/pwa/ios-install-guide.tsx. */
export const iosInstallGuideTexts = {
  ok: 'OK',
  etape: 'Étape ',
} as const;

/** Texts of apps/web/app/routes/offline.tsx. */
export const offlineTexts = {
  vousEtesHorsLigne: 'Vous êtes hors ligne',
  cettePageNAPas:
    'Cette page n’a pas encore été consultée sur cet appareil et la connexion est coupée. La carte déjà consultée reste disponible ; pour commander, il faudra être connecté.',
  voirLaCarte: 'Voir la carte',
  reessayer: 'Réessayer',
  horsLigne: 'Hors ligne',
} as const;
