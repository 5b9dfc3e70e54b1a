// Writes build/client/sw.js with workbox-build's generateSW, AFTER `react-router build`, so the
// prerendered /offline page is in the precache (docs/decisions/017, section 7.3). Usage:
//   node scripts/generate-sw.mjs [clientDir]     (default: build/client)
// The service worker's strategy is explained in docs/decisions/008-pwa-shell.md.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateSW } from 'workbox-build';

const clientDir = resolve(process.argv[2] ?? new URL('../build/client', import.meta.url).pathname);
const { id: buildId } = JSON.parse(readFileSync(resolve(clientDir, 'builds/latest.json'), 'utf8'));

/**
 * The client chunks that only staff pages (/restaurant…) can load, as paths relative to clientDir
 * ("assets/board-XXXX.js"): left out of the storefront worker's precache, which every customer's
 * first visit downloads (docs/decisions/027). A chunk is kept when the entry or any storefront route reaches
 * it through static or dynamic imports (build/stats/client-chunks.json, written by vite.config.ts,
 * beside the client folder); a file the stats do not name (React Router's manifest, CSS) is kept.
 * Throws when the stats or React Router's manifest are missing: precaching staff code silently, or
 * leaving out a chunk a customer needs offline, would both go unnoticed.
 */
function staffOnlyChunks(dir) {
  const { chunks } = JSON.parse(readFileSync(resolve(dir, '../stats/client-chunks.json'), 'utf8'));
  const manifestFile = readdirSync(resolve(dir, 'assets')).find(
    (name) => name.startsWith('manifest-') && readFileSync(resolve(dir, 'assets', name), 'utf8').startsWith('window.__reactRouterManifest='),
  );
  if (!manifestFile) throw new Error(`generate-sw : manifeste de React Router introuvable dans ${dir}/assets`);
  const source = readFileSync(resolve(dir, 'assets', manifestFile), 'utf8');
  const { entry, routes } = JSON.parse(source.slice(source.indexOf('=') + 1).replace(/;\s*$/, ''));

  const fullPath = (route) => {
    const parent = route.parentId ? fullPath(routes[route.parentId]) : '';
    return [parent, route.path ?? ''].filter(Boolean).join('/');
  };
  const children = (id) => Object.values(routes).filter((route) => route.parentId === id);
  // A staff route: under /restaurant, or a layout whose every child is one (the staff area's layout).
  const isStaff = (route) => {
    if (route.path === undefined && route.id !== 'root') {
      const under = children(route.id);
      return under.length > 0 && under.every(isStaff);
    }
    return /^restaurant(\/|$)/.test(fullPath(route));
  };

  const reached = new Set();
  const visit = (file) => {
    const key = file.replace(/^\//, '');
    if (reached.has(key)) return;
    reached.add(key);
    const chunk = chunks[key];
    for (const next of [...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? [])]) visit(next);
  };
  for (const file of [entry.module, ...entry.imports]) visit(file);
  for (const route of Object.values(routes).filter((candidate) => !isStaff(candidate))) {
    for (const file of [route.module, ...(route.imports ?? [])]) visit(file);
  }
  return Object.keys(chunks).filter((file) => !reached.has(file));
}

const staffOnly = staffOnlyChunks(clientDir);

