import webpush from 'web-push';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { secretOnce } from '../../db/server-secrets.ts';
import * as repository from './repository.ts';

/**
 * Web Push to staff devices (docs/decisions/022-nothing-unseen.md) with the
 * `web-push` library: it encrypts the payload for the device (RFC 8291, aes128gcm) and signs the
 * VAPID header (RFC 8292); we post the request ourselves with fetch (web-push's own sender speaks
 * https only, and fetch gives a timeout per call). The VAPID key pair is made once per database
 * and kept in `server_secrets`, so every instance signs with the same key the browsers subscribed to.
 */

/** The row of `server_secrets` holding the VAPID key pair as JSON {publicKey, privateKey} (base64url). */
const vapidSecretName = 'vapid_keys';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** What a staff device shows: the notification's title and body, and the page a click opens. */
export interface PushNotification {
  title: string;
  body: string;
  /** The page the notification opens, e.g. '/restaurant/commandes'. */
  url: string;
  /** Notifications with the same tag replace each other on a device ('order-1042'). */
  tag: string;
  orderId?: number;
}

/** What one round of pushes did: delivered, gone (subscription deleted), failed (logged). */
export interface PushReport {
  delivered: number;
  gone: number;
  failed: number;
}

/** How long a push service may take to answer, in milliseconds. */
const pushTimeoutMs = 10_000;
/** How long a push service keeps an alert for a device that is off, in seconds (an alert older than 10 min is moot). */
const pushTtlSeconds = 600;

export class WebPushSender {
  private keys: VapidKeys | null = null;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
  ) {}

  /**
   * The VAPID key pair: read from `server_secrets`, or made with `webpush.generateVAPIDKeys()` and
   * stored when there is none (the first writer wins; every instance reads the winner back).
   * Kept in memory once read: it never changes.
   */
  async vapidKeys(): Promise<VapidKeys> {
    if (this.keys) return this.keys;
    const stored = await secretOnce(this.db, vapidSecretName, () => JSON.stringify(webpush.generateVAPIDKeys()));
    const parsed = JSON.parse(stored) as VapidKeys;
    this.keys = { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
    return this.keys;
  }

  /**
   * Sends `notification` to every subscribed device, one after the other, outside any
   * transaction. A device its push service says is gone (404, 410) is unsubscribed; any other
   * failure (an error status, a timeout, a refused connection) is logged and skipped: it never
   * fails the caller. `subject`: the VAPID contact, 'mailto:…' or an https URL.
   */
  async pushToAll(notification: PushNotification, subject: string): Promise<PushReport> {
    const report: PushReport = { delivered: 0, gone: 0, failed: 0 };
    const subscriptions = await repository.allPushSubscriptions(this.db);
    if (subscriptions.length === 0) return report;
    const keys = await this.vapidKeys();
    const payload = JSON.stringify(notification);
    for (const subscription of subscriptions) {
      const host = safeHost(subscription.endpoint);
      try {
        const details = webpush.generateRequestDetails(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          payload,
          {
            vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
            TTL: pushTtlSeconds,
            urgency: 'high',
            contentEncoding: 'aes128gcm',
          },
        );
        const headers = new Headers();
        for (const [name, value] of Object.entries(details.headers)) if (name.toLowerCase() !== 'content-length') headers.set(name, String(value));
        const response = await fetch(details.endpoint, {
          method: details.method,
          headers,
          body: details.body ? new Uint8Array(details.body) : null,
          signal: AbortSignal.timeout(pushTimeoutMs),
        });
        await response.body?.cancel();
        if (response.ok) report.delivered += 1;
        else if (response.status === 404 || response.status === 410) {
          await repository.deletePushSubscription(this.db, subscription.endpoint);
          report.gone += 1;
          this.logger.info({ pushService: host, status: response.status }, 'abonnement push expiré, supprimé');
        } else {
          report.failed += 1;
          this.logger.warn({ pushService: host, status: response.status }, 'notification push refusée par le service');
        }
      } catch (error) {
        report.failed += 1;
        this.logger.warn({ pushService: host, err: error instanceof Error ? error.message : String(error) }, 'notification push non envoyée');
      }
    }
    return report;
  }
}

/** The push service's host for a log line (the endpoint's path identifies a device: left out). */
function safeHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '?';
  }
}
