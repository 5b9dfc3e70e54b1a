import type { TrackingView } from '@resto/contract/board';
import { restaurantTimeZone } from '@resto/domain/clock';
import { formatDateTime, formatEuros } from '@resto/domain/format';
import { centsToEuros, eurosToCents } from '@resto/domain/money';
import { trackingPage as t, trackingStepLabels } from '@resto/copy/storefront/tracking';
import { partialRefundMailCopy } from '@resto/copy/staff/partial-refunds';
import { describeSchedule } from '@resto/domain/scheduling';

/**
 * What the customer's status page (`/suivi`, docs/decisions/019) shows for a TrackingView: the
 * stepper, the headline and its sentences, the payment and the refund. Pure: the page and its
 * tests read the same answer for the same view. The step itself is the server's, computed with
 * `trackingStep` (packages/domain/src/order-lifecycle.ts); this only words it.
 */

/** The four steps of a normal life, in order (refused and awaiting payment are not on the line). */
const stepperSteps = ['received', 'accepted', 'ready', 'completed'] as const;
type StepperStep = (typeof stepperSteps)[number];

export interface StepperItem {
  step: StepperStep;
  label: string;
  state: 'done' | 'current' | 'upcoming';
}

export interface TrackingDisplay {
  /** The stepper; null once refused or cancelled (the page shows the refusal instead). */
  steps: StepperItem[] | null;
  /** 'progress' (received, accepted, ready), 'done' (completed), 'refused', 'waiting' (card not paid yet): the headline's colour. */
  tone: 'progress' | 'done' | 'refused' | 'waiting';
  title: string;
  /** 'Prête vers 19:40' once accepted with a ready time; else null. */
  readyAround: string | null;
  detail: string;
  /** 'Motif : Produit épuisé' when refused or cancelled. */
  reason: string | null;
  /** 'Remboursement de 24,50 € en cours / effectué sur votre carte.' when a refund exists. */
  refund: string | null;
  /**
   * The restaurant's partial refunds (docs/decisions/035), oldest first: 'Remboursement de 4,50 €, le
   * mardi 24 novembre à 12:40' or « Remboursement en cours » with its amount, the reason in the
   * customer's words, and the lines refunded ('1 × Pizza Margherita — 4,50 €').
   */
  partialRefunds: { pending: boolean; title: string; amount: string; reason: string; lines: string[] }[];
  /** 'Remboursé : 4,50 € sur 24,50 €' once something of a card payment was given back with partial refunds; else null. */
  refundedOf: string | null;
  /** 'Modifiée par le restaurant à 12:41' once staff changed the order (docs/decisions/039): its lines are the new ones; else null. */
  changed: string | null;
  /** 'À emporter' or 'Livraison'. */
  mode: string;
  /** 'dès que possible' or 'le mardi 24 novembre, 12:30–12:45'. */
  schedule: string;
  /** 'À régler sur place' (then 'Réglée sur place' or 'Reste à régler sur place : 4,50 €'), 'Payée par carte', 'Par carte, pas encore payée' (and ' — mode test' with the test processor). */
  payment: string;
  total: string;
  /** What the live region says when the page changes: the headline and its time or reason. */
  announcement: string;
}

const clockTime = new Intl.DateTimeFormat('fr-FR', { timeZone: restaurantTimeZone, hour: '2-digit', minute: '2-digit' });

/** An instant as the restaurant's wall-clock time, '19:40' (Europe/Paris). */
export function formatClockTime(instant: string | Date): string {
  return clockTime.format(typeof instant === 'string' ? new Date(instant) : instant);
}

