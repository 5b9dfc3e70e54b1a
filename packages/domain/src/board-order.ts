import { boardOrderCard } from '@resto/copy/staff/board';
import { describeAsapOn } from './board-time.ts';
import { formatEuros } from './format.ts';
import { describeSchedule } from './scheduling.ts';

/**
 * How the staff side words an order's facts, the same on the board's cards, the browser's kitchen
 * ticket and the printed one (docs/decisions/019): the delivery address on one line, the payment
 * state, the customer's name, when the order is wanted. Inputs are the fields of the contract's
 * BoardOrder they read (the domain does not import the contract); money in euros, as the board
 * carries it.
 */

/** What the address needs of an order: pickup or not, and its stored delivery location (free-form JSON). */
export interface AddressInput {
  is_pickup: boolean;
  location: Record<string, unknown> | null;
}

/** The delivery address of an order on one line ('12 rue Sainte-Catherine, 33000 Bordeaux'), or null for pickup (or no address). */
export function describeDeliveryAddress(order: AddressInput): string | null {
  if (order.is_pickup || !order.location) return null;
  const location = order.location;
  const text = (key: string) => (typeof location[key] === 'string' ? (location[key] as string).trim() : '');
  const street = text('address') || text('formatted_address');
  const city = [text('postal_code'), text('city')].filter(Boolean).join(' ');
  return [street, text('address2'), street.includes(city) ? '' : city].filter(Boolean).join(', ') || null;
}

/** What the payment state needs: the means chosen at checkout and the books' payments (euros). */
export interface PaymentInput {
  payment_method: string;
  payments: { summary: string | null; due: number; paid: number };
}

/**
 * 'payée par carte', 'à régler sur place', 'payée — espèces 12,00 €' or '… — reste 3,50 €'
 * (docs/decisions/019; counter payments from the books, docs/decisions/031).
 */
export function describePayment(order: PaymentInput): string {
  if (order.payment_method === 'card') return boardOrderCard.payCard;
  const { summary, due, paid } = order.payments;
  if (!summary || paid <= 0) return boardOrderCard.payOnSite;
  return due > 0 ? boardOrderCard.partlyPaid(summary, formatEuros(due)) : boardOrderCard.paidWith(summary);
}

/** The customer's full name ('Margot Dupré'), trimmed. */
export const describeCustomerName = (order: { customer: { first_name: string; last_name: string } }) =>
  `${order.customer.first_name} ${order.customer.last_name}`.trim();

/** What « when wanted » needs of an order. */
export interface WantedInput {
  is_scheduled: boolean;
  column: string;
  placed_at: string | null;
  created_at: string;
  delivery_date: string | null;
  delivery_time_range: string | null;
}

/**
 * When an order is wanted: the slot with its day or « dès que possible » (with the day it was
 * placed once finished, as the column « Terminées » may hold another day's orders).
 */
export function describeWanted(order: WantedInput): string {
  if (!order.is_scheduled && order.column === 'done') return describeAsapOn(new Date(order.placed_at ?? order.created_at));
  return describeSchedule(order.delivery_date, order.delivery_time_range);
}
