/**
 * The French catalogue — the staff area (docs/decisions/020-staff-accounts.md):
 * staff log-in, the team page, invitations, the first owner's link, and the e-mail of an
 * invitation. The API's messages (`staffMessages`) and the screens' texts (`<screen>Texts`).
 */
import { words } from '../words.ts';
import { staffWords } from './words.ts';

/** Roles as a person reads them. */
export const staffRoleLabels = { owner: 'Propriétaire', staff: staffWords.team } as const;

/** Messages of the staff API (error envelopes and answers). */
export const staffAnswers = {
  loginFailed: words.loginFailed,
  loggedOut: 'Vous êtes déconnecté de l’espace restaurant.',
  loginRequired: 'Connectez-vous à l’espace restaurant pour continuer.',
  forbidden: 'Seul le propriétaire du restaurant peut faire cela.',
  crossSite: 'Requête refusée : elle ne vient pas du site du restaurant.',
  invitationInvalid: 'Ce lien d’invitation n’est plus valable (déjà utilisé, annulé ou expiré). Demandez-en un nouveau au propriétaire.',
  invitationNotFound: 'Cette invitation n’existe pas ou a déjà été utilisée.',
  emailRequired: 'L’adresse e-mail est obligatoire pour créer le compte du propriétaire.',
  alreadyMember: 'Cette adresse est déjà celle d’un membre de l’équipe.',
  memberNotFound: 'Ce membre de l’équipe n’existe pas ou a déjà été retiré.',
  removeSelf: 'Vous ne pouvez pas vous retirer vous-même : un autre propriétaire peut le faire.',
  lastOwner: 'Impossible de retirer le dernier propriétaire : invitez d’abord un autre propriétaire.',
  invitationSent: (email: string) => `Invitation envoyée à ${email}.`,
  invitationRevoked: 'Invitation annulée.',
  memberRemoved: 'Membre retiré de l’équipe.',
  nameRequired: words.nameRequired,
  nameTooLong: 'Le nom fait au plus 80 caractères.',
  roleInvalid: 'Le rôle est « owner » (propriétaire) ou « staff » (équipe).',
} as const;

/** The invitation e-mail (sent through the mail service like the sign-up codes). */
export const invitationMailCopy = {
  subject: (restaurant: string) => `Invitation à l’espace restaurant de ${restaurant}`,
  hello: words.hello,
  invited: (restaurant: string, role: string) => `Vous êtes invité à rejoindre l’espace restaurant de ${restaurant} (rôle : ${role}).`,
  action: 'Créez votre compte avec ce lien :',
  validity: (days: number) => `Ce lien est valable ${days} jours et ne sert qu’une fois.`,
  ignore: 'Si vous ne vous attendiez pas à ce message, ignorez-le.',
} as const;

/** The server's log line of the first owner's link (run-server.ts). */
export const staffLog = { firstOwnerLink: (link: string) => `Créez le compte du propriétaire : ${link}` } as const;

/** The login page (/restaurant). */
export const staffLogin = {
  title: staffWords.staffArea,
  intro: 'Connectez-vous pour voir les commandes et gérer le restaurant.',
  email: staffWords.emailAddress,
  password: words.password,
  submit: words.logIn,
  submitting: 'Connexion…',
  failed: 'La connexion a échoué. Réessayez dans un instant.',
} as const;

/** The header and the navigation of the signed-in pages. */
export const staffArea = {
  area: staffWords.staffArea,
  signedInAs: (name: string, role: string) => `${name} · ${role}`,
  logout: words.logOut,
  nav: 'Navigation de l’espace restaurant',
  orders: staffWords.orders,
  team: staffWords.team,
  menu: words.menu,
  availability: staffWords.availability,
  hours: words.hours,
  capacity: staffWords.capacity,
  delivery: words.delivery,
  offers: words.offers,
  settings: staffWords.settings,
  audit: 'Journal',
  importExport: 'Import / export',
  sales: 'Ventes',
  exports: 'Exports comptables',
  register: 'Registre',
  history: 'Historique',
  customers: 'Clients',
  printers: staffWords.printers,
  ordersPlaceholder: 'Le tableau des commandes arrive ici.',
} as const;

/** The team page (/restaurant/equipe). */
export const teamPage = {
  title: staffWords.team,
  members: 'Membres',
  you: '(vous)',
  since: (date: string) => `depuis le ${date}`,
  remove: 'Retirer',
  removeConfirm: (name: string) => `Retirer ${name} de l’équipe ? Ses sessions et ses écrans seront fermés tout de suite.`,
  confirmRemove: 'Oui, retirer',
  cancel: staffWords.cancel,
  invitations: 'Invitations en attente',
  noInvitations: 'Aucune invitation en attente.',
  expires: (date: string) => `valable jusqu’au ${date}`,
  revoke: 'Annuler l’invitation',
  invite: 'Inviter un membre',
  inviteIntro: 'Un e-mail avec un lien à usage unique, valable 7 jours, est envoyé à cette adresse.',
  email: staffWords.emailAddress,
  role: 'Rôle',
  submit: 'Envoyer l’invitation',
  firstOwnerLink: 'Lien du premier propriétaire',
} as const;

/** The invitation page (/restaurant/invitation?jeton=…). */
export const invitationPage = {
  title: 'Créer votre compte',
  titleFirstOwner: 'Créer le compte du propriétaire',
  intro: (restaurant: string, role: string) => `Vous rejoignez l’espace restaurant de ${restaurant} (rôle : ${role}).`,
  forEmail: (email: string) => `Compte pour ${email}.`,
  name: 'Votre nom',
  email: staffWords.emailAddress,
  password: words.password,
  passwordHint: (min: number) => `Au moins ${min} caractères ; évitez les mots de passe courants.`,
  submit: words.createMyAccount,
  invalidTitle: 'Lien non valable',
  backToLogin: 'Aller à la connexion',
} as const;
