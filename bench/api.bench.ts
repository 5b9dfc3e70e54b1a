/**
 * API benchmark: requests/s and p99 latency of GET /v2/public/menus and of order creation
 * (POST /v2/public/checkout/), our server beside a bare Hono server answering the same JSON,
 * in the same run; then the JS the browser downloads for the first load of /menu (KB gzip) and
 * the server's resident memory after the load. Run: npm run bench (after npm run build).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { calculateCartTotals } from '@resto/domain/cart';
import { pricedLineFromItem, type Menu } from '@resto/domain/catalogue';
import { centsToEuros } from '@resto/domain/money';
import { readTaxSettings, type SettingsList } from '@resto/domain/settings';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ourPort = 3401;
const barePort = 3402;

function start(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
}

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

async function load(title: string, options: autocannon.Options) {
  const result = await autocannon({ duration: seconds, connections, ...options });
  const errors = result.errors + result.non2xx;
  return { title, rps: result.requests.average, p99: result.latency.p99, errors };
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const dataDir = mkdtempSync(join(tmpdir(), 'resto-bench-'));
const ours = start(['apps/api/src/server.ts'], { PORT: String(ourPort), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', RATE_LIMIT_FACTOR: '1000000', DEMO_SETTINGS: JSON.stringify({ 'orders.email_only': true }) }); // ASAP without a staff screen (docs/decisions/022); thousands of orders from one address (issue 17 limits)
let bare: ChildProcess | undefined;
try {
  await waitFor(`http://localhost:${ourPort}/v2/health`);
  const menusBody = await (await fetch(`http://localhost:${ourPort}/v2/public/menus`)).text();
  const menus = (JSON.parse(menusBody) as { payload: Menu[] }).payload;
  const settings = ((await (await fetch(`http://localhost:${ourPort}/v2/public/settings`)).json()) as { payload: SettingsList }).payload;
  bare = start(['bench/bare-hono.ts'], { PORT: String(barePort), MENUS_BODY: menusBody });
  await waitFor(`http://localhost:${barePort}/v2/public/menus`);

  // A real order: two pizzas and a burger with options, priced with the domain code.
  const pizza = menus[0]!.categories.find((c) => c.category_id === 1)!.items[0]!;
  const burger = menus[0]!.categories.find((c) => c.category_id === 2)!.items[0]!;
  const burgerChoices = burger.options
    .filter((o) => o.required)
    .map((o) => ({ option_id: o.option_id, option_option_id: o.option_options[0]!.id, quantity: 1 }));
  const totals = calculateCartTotals({
    lines: [pricedLineFromItem(pizza, [], 2), pricedLineFromItem(burger, burgerChoices, 1)],
    isPickup: true,
    tax: readTaxSettings(settings),
  });
  const order = {
    items: [
      { item_id: pizza.item_id, item_menu_id: pizza.item_menu_id, quantity: 2, options: [] },
      {
        item_id: burger.item_id,
        item_menu_id: burger.item_menu_id,
        quantity: 1,
        options: burgerChoices.map((c) => ({ option_id: c.option_id, option_options: [{ id: c.option_option_id, quantity: 1 }] })),
      },
    ],
    free_items: [],
    is_pickup: true,
    delivery: 0,
    discount: 0,
    subtotal: centsToEuros(totals.subtotalCents),
    tax: centsToEuros(totals.taxCents),
    total: centsToEuros(totals.totalCents),
    payment_method: 'cash',
    transaction_id: null,
    user_id: null,
    status: 'pending',
    customer: { first_name: 'Bench', last_name: 'Mark', email: 'bench@example.fr', phone: '0612345678' },
  };
  let sequence = 0;
  const orderRequest = (port: number): autocannon.Options => ({
    url: `http://localhost:${port}/v2/public/checkout/`,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ ...order, local_id: `bench${process.pid}x${++sequence}` }) }),
      },
    ],
  });

  const rows = [];
  for (const [name, ourOptions, bareOptions] of [
    ['GET /v2/public/menus', { url: `http://localhost:${ourPort}/v2/public/menus` }, { url: `http://localhost:${barePort}/v2/public/menus` }],
    ['POST /v2/public/checkout/', orderRequest(ourPort), orderRequest(barePort)],
  ] as const) {
    const oursResult = await load(`${name} (ours)`, ourOptions);
    const bareResult = await load(`${name} (bare Hono)`, bareOptions);
    rows.push({ name, ours: oursResult, bare: bareResult });
  }

  // JS for the first load of /menu: the module scripts and modulepreloads of the HTML.
  const html = await (await fetch(`http://localhost:${ourPort}/menu`)).text();
  const scripts = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
  let jsRaw = 0;
  let jsGzip = 0;
  for (const src of scripts) {
    const body = Buffer.from(await (await fetch(`http://localhost:${ourPort}${src}`)).arrayBuffer());
    jsRaw += body.length;
    jsGzip += gzipSync(body, { level: 9 }).length;
  }
  const htmlGzip = gzipSync(Buffer.from(html)).length;

  console.log(`\nBenchmark: ${seconds} s per run, ${connections} connections, PGlite, same machine, same run\n`);
  console.log('| route | ours req/s | ours p99 ms | bare Hono req/s | bare p99 ms | ours/bare throughput | errors (ours) |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const { name, ours: o, bare: b } of rows) {
    console.log(`| ${name} | ${o.rps.toFixed(0)} | ${o.p99} | ${b.rps.toFixed(0)} | ${b.p99} | ${(o.rps / b.rps).toFixed(2)} | ${o.errors} |`);
  }
  console.log(
    `\nFirst load of /menu: ${scripts.size} JS files, ${(jsRaw / 1024).toFixed(1)} KB raw, ${(jsGzip / 1024).toFixed(1)} KB gzip; HTML ${(htmlGzip / 1024).toFixed(1)} KB gzip`,
  );
  console.log(`Server resident memory after the benchmark: ${rssMb(ours.pid!).toFixed(0)} MB (bare Hono: ${rssMb(bare.pid!).toFixed(0)} MB)`);
} finally {
  ours.kill('SIGTERM');
  bare?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  rmSync(dataDir, { recursive: true, force: true });
}
