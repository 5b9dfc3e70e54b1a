/**
 * Lighthouse (npm `lighthouse` 12.8, mobile settings: Moto G Power emulation, simulated slow 4G,
 * 4× CPU slowdown) in Debian's Chromium on / and /menu of the built storefront: the four category
 * scores, LCP, TBT and CLS; then the JS and CSS a first load of each page downloads (KB gzip, from
 * the page's HTML: module scripts, modulepreloads, stylesheets) and the service worker's precache.
 * Run: npm run build && npm run bench:lighthouse   (BENCH_PORT, default 3610; CHROMIUM_PATH)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const port = Number(process.env.BENCH_PORT ?? 3610);
const base = `http://localhost:${port}`;
const clientDir = new URL('../apps/web/build/client/', import.meta.url).pathname;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const pages = ['/', '/menu'];

const dataDir = mkdtempSync(join(tmpdir(), 'resto-lh-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', DEMO_HISTORY: '0' },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function waitForServer() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/v2/health`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('server did not start');
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipOf = (buffer: Buffer) => gzipSync(buffer, { level: 9 }).length;

/** JS and CSS of a page's first load, as its server-rendered HTML asks for them. */
async function firstLoad(path: string) {
  const html = await (await fetch(base + path)).text();
  const js = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? ''));
  const css = new Set([...html.matchAll(/href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1] ?? ''));
  const size = (files: Set<string>) => [...files].reduce((sum, file) => sum + gzipOf(readFileSync(join(clientDir, file))), 0);
  return { jsFiles: js.size, jsGzip: size(js), cssGzip: size(css), htmlGzip: gzipOf(Buffer.from(html)) };
}

/** The files sw.js precaches and their size on disk, raw and gzip. */
function precache() {
  const sw = readFileSync(join(clientDir, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/\{url:"([^"]+)",revision:/g)].map((m) => (m[1] ?? '').replace(/^\//, ''));
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const file = join(clientDir, url === 'offline' ? 'offline/index.html' : url);
    try {
      raw += statSync(file).size;
      gzip += gzipOf(readFileSync(file));
    } catch {
      // an entry without a file (none expected)
    }
  }
  return { count: urls.length, raw, gzip };
}

try {
  await waitForServer();
  // Warm the server (first render compiles and caches the menu).
  for (const path of pages) await fetch(base + path);
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    console.log('Lighthouse 12.8, mobile (default config), Debian Chromium\n');
    console.log('page    perf  a11y  best  seo   LCP      TBT     CLS');
    for (const path of pages) {
      const result = await lighthouse(base + path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result) throw new Error(`no result for ${path}`);
      const { categories, audits } = result.lhr;
      const score = (id: string) => String(Math.round((categories[id]?.score ?? 0) * 100)).padStart(4);
      const lcp = audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
      const tbt = audits['total-blocking-time']?.numericValue ?? Number.NaN;
      const cls = audits['cumulative-layout-shift']?.numericValue ?? Number.NaN;
      console.log(
        `${path.padEnd(7)} ${score('performance')}  ${score('accessibility')}  ${score('best-practices')}  ${score('seo')}  ${(lcp / 1000).toFixed(2)} s  ${Math.round(tbt)} ms  ${cls.toFixed(3)}`,
      );
      const lcpItem = (audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { selector?: string } }[] }[] } | undefined)
        ?.items?.[0]?.items?.[0];
      if (lcpItem?.node?.selector) console.log(`        LCP element: ${lcpItem.node.selector}`);
      const failed = Object.values(audits).filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary');
      for (const audit of failed) {
        const nodes = ((audit.details as { items?: { node?: { selector?: string } }[] } | undefined)?.items ?? []).map((i) => i.node?.selector).filter(Boolean);
        console.log(`        failing audit ${audit.id}${nodes.length ? `: ${nodes.slice(0, 4).join(' ; ')}` : ''}`);
      }
    }
  } finally {
    chrome.kill();
  }
  console.log('\nFirst load (gzip -9 of the files the HTML asks for)');
  for (const path of pages) {
    const load = await firstLoad(path);
    console.log(`${path.padEnd(7)} JS ${kb(load.jsGzip)} in ${load.jsFiles} files, CSS ${kb(load.cssGzip)}, HTML ${kb(load.htmlGzip)}`);
  }
  const sw = precache();
  console.log(`\nService worker precache: ${sw.count} files, ${kb(sw.raw)} raw, ${kb(sw.gzip)} gzip`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
