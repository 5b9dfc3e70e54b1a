/**
 * First-load JS of the storefront (docs/decisions/027: "/menu loads only what the menu needs"): for `/`,
 * `/menu`, `/checkout` and the staff's `/restaurant/commandes` (its log-in form without a session: it
 * must not grow with the storefront's chunks), the module scripts and modulepreloads the server-rendered HTML asks for
 * (files, raw KB, gzip -9 KB, and the bytes the server sends a browser that takes Brotli: the copies
 * apps/web/scripts/precompress.mjs writes at build time), then the modules that weigh most in /menu's first load, from
 * build/stats/client-chunks.json (written by apps/web/vite.config.ts). Emits the row
 * 'first-load JS of /menu' (goal ≤ 120 KB gzip; / beside it) through bench/lib/figures.ts, with the
 * framework's own share (React, React DOM, React Router) as the limit no split goes under.
 * Run: npm run build && npm run bench:first-load   (BENCH_PORT, default 7200; about 10 s;
 * BENCH_VERBOSE=1 lists each page's files)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { reportFigures } from './lib/figures.ts';
import { kill, startServer } from './lib/server-process.ts';

const port = Number(process.env.BENCH_PORT ?? 7200);
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const buildDir = join(repoRoot, 'apps/web/build');
const clientDir = join(buildDir, 'client');
const pages = ['/', '/menu', '/checkout', '/restaurant/commandes'];
const goalKb = 120;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipOf = (buffer: Buffer) => gzipSync(buffer, { level: 9 }).length;

/** The bytes the server sends for `path` to a browser that takes Brotli (Chromium's Accept-Encoding), not decoded. */
function sentBytes(baseUrl: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(`${baseUrl}${path}`, { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } }, (response) => {
      let length = 0;
      response.on('data', (chunk: Buffer) => (length += chunk.length));
      response.on('end', () => resolve(length));
      response.on('error', reject);
    }).on('error', reject);
  });
}

interface ChunkStats {
  imports: string[];
  dynamicImports: string[];
  /** Module id → rendered length (bytes after tree-shaking, before minification). */
  modules: Record<string, number>;
}

/**
 * The JS files a page's server-rendered HTML makes the browser load: `<script src>`, modulepreloads,
 * and the inline module script's `import … from` / `import()`. Not the route manifest's JSON, which
 * names every route module only to load it on a later navigation.
 */
