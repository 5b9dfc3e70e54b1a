/**
 * The French catalogue — the customer's status page `/suivi?commande=<secret>` (docs/decisions/019).
 * Every word a person reads lives here (docs/decisions/018); the storefront renders these values as they are.
 */
import type { TrackingStep } from '../order-lifecycle.ts';

/** The stepper's labels, one per step of `trackingStep` (packages/domain/src/order-lifecycle.ts). */
export const trackingStepLabels: Record<TrackingStep, string> = {
  received: 'Reçue',
  accepted: 'Acceptée',
  ready: 'Prête',
  completed: 'Terminée',
  refused: 'Refusée',
  awaiting_payment: 'Paiement en attente',
};

/** Texts of apps/web/app/routes/tracking.tsx and apps/web/app/features/tracking/. */
export const trackingTexts = {
  pageTitle: (orderId: number) => `Suivi de la commande n° ${orderId}`,
  pageTitleUnknown: 'Suivi de commande',
  commandeN: (orderId: number) => `Commande n° ${orderId}`,
  suivi: 'Suivi de votre commande',
  etapes: 'Étapes de la commande',
  etapeFaite: 'étape passée',
  etapeEnCours: 'étape en cours',
  etapeAVenir: 'étape à venir',
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
  awaitingPaymentTitle: 'Paiement en attente',
  awaitingPaymentDetail: 'Le paiement par carte n’est pas encore confirmé : la commande sera transmise au restaurant dès qu’il le sera.',
  /** `amount`: formatted, '24,50 €'. */
  refundPending: (amount: string) => `Remboursement de ${amount} en cours sur votre carte.`,
  refundDone: (amount: string) => `Remboursement de ${amount} effectué sur votre carte.`,
  // The order's facts.
  retrait: 'À emporter',
  livraison: 'Livraison',
  creneau: 'Créneau',
  articles: 'Articles',
  total: 'Total TTC',
  paiement: 'Paiement',
  payOnSite: 'À régler sur place',
  paidByCard: 'Payée par carte',
  cardNotPaidYet: 'Par carte, pas encore payée',
  testMode: 'mode test',
  appeler: (phone: string) => `Appeler le ${phone}`,
  uneQuestion: 'Une question ?',
  enDirect: 'Cette page se met à jour toute seule.',
  // The page for a link that opens no order.
  introuvableTitre: 'Commande introuvable',
  introuvable: 'Aucune commande ne correspond à ce lien de suivi. Vérifiez l’adresse reçue par e-mail.',
  retourALaCarte: 'Retour à la carte',
  // Links to this page.
  suivreMaCommande: 'Suivre ma commande',
} as const;
