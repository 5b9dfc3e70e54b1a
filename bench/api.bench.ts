/**
 * API benchmark (docs/decisions/028): requests/s and p99 latency of the catalogue's public
 * reads — GET /v2/public/menus plain, gzip, brotli and revalidated (If-None-Match → 304), then
 * /settings and /offers — our server beside a bare Hono server answering the same documents the
 * least way (bench/bare-hono.ts), and beside the same bare server sending the headers our answers
 * carry, same connections, same run; then what each middleware of the
 * chain costs per request, in process; then the server's resident memory. The storefront is mounted
 * when built, and / and /menu rendered before the loads, as in production (docs/decisions/030).
 * Order creation is bench/orders.bench.ts; the first load's JS, bench/first-load.bench.ts.
 * Run: npm run bench:api (BENCH_SECONDS per run, default 8; BENCH_CONNECTIONS, default 10;
 * ports BENCH_PORT and BENCH_BARE_PORT, default 7301 and 7302, and BENCH_BARE_PORT + 1). About 3 minutes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { apiMiddleware } from '../apps/api/src/app.ts';
import { reportFigures, rssMb, type BenchFigure } from './lib/figures.ts';
import { kill, startServer } from './lib/server-process.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ourPort = Number(process.env.BENCH_PORT ?? 7301);
const barePort = Number(process.env.BENCH_BARE_PORT ?? 7302);
const headedPort = barePort + 1;
const goal = 0.85;

async function waitFor(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never answered`);
}

interface Load {
  rps: number;
  p99: number;
  errors: number;
  /** Answers by status, to check the variant measured what it says (200 or 304). */
  statuses: string;
  /** The server's CPU time per answer, µs (/proc): what the load of the other processes changes least. */
  cpuUs: number;
}

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

type Slice = Awaited<ReturnType<typeof loadSlice>>;

/** `duration` seconds of load on `url`, and the server's CPU time meanwhile. */
async function loadSlice(pid: number, url: string, headers: Record<string, string>, expected: number, duration: number) {
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({ url, headers, duration, connections });
  const cpu = cpuSeconds(pid) - cpuBefore;
  const byStatus = Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [Number(code), stat?.count ?? 0] as const);
  const unexpected = byStatus.reduce((n, [code, count]) => n + (code === expected ? 0 : count), 0);
  return { requests: result.requests.total, rps: result.requests.average, p99: result.latency.p99, errors: result.errors + unexpected, byStatus, cpu };
}

/** Each server gets `seconds` of load in this many slices, alternating: the load of other processes falls on both alike. */
const slices = 4;

function total(list: Slice[]): Load {
  const requests = list.reduce((n, r) => n + r.requests, 0);
  const statuses = new Map<number, number>();
  for (const r of list) for (const [code, count] of r.byStatus) statuses.set(code, (statuses.get(code) ?? 0) + count);
  return {
    rps: list.reduce((n, r) => n + r.rps, 0) / list.length,
    p99: Math.max(...list.map((r) => r.p99)),
    errors: list.reduce((n, r) => n + r.errors, 0),
    statuses: [...statuses].map(([code, count]) => `${code}×${count}`).join(' '),
    cpuUs: (list.reduce((n, r) => n + r.cpu, 0) / requests) * 1e6,
  };
}

interface Target {
  pid: number;
  url: string;
  headers: Record<string, string>;
}