async function firstLoadFiles(baseUrl: string, path: string): Promise<string[]> {
  const response = await fetch(baseUrl + path);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const html = await response.text();
  const loaded = /(?:\b(?:src|href)=|\bfrom\s*|\bimport\s*\(\s*)["'](\/assets\/[^"']+\.js)["']/g;
  return [...new Set([...html.matchAll(loaded)].map((m) => (m[1] ?? '').slice(1)))];
}

/** A module's name for people: the package under node_modules, or the path from the repository's root. */
function moduleName(id: string): string {
  const clean = id.replace(/^\0/, '').replace(/\?.*$/, '');
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(clean);
  if (inPackage) return `${inPackage[1]}/${inPackage[2]}`;
  return clean.startsWith('/') ? relative(repoRoot, clean) : clean;
}

/** The package a module comes from (`react-dom`, `@radix-ui/react-dialog`), or the workspace folder it is in (`apps/web/app/features/menu`). */
function moduleGroup(id: string): string {
  const name = moduleName(id);
  const inPackage = /^((?:@[^/]+\/)?[^/]+)\//.exec(name);
  if (id.includes('node_modules/') && inPackage) return inPackage[1] ?? name;
  return name.split('/').slice(0, -1).join('/') || name;
}

/**
 * Each module of `files` with its estimated gzip weight: its chunk's gzip size shared out in
 * proportion to the module's rendered length (minification and compression are not per module).
 */
function modulesOf(files: string[], stats: Record<string, ChunkStats>): { name: string; group: string; gzip: number; raw: number }[] {
  const rows: { name: string; group: string; gzip: number; raw: number }[] = [];
  for (const file of files) {
    const chunk = stats[file];
    if (!chunk) continue;
    const total = Object.values(chunk.modules).reduce((sum, n) => sum + n, 0);
    if (total === 0) continue;
    const gzip = gzipOf(readFileSync(join(clientDir, file)));
    for (const [id, length] of Object.entries(chunk.modules)) {
      if (length > 0) rows.push({ name: moduleName(id), group: moduleGroup(id), gzip: (gzip * length) / total, raw: length });
    }
  }
  return rows.sort((a, b) => b.gzip - a.gzip);
}

const { chunks: stats } = JSON.parse(readFileSync(join(buildDir, 'stats/client-chunks.json'), 'utf8')) as { chunks: Record<string, ChunkStats> };
const dataDir = mkdtempSync(join(tmpdir(), 'resto-first-load-'));
const server = await startServer({ port, dataDir, env: { WEB_BUILD_DIR: buildDir } });
try {
  console.log('First load (the JS files the server-rendered HTML asks for; gzip -9)\n');
  console.log('page       files    raw KB   gzip KB   sent KB (Brotli)');
  const loads = new Map<string, { files: string[]; raw: number; gzip: number; sent: number }>();
  for (const path of pages) {
    const files = await firstLoadFiles(server.baseUrl, path);
    let raw = 0;
    let gzip = 0;
    let sent = 0;
    for (const file of files) {
      const bytes = readFileSync(join(clientDir, file));
      raw += bytes.length;
      gzip += gzipOf(bytes);
      sent += await sentBytes(server.baseUrl, `/${file}`);
    }
    loads.set(path, { files, raw, gzip, sent });
    console.log(
      `${path.padEnd(10)} ${String(files.length).padStart(5)} ${(raw / 1024).toFixed(1).padStart(9)} ${(gzip / 1024).toFixed(1).padStart(9)} ${(sent / 1024).toFixed(1).padStart(9)}`,
    );
  }

  const menu = loads.get('/menu')!;
  const modules = modulesOf(menu.files, stats);
  console.log("\nThe 10 largest modules of /menu's first load (gzip estimated from each chunk's share)\n");
  for (const m of modules.slice(0, 10)) console.log(`${kb(m.gzip).padStart(9)}  ${m.name}`);
  const groups = new Map<string, number>();
  for (const m of modules) groups.set(m.group, (groups.get(m.group) ?? 0) + m.gzip);
  console.log('\nBy package or folder (top 12)\n');
  for (const [group, gzip] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`${kb(gzip).padStart(9)}  ${group}`);
  if (process.env.BENCH_VERBOSE) {
    for (const [page, load] of loads) {
      console.log(`\n${page} files\n`);
      for (const file of load.files) console.log(`${kb(gzipOf(readFileSync(join(clientDir, file)))).padStart(9)}  ${file}`);
    }
  }

  // The floor no split can go under: the framework every page hydrates with, as loaded in this run.
  const framework = (page: string) =>
    modulesOf(loads.get(page)!.files, stats)
      .filter((m) => /^(react|react-dom|react-router|scheduler)$/.test(m.group))
      .reduce((sum, m) => sum + m.gzip, 0);
  const limit = (page: string) => `React, React DOM and React Router alone: ${(framework(page) / 1024).toFixed(1)} KB gzip`;
  const home = loads.get('/')!;
  reportFigures('first-load', [
    {
      row: 'first-load JS of /menu',
      measured: `${(menu.gzip / 1024).toFixed(1)} KB gzip in ${menu.files.length} files (sent: ${(menu.sent / 1024).toFixed(1)} KB in Brotli)`,
      limit: limit('/menu'),
      goal: `≤ ${goalKb} KB gzip`,
      met: menu.gzip <= goalKb * 1024,
    },
    {
      row: 'first-load JS of /',
      measured: `${(home.gzip / 1024).toFixed(1)} KB gzip in ${home.files.length} files (sent: ${(home.sent / 1024).toFixed(1)} KB in Brotli)`,
      limit: limit('/'),
      goal: `≤ ${goalKb} KB gzip`,
      met: home.gzip <= goalKb * 1024,
    },
  ]);
} finally {
  await kill(server, 'SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
