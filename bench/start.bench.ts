/**
 * Server start on an existing data directory (docs/decisions/024): the compiled server
 * (apps/api/build/server.js, as `npm run serve` runs it) beside the same sources run through tsx
 * (`npm run dev`), and an empty `node -e ''` as the floor. Each server's first start creates its
 * PGlite directory (the migrated template unpacked, demo restaurant: its time is printed too); then
 * START_RUNS (5) timed restarts each, the
 * two interleaved so that the machine's noise falls on both: spawn → first healthy /v2/health
 * (polled every 10 ms), the CPU time the process used until then, and its resident memory.
 * Medians printed.
 * The storefront's build is mounted as in production when apps/web/build exists (`npm run build`).
 * Ports: BENCH_PORT (7700) and the next one. Run: npm run bench:start (about a minute on a quiet machine).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportFigures } from './lib/figures.ts';
import { kill, rssMb, serverCommand, spawnServer, startServer, type ServerProcess, type ServerRuntime } from './lib/server-process.ts';

const runs = Number(process.env.START_RUNS ?? 5);
const basePort = Number(process.env.BENCH_PORT ?? 7700);
const webBuildDir = fileURLToPath(new URL('../apps/web/build', import.meta.url));
const withStorefront = existsSync(join(webBuildDir, 'server/index.js'));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Polls /v2/health every 10 ms; resolves with the milliseconds since spawn, rejects if the process exits first. */
async function readyAfter(server: ServerProcess, timeoutMs = 120_000): Promise<number> {
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (performance.now() - server.spawnedAt < timeoutMs) {
    if (exited) throw new Error(`le serveur s'est arrêté avant d'être prêt :\n${server.output()}`);
    try {
      const response = await fetch(`${server.baseUrl}/v2/health`);
      await response.arrayBuffer();
      if (response.ok) return performance.now() - server.spawnedAt;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`serveur pas prêt en ${timeoutMs} ms :\n${server.output()}`);
}

/**
 * CPU time a process has used (user + system, all its threads), in ms, from /proc (Linux; clock
 * ticks of 10 ms): less disturbed than the wall clock when other work shares the machine.
 */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  // After "pid (comm) ": state is field 3, utime 14 and stime 15 (man 5 proc).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Spawn → exit of an empty Node process, and its resident memory at the end: the floor of any start. */
async function emptyNode(): Promise<{ ms: number; rss: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['-e', 'process.stdout.write(String(process.memoryUsage.rss()))'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  await new Promise((done) => child.once('exit', done));
  return { ms: performance.now() - started, rss: Number(out) / 1024 / 1024 };
}

interface Runtime {
  runtime: ServerRuntime;
  port: number;
  dataDir: string;
  /** The first start, on a new data directory: spawn → healthy, ms. */
  firstMs: number;
  ms: number[];
  cpu: number[];
  rss: number[];
}

const env = withStorefront ? { WEB_BUILD_DIR: webBuildDir } : {};
const runtimes: Runtime[] = (['compiled', 'tsx'] as const).map((runtime, index) => ({
  runtime,
  port: basePort + index,
  dataDir: mkdtempSync(join(tmpdir(), `resto-start-${runtime}-`)),
  firstMs: 0,
  ms: [],
  cpu: [],
  rss: [],
}));

const [command, ...args] = serverCommand('compiled'); // builds apps/api/build once, before any timing
console.log(
  `Serveur compilé : ${[command, ...args].join(' ')}\nBoutique : ${withStorefront ? 'montée (apps/web/build)' : 'absente (API seule ; npm run build pour la monter)'}`,
);

try {
  // First start of each: creates the data directory (migrations, demo restaurant), then stops cleanly.
  for (const r of runtimes) {
    const first = await startServer({ port: r.port, dataDir: r.dataDir, runtime: r.runtime, env });
    r.firstMs = first.readyMs!;
    await kill(first, 'SIGTERM');
  }
  const empty: { ms: number; rss: number }[] = [];
  for (let run = 0; run < runs; run++) {
    empty.push(await emptyNode());
    for (const r of runtimes) {
      const server = spawnServer({ port: r.port, dataDir: r.dataDir, runtime: r.runtime, env });
      try {
        r.ms.push(await readyAfter(server));
        r.cpu.push(cpuMs(server.child.pid!));
        r.rss.push(rssMb(server.child.pid!));
      } finally {
        const { code } = await kill(server, 'SIGTERM');
        if (code !== 0) console.error(`arrêt du serveur ${r.runtime} : code ${code}\n${server.output()}`);
      }
    }
  }

  const [compiled, tsx] = runtimes as [Runtime, Runtime];
  const floorMs = median(empty.map((e) => e.ms));
  const floorRss = median(empty.map((e) => e.rss));
  console.log(`\n${runs} redémarrages chacun (médianes ; spawn → premier /v2/health 200) :`);
  for (const r of runtimes)
    console.log(
      `  ${r.runtime.padEnd(8)} ${r.ms.map((ms) => ms.toFixed(0)).join(', ')} ms ; CPU ${r.cpu.map((ms) => ms.toFixed(0)).join(', ')} ms ; RSS ${r.rss.map((mb) => mb.toFixed(0)).join(', ')} Mo`,
    );
  console.log(`  node -e   ${empty.map((e) => e.ms.toFixed(0)).join(', ')} ms`);
  console.log(
    `Premier démarrage, nouveau dossier (base copiée du modèle migré, restaurant de démonstration et ses commandes) : ${runtimes.map((r) => `${r.runtime} ${r.firstMs.toFixed(0)} ms`).join(' ; ')}`,
  );

  const fmt = (ms: number) => `${Math.round(ms).toLocaleString('en')} ms`;
  reportFigures('bench:start', [
    {
      row: 'server start on an existing data directory',
      measured:
        `compiled JS ${fmt(median(compiled.ms))} (CPU ${fmt(median(compiled.cpu))}), RSS ${median(compiled.rss).toFixed(0)} MB; ` +
        `tsx ${fmt(median(tsx.ms))} (CPU ${fmt(median(tsx.cpu))}), RSS ${median(tsx.rss).toFixed(0)} MB${withStorefront ? '' : '; API only'}; ` +
        `first start on a new directory: compiled ${fmt(compiled.firstMs)}, tsx ${fmt(tsx.firstMs)}`,
      limit: `empty node -e '' ${fmt(floorMs)}, RSS ${floorRss.toFixed(0)} MB`,
      goal: 'compiled JS, start printed',
      // Met when the compiled server (no TypeScript transform: plain `node …/build/server.js`) started every time.
      met: compiled.ms.length === runs && !args.includes('tsx'),
    },
  ]);
} finally {
  for (const r of runtimes) rmSync(r.dataDir, { recursive: true, force: true });
}
