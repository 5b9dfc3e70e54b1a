import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // The offline page is a static file the service worker precaches (scripts/generate-sw.mjs).
  prerender: ['/offline'],
  // Each React Router v8 change named, so that the build prints no "Future Flag Warning" (a flag
  // left unset is what prints one). Taken where the build and the browser tests pass with it;
  // left off, with the reason, where taking it means changing feature code.
  future: {
    // Off: React Router's environment-API build sets the client's preserveEntrySignatures to
    // 'exports-only', which Rolldown refuses beside the layout groups' includeDependenciesRecursively:
    // false (vite.config.ts, docs/decisions/027): the build fails.
    v8_viteEnvironmentApi: false,
    // Data requests of a path with a trailing slash get their own URL (/a/_.data, not /a.data); the
    // service worker's and the security headers' `.data` rules match both forms.
    v8_trailingSlashAwareDataRequests: true,
    // Off: the loaders read the load context run-server.ts passes (context.apiFetch…); middleware
    // replaces it with a RouterContextProvider, which means rewriting every loader.
    v8_middleware: false,
    // Off: the loaders build URLs from request.url, which would keep React Router's `.data` suffix.
    v8_passThroughRequests: false,
    // Off: splitting clientLoader/HydrateFallback into chunks of their own changes the first-load
    // chunk graph measured in docs/decisions/027 (chunk-groups.ts).
    v8_splitRouteModules: false,
  },
} satisfies Config;
