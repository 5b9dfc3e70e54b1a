import Stripe from 'stripe';
import { WebhookSignatureError, type ProviderEvent } from './types.ts';

/**
 * Webhook signatures for both providers, with the `stripe` package's own code (Stripe's scheme:
 * `t=<unix seconds>,v1=<HMAC-SHA256 of "t.body">`, 300 s tolerance).
 */

/** Stripe's default tolerance between the signature's timestamp and now, in seconds. */
const webhookToleranceSeconds = 300;

/**
 * Verifies and parses a webhook. @throws WebhookSignatureError (bad or missing signature, stale
 * timestamp, not JSON).
 */
export function verifyWebhookEvent(rawBody: string, signature: string | undefined, secret: string): ProviderEvent {
  if (!signature) throw new WebhookSignatureError('signature absente');
  let event: { id: string; type: string; data: { object: { id?: unknown; object?: unknown } } };
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret, webhookToleranceSeconds) as unknown as typeof event;
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : 'signature invalide');
  }
  const object = event.data?.object;
  const intentId = object && object.object === 'payment_intent' && typeof object.id === 'string' ? object.id : null;
  return { id: event.id, type: event.type, intentId };
}

/** The `Stripe-Signature` header for a body, as Stripe computes it (timestamp in unix seconds, default now). */
export function signWebhookPayload(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });
}
