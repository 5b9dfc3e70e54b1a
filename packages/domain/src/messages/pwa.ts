/**
 * The French catalogue — The installed application: cookies, install banner, updates, offline page (spec section 2).
 * Every word a person reads lives here (issue 12); the storefront renders these values as they are.
 */

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
