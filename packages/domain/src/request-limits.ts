import type { RateLimit } from './account.ts';

/**
 * Limits on the calls that send e-mails or reach a paid outside service
 * (docs/decisions/014): kept in the database like the accounts' (several API instances share one
 * PostgreSQL), per client address and per e-mail, over one hour (10 minutes for address search).
 * Sized for a restaurant: a family ordering twice, an office ordering for ten, a shared address
 * behind a mobile operator's NAT are far below; 200 orders from one address in 5 s are not.
 */
export const requestLimits = {
  /** Orders placed from one address: 30 an hour (a retry with the same local_id is not counted). */
  orderPerIp: { name: 'order-ip', max: 30, windowSeconds: 60 * 60 },
  /** Orders for one customer e-mail (each sends it an e-mail): 10 an hour. */
  orderPerEmail: { name: 'order-email', max: 10, windowSeconds: 60 * 60 },
  /** Payment provider customers asked from one address: 60 an hour. */
  customerPerIp: { name: 'stripe-customer-ip', max: 60, windowSeconds: 60 * 60 },
  /** Payment provider customers for one e-mail: 20 an hour. */
  customerPerEmail: { name: 'stripe-customer-email', max: 20, windowSeconds: 60 * 60 },
  /** Payment intents asked from one address (each retry of a declined card asks again): 60 an hour. */
  intentPerIp: { name: 'payment-intent-ip', max: 60, windowSeconds: 60 * 60 },
  /** Address searches and distances from one address (one per pause in typing): 300 per 10 minutes. */
  locationsPerIp: { name: 'locations-ip', max: 300, windowSeconds: 10 * 60 },
} as const satisfies Record<string, RateLimit>;

/**
 * A limit with its maximum multiplied by `factor` (RATE_LIMIT_FACTOR: the benches and browser
 * tests place hundreds of orders from 127.0.0.1 with 1000). @param factor ≥ 1.
 */
export function scaleLimit(limit: RateLimit, factor: number): RateLimit {
  return { ...limit, max: Math.max(1, Math.round(limit.max * factor)) };
}
