/**
 * The French catalogue — Accounts: sign-up, log-in, code, password, profile, orders, security (spec sections 5 and 8).
 * Every word a person reads lives here (docs/decisions/018); the storefront renders these values as they are.
 */

/** Messages of the accounts API (docs/decisions/006; spec sections 5 and 8: the server’s message is shown as it comes). Part of `messages` (packages/domain/src/messages.ts). */
export const accountMessages = {
  passwordRequired: 'Le mot de passe est obligatoire.',
  passwordTooShort: (min: number) => `Le mot de passe doit contenir au moins ${min} caractères.`,
  passwordTooLong: (max: number) => `Le mot de passe doit contenir au plus ${max} caractères.`,
  passwordTooCommon: 'Ce mot de passe fait partie des plus courants : choisissez-en un autre, plus personnel.',
  passwordsDoNotMatch: 'Les mots de passe ne correspondent pas.',
  passwordWrong: 'Mot de passe incorrect.',
  codeRequired: 'Le code reçu par e-mail est obligatoire.',
  codeFormat: 'Le code contient 6 chiffres.',
  codeInvalid: 'Code incorrect ou expiré. Vérifiez-le, ou demandez-en un nouveau.',
  codeSent: 'Si un compte correspond à cette adresse, un code à 6 chiffres vient de lui être envoyé. Il est valable 10 minutes.',
  signupCodeSent: 'Un code à 6 chiffres a été envoyé à cette adresse pour la confirmer. Il est valable 10 minutes.',
  /** The code of another pending sign-up of the same address, typed in a browser that made one (docs/decisions/006). */
  codeOfAnotherSignup:
    'Ce code a été envoyé pour une autre inscription avec cette adresse. Saisissez le code reçu juste après votre inscription, ou demandez-en un nouveau.',
  /** Several sign-ups wait for this address and this browser made none of them (docs/decisions/006). */
  codeNeedsSignupBrowser:
    'Plusieurs inscriptions attendent avec cette adresse : saisissez le code dans le navigateur où vous vous êtes inscrit, ou inscrivez-vous de nouveau ici.',
  loginFailed: 'E-mail ou mot de passe incorrect.',
  emailNotVerified: "Votre adresse e-mail n'est pas encore confirmée : saisissez le code reçu par e-mail.",
  notLoggedIn: "Vous n'êtes pas connecté.",
  sessionExpired: 'Votre session a expiré : reconnectez-vous.',
  userIdRequired: 'Identifiant utilisateur manquant.',
  wrongUser: "Ce jeton de connexion n'appartient pas à ce compte.",
  tooManyAttempts: (minutes: number) => `Trop de tentatives. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
  tooManyCodeTries: 'Trop de codes incorrects : demandez un nouveau code.',
  /** A back-off's wait (docs/decisions/006): seconds under a minute, else minutes rounded up. */
  tooManyAttemptsWait: (seconds: number) =>
    seconds < 60
      ? `Trop de tentatives. Réessayez dans ${seconds} seconde${seconds > 1 ? 's' : ''}.`
      : `Trop de tentatives. Réessayez dans ${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) > 1 ? 's' : ''}.`,
  passwordReset: 'Votre mot de passe a été modifié. Vous pouvez vous connecter.',
  passwordChanged: 'Votre mot de passe a été modifié. Vos autres appareils ont été déconnectés.',
  profileUpdated: 'Vos informations ont été enregistrées.',
  accountDeleted: 'Votre compte a été supprimé.',
  loggedOut: 'Vous êtes déconnecté.',
  invalidPage: 'Le numéro de page est un entier à partir de 1.',
  invalidLimit: (max: number) => `Le nombre de commandes par page est un entier entre 1 et ${max}.`,
  exportFailed: 'Le téléchargement de vos données a échoué, veuillez réessayer.',
} as const;

/** Order statuses as a customer reads them (pending, paid, accepted, ready, completed, rejected, cancelled). */
export const orderStatusLabels = {
  pending: 'En attente',
  paid: 'Payée',
  accepted: 'Acceptée',
  ready: 'Prête',
  completed: 'Terminée',
  rejected: 'Refusée',
  cancelled: 'Annulée',
} as const;

/** Texts of apps/web/app/features/account/auth-card.tsx. */
export const authCardTexts = {
  unInstant: 'Un instant…',
} as const;

/** Texts of apps/web/app/features/account/delete-account-form.tsx. */
export const deleteAccountFormTexts = {
  motDePasse: 'Mot de passe',
  confirmezLeMotDePasse: 'Confirmez le mot de passe',
  supprimerDefinitivementMonCompte: 'Supprimer définitivement mon compte',
} as const;

/** Texts of apps/web/app/features/account/order-card.tsx. */
export const orderCardTexts = {
  commandeN: (orderId: string | number) => `Commande n° ${orderId}`,
  retrait: 'Retrait',
  livraison: 'Livraison',
  aEmporter: 'À emporter',
  offert: 'Offert',
  remises: 'Remises',
  tva: (rate: string | number) => `TVA ${rate}`,
  total: 'Total',
  voirLeRecu: 'Voir le reçu',
} as const;

/** Texts of apps/web/app/routes/auth-forgot.tsx. */
export const authForgotTexts = {
  retourALaConnexion: 'Retour à la connexion',
  motDePasseOublie: 'Mot de passe oublié',
  indiquezLAdresseEMail: 'Indiquez l’adresse e-mail de votre compte : nous vous enverrons un code pour choisir un nouveau mot de passe.',
  eMail: 'E-mail',
  recevoirUnCode: 'Recevoir un code',
  nouveauMotDePasse: 'Nouveau mot de passe',
  adresse: (email: string | number) => `Adresse : ${email}`,
  codeRecuParEMail: 'Code reçu par e-mail',
  confirmezLeMotDePasse: 'Confirmez le mot de passe',
  changerLeMotDePasse: 'Changer le mot de passe',
  utiliserUneAutreAdresseOu: 'Utiliser une autre adresse ou renvoyer un code',
  pageTitle: 'Mot de passe oublié',
} as const;

/** Texts of apps/web/app/routes/auth-login.tsx. */
export const authLoginTexts = {
  seConnecter: 'Se connecter',
  retrouvezVosCoordonneesPreRemplies: 'Retrouvez vos coordonnées pré-remplies et l’historique de vos commandes.',
  motDePasseOublie: 'Mot de passe oublié ?',
  pasEncoreDeCompte: 'Pas encore de compte ?',
  creerUnCompte: 'Créer un compte',
  eMail: 'E-mail',
  motDePasse: 'Mot de passe',
  pageTitle: 'Connexion',
} as const;

/** Texts of apps/web/app/routes/auth-signup.tsx. */
export const authSignupTexts = {
  creerUnCompte: 'Créer un compte',
  nousVousEnverronsUnCode: 'Nous vous enverrons un code à 6 chiffres pour confirmer votre adresse e-mail.',
  dejaUnCompte: 'Déjà un compte ?',
  seConnecter: 'Se connecter',
  prenom: 'Prénom',
  nom: 'Nom',
  telephone: 'Téléphone',
  eMail: 'E-mail',
  motDePasse: 'Mot de passe',
  auMoinsCaracteresUnePhrase: (passwordMinLength: string | number) =>
    `Au moins ${passwordMinLength} caractères. Une phrase que vous retiendrez fait un excellent mot de passe.`,
  creerMonCompte: 'Créer mon compte',
  vosDonneesServentAVos: 'Vos données servent à vos commandes et à votre compte, rien d’autre. Vous pouvez supprimer votre compte à tout moment.',
  pageTitle: 'Créer un compte',
} as const;

/** Texts of apps/web/app/routes/auth-verify.tsx. */
export const authVerifyTexts = {
  confirmezVotreAdresse: 'Confirmez votre adresse',
  nousVenonsDeVousEnvoyer: 'Nous venons de vous envoyer un code à 6 chiffres par e-mail. Saisissez-le ci-dessous : il est valable 10 minutes.',
  saisissezLeCodeA6: 'Saisissez le code à 6 chiffres reçu par e-mail.',
  retourALaConnexion: 'Retour à la connexion',
  eMail: 'E-mail',
  codeRecuParEMail: 'Code reçu par e-mail',
  valider: 'Valider',
  envoi: 'Envoi…',
  renvoyerLeCode: 'Renvoyer le code',
  pageTitle: 'Confirmer votre adresse',
} as const;

/** Texts of apps/web/app/routes/auth.tsx. */
export const authTexts = {
  monCompte: 'Mon compte',
  unCompteEstFacultatifVous: 'Un compte est facultatif : vous pouvez aussi commander sans.',
  pageTitle: 'Mon compte',
  seConnecter: 'Se connecter',
  retrouvezVosCoordonneesEtVos: 'Retrouvez vos coordonnées et vos commandes.',
  creerUnCompte: 'Créer un compte',
  commandezPlusViteLaProchaine: 'Commandez plus vite la prochaine fois.',
  motDePasseOublie: 'Mot de passe oublié',
  recevezUnCodeParE: 'Recevez un code par e-mail pour en choisir un nouveau.',
} as const;

/** Texts of apps/web/app/routes/profile-account.tsx. */
export const profileAccountTexts = {
  monCompte: 'Mon compte',
  voirMesCommandes: 'Voir mes commandes',
  modifierMesInformations: 'Modifier mes informations',
  seDeconnecter: 'Se déconnecter',
  mesDonneesPersonnelles: 'Mes données personnelles',
  unFichierJsonAvecVotre: 'Un fichier JSON avec votre profil, toutes vos commandes et vos choix de consentement.',
  ceQueNousConservonsEt: 'Ce que nous conservons et combien de temps',
  preparationDuFichier: 'Préparation du fichier…',
  telechargerMesDonnees: 'Télécharger mes données',
  pageTitle: 'Mon compte',
  nom: 'Nom',
  eMail: 'E-mail',
  telephone: 'Téléphone',
  adresse: 'Adresse',
  nonRenseignee: 'Non renseignée',
} as const;

/** Texts of apps/web/app/routes/profile-change-password.tsx. */
export const profileChangePasswordTexts = {
  changerLeMotDePasse: 'Changer le mot de passe',
  motDePasseActuel: 'Mot de passe actuel',
  nouveauMotDePasse: 'Nouveau mot de passe',
  auMoinsCaracteresPasUn: (passwordMinLength: string | number) => `Au moins ${passwordMinLength} caractères, pas un mot de passe courant.`,
  confirmezLeNouveauMotDe: 'Confirmez le nouveau mot de passe',
  pageTitle: 'Mot de passe',
} as const;

/** Texts of apps/web/app/routes/profile-orders.tsx. */
export const profileOrdersTexts = {
  mesCommandes: 'Mes commandes',
  chargementDeVosCommandes: 'Chargement de vos commandes…',
  aucuneCommandePourLeMoment: 'Aucune commande pour le moment.',
  lesCommandesPasseesEnEtant: 'Les commandes passées en étant connecté apparaissent ici.',
  voirLaCarte: 'Voir la carte',
  pagesDeCommandes: 'Pages de commandes',
  plusRecentes: '← Plus récentes',
  pageSur: (page: string | number, pages: string | number) => `Page ${page} sur ${pages}`,
  plusAnciennes: 'Plus anciennes →',
  pageTitle: 'Mes commandes',
} as const;

/** Texts of apps/web/app/routes/profile-profile.tsx. */
export const profileProfileTexts = {
  mesInformations: 'Mes informations',
  prenom: 'Prénom',
  nom: 'Nom',
  telephone: 'Téléphone',
  adresse: 'Adresse',
  n12RueDeLaRepublique: '12 rue de la République, 69002 Lyon',
  eMail: 'E-mail',
  lAdresseEMailSert: 'L’adresse e-mail sert à vous connecter : elle ne se modifie pas ici.',
  enregistrer: 'Enregistrer',
  pageTitle: 'Mes informations',
} as const;

/** Texts of apps/web/app/routes/profile-security.tsx. */
export const profileSecurityTexts = {
  securite: 'Sécurité',
  changerLeMotDePasse: 'Changer le mot de passe',
  vosAutresAppareilsSerontDeconnectes: 'Vos autres appareils seront déconnectés.',
  seDeconnecter: 'Se déconnecter',
  surCetAppareil: 'Sur cet appareil.',
  supprimerMonCompte: 'Supprimer mon compte',
  vosNomEMailTelephone:
    'Vos nom, e-mail, téléphone, adresse et mot de passe sont effacés et vous êtes déconnecté partout. Vos commandes passées restent, anonymes, dans la comptabilité du restaurant. Cette action est définitive.',
  pageTitle: 'Sécurité',
} as const;

/** Texts of apps/web/app/routes/profile.tsx. */
export const profileTexts = {
  chargementDeVotreCompte: 'Chargement de votre compte…',
  bonjour: 'Bonjour ',
  monCompte: 'Mon compte',
  seDeconnecter: 'Se déconnecter',
  pageTitle: 'Mon compte',
  mesCommandes: 'Mes commandes',
  mesInformations: 'Mes informations',
  securite: 'Sécurité',
  motDePasse: 'Mot de passe',
} as const;

/** The notes of the personal data export (GET /v2/auth/export, docs/decisions/012): what is kept where. */
export const personalDataExportTexts = {
  cookiesNote: 'Votre choix sur les cookies est conservé dans votre navigateur (clé « cookie-consent »), pas sur nos serveurs.',
  marketingNote: 'Aucune prospection : vos e-mails servent à votre compte et à vos commandes.',
  /** The cookie choice of this browser, added by the storefront to the downloaded file. */
  noAnswer: 'sans réponse',
  accepted: 'acceptés',
  refused: 'refusés',
} as const;
