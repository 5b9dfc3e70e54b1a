/**
 * The French catalogue — requests and fields: what the API answers about a request itself.
 * Every word a person reads lives in packages/copy/src/.
 */
import { words } from '../words.ts';

/** Messages of the API about a request itself and the fields every form shares (error envelopes, spec section 8). */
export const requestErrors = {
  required: words.required,
  fillRequired: 'Veuillez remplir tous les champs obligatoires',
  genericError: 'Une erreur est survenue, veuillez réessayer',
  invalidEmail: 'Adresse e-mail invalide.',
  invalidPhone: 'Numéro de téléphone invalide (ex. 06 12 34 56 78).',
  firstNameRequired: 'Le prénom est obligatoire.',
  lastNameRequired: words.nameRequired,
  emailRequired: "L'adresse e-mail est obligatoire.",
  phoneRequired: 'Le numéro de téléphone est obligatoire.',
  addressRequired: "L'adresse est obligatoire.",
  cityRequired: 'La ville est obligatoire.',
  postalCodeRequired: 'Le code postal est obligatoire.',
  invalidPostalCode: 'Code postal invalide (5 chiffres).',
  invalidJson: "Le corps de la requête n'est pas un JSON valide.",
  bodyTooLarge: 'La requête est trop volumineuse.',
  invalidRequest: 'La requête contient des erreurs.',
  /** A string with a control character (NUL…) or a lone surrogate: refused before the database. */
  unsafeText: (field: string) =>
    field
      ? `Le champ « ${field} » contient un caractère non autorisé (caractère de contrôle ou Unicode invalide).`
      : 'La requête contient un caractère non autorisé (caractère de contrôle ou Unicode invalide).',
  invalidEncoding: "Le corps de la requête n'est pas un texte UTF-8 valide.",
  notFound: "Cette ressource n'existe pas.",
  internalError: 'Une erreur interne est survenue. Veuillez réessayer dans un instant.',
  /** A request that reached a server being stopped (SIGTERM): nothing was done, try again. */
  serverStopping: "Le serveur redémarre : rien n'a été enregistré, réessayez dans quelques secondes.",
  tooManyRequests: (minutes: number) => `Trop de demandes en peu de temps. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
  /** A text over its maximum length. */
  tooLong: (max: number) => `${max} caractères au maximum.`,
  noteTooLong: '300 caractères au maximum pour la note.',
  /** Spec section 7: an order is created pending. */
  orderCreatedPending: 'Une commande est créée avec le statut « pending ».',
} as const;
