import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // The offline page is a static file the service worker precaches (scripts/generate-sw.mjs).
  prerender: ['/offline'],
} satisfies Config;