/** The view's words and stepper; see `TrackingDisplay`. */
export function trackingDisplay(view: TrackingView): TrackingDisplay {
  const readyAround = view.step === 'accepted' && view.ready_at ? t.readyAround(formatClockTime(view.ready_at)) : null;
  const refused = view.step === 'refused';
  const reason = refused && view.reason_text ? t.reason(view.reason_text) : null;
  const refund = view.refund ? (view.refund.status === 'succeeded' ? t.refundDone : t.refundPending)(formatEuros(view.refund.amount)) : null;
  const { title, detail, tone } = headline(view);
  const partialRefunds = view.refunds.map((row) => ({
    pending: row.status === 'pending',
    title: row.status === 'pending' ? t.partialRefundPending : t.partialRefundDone(formatEuros(row.amount), formatDateTime(new Date(row.at))),
    amount: formatEuros(row.amount),
    reason: t.reason(row.reason),
    lines: row.lines.map((line) => partialRefundMailCopy.line(line.quantity, line.label, formatEuros(line.amount))),
  }));
  const refundedOf =
    view.paid_by_card !== null && view.refunds.some((row) => row.status === 'succeeded')
      ? t.refundedOf(formatEuros(view.refunded), formatEuros(view.paid_by_card))
      : null;
  const lastChange = view.events.findLast((event) => event.type === 'modified');
  const changed = lastChange ? t.changedAt(formatClockTime(lastChange.at)) : null;
  const current = stepperSteps.indexOf(view.step as StepperStep);
  const steps = refused
    ? null
    : stepperSteps.map((step, index): StepperItem => ({
        step,
        label: trackingStepLabels[step],
        // Completed is the end: no step is still under way. Awaiting payment: none reached yet.
        state: current < 0 || index > current ? 'upcoming' : index < current || view.step === 'completed' ? 'done' : 'current',
      }));
  const payment = view.payment_method === 'card' ? (view.step === 'awaiting_payment' ? t.cardNotPaidYet : t.paidByCard) : onSitePayment(view);
  return {
    steps,
    tone,
    title,
    readyAround,
    detail,
    reason,
    refund,
    changed,
    partialRefunds,
    refundedOf,
    mode: view.is_pickup ? t.pickup : t.delivery,
    schedule: describeSchedule(view.delivery_date, view.delivery_time_range),
    payment: view.payment_test_mode && view.payment_method !== 'cash' ? `${payment} — ${t.testMode}` : payment,
    total: formatEuros(view.total),
    announcement: [title, readyAround, reason, refund, partialRefunds.some((row) => row.pending) ? t.partialRefundPending : null, refundedOf]
      .filter(Boolean)
      .join('. '),
  };
}

/** An order paid at the counter: « À régler sur place » until « Encaisser », then what is left or « Réglée sur place ». */
function onSitePayment(view: TrackingView): string {
  const paidCents = eurosToCents(view.paid_on_site ?? 0);
  if (paidCents <= 0) return t.payOnSite;
  const leftCents = eurosToCents(view.total) - paidCents;
  // Paid in full through a payment link (docs/decisions/038): by card, not on site.
  if (leftCents <= 0 && eurosToCents(view.paid_by_link ?? 0) >= paidCents) return t.paidByCard;
  return leftCents <= 0 ? t.paidOnSite : t.partlyPaidOnSite(formatEuros(centsToEuros(leftCents)));
}

function headline(view: TrackingView): Pick<TrackingDisplay, 'title' | 'detail' | 'tone'> {
  switch (view.step) {
    case 'received':
      return {
        title: t.receivedTitle,
        detail: view.confirmation_from ? t.receivedConfirmationFrom(formatDateTime(new Date(view.confirmation_from))) : t.receivedDetail,
        tone: 'progress',
      };
    case 'accepted':
      return { title: t.acceptedTitle, detail: t.acceptedDetail, tone: 'progress' };
    case 'ready':
      return { title: t.readyTitle, detail: view.is_pickup ? t.readyPickupDetail : t.readyDeliveryDetail, tone: 'progress' };
    case 'completed':
      return { title: t.completedTitle, detail: view.is_pickup ? t.completedPickupDetail : t.completedDeliveryDetail, tone: 'done' };
    case 'refused':
      return { title: view.status === 'cancelled' ? t.cancelledTitle : t.refusedTitle, detail: t.refusedDetail, tone: 'refused' };
    case 'awaiting_payment':
      return { title: t.awaitingPaymentTitle, detail: t.awaitingPaymentDetail, tone: 'waiting' };
  }
}

/** The id of the last event a view reflects (0 when it has none): views only move forward. */
export function lastEventId(view: TrackingView): number {
  return view.events.reduce((max, event) => Math.max(max, event.id), 0);
}

/**
 * Which of two views of one order to show: the one reflecting the later event, so an answer that
 * arrives late (a reload that crossed an SSE event) never takes the page back; on a tie, `next`.
 */
export function newerView(current: TrackingView, next: TrackingView): TrackingView {
  return lastEventId(next) >= lastEventId(current) ? next : current;
}
