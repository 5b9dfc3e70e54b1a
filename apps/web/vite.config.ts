import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import routes from './app/routes.ts';
import { firstLoadGroups, layoutsOf } from './chunk-groups.ts';
import { isRouteFile, withoutRouteDocs } from './route-docs.ts';

/** One id per build: the browser compares it with /builds/latest.json to notice a new version (docs/decisions/016, section 4.5). */
const buildId = process.env.BUILD_ID ?? Date.now().toString(36);

/** Writes /builds/latest.json next to the client files; scripts/generate-sw.mjs reads it after the build. */
function latestBuildFile(): Plugin {
  return {
    name: 'latest-build-file',
    apply: 'build',
    writeBundle(options) {
      if (!options.dir?.endsWith('client')) return;
      mkdirSync(join(options.dir, 'builds'), { recursive: true });
      writeFileSync(join(options.dir, 'builds/latest.json'), JSON.stringify({ id: buildId, timestamp: Date.now() }));
    },
  };
}

/**
 * Writes build/stats/client-chunks.json (outside build/client: never served nor precached): for each
 * client chunk, the modules it holds with their rendered length (bytes after tree-shaking, before
 * minification), its static and dynamic imports; and each module's static importers. bench/first-load.bench.ts reads it to name the
 * modules that weigh most in a page's first load (docs/decisions/027, the JS split).
 */
function chunkStatsFile(): Plugin {
  return {
    name: 'chunk-stats-file',
    apply: 'build',
    generateBundle(options, bundle) {
      if (!options.dir?.endsWith('client')) return;
      const chunks: Record<string, { imports: string[]; dynamicImports: string[]; modules: Record<string, number> }> = {};
      // Who imports each module statically: why a module is in a first load.
      const importers: Record<string, readonly string[]> = {};
      for (const id of this.getModuleIds()) importers[id] = this.getModuleInfo(id)?.importers ?? [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const modules = Object.fromEntries(Object.entries(output.modules).map(([id, m]) => [id, m.renderedLength]));
        chunks[output.fileName] = { imports: output.imports, dynamicImports: output.dynamicImports, modules };
      }
      const dir = join(options.dir, '../stats');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'client-chunks.json'), JSON.stringify({ chunks, importers }));
    },
  };
}

/**
 * Points the client's '@hono/zod-openapi' at app/lib/create-route.ts: the browser imports the
 * route definitions of packages/contract/src/*.routes.ts (lib/api.ts calls them), which need only
 * `createRoute`, not the library's OpenAPI generator and Hono's validator (~80 KB). The server
 * build keeps the library (it may hold the API app, which serves the routes).
 */
function clientCreateRoute(): Plugin {
  const shim = join(import.meta.dirname, 'app/lib/create-route.ts');
  return {
    name: 'client-create-route',
    enforce: 'pre',
    resolveId(id) {
      if (id === '@hono/zod-openapi' && this.environment.name === 'client') return shim;
      return null;
    },
  };
}

/**
 * The client's copy of the contract's route files without the texts only the OpenAPI document
 * shows (summaries, descriptions, the answers' descriptions: route-docs.ts); the server build and
 * the API keep them. Each page that calls a route thus loads its method, path and schemas only.
 */
function clientRouteDocs(): Plugin {
  return {
    name: 'client-route-docs',
    enforce: 'pre',
    transform(code, id) {
      if (this.environment.name !== 'client' || !isRouteFile(id)) return null;
      return { code: withoutRouteDocs(code, id), map: null };
    },
  };
}

const firstLoadGroup = firstLoadGroups(join(import.meta.dirname, 'app'), layoutsOf(routes, ['routes/home.tsx', 'routes/menu.tsx']));

export default defineConfig({
  plugins: [clientCreateRoute(), clientRouteDocs(), tailwindcss(), reactRouter(), latestBuildFile(), chunkStatsFile()],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  build: {
    rolldownOptions: {
      // Rolldown's "[PLUGIN_TIMINGS]" report, printed when plugins take most of a build (on a busy
      // machine, the groups' name functions below): a note for whoever tunes the bundler, in English,
      // in the output of every `npm start`.
      checks: { bundlerTimings: false },
    },
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // Rolldown needs it to leave a group's dependencies out of it (includeDependenciesRecursively).
          preserveEntrySignatures: 'allow-extension',
          output: {
            codeSplitting: {
              groups: [
                // React, React DOM and React Router, which every page hydrates with: one chunk
                // rather than four pieces (docs/decisions/027: fewer, better-compressed files in each first load).
                { name: 'framework', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 1 },
                // The lucide icons every screen uses (74, ~29 KB before minification, ~10 KB gzip): one
                // chunk rather than a file per icon or per set of pages (/menu: 41 → 30 files, +1.3 KB
                // gzip). Each file of a first load is a request that Lighthouse's slow-4G simulation
                // counts in the largest paint (docs/decisions/027).
                { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
                // The app's own modules each layout loads on every page under it: one chunk per layout
                // rather than ~50 small files (chunk-groups.ts). The root's takes its dependencies along
                // (every page loads it); the storefront's and the staff's do not, so that a staff page
                // never loads storefront code nor the reverse.
                // A group named by a function needs a debugName, or Rolldown warns at every build.
                { name: (id, ctx) => (firstLoadGroup(id, ctx) === 'app-shell' ? 'app-shell' : null), debugName: 'app-shell' },
                { name: (id, ctx) => firstLoadGroup(id, ctx), debugName: 'layout-shells', includeDependenciesRecursively: false },
              ],
            },
          },
        },
      },
    },
  },
  // The API, and the dish photos it stores (DATA_DIR/uploads, docs/decisions/023).
  server: { proxy: { '/v2': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
});