const { count, size, warnings } = await generateSW({
  globDirectory: clientDir,
  swDest: resolve(clientDir, 'sw.js'),
  globPatterns: ['assets/**/*.{js,css}', 'offline/index.html', 'favicon.svg', 'icons/icon-192.png', 'icons/icon-512.png', 'images/**/*.svg'],
  // The staff area's code: no customer loads it, and the staff pages are never served from a cache.
  globIgnores: [...staffOnly], // a copy: workbox-build appends its own ignores to the array it is given
  // The prerendered offline page is precached under the URL the fallback asks for.
  manifestTransforms: [async (entries) => ({ manifest: entries.map((e) => (e.url === 'offline/index.html' ? { ...e, url: '/offline' } : e)), warnings: [] })],
  // Hashed file names need no cache-busting query.
  dontCacheBustURLsMatching: /^assets\//,
  // The build id makes every build's worker a new worker, so the update banner shows.
  additionalManifestEntries: [{ url: '/builds/latest.json', revision: buildId }],
  cacheId: 'resto',
  cleanupOutdatedCaches: true,
  clientsClaim: true,
  // A new worker waits for the visitor's "Actualiser" (SKIP_WAITING message), spec section 4.
  skipWaiting: false,
  navigationPreload: false,
  sourcemap: false,
  mode: 'production',
  runtimeCaching: [
    {
      // The staff area (docs/decisions/020): never a cached copy. Pages under /restaurant/ are controlled by
      // the staff worker (public/restaurant-sw.js, its longer scope wins); this covers /restaurant itself.
      urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/restaurant(\/|\.data|$)/.test(url.pathname),
      handler: 'NetworkOnly',
    },
    {
      urlPattern: ({ request, url }) => request.mode === 'navigate' && /^\/(fr\/)?(checkout|success|suivi|recu|auth|profile)(\/|\.data|$)/.test(url.pathname),
      handler: 'NetworkOnly',
      options: { precacheFallback: { fallbackURL: '/offline' } },
    },
    {
      // Pages: the network first (fresh prices and opening hours), the last copy when offline,
      // the offline page for a page never visited.
      urlPattern: ({ request }) => request.mode === 'navigate',
      handler: 'NetworkFirst',
      options: {
        cacheName: 'pages',
        networkTimeoutSeconds: 4,
        expiration: { maxEntries: 40, maxAgeSeconds: 7 * 24 * 3600 },
        cacheableResponse: { statuses: [200] },
        precacheFallback: { fallbackURL: '/offline' },
      },
    },
    {
      urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/(fr\/)?(checkout|success|suivi|recu|auth|profile|restaurant)(\/|\.data|$)/.test(url.pathname),
      handler: 'NetworkOnly',
    },
    {
      // React Router's data requests (/menu.data, /_root.data) for client-side navigations.
      urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.endsWith('.data'),
      handler: 'NetworkFirst',
      options: {
        cacheName: 'route-data',
        networkTimeoutSeconds: 4,
        expiration: { maxEntries: 60, maxAgeSeconds: 7 * 24 * 3600 },
        cacheableResponse: { statuses: [200] },
      },
    },
    {
      // The menu, settings and offers answers: browsable offline once seen.
      urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/v2\/public\/(menus|settings|offers)\/?$/.test(url.pathname),
      handler: 'NetworkFirst',
      options: { cacheName: 'api-catalogue', networkTimeoutSeconds: 4, expiration: { maxEntries: 10 }, cacheableResponse: { statuses: [200] } },
    },
    {
      // Checkout and every other API call: always the network, never a cached answer.
      urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/v2/'),
      handler: 'NetworkOnly',
    },
    {
      // Bundled images, icons, and dish photos uploaded from the back office (/uploads/: content-hash names, never changed).
      urlPattern: ({ url, sameOrigin }) => sameOrigin && (url.pathname.startsWith('/images/') || url.pathname.startsWith('/icons/') || url.pathname.startsWith('/uploads/')),
      handler: 'CacheFirst',
      options: { cacheName: 'images', expiration: { maxEntries: 80, maxAgeSeconds: 30 * 24 * 3600 } },
    },
    {
      urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/manifest.webmanifest',
      handler: 'StaleWhileRevalidate',
      options: { cacheName: 'manifest' },
    },
  ],
});
for (const warning of warnings) console.warn('generate-sw:', warning);
console.log(`sw.js : ${count} fichiers précachés, ${(size / 1024).toFixed(1)} Ko (build ${buildId}), ${staffOnly.length} fichiers du seul espace restaurant laissés de côté`);
