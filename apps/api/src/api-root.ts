import { fileURLToPath } from 'node:url';

/**
 * The folder apps/api (absolute, with a trailing slash), for the files shipped beside the code:
 * drizzle/ (migrations), restaurant/ (the demo restaurant), ../web/build (the storefront).
 * This module is apps/api/src/api-root.ts in the sources (tests, tsx) and is bundled into
 * apps/api/build/*.js by `npm run build` (apps/api/scripts/build.mjs): one folder below apps/api
 * in both, so '..' from here is apps/api either way (docs/decisions/024).
 */
export const apiRoot = fileURLToPath(new URL('..', import.meta.url));
