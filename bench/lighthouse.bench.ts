/**
 * Lighthouse (npm `lighthouse` 12.8, mobile settings: Moto G Power emulation, simulated slow 4G,
 * 4× CPU slowdown) in Debian's Chromium on / and /menu of the built storefront, each page
 * `LIGHTHOUSE_RUNS` times (default 3, the median kept: the machine is noisy): the four category
 * scores, LCP (its element and phases), TBT and CLS. Beside each page, in the same run, its limit:
 * a static rendition of the same page (the same server HTML and CSS with every `<script>` and
 * modulepreload removed), served by a tiny server on BENCH_STATIC_PORT that hands every other
 * request (CSS, images, icons) to the real server, so they arrive the same way. Then the JS and CSS
 * a first load of each page downloads (KB gzip, from the page's HTML: module scripts,
 * modulepreloads, stylesheets) and the service worker's precache; its rows of the speed table through
 * bench/lib/figures.ts.
 * Run: npm run build && npm run bench:lighthouse
 *   (BENCH_PORT, default 3610; BENCH_STATIC_PORT, default BENCH_PORT + 1; CHROMIUM_PATH; LIGHTHOUSE_RUNS)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { reportFigures, type BenchFigure } from './lib/figures.ts';
import { openNow, serverCommand } from './lib/server-process.ts';

const port = Number(process.env.BENCH_PORT ?? 3610);
const staticPort = Number(process.env.BENCH_STATIC_PORT ?? port + 1);
const base = `http://localhost:${port}`;
const staticBase = `http://localhost:${staticPort}`;
const clientDir = new URL('../apps/web/build/client/', import.meta.url).pathname;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const pages = ['/', '/menu'];

const dataDir = mkdtempSync(join(tmpdir(), 'resto-lh-'));
const [serverBin, ...serverArgs] = serverCommand(); // the compiled server, as production runs it
const server = spawn(serverBin, serverArgs, {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    DEMO_HISTORY: '0',
    SITE_URL: base,
    // An open Tuesday: the same page whatever the day and hour the bench runs.
    CLOCK_NOW: openNow.toISOString(),
  },
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

/** The page's server HTML without any script: every `<script>…</script>` and `<link rel="modulepreload">` removed. */
function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<link\b[^>]*rel="modulepreload"[^>]*\/?>/g, '');
}

/**
 * The static rendition's server: `documents` (path → HTML, sent gzipped as our server does), and
 * every other request passed to the real server untouched (same bytes, same headers).
 */
