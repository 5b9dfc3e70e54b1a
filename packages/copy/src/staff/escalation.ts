/**
 * The French catalogue — Nothing unseen (docs/decisions/022-nothing-unseen.md):
 * the alert of an order nobody opened (e-mail and Web Push), the owner's alert when no staff
 * screen is connected, the push API's refusals. Every word a person reads lives here.
 */
import { words } from '../words.ts';

/** The alert of an order awaiting acceptance that no staff screen opened in time. */
export const unseenOrderAlert = {
  /** The push notification's title and the e-mail's subject: 'Commande n° 1042 non ouverte depuis 2 min'. */
  title: (orderId: number, minutes: number) => `Commande n° ${orderId} non ouverte depuis ${minutes} min`,
  /** The push notification's body. */
  pushBody: (customer: string, total: string, refusedAt: string) =>
    `${customer}, ${total}. Ouvrez-la sur le tableau des commandes : sans réponse, elle sera refusée automatiquement ${refusedAt}.`,
  emailIntro: (orderId: number, minutes: number) =>
    `La commande n° ${orderId} attend votre réponse depuis ${minutes} minutes et aucun écran ne l’a encore ouverte.`,
  emailAction: (refusedAt: string) =>
    `Ouvrez-la sur le tableau des commandes et acceptez-la ou refusez-la : sans réponse, elle sera refusée automatiquement ${refusedAt}, et remboursée si elle a été payée par carte.`,
  /** When the automatic refusal will come: « à 12:40 » today, « le mercredi 25 novembre à 11:35 » another day. */
  refusedAt: (time: string, dayAndTime: string | null) => (dayAndTime ? `le ${dayAndTime}` : `à ${time}`),
  customer: words.customer,
  total: words.total,
  when: 'Pour',
  openBoard: 'Ouvrir le tableau des commandes',
} as const;

/** The owner's alert when no staff screen is connected during opening hours. */
export const noScreenAlert = {
  subject: 'Aucun écran de commandes connecté',
  intro: (since: string) => `Aucun écran n’affiche le tableau des commandes depuis ${since}, alors que le restaurant est ouvert.`,
  neverConnected: 'Aucun écran n’a encore affiché le tableau des commandes, alors que le restaurant est ouvert.',
  consequence:
    'Tant qu’aucun écran n’est connecté, la boutique ne propose plus « dès que possible » : les clients choisissent un créneau. Les commandes passées restent à accepter.',
  action: 'Ouvrez le tableau des commandes sur la tablette du restaurant et touchez « Démarrer le service ».',
  emailOnly: 'Si vous traitez les commandes par e-mail, choisissez ce mode dans les réglages (orders.email_only) : cette alerte cessera.',
} as const;

/** Messages of the push API. */
export const pushMessages = {
  pushEndpointRefused: 'Adresse de notification refusée : elle doit être en https.',
  pushKeysInvalid: 'Clés de notification illisibles : réessayez d’activer les notifications.',
} as const;

/** The staff devices' notifications, as the service worker and the subscribe button show them. */
export const staffPush = {
  notificationsUnsupported: 'Ce navigateur ne sait pas recevoir de notifications.',
  notificationsDenied: 'Les notifications sont bloquées pour ce site : autorisez-les dans les réglages du navigateur.',
  subscribeFailed: 'Impossible d’activer les notifications sur cet appareil.',
} as const;
