/**
 * The French texts of an order's life on the API: why an action on the
 * board was refused (a stale screen, a double click), and the customer's status e-mails.
 * docs/decisions/019-the-orders-life.md.
 */
import { words } from '../words.ts';
import { staffWords } from './words.ts';

/** What a status reads as after "Cette commande a déjà été …". */
const doneAs: Record<string, string> = {
  paid: 'payée',
  accepted: staffWords.acceptedLower,
  ready: staffWords.markedReadyLower,
  completed: staffWords.completedLower,
  rejected: staffWords.refusedLower,
  cancelled: staffWords.cancelledLower,
  pending: 'reçue',
};

/** What an action reads as after "… ne peut pas être …". */
const actionAs: Record<string, string> = {
  accept: staffWords.acceptedLower,
  delay: 'retardée',
  mark_ready: staffWords.markedReadyLower,
  complete: staffWords.completedLower,
  reject: staffWords.refusedLower,
  cancel: staffWords.cancelledLower,
  auto_reject: staffWords.refusedLower,
};

/** A status as the board names it ("acceptée", "prête"…), for sentences. */
const statusWords: Record<string, string> = {
  pending: staffWords.pendingLower,
  paid: 'payée, en attente d’acceptation',
  accepted: staffWords.acceptedLower,
  ready: staffWords.readyLower,
  completed: staffWords.completedLower,
  rejected: staffWords.refusedLower,
  cancelled: staffWords.cancelledLower,
};

export const orderLife = {
  /**
   * The screen showed an older status: who moved it, and when (`time` 'HH:MM', Paris).
   * 'Cette commande a déjà été acceptée par Karim à 12:41.'
   */
  alreadyDone: (status: string, who: string | null, time: string) =>
    `Cette commande a déjà été ${doneAs[status] ?? statusWords[status] ?? status}${who ? ` par ${who}` : ''} à ${time}.`,
  /** The server did it (automatic refusal). */
  alreadyDoneAutomatically: (status: string, time: string) => `Cette commande a déjà été ${doneAs[status] ?? status} automatiquement à ${time}.`,
  /** The action does not apply to the status the order is in. */
  notAllowed: (action: string, status: string) => `Cette commande est ${statusWords[status] ?? status} : elle ne peut pas être ${actionAs[action] ?? action}.`,
  awaitingPayment: 'Cette commande par carte n’est pas encore payée : elle n’est pas encore à traiter par le restaurant.',
  readyAtRequired: 'Indiquez l’heure à laquelle la commande sera prête.',
  readyAtPast: 'L’heure de retrait doit être dans le futur.',
  delayNotLater: (time: string) => `Le nouvel horaire doit être après l’heure annoncée (${time}).`,
  reasonRequired: 'Choisissez la raison du refus ou de l’annulation.',
  reasonTextRequired: 'Précisez la raison en quelques mots.',
  unknownOrder: 'Commande introuvable.',
  noRefund: 'Cette commande n’a pas de remboursement à relancer.',
  refundAlreadyDone: 'Cette commande est déjà remboursée.',
  refundFailed: (detail: string) => `Le remboursement a été refusé par le prestataire de paiement : ${detail}. La commande reste annulée ; réessayez plus tard.`,
  /** A staff member's name as the board shows it in a sentence: the first name. */
  firstName: (name: string | null) => (name ? (name.trim().split(/\s+/)[0] ?? name) : null),
} as const;

/** The customer's e-mails when the restaurant acts on the order. */
export const orderStatusMailCopy = {
  hello: (firstName: string) => (firstName ? `Bonjour ${firstName},` : 'Bonjour,'),
  acceptedSubject: (orderId: number) => `Commande n° ${orderId} acceptée`,
  acceptedIntro: (orderId: number, time: string, isPickup: boolean) =>
    isPickup
      ? `Le restaurant a accepté votre commande n° ${orderId}. Elle sera prête vers ${time}.`
      : `Le restaurant a accepté votre commande n° ${orderId}. Elle sera prête vers ${time}, puis livrée.`,
  delayedSubject: (orderId: number) => `Commande n° ${orderId} : nouvel horaire`,
  delayedIntro: (orderId: number, time: string) => `Le restaurant a besoin d’un peu plus de temps : votre commande n° ${orderId} sera prête vers ${time}.`,
  readySubject: (orderId: number) => `Commande n° ${orderId} prête`,
  readyIntro: (orderId: number, isPickup: boolean) =>
    isPickup ? `Votre commande n° ${orderId} est prête : vous pouvez venir la chercher.` : `Votre commande n° ${orderId} est prête : elle part en livraison.`,
  rejectedSubject: (orderId: number) => `Commande n° ${orderId} refusée`,
  rejectedIntro: (orderId: number) => `Le restaurant ne peut pas préparer votre commande n° ${orderId}.`,
  autoRejectedIntro: (orderId: number) => `Le restaurant n’a pas pu confirmer votre commande n° ${orderId} à temps : elle est annulée.`,
  callUs: (phone: string) => (phone ? `Appelez le restaurant au ${phone} pour en savoir plus.` : 'Appelez le restaurant pour en savoir plus.'),
  cancelledSubject: (orderId: number) => `Commande n° ${orderId} annulée`,
  cancelledIntro: (orderId: number) => `Le restaurant a dû annuler votre commande n° ${orderId}.`,
  reason: (text: string) => `Raison : ${text}.`,
  refund: (amount: string) => `Votre paiement de ${amount} vous est remboursé sur votre carte ; il apparaît sous quelques jours selon votre banque.`,
  nothingToPay: 'Vous n’avez rien payé : vous n’avez rien à faire.',
  follow: 'Suivre votre commande :',
  followLink: words.trackOrder,
} as const;
