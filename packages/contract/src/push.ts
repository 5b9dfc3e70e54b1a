import { z } from '@resto/domain/zod-fr';
import { pushMessages } from '@resto/copy/staff/escalation';

/**
 * Web Push for staff devices (docs/decisions/022-nothing-unseen.md), under
 * /v2/restaurant/push/…, behind a staff session cookie. The browser subscribes with the server's
 * VAPID public key and sends its PushSubscription; the server pushes "order not opened" alerts.
 */

/** GET /v2/restaurant/push/key: the VAPID public key, base64url (an uncompressed P-256 point, 65 bytes). */
export const PushKeySchema = z.object({ public_key: z.string() }).meta({ id: 'PushKey' });
export type PushKey = z.infer<typeof PushKeySchema>;

/**
 * A push service's endpoint: https (every browser's push service is), or http on the loopback
 * address (a push service on the same machine, for tests). Nothing else: the server posts to it.
 */
const PushEndpointSchema = z
  .string()
  .max(2000)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || (url.protocol === 'http:' && ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname));
    } catch {
      return false;
    }
  }, pushMessages.pushEndpointRefused);

/** base64url, with or without padding. */
const base64Url = (min: number, max: number) =>
  z
    .string()
    .min(min, pushMessages.pushKeysInvalid)
    .max(max, pushMessages.pushKeysInvalid)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, pushMessages.pushKeysInvalid);

/**
 * POST /v2/restaurant/push/subscriptions: the browser's `PushSubscription.toJSON()` (W3C Push API):
 * the endpoint and the keys, base64url: `p256dh` the device's P-256 public key (65 bytes), `auth`
 * its 16-byte secret (RFC 8291).
 */
export const PushSubscriptionBodySchema = z
  .object({
    endpoint: PushEndpointSchema,
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: base64Url(80, 100), auth: base64Url(16, 30) }),
  })
  .meta({ id: 'PushSubscriptionBody' });

/** DELETE /v2/restaurant/push/subscriptions: the endpoint to forget. */
export const PushUnsubscribeBodySchema = z.object({ endpoint: z.string().max(2000) });

/** The answer of both: the endpoint and whether this device now receives the alerts. */
export const PushSubscriptionStateSchema = z.object({ endpoint: z.string(), subscribed: z.boolean() });
export type PushSubscriptionState = z.infer<typeof PushSubscriptionStateSchema>;
