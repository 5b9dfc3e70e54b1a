import { expect, test } from './fixtures.ts';
import { open } from './helpers.ts';

/**
 * docs/decisions/022-nothing-unseen.md: the staff worker /restaurant-sw.js
 * (scope /restaurant/) lives beside the storefront's workbox worker (/sw.js, scope /) without
 * either replacing the other, and a push delivered to it (Chromium's DevTools protocol delivers
 * it as a push service would, already decrypted) shows the server's notification.
 *
 * The notifications are read once, after the worker's showNotification() has resolved, never
 * while one is being shown: Chromium's getNotifications() deletes from its database every stored
 * notification that the platform does not report as displayed yet, unless it was created after
 * the read began (content/browser/notifications/platform_notification_context_impl.cc,
 * DoReadAllNotificationDataForServiceWorkerRegistration). A read falling between the worker's
 * write and the display loses the notification for good: this test polled every 100 ms and,
 * under load, saw [] for 10 s although the worker had shown it. The staff pages never read their
 * notifications, so no person meets that.
 */

test('the staff worker and the storefront worker keep their scopes; a push shows the alert', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL! });
  await open(page, '/');
  const scopes = await page.evaluate(async () => {
    // The storefront registers /sw.js itself (production build); the staff worker is registered as features/staff-push does.
    await navigator.serviceWorker.ready;
    const staff = await navigator.serviceWorker.register('/restaurant-sw.js', { scope: '/restaurant/' });
    await new Promise<void>((resolve) => {
      const worker = staff.installing ?? staff.waiting ?? staff.active;
      if (!worker || worker.state === 'activated') return resolve();
      worker.addEventListener('statechange', () => worker.state === 'activated' && resolve());
    });
    const registrations = await navigator.serviceWorker.getRegistrations();
    return registrations.map((r) => new URL(r.scope).pathname).sort();
  });
  expect(scopes).toEqual(['/', '/restaurant/']);

  // Deliver a push to the staff worker's registration, as the browser's push service would.
  const cdp = await context.newCDPSession(page);
  const versions = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; scopeURL: string }[] }) => {
      if (event.registrations.some((r) => r.scopeURL.endsWith('/restaurant/'))) resolve(event.registrations);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const staffRegistration = (await versions).find((r) => r.scopeURL.endsWith('/restaurant/'))!;
  const payload = {
    title: 'Commande n° 1042 non ouverte depuis 2 min',
    body: 'Marie D., 16,00 €.',
    url: '/restaurant/commandes',
    tag: 'order-1042',
    orderId: 1042,
  };
  // The staff worker tells the test when its showNotification() has resolved (a test-only
  // wrapper, installed in the running worker; the worker's own code is untouched).
  const staffWorker =
    context.serviceWorkers().find((worker) => worker.url().endsWith('/restaurant-sw.js')) ??
    (await context.waitForEvent('serviceworker', (worker) => worker.url().endsWith('/restaurant-sw.js')));
  await staffWorker.evaluate(() => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration; notificationShown: Promise<string> };
    const registration = scope.registration;
    const show = registration.showNotification.bind(registration);
    scope.notificationShown = new Promise((resolve) => {
      registration.showNotification = (title, options) => show(title, options).then(() => resolve(title));
    });
  });
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL!).origin,
    registrationId: staffRegistration.registrationId,
    data: JSON.stringify(payload),
  });

  expect(await staffWorker.evaluate(() => (self as unknown as { notificationShown: Promise<string> }).notificationShown)).toBe(
    payload.title,
  );
  const shown = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/restaurant/');
    const notifications = (await registration?.getNotifications()) ?? [];
    return notifications.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url: string }).url }));
  });
  expect(shown).toEqual([{ title: payload.title, body: payload.body, tag: 'order-1042', url: '/restaurant/commandes' }]);
  // The storefront's worker got nothing.
  const storefrontNotifications = await page.evaluate(
    async () => ((await (await navigator.serviceWorker.getRegistration('/'))?.getNotifications()) ?? []).length,
  );
  expect(storefrontNotifications).toBe(0);
});
