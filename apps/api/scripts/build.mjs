// @ts-check
/**
 * The production build of the server (docs/decisions/024): apps/api/src/server.ts
 * bundled by esbuild into apps/api/build/server.js (ES modules, source maps), so that
 * `npm run serve` runs plain JavaScript with no TypeScript transform at start
 * (docs/decisions/024-compiled-server.md).
 *
 * - Our workspace packages (@resto/domain, @resto/contract: TypeScript sources) are bundled.
 * - Every other package stays external, loaded from node_modules at run time: PGlite finds its
 *   .wasm/.data files beside its own module, sharp and argon2 have native binaries, and React
 *   must be the one instance the storefront's build (apps/web/build/server) also imports.
 * - Code splitting keeps server.ts's dynamic `import('./run-server.ts')` lazy: the data
 *   directory's lock is taken, and NODE_ENV defaulted, before the rest of the server is loaded.
 * - The communes index is built in a worker thread: communes-worker.js, a second entry point;
 *   PGlite's first start runs in a child process: pglite-start.js, a third (src/db/client.ts).
 * - Paths to files beside the sources (migrations, demo restaurant, storefront build) go through
 *   src/api-root.ts, which is one folder below apps/api in the sources and in the build alike.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const outdir = fileURLToPath(new URL('../build', import.meta.url));

/** @type {import('esbuild').Plugin} */
const externalPackages = {
  name: 'external-packages',
  setup(context) {
    // A bare specifier (a package, or node:…) is external unless it is one of our workspace packages.
    context.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@resto/') ? undefined : { path: args.path, external: true }));
  },
};

const started = performance.now();
const result = await build({
  absWorkingDir: apiDir,
  // The communes index's worker thread (communes-index.ts, loadCommunesIndex) beside server.js.
  // PGlite's first start, run by path in a child process (db/client.ts, pgliteChild), beside it too.
  entryPoints: {
    server: 'src/server.ts',
    'communes-worker': 'src/modules/locations/providers/communes-worker.ts',
    'pglite-start': 'src/db/pglite-start.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  chunkNames: '[name]-[hash]',
  plugins: [externalPackages],
  metafile: true,
  logLevel: 'warning',
});
// Files of an earlier build that this one did not write (chunks are named by content hash) go;
// the folder itself stays, so that a server starting meanwhile never finds server.js missing.
const written = new Set(Object.keys(result.metafile.outputs).map((file) => relative(outdir, join(apiDir, file))));
for (const file of readdirSync(outdir)) if (!written.has(file)) rmSync(join(outdir, file), { recursive: true, force: true });
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .reduce((sum, [, output]) => sum + output.bytes, 0);
console.log(`apps/api/build/server.js : ${(bytes / 1024).toFixed(0)} Ko de JavaScript en ${Math.round(performance.now() - started)} ms`);
