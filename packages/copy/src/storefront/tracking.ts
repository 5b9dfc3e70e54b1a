/**
 * The French catalogue — the customer's status page `/suivi?commande=<secret>`.
 * Every word a person reads lives here; the storefront renders these values as they are.
 */
import type { TrackingStep } from '@resto/domain/order-lifecycle';
import { words } from '../words.ts';
import { storefrontWords } from './words.ts';

/** The stepper's labels, one per step of `trackingStep` (packages/domain/src/order-lifecycle.ts). */
export const trackingStepLabels: Record<TrackingStep, string> = {
  received: 'Reçue',
  accepted: storefrontWords.accepted,
  ready: words.ready,
  completed: words.completed,
  refused: words.refused,
  awaiting_payment: storefrontWords.awaitingPayment,
};

/** Texts of the order tracking page. */
export const trackingPage = {
  pageTitle: (orderId: number) => `Suivi de la commande n° ${orderId}`,
  pageTitleUnknown: 'Suivi de commande',
  orderNumber: (orderId: number) => `Commande n° ${orderId}`,
  heading: 'Suivi de votre commande',
  stepsLabel: storefrontWords.orderSteps,
  doneStep: 'étape passée',
  currentStep: 'étape en cours',
  nextStep: 'étape à venir',
  // The headline and its sentence, by step.
  receivedTitle: 'Commande reçue',
  receivedDetail: 'Le restaurant va confirmer votre commande dans quelques instants.',
  /** A received order the restaurant cannot answer yet: `when` is 'mercredi 25 novembre à 18:30'. */
  receivedConfirmationFrom: (when: string) => `Le restaurant confirmera votre commande à son ouverture, le ${when}.`,
  acceptedTitle: 'Commande acceptée',
  readyAround: (time: string) => `Prête vers ${time}`,
  acceptedDetail: 'Le restaurant prépare votre commande.',
  readyTitle: 'Commande prête',
  readyPickupDetail: 'Votre commande vous attend au restaurant.',
  readyDeliveryDetail: 'Votre commande part en livraison.',
  completedTitle: 'Commande terminée',
  completedPickupDetail: 'Commande retirée. Bon appétit !',
  completedDeliveryDetail: 'Commande livrée. Bon appétit !',
  refusedTitle: 'Commande refusée',
  cancelledTitle: 'Commande annulée',
  refusedDetail: 'Le restaurant ne peut pas préparer votre commande.',
  reason: (text: string) => `Motif : ${text}`,
  awaitingPaymentTitle: storefrontWords.awaitingPayment,
  awaitingPaymentDetail: 'Le paiement par carte n’est pas encore confirmé : la commande sera transmise au restaurant dès qu’il le sera.',
  /** `amount`: formatted, '24,50 €'. */
  refundPending: (amount: string) => `Remboursement de ${amount} en cours sur votre carte.`,
  refundDone: (amount: string) => `Remboursement de ${amount} effectué sur votre carte.`,
  // Partial refunds by the restaurant (docs/decisions/035): `when` is 'mardi 24 novembre à 12:40'.
  partialRefundsTitle: words.refunds,
  partialRefundDone: (amount: string, when: string) => `Remboursement de ${amount}, le ${when}`,
  partialRefundPending: words.refundPending,
  /** The order was changed by staff at the customer's request (docs/decisions/039). */
  changedAt: (time: string) => `Commande modifiée par le restaurant à ${time} : voici son contenu à jour.`,
  refundedOf: (refunded: string, paid: string) => `Remboursé : ${refunded} sur ${paid}`,
  // The order's facts.
  pickup: words.takeaway,
  delivery: words.delivery,
  slot: words.slot,
  lines: words.items,
  total: words.totalInclTax,
  payment: words.payment,
  payOnSite: 'À régler sur place',
  paidOnSite: 'Réglée sur place',
  partlyPaidOnSite: (left: string) => `Reste à régler sur place : ${left}`,
  paidByCard: 'Payée par carte',
  cardNotPaidYet: 'Par carte, pas encore payée',
  testMode: words.testMode,
  call: (phone: string) => `Appeler le ${phone}`,
  question: 'Une question ?',
  liveHint: 'Cette page se met à jour toute seule.',
  // The page for a link that opens no order.
  notFoundTitle: 'Commande introuvable',
  notFound: 'Aucune commande ne correspond à ce lien de suivi. Vérifiez l’adresse reçue par e-mail.',
  backToMenu: words.backToMenu,
  // Links to this page.
  trackLink: words.trackOrder,
} as const;
