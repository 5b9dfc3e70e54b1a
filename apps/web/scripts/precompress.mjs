/**
 * Writes a Brotli (quality 11) and a gzip (level 9) copy beside each compressible file of the
 * storefront's `build/client/assets` (the scripts and stylesheets, named by their content's hash),
 * once at build time. The server sends the copy the browser accepts (@hono/node-server's
 * serveStatic `precompressed`, apps/api/src/run-server.ts): the first load of /menu is about 13 %
 * smaller in Brotli than in the gzip the server made on every request, and no CPU is spent
 * compressing it again (docs/decisions/027-pages-paint-first.md). A copy that
 * is not smaller is not kept.
 *
 * Only `assets/`: a file there never changes under its name, so its copies cannot go stale. The
 * others (sw.js, builds/latest.json, the offline page, the illustrations) keep being compressed by
 * the server per request: sw.js is written again when a new build is published
 * (e2e/update-banner.spec.ts does so on a copied build), and a stale sw.js.br beside it would keep
 * every browser on the old worker. The worker's precache takes `*.js` and `*.css` only, never the
 * `.br`/`.gz` files.
 * Run: node scripts/precompress.mjs [build/client]
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const clientDir = resolve(process.argv[2] ?? new URL('../build/client', import.meta.url).pathname);
/** Files worth compressing: text formats (images other than SVG are compressed already). */
const compressible = /\.(js|mjs|css|svg|html|json|webmanifest|txt|xml)$/;
/** Below this, the headers outweigh the gain. */
const minBytes = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const path of files(join(clientDir, 'assets'))) {
  if (!compressible.test(path)) continue;
  const content = readFileSync(path);
  if (content.length < minBytes) continue;
  const brotli = brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  const gzip = gzipSync(content, { level: 9 });
  if (brotli.length < content.length) writeFileSync(`${path}.br`, brotli);
  if (gzip.length < content.length) writeFileSync(`${path}.gz`, gzip);
  count += 1;
  before += content.length;
  after += Math.min(brotli.length, content.length);
}
console.log(`precompress : ${count} fichiers, ${(before / 1024).toFixed(0)} Ko → ${(after / 1024).toFixed(0)} Ko en Brotli`);
