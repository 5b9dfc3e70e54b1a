import { z } from 'zod';

/**
 * Every zod message in French (docs/decisions/016, section 2.1); imported by each module that declares
 * schemas, before it declares them. In a browser, zod also runs without compiling parsers with
 * `new Function`: the storefront's Content-Security-Policy has no 'unsafe-eval', and zod's probe
 * for eval would be reported as a violation (docs/decisions/009-http-security-headers.md). The
 * server keeps the faster compiled parsers.
 */
z.config({ ...z.locales.fr(), jitless: 'document' in globalThis });

export { z };
