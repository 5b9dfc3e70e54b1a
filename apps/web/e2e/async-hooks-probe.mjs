// Loaded with `node --import` into a server under test (e2e/no-async-hooks.spec.ts). On SIGUSR2 it
// writes to ASYNC_HOOKS_PROBE_FILE whether async hooks track promises: a promise's continuation
// runs with an async id of its own only then, and with 0 otherwise. On Node 20 they track every
// promise of the process once any AsyncLocalStorage has run (React's Node renderer runs one per page).
import { executionAsyncId } from 'node:async_hooks';
import { writeFileSync } from 'node:fs';

process.on('SIGUSR2', () => {
  void Promise.resolve().then(() => writeFileSync(process.env.ASYNC_HOOKS_PROBE_FILE, executionAsyncId() === 0 ? 'off' : 'on'));
});
