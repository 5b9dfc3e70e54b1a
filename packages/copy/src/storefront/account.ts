/**
 * The French catalogue — Accounts: sign-up, log-in, code, password, profile, orders, security (spec sections 5 and 8).
 * Every word a person reads lives here; the storefront renders these values as they are.
 */
import { words } from '../words.ts';

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
  accepted: words.accepted,
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
  passwordConfirmation: words.passwordConfirmation,
  submit: 'Supprimer définitivement mon compte',
} as const;

/** Texts of the order card (account). */
export const accountOrderCard = {
  orderNumber: (orderId: string | number) => `Commande n° ${orderId}`,
  pickup: words.pickup,
  delivery: words.delivery,
  pickupType: words.takeaway,
  free: words.free,
  discounts: words.discounts,
  vatAt: (rate: string | number) => `TVA ${rate}`,
  total: words.total,
  viewReceipt: words.viewReceipt,
} as const;

/** Texts of the auth forgot. */
export const passwordForgotten = {
  backToLogin: words.backToLogin,
  heading: words.forgotPassword,
  intro: 'Indiquez l’adresse e-mail de votre compte : nous vous enverrons un code pour choisir un nouveau mot de passe.',
  email: words.email,
  requestCode: 'Recevoir un code',
  newPassword: words.newPassword,
  sentTo: (email: string | number) => `Adresse : ${email}`,
  code: words.emailedCode,
  passwordConfirmation: words.passwordConfirmation,
  submit: words.changePassword,
  restart: 'Utiliser une autre adresse ou renvoyer un code',
  pageTitle: words.forgotPassword,
} as const;

/** Texts of the auth login. */
export const customerLogin = {
  heading: words.logIn,
  intro: 'Retrouvez vos coordonnées pré-remplies et l’historique de vos commandes.',
  forgotPassword: 'Mot de passe oublié ?',
  noAccountYet: 'Pas encore de compte ?',
  signUp: words.signUp,
  email: words.email,
  password: words.password,
  pageTitle: 'Connexion',
} as const;

/** Texts of the auth signup. */
export const customerSignup = {
  heading: words.signUp,
  intro: 'Nous vous enverrons un code à 6 chiffres pour confirmer votre adresse e-mail.',
  haveAccount: 'Déjà un compte ?',
  logIn: words.logIn,
  firstName: words.firstName,
  lastName: words.name,
  phone: words.phone,
  email: words.email,
  password: words.password,
  passwordHint: (passwordMinLength: string | number) =>
    `Au moins ${passwordMinLength} caractères. Une phrase que vous retiendrez fait un excellent mot de passe.`,
  submit: words.createMyAccount,
  dataUse: 'Vos données servent à vos commandes et à votre compte, rien d’autre. Vous pouvez supprimer votre compte à tout moment.',
  pageTitle: words.signUp,
} as const;

/** Texts of the auth verify. */
export const emailVerification = {
  heading: 'Confirmez votre adresse',
  intro: 'Nous venons de vous envoyer un code à 6 chiffres par e-mail. Saisissez-le ci-dessous : il est valable 10 minutes.',
  codeHint: 'Saisissez le code à 6 chiffres reçu par e-mail.',
  backToLogin: words.backToLogin,
  email: words.email,
  code: words.emailedCode,
  submit: 'Valider',
  sending: words.sending,
  resend: 'Renvoyer le code',
  pageTitle: 'Confirmer votre adresse',
} as const;

/** Texts of the auth. */
export const accountEntry = {
  heading: words.myAccount,
  optional: 'Un compte est facultatif : vous pouvez aussi commander sans.',
  pageTitle: words.myAccount,
  logIn: words.logIn,
  logInHint: 'Retrouvez vos coordonnées et vos commandes.',
  signUp: words.signUp,
  signUpHint: 'Commandez plus vite la prochaine fois.',
  forgotPassword: words.forgotPassword,
  forgotPasswordHint: 'Recevez un code par e-mail pour en choisir un nouveau.',
} as const;

/** Texts of the profile account. */
export const accountOverview = {
  heading: words.myAccount,
  viewOrders: 'Voir mes commandes',
  editProfile: 'Modifier mes informations',
  logOut: words.logOut,
  personalData: 'Mes données personnelles',
  exportHint: 'Un fichier JSON avec votre profil, toutes vos commandes et vos choix de consentement.',
  retentionLink: 'Ce que nous conservons et combien de temps',
  exporting: 'Préparation du fichier…',
  export: 'Télécharger mes données',
  pageTitle: words.myAccount,
  name: words.name,
  email: words.email,
  phone: words.phone,
  address: words.address,
  notGiven: 'Non renseignée',
} as const;

/** Texts of the profile change password. */
export const passwordChange = {
  heading: words.changePassword,
  currentPassword: 'Mot de passe actuel',
  newPassword: words.newPassword,
  newPasswordHint: (passwordMinLength: string | number) => `Au moins ${passwordMinLength} caractères, pas un mot de passe courant.`,
  newPasswordConfirmation: 'Confirmez le nouveau mot de passe',
  pageTitle: words.password,
} as const;

/** Texts of the profile orders. */
export const orderHistory = {
  heading: words.myOrders,
  loading: 'Chargement de vos commandes…',
  empty: 'Aucune commande pour le moment.',
  emptyHint: 'Les commandes passées en étant connecté apparaissent ici.',
  viewMenu: words.viewMenu,
  pagination: 'Pages de commandes',
  newer: '← Plus récentes',
  pageOf: (page: string | number, pages: string | number) => `Page ${page} sur ${pages}`,
  older: 'Plus anciennes →',
  pageTitle: words.myOrders,
} as const;

/** Texts of the profile profile. */
export const profileForm = {
  heading: words.myDetails,
  firstName: words.firstName,
  lastName: words.name,
  phone: words.phone,
  address: words.address,
  addressExample: '12 rue de la République, 69002 Lyon',
  email: words.email,
  emailFixed: 'L’adresse e-mail sert à vous connecter : elle ne se modifie pas ici.',
  save: words.save,
  pageTitle: words.myDetails,
} as const;

/** Texts of the profile security. */
export const accountSecurity = {
  heading: words.security,
  changePassword: words.changePassword,
  changePasswordHint: 'Vos autres appareils seront déconnectés.',
  logOut: words.logOut,
  logOutHint: 'Sur cet appareil.',
  deleteAccount: 'Supprimer mon compte',
  deleteAccountHint:
    'Vos nom, e-mail, téléphone, adresse et mot de passe sont effacés et vous êtes déconnecté partout. Vos commandes passées restent, anonymes, dans la comptabilité du restaurant. Cette action est définitive.',
  pageTitle: words.security,
} as const;

/** Texts of the profile. */
export const accountLayout = {
  loading: 'Chargement de votre compte…',
  greeting: 'Bonjour ',
  heading: words.myAccount,
  logOut: words.logOut,
  pageTitle: words.myAccount,
  orders: words.myOrders,
  profile: words.myDetails,
  security: words.security,
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
