import { getPushKey, subscribeToPush as subscribeToPushRoute, unsubscribeFromPush as unsubscribeFromPushRoute } from '@resto/contract/push.routes';
import { staffPush } from '@resto/copy/staff/escalation';
import { api, isApiError, type RouteBody } from '../../lib/api.ts';

/**
 * Web Push on a staff device (docs/decisions/022-nothing-unseen.md): registers
 * the staff service worker (/restaurant-sw.js, scope /restaurant/, apart from the storefront's
 * /sw.js of scope /), asks for the notification permission, subscribes with the server's VAPID
 * key and sends the subscription to the API. Called by the board after "Démarrer le service"
 * (a user gesture, which browsers require for the permission prompt).
 */

/** The staff worker's script and scope. */
const staffWorker = { url: '/restaurant-sw.js', scope: '/restaurant/' } as const;

export type PushSubscribeResult =
  | { ok: true; endpoint: string }
  /** `unsupported`: no service worker or Push API here; `denied`: the person refused; `failed`: anything else, with a French message. */
  | { ok: false; reason: 'unsupported' | 'denied' | 'failed'; message: string };

/** base64url → bytes (the VAPID public key as PushManager.subscribe wants it). */
function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** Resolves once `registration` has an active worker (PushManager.subscribe needs one). */
function activeWorker(registration: ServiceWorkerRegistration): Promise<void> {
  if (registration.active) return Promise.resolve();
  const worker = registration.installing ?? registration.waiting;
  return new Promise((resolve) => {
    if (!worker) return resolve();
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve();
    });
  });
}

/** Whether this browser can receive Web Push. */
function canReceivePush(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/**
 * Subscribes this device to the "order not opened" alerts. Safe to call again: an existing
 * subscription made with the same key is sent again, one made with another key is replaced.
 */
export async function subscribeToPush(): Promise<PushSubscribeResult> {
  if (!canReceivePush()) return { ok: false, reason: 'unsupported', message: staffPush.notificationsUnsupported };
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return { ok: false, reason: 'denied', message: staffPush.notificationsDenied };
  try {
    const registration = await navigator.serviceWorker.register(staffWorker.url, { scope: staffWorker.scope });
    await activeWorker(registration);
    const { public_key } = await api.call(getPushKey, { sensitive: true });
    const key = base64UrlToBytes(public_key);
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    // The browser's PushSubscriptionJSON types every field optional; a live subscription has them all, and the API checks the body.
    const body = subscription.toJSON() as RouteBody<typeof subscribeToPushRoute>;
    const state = await api.call(subscribeToPushRoute, { body, sensitive: true });
    return { ok: true, endpoint: state.endpoint };
  } catch (error) {
    return { ok: false, reason: 'failed', message: isApiError(error) ? error.message : staffPush.subscribeFailed };
  }
}

/** Stops the alerts on this device (log-out): the browser's subscription and the server's copy. */
export async function unsubscribeFromPush(): Promise<void> {
  if (!canReceivePush()) return;
  const registration = await navigator.serviceWorker.getRegistration(staffWorker.scope);
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  await api.call(unsubscribeFromPushRoute, { body: { endpoint }, sensitive: true }).catch(() => undefined);
}
