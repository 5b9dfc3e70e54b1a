import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { runStartupChecks } from './features/pwa/index.ts';
import { listenForInstallPrompt } from './features/pwa/index.ts';
import { reloadForChunkError } from './features/pwa/index.ts';

// Before hydration: clear stale data so no store reads it, and catch the install prompt, which
// the browser may fire before React is ready.
runStartupChecks();
listenForInstallPrompt();
// Vite's event for a chunk that failed to preload (a deploy replaced it): reload once (spec section 8).
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForChunkError()) event.preventDefault();
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
