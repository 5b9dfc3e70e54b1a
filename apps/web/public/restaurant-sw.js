/* global self */
/*
 * The staff pages' service worker (docs/decisions/022-nothing-unseen.md),
 * registered by apps/web/app/features/staff-push with the scope /restaurant/: it shows the
 * server's "order not opened" alerts sent by Web Push, and a click opens or focuses the board.
 * It has no fetch handler (staff pages always come from the network) and lives beside the
 * storefront's workbox worker (/sw.js, scope /): a page under /restaurant/ is controlled by this
 * one, the longest matching scope, and the storefront's never sees a push.
 */

const boardPath = '/restaurant/commandes';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The payload the server sends: {title, body, url, tag, orderId} (apps/api/src/modules/escalation/push.ts, PushNotification). */
function readPayload(event) {
  try {
    return event.data ? event.data.json() : null;
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  // A push always shows a notification (userVisibleOnly); without a readable payload, the board's address alone.
  const title = payload && typeof payload.title === 'string' ? payload.title : self.location.host;
  const options = {
    body: payload && typeof payload.body === 'string' ? payload.body : '',
    tag: payload && typeof payload.tag === 'string' ? payload.tag : 'restaurant-alert',
    renotify: true,
    requireInteraction: true,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { url: payload && typeof payload.url === 'string' && payload.url.startsWith('/restaurant/') ? payload.url : boardPath },
  };
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || boardPath, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const board = windows.find((client) => new URL(client.url).pathname.startsWith(boardPath));
      if (board) return board.focus();
      return self.clients.openWindow(url);
    }),
  );
});