async function startStaticServer(documents: Map<string, string>) {
  const gzipped = new Map([...documents].map(([path, html]) => [path, gzipSync(Buffer.from(html))]));
  const staticServer = createServer((req, res) => {
    const document = gzipped.get(req.url ?? '');
    if (document) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip', 'content-length': document.length });
      res.end(document);
      return;
    }
    const upstream = httpRequest(
      { host: '127.0.0.1', port, path: req.url, method: req.method, headers: { ...req.headers, host: `localhost:${port}` } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => staticServer.listen(staticPort, '127.0.0.1', resolve));
  return staticServer;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

interface PageResult {
  label: string;
  perf: number;
  a11y: number;
  best: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The run whose performance score is the median (its LCP element, phases and failing audits are printed). */
  lhr: Lhr;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

/**
 * Lighthouse `runs` times on `url`: the median of each figure, over the runs that completed. A run
 * that ended in a runtime error (its scores are null, which would read as 0) is printed with its
 * code and left out; throws when no run completed.
 */
async function measure(chromePort: number, label: string, url: string): Promise<PageResult> {
  const lhrs: Lhr[] = [];
  for (let i = 0; i < runs; i++) {
    const result = await lighthouse(url, {
      port: chromePort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`no result for ${url}`);
    const failure = result.lhr.runtimeError;
    if (failure) console.log(`${label}: run ${i + 1} of ${runs} failed, left out of the median: ${failure.code} ${failure.message}`);
    else lhrs.push(result.lhr);
  }
  if (lhrs.length === 0) throw new Error(`${label}: every Lighthouse run failed (${url})`);
  const score = (lhr: Lhr, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const perfs = lhrs.map((lhr) => score(lhr, 'performance'));
  const medianPerf = median(perfs);
  return {
    label,
    perf: medianPerf,
    a11y: median(lhrs.map((lhr) => score(lhr, 'accessibility'))),
    best: median(lhrs.map((lhr) => score(lhr, 'best-practices'))),
    seo: median(lhrs.map((lhr) => score(lhr, 'seo'))),
    lcpMs: median(lhrs.map((lhr) => audit(lhr, 'largest-contentful-paint'))),
    tbtMs: median(lhrs.map((lhr) => audit(lhr, 'total-blocking-time'))),
    cls: median(lhrs.map((lhr) => audit(lhr, 'cumulative-layout-shift'))),
    lhr: lhrs[perfs.indexOf(medianPerf)] ?? lhrs[0]!,
  };
}

interface TableDetails {
  items?: { type?: string; items?: { node?: { selector?: string }; phase?: string; timing?: number }[] }[];
}

/** One line per page, then its LCP element and phases and the audits it fails. */
function printResult(r: PageResult) {
  const pad = (n: number) => String(n).padStart(4);
  console.log(
    `${r.label.padEnd(13)} ${pad(r.perf)}  ${pad(r.a11y)}  ${pad(r.best)}  ${pad(r.seo)}  ${(r.lcpMs / 1000).toFixed(2)} s  ${String(Math.round(r.tbtMs)).padStart(4)} ms  ${r.cls.toFixed(3)}`,
  );
  const lcpDetails = r.lhr.audits['largest-contentful-paint-element']?.details as TableDetails | undefined;
  const selector = lcpDetails?.items?.[0]?.items?.[0]?.node?.selector;
  if (selector) console.log(`              LCP element: ${selector}`);
  const phases = lcpDetails?.items?.[1]?.items ?? [];
  if (phases.length) console.log(`              LCP phases: ${phases.map((p) => `${p.phase} ${Math.round(p.timing ?? 0)} ms`).join(', ')}`);
  const failed = Object.values(r.lhr.audits).filter(
    (a) => a.score !== null && a.score < 0.9 && (a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'metricSavings'),
  );
  for (const audit of failed) {
    const nodes = ((audit.details as { items?: { node?: { selector?: string }; url?: string }[] } | undefined)?.items ?? [])
      .map((i) => i.node?.selector ?? i.url)
      .filter(Boolean);
    console.log(`              failing audit ${audit.id}${nodes.length ? `: ${nodes.slice(0, 4).join(' ; ')}` : ''}`);
  }
}

try {
  await waitForServer();
  // Warm the server (first render compiles and caches the menu); the static renditions from the same HTML.
  const documents = new Map<string, string>();
  for (const path of pages) documents.set(path, withoutScripts(await (await fetch(base + path)).text()));
  const staticServer = await startStaticServer(documents);
  const results = new Map<string, PageResult>();
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    console.log(`Lighthouse 12.8, mobile (default config), Debian Chromium, median of ${runs} runs\n`);
    console.log('page          perf  a11y  best   seo  LCP       TBT     CLS');
    for (const path of pages) {
      // Each page, then its static rendition right after: the two figures see the same machine load.
      for (const [label, url] of [
        [path, base + path],
        [`${path} static`, staticBase + path],
      ] as const) {
        const result = await measure(chrome.port, label, url);
        results.set(label, result);
        printResult(result);
      }
    }
  } finally {
    chrome.kill();
    staticServer.close();
  }
  console.log('\nFirst load (gzip -9 of the files the HTML asks for)');
  const loads = new Map<string, Awaited<ReturnType<typeof firstLoad>>>();
  for (const path of pages) {
    const load = await firstLoad(path);
    loads.set(path, load);
    console.log(`${path.padEnd(7)} JS ${kb(load.jsGzip)} in ${load.jsFiles} files, CSS ${kb(load.cssGzip)}, HTML ${kb(load.htmlGzip)}`);
  }
  const sw = precache();
  console.log(`\nService worker precache: ${sw.count} files, ${kb(sw.raw)} raw, ${kb(sw.gzip)} gzip`);

  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const figures: BenchFigure[] = [];
  for (const path of pages) {
    const ours = results.get(path)!;
    const limit = results.get(`${path} static`)!;
    figures.push({
      row: `Lighthouse performance ${path}`,
      measured: `${ours.perf} (LCP ${seconds(ours.lcpMs)})`,
      limit: `static HTML ${limit.perf} (LCP ${seconds(limit.lcpMs)})`,
      goal: '≥ 97',
      met: ours.perf >= 97,
    });
  }
  for (const path of pages) {
    const ours = results.get(path)!;
    figures.push({ row: `Lighthouse SEO ${path}`, measured: String(ours.seo), goal: '100', met: ours.seo === 100 });
  }
  // The first-load JS row is bench/first-load.bench.ts's (it also counts the framework's share).
  reportFigures('lighthouse (docs/decisions/027, pages)', figures);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
