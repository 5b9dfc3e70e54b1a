/**
 * The French catalogue — Accounts: sign-up, log-in, code, password, profile, orders, security (spec sections 5 and 8).
 * Every word a person reads lives here; the storefront renders these values as they are.
 */
import { words } from '../words.ts';
import { storefrontWords } from './words.ts';

/** Messages of the accounts API (spec sections 5 and 8: the server’s message is shown as it comes). */
export const accountAnswers = {
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
  /** The code of another pending sign-up of the same address, typed in a browser that made one. */
  codeOfAnotherSignup:
    'Ce code a été envoyé pour une autre inscription avec cette adresse. Saisissez le code reçu juste après votre inscription, ou demandez-en un nouveau.',
  /** Several sign-ups wait for this address and this browser made none of them. */
  codeNeedsSignupBrowser:
    'Plusieurs inscriptions attendent avec cette adresse : saisissez le code dans le navigateur où vous vous êtes inscrit, ou inscrivez-vous de nouveau ici.',
  loginFailed: words.loginFailed,
  emailNotVerified: "Votre adresse e-mail n'est pas encore confirmée : saisissez le code reçu par e-mail.",
  notLoggedIn: "Vous n'êtes pas connecté.",
  sessionExpired: 'Votre session a expiré : reconnectez-vous.',
  userIdRequired: 'Identifiant utilisateur manquant.',
  wrongUser: "Ce jeton de connexion n'appartient pas à ce compte.",
  tooManyAttempts: (minutes: number) => `Trop de tentatives. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
  tooManyCodeTries: 'Trop de codes incorrects : demandez un nouveau code.',
  /** A back-off's wait: seconds under a minute, else minutes rounded up. */
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
  accepted: storefrontWords.accepted,
  ready: words.ready,
  completed: words.completed,
  rejected: words.refused,
  cancelled: words.cancelled,
} as const;

/** Texts of the auth card (account). */
export const authCard = {
  waiting: 'Un instant…',
} as const;

/** Texts of the delete account form (account). */
export const accountDeletion = {
  password: words.password,
  passwordConfirmation: storefrontWords.passwordConfirmation,
  submit: 'Supprimer définitivement mon compte',
} as const;

/** Texts of the order card (account). */
export const accountOrderCard = {
  orderNumber: (orderId: string | number) => `Commande n° ${orderId}`,
  pickup: words.pickup,
  delivery: words.delivery,
  pickupType: words.takeaway,
  free: storefrontWords.free,
  discounts: words.discounts,
  vatAt: (rate: string | number) => `TVA ${rate}`,
  total: words.total,
  viewReceipt: storefrontWords.viewReceipt,
} as const;

/** Texts of the auth forgot. */
export const passwordForgotten = {
  backToLogin: storefrontWords.backToLogin,
  heading: storefrontWords.forgotPassword,
  intro: 'Indiquez l’adresse e-mail de votre compte : nous vous enverrons un code pour choisir un nouveau mot de passe.',
  email: words.email,
  requestCode: 'Recevoir un code',
  newPassword: storefrontWords.newPassword,
  sentTo: (email: string | number) => `Adresse : ${email}`,
  code: storefrontWords.emailedCode,
  passwordConfirmation: storefrontWords.passwordConfirmation,
  submit: storefrontWords.changePassword,
  restart: 'Utiliser une autre adresse ou renvoyer un code',
  pageTitle: storefrontWords.forgotPassword,
} as const;

/** Texts of the auth login. */
export const customerLogin = {
  heading: words.logIn,
  intro: 'Retrouvez vos coordonnées pré-remplies et l’historique de vos commandes.',
  forgotPassword: 'Mot de passe oublié ?',
  noAccountYet: 'Pas encore de compte ?',
  signUp: storefrontWords.signUp,
  email: words.email,
  password: words.password,
  pageTitle: 'Connexion',
} as const;

/** Texts of the auth signup. */
export const customerSignup = {
  heading: storefrontWords.signUp,
  intro: 'Nous vous enverrons un code à 6 chiffres pour confirmer votre adresse e-mail.',
  haveAccount: 'Déjà un compte ?',
  logIn: words.logIn,
  firstName: storefrontWords.firstName,
  lastName: words.name,
  phone: words.phone,
  email: words.email,
  password: words.password,
  passwordHint: (passwordMinLength: string | number) =>
    `Au moins ${passwordMinLength} caractères. Une phrase que vous retiendrez fait un excellent mot de passe.`,
  submit: words.createMyAccount,
  dataUse: 'Vos données servent à vos commandes et à votre compte, rien d’autre. Vous pouvez supprimer votre compte à tout moment.',
  pageTitle: storefrontWords.signUp,
} as const;

/** Texts of the auth verify. */
export const emailVerification = {
  heading: 'Confirmez votre adresse',
  intro: 'Nous venons de vous envoyer un code à 6 chiffres par e-mail. Saisissez-le ci-dessous : il est valable 10 minutes.',
  codeHint: 'Saisissez le code à 6 chiffres reçu par e-mail.',
  backToLogin: storefrontWords.backToLogin,
  email: words.email,
  code: storefrontWords.emailedCode,
  submit: 'Valider',
  sending: words.sending,
  resend: 'Renvoyer le code',
  pageTitle: 'Confirmer votre adresse',
} as const;

/** Texts of the auth. */
export const accountEntry = {
  heading: storefrontWords.myAccount,
  optional: 'Un compte est facultatif : vous pouvez aussi commander sans.',
  pageTitle: storefrontWords.myAccount,
  logIn: words.logIn,
  logInHint: 'Retrouvez vos coordonnées et vos commandes.',
  signUp: storefrontWords.signUp,
  signUpHint: 'Commandez plus vite la prochaine fois.',
  forgotPassword: storefrontWords.forgotPassword,
  forgotPasswordHint: 'Recevez un code par e-mail pour en choisir un nouveau.',
} as const;

/** Texts of the profile account. */
export const accountOverview = {
  heading: storefrontWords.myAccount,
  viewOrders: 'Voir mes commandes',
  editProfile: 'Modifier mes informations',
  logOut: words.logOut,
  personalData: 'Mes données personnelles',
  exportHint: 'Un fichier JSON avec votre profil, toutes vos commandes et vos choix de consentement.',
  retentionLink: 'Ce que nous conservons et combien de temps',
  exporting: 'Préparation du fichier…',
  export: 'Télécharger mes données',
  pageTitle: storefrontWords.myAccount,
  name: words.name,
  email: words.email,
  phone: words.phone,
  address: words.address,
  notGiven: 'Non renseignée',
} as const;

/** Texts of the profile change password. */
export const passwordChange = {
  heading: storefrontWords.changePassword,
  currentPassword: 'Mot de passe actuel',
  newPassword: storefrontWords.newPassword,
  newPasswordHint: (passwordMinLength: string | number) => `Au moins ${passwordMinLength} caractères, pas un mot de passe courant.`,
  newPasswordConfirmation: 'Confirmez le nouveau mot de passe',
  pageTitle: words.password,
} as const;

/** Texts of the profile orders. */
export const orderHistory = {
  heading: storefrontWords.myOrders,
  loading: 'Chargement de vos commandes…',
  empty: 'Aucune commande pour le moment.',
  emptyHint: 'Les commandes passées en étant connecté apparaissent ici.',
  viewMenu: storefrontWords.viewMenu,
  pagination: 'Pages de commandes',
  newer: '← Plus récentes',
  pageOf: (page: string | number, pages: string | number) => `Page ${page} sur ${pages}`,
  older: 'Plus anciennes →',
  pageTitle: storefrontWords.myOrders,
} as const;

/** Texts of the profile profile. */
export const profileForm = {
  heading: storefrontWords.myDetails,
  firstName: storefrontWords.firstName,
  lastName: words.name,
  phone: words.phone,
  address: words.address,
  addressExample: '12 rue de la République, 69002 Lyon',
  email: words.email,
  emailFixed: 'L’adresse e-mail sert à vous connecter : elle ne se modifie pas ici.',
  save: words.save,
  pageTitle: storefrontWords.myDetails,
} as const;

/** Texts of the profile security. */
export const accountSecurity = {
  heading: storefrontWords.security,
  changePassword: storefrontWords.changePassword,
  changePasswordHint: 'Vos autres appareils seront déconnectés.',
  logOut: words.logOut,
  logOutHint: 'Sur cet appareil.',
  deleteAccount: 'Supprimer mon compte',
  deleteAccountHint:
    'Vos nom, e-mail, téléphone, adresse et mot de passe sont effacés et vous êtes déconnecté partout. Vos commandes passées restent, anonymes, dans la comptabilité du restaurant. Cette action est définitive.',
  pageTitle: storefrontWords.security,
} as const;

/** Texts of the profile. */
export const accountLayout = {
  loading: 'Chargement de votre compte…',
  greeting: 'Bonjour ',
  heading: storefrontWords.myAccount,
  logOut: words.logOut,
  pageTitle: storefrontWords.myAccount,
  orders: storefrontWords.myOrders,
  profile: storefrontWords.myDetails,
  security: storefrontWords.security,
  password: words.password,
} as const;

/** The notes of the personal data export (GET /v2/auth/export): what is kept where. */
export const personalDataExport = {
  cookiesNote: 'Votre choix sur les cookies est conservé dans votre navigateur (clé « cookie-consent »), pas sur nos serveurs.',
  marketingNote: 'Aucune prospection : vos e-mails servent à votre compte et à vos commandes.',
  /** The cookie choice of this browser, added by the storefront to the downloaded file. */
  noAnswer: 'sans réponse',
  accepted: 'acceptés',
  refused: 'refusés',
} as const;
