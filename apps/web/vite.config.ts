import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), latestBuildFile()],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  // The API, and the dish photos it stores (DATA_DIR/uploads, issue 14).
  server: { proxy: { '/v2': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
});