/** Each target loaded in turn, `slices` times, `seconds` in all per target: its Load. */
async function loadAll(targets: Target[], expected: number): Promise<Load[]> {
  const runs = targets.map(() => [] as Slice[]);
  for (let i = 0; i < slices; i++)
    for (const [n, target] of targets.entries()) runs[n]!.push(await loadSlice(target.pid, target.url, target.headers, expected, seconds / slices));
  return runs.map(total);
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');

// ---------------------------------------------------------------------------------------------
// 1. Over HTTP: our server (a child process, as `npm start` runs it) beside bare Hono.

const dataDir = mkdtempSync(join(tmpdir(), 'resto-bench-api-'));
// The storefront mounted when built (npm run build), as in production: there pages are rendered
// between API answers, and what rendering leaves behind in the process (docs/decisions/030) is
// part of what an API answer costs.
const webBuild = fileURLToPath(new URL('../apps/web/build', import.meta.url));
const withStorefront = existsSync(join(webBuild, 'server/index.js'));
// At LOG_LEVEL=info, the production default: what logging costs there is part of the figure. With the
// demo's 3,000 past orders, as `npm start` loads them (the memory figure is comparable with docs/decisions/026's).
// Orders handled on the staff screens, the demo's own setting (the other benches handle them by
// e-mail, to place ASAP orders without a screen): /settings then says whether a screen is connected.
const ours = await startServer({
  port: ourPort,
  dataDir,
  env: { LOG_LEVEL: 'info', DEMO_HISTORY: '1', DEMO_SETTINGS: '{}', ...(withStorefront ? { WEB_BUILD_DIR: webBuild } : {}) },
});
let bare: ChildProcess | undefined;
let headed: ChildProcess | undefined;
const figures: BenchFigure[] = [];
try {
  const base = `http://127.0.0.1:${ourPort}`;
  if (withStorefront) {
    for (const path of ['/', '/menu']) {
      const page = await fetch(`${base}${path}`);
      await page.text();
      if (page.status !== 200) throw new Error(`${path} : ${page.status}`);
    }
    console.log('Boutique montée (apps/web/build) : / et /menu rendues avant les mesures, comme en production.');
  } else console.log('Boutique absente (npm run build pour la monter) : API seule, aucune page rendue avant les mesures.');
  const text = async (path: string) => (await fetch(`${base}${path}`)).text();
  const [menusBody, settingsBody, offersBody] = await Promise.all([text('/v2/public/menus'), text('/v2/public/settings'), text('/v2/public/offers')]);
  bare = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-hono.ts'], {
    env: { ...process.env, PORT: String(barePort), MENUS_BODY: menusBody, SETTINGS_BODY: settingsBody, OFFERS_BODY: offersBody },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const bareBase = `http://127.0.0.1:${barePort}`;
  await waitFor(`${bareBase}/v2/public/menus`);
  const etag = async (url: string) => (await fetch(url, { headers: { 'Accept-Encoding': 'identity' } })).headers.get('etag') ?? '';
  const [ourTag, bareTag] = [await etag(`${base}/v2/public/menus`), await etag(`${bareBase}/v2/public/menus`)];
  // A second bare server sending, besides its own, the headers our answers carry (security headers,
  // Vary, Cache-Control): the part of the gap those headers make alone, whatever the code around them.
  const ourHeaders = Object.fromEntries(
    [...(await fetch(`${base}/v2/public/menus`, { headers: { 'if-none-match': ourTag } })).headers].filter(
      ([name]) => !['date', 'connection', 'keep-alive', 'etag', 'content-length', 'transfer-encoding'].includes(name),
    ),
  );
  headed = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-hono.ts'], {
    env: { ...process.env, PORT: String(headedPort), MENUS_BODY: menusBody, SETTINGS_BODY: settingsBody, OFFERS_BODY: offersBody, EXTRA_HEADERS: JSON.stringify(ourHeaders) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const headedBase = `http://127.0.0.1:${headedPort}`;
  await waitFor(`${headedBase}/v2/public/menus`);

  const variants: { row: string; path: string; headers: (side: 'ours' | 'bare') => Record<string, string>; status: number }[] = [
    { row: 'GET /v2/public/menus req/s beside bare Hono', path: '/v2/public/menus', headers: () => ({}), status: 200 },
    { row: 'GET /v2/public/menus, Accept-Encoding: gzip', path: '/v2/public/menus', headers: () => ({ 'accept-encoding': 'gzip' }), status: 200 },
    { row: 'GET /v2/public/menus, Accept-Encoding: br', path: '/v2/public/menus', headers: () => ({ 'accept-encoding': 'br, gzip' }), status: 200 },
    {
      row: 'GET /v2/public/menus, If-None-Match (304)',
      path: '/v2/public/menus',
      headers: (side) => ({ 'if-none-match': side === 'ours' ? ourTag : bareTag }),
      status: 304,
    },
    { row: 'GET /v2/public/settings', path: '/v2/public/settings', headers: () => ({}), status: 200 },
    { row: 'GET /v2/public/offers', path: '/v2/public/offers', headers: () => ({}), status: 200 },
  ];
  // Warm-up, not counted: both servers' JIT, and our prepared answers in every encoding.
  for (const variant of variants)
    for (const [url, headers] of [
      [`${base}${variant.path}`, variant.headers('ours')],
      [`${bareBase}${variant.path}`, variant.headers('bare')],
      [`${headedBase}${variant.path}`, variant.headers('bare')],
    ] as const)
      await autocannon({ url, headers, duration: 0.5, connections });
  const rows = [];
  for (const variant of variants) {
    const [o, b, h] = (await loadAll(
      [
        { pid: ours.child.pid!, url: `${base}${variant.path}`, headers: variant.headers('ours') },
        { pid: bare.pid!, url: `${bareBase}${variant.path}`, headers: variant.headers('bare') },
        { pid: headed.pid!, url: `${headedBase}${variant.path}`, headers: variant.headers('bare') },
      ],
      variant.status,
    )) as [Load, Load, Load];
    rows.push({ variant, o, b, h });
    const ratio = o.rps / b.rps;
    figures.push({
      row: variant.row,
      measured: `${ratio.toFixed(2)} (${int(o.rps)} vs ${int(b.rps)} req/s; p99 ${o.p99} vs ${b.p99} ms; CPU ${o.cpuUs.toFixed(0)} vs ${b.cpuUs.toFixed(0)} µs per answer)`,
      limit: `bare Hono ${int(b.rps)} req/s (${int(h.rps)} with our headers: ${(h.rps / b.rps).toFixed(2)})`,
      goal: `≥ ${goal}`,
      met: ratio >= goal && o.errors === 0,
    });
  }
  console.log(
    `\nOver HTTP: ${seconds} s per server and request in ${slices} slices alternating the two servers, ${connections} connections, PGlite, LOG_LEVEL=info, same machine, same run.`,
  );
  console.log(
    'Bare Hono answers the same documents from bytes written once at start, gzip and brotli included (the same bytes as ours), 304 on its ETag: the comparison is like for like.\n',
  );
  console.log("CPU µs: each server's own CPU time per answer (/proc); on a busy machine their ratio moves less than the req/s one.\n");
  console.log(
    'Bare Hono + our headers: the same bare server sending also the headers our answers carry (security headers, Vary, Cache-Control), as a plain object.\n',
  );
  console.log(
    '| request | ours req/s | ours p99 ms | bare Hono req/s | bare p99 ms | ours/bare | bare + our headers req/s | (bare + headers)/bare | CPU µs per answer, ours | bare | bare + headers | bare/ours CPU | answers (ours) | errors (ours) |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const { variant, o, b, h } of rows)
    console.log(
      `| ${variant.row} | ${int(o.rps)} | ${o.p99} | ${int(b.rps)} | ${b.p99} | ${(o.rps / b.rps).toFixed(2)} | ${int(h.rps)} | ${(h.rps / b.rps).toFixed(2)} | ${o.cpuUs.toFixed(1)} | ${b.cpuUs.toFixed(1)} | ${h.cpuUs.toFixed(1)} | ${(b.cpuUs / o.cpuUs).toFixed(2)} | ${o.statuses} | ${o.errors} |`,
    );
  const serverRss = rssMb(ours.child.pid!);
  const bareRss = rssMb(bare.pid!);
  console.log(`\nServer resident memory after the benchmark: ${serverRss.toFixed(0)} MB (bare Hono: ${bareRss.toFixed(0)} MB)`);
  figures.push({
    row: 'server resident memory after the catalogue reads (bench:api; bench:memory adds orders)',
    measured: `${serverRss.toFixed(0)} MB (PGlite)`,
    limit: `bare Hono ${bareRss.toFixed(0)} MB`,
    goal: '≤ 350 MB',
    met: serverRss <= 350,
  });
} finally {
  await kill(ours, 'SIGTERM');
  bare?.kill('SIGTERM');
  headed?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------
// 2. What each middleware costs per request: the server's app in process, as it is and without
// each middleware, one process per chain (bench/lib/middleware-cost.ts), CPU time per request.

const removable = ['drain', 'compress', ...apiMiddleware] as const;
const chains: { label: string; without: string; env?: Record<string, string>; cost?: 'removed' | 'added' }[] = [
  { label: 'the chain as it is', without: '' },
  ...removable.map((name) => ({ label: `without ${name}`, without: name, cost: 'removed' as const })),
  { label: 'the chain at LOG_LEVEL=debug (a line per request)', without: '', env: { MIDDLEWARE_LOG_LEVEL: 'debug' }, cost: 'added' as const },
  { label: 'no middleware at all', without: removable.join(',') },
  { label: 'bare Hono, the same bytes', without: 'bare' },
];
const costs = new Map<string, { menus: number; notModified: number }>();
for (const chain of chains) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/middleware-cost.ts', chain.without], {
    env: { ...process.env, ...chain.env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  await new Promise((done) => child.once('exit', done));
  const line = output.trim().split('\n').at(-1) ?? '';
  costs.set(chain.label, JSON.parse(line) as { menus: number; notModified: number });
}
const full = costs.get('the chain as it is')!;
console.log("\nMiddleware cost per request (GET /v2/public/menus, no Accept-Encoding, and the same revalidated: 304): the server's app in");
console.log("process through @hono/node-server's listener without sockets, one process per chain, CPU µs per request (median of 5 × 3,000).\n");
console.log('| chain | menus µs | cost µs | 304 µs | cost µs |');
console.log('| --- | --- | --- | --- | --- |');
for (const chain of chains) {
  const c = costs.get(chain.label)!;
  const cost = (kind: 'menus' | 'notModified') =>
    chain.cost === 'removed' ? (full[kind] - c[kind]).toFixed(1) : chain.cost === 'added' ? (c[kind] - full[kind]).toFixed(1) : '';
  console.log(`| ${chain.label} | ${c.menus.toFixed(1)} | ${cost('menus')} | ${c.notModified.toFixed(1)} | ${cost('notModified')} |`);
}

reportFigures('API (bench/api.bench.ts)', figures);
process.exit(0);
