/**
 * Helpers of the fault benches (docs/decisions/010): the real server as a child process (PGlite under a
 * DATA_DIR, or PostgreSQL), readiness by polling /v2/health, orders over keep-alive HTTP with
 * every outcome recorded (status, or the socket error), fresh PostgreSQL databases.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** A Tuesday 12:30 in Paris: the demo restaurant is open (it is closed on Mondays). */
export const openNow = new Date('2026-11-24T12:30:00+01:00');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Milliseconds from spawn to the first healthy answer (set by waitHealthy). */
  readyMs?: number;
  spawnedAt: number;
}

/**
 * How the server runs: 'compiled' is apps/api/build/server.js as production runs it (`npm run
 * serve`, docs/decisions/024); 'tsx' is the TypeScript sources transformed at run time (`npm run dev`).
 */
export type ServerRuntime = 'compiled' | 'tsx';

let serverBuilt = false;

/**
 * The glibc malloc settings `npm run serve` starts the server with (read from the root
 * package.json's `serve` script, where they are written once), so that benches measure the server
 * as it runs in production: freed C memory goes back to the system instead of staying in the
 * threads' arenas (docs/decisions/026-memory-and-storage.md, "glibc").
 */
const serveMallocEnv: NodeJS.ProcessEnv = Object.fromEntries(
  [
    ...(JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.serve!.matchAll(
      /\b(MALLOC_\w+)=(\S+)/g,
    ),
  ].map((m) => [m[1]!, m[2]!]),
);

/**
 * The command every bench starts the server with: [executable, ...arguments], to spawn with the
 * repository as working directory (tsx is found from there). By default the compiled server, as `npm run serve` runs it (docs/decisions/024);
 * the first call in a process rebuilds it (apps/api/scripts/build.mjs, esbuild, under a second)
 * so that a bench never measures a build older than the sources. Throws when the build fails.
 */
export function serverCommand(runtime: ServerRuntime = 'compiled', nodeFlags?: string[]): [string, ...string[]] {
  if (runtime === 'tsx') return [process.execPath, '--import', 'tsx', join(repoRoot, 'apps/api/src/server.ts')];
  if (!serverBuilt) {
    execFileSync(process.execPath, [join(repoRoot, 'apps/api/scripts/build.mjs')], { stdio: ['ignore', 'ignore', 'inherit'] });
    serverBuilt = true;
  }
  return [process.execPath, ...(nodeFlags ?? serveNodeFlags), join(repoRoot, 'apps/api/build/server.js')];
}

/**
 * Node's and V8's flags in `npm run serve` (`node <flags> apps/api/build/server.js` in the root
 * package.json, written once there): the benches start the compiled server with the same ones.
 */
const serveNodeFlags: string[] = /\bnode\s+((?:--\S+\s+)*)apps\/api\/build\/server\.js/
  .exec((JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.serve!)![1]!
  .trim()
  .split(/\s+/)
  .filter(Boolean);

export interface ServerOptions {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  env?: NodeJS.ProcessEnv;
  /** The compiled server unless told otherwise (bench/start.bench.ts compares both). */
  runtime?: ServerRuntime;
  /** Node's flags for the compiled server instead of `npm run serve`'s (A/B comparisons). */
  nodeFlags?: string[];
}

/** Spawns the server (serverCommand: compiled; API only, clock fixed on an open Tuesday, no demo history). */
export function spawnServer(options: ServerOptions): ServerProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...serveMallocEnv,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    DEMO_HISTORY: '0',
    // Orders "as soon as possible" without a staff screen: handled by e-mail (docs/decisions/022).
    DEMO_SETTINGS: JSON.stringify({ 'orders.email_only': true }),
    CLOCK_NOW: openNow.toISOString(),
    WEB_BUILD_DIR: join(options.dataDir, 'no-web-build'),
    DATABASE_URL: options.databaseUrl ?? '',
    SMTP_URL: '',
    // These benches place hundreds of orders from 127.0.0.1: the per-address limits of docs/decisions/014, multiplied.
    RATE_LIMIT_FACTOR: '1000',
    ...options.env,
  };
  const [command, ...args] = serverCommand(options.runtime, options.nodeFlags);
  const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.once('exit', (code, signal) => done({ code, signal })));
  return { child, port: options.port, baseUrl: `http://127.0.0.1:${options.port}`, output: () => output, exited, spawnedAt: performance.now() };
}

/** Polls GET /v2/health until 200; throws when the process exits first or after `ms`. */
export async function waitHealthy(server: ServerProcess, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  let exit: { code: number | null } | undefined;
  void server.exited.then((e) => (exit = e));
  while (Date.now() < deadline) {
    if (exit) throw new Error(`le serveur s'est arrêté (${exit.code}) avant d'être prêt :\n${server.output()}`);
    try {
      const response = await fetch(`${server.baseUrl}/v2/health`);
      await response.arrayBuffer();
      if (response.status === 200) {
        server.readyMs = performance.now() - server.spawnedAt;
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`serveur pas prêt en ${ms} ms :\n${server.output()}`);
}

export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const server = spawnServer(options);
  await waitHealthy(server);
  return server;
}

export function kill(server: ServerProcess, signal: NodeJS.Signals) {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  return server.exited;
}

export interface HttpOutcome {
  status?: number;
  body?: string;
  /** The socket error's code (ECONNREFUSED: never accepted; ECONNRESET: cut). */
  error?: string;
  startedAt: number;
  ms: number;
}

/** One HTTP request over `agent`, never throwing: the status and body, or the socket error. */
export function send(agent: Agent, baseUrl: string, method: string, path: string, body?: unknown): Promise<HttpOutcome> {
  return new Promise((done) => {
    const startedAt = performance.now();
    const text = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string | number> =
      text === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) };
    const req = httpRequest(new URL(path, baseUrl), { method, agent, headers }, (res) => {
      let data = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (data += chunk));
      res.on('end', () => done({ status: res.statusCode, body: data, startedAt, ms: performance.now() - startedAt }));
      res.on('error', (error: NodeJS.ErrnoException) => done({ error: error.code ?? error.message, startedAt, ms: performance.now() - startedAt }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => done({ error: error.code ?? error.message, startedAt, ms: performance.now() - startedAt }));
    req.end(text);
  });
}

/** Whether something listens on host:port. */
function answers(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, host);
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
  });
}

/** The PostgreSQL to bench on: DATABASE_URL, or 127.0.0.1:5432 when it answers; undefined otherwise. */
export async function postgresAdminUrl(): Promise<string | undefined> {
  const url = process.env.DATABASE_URL?.trim();
  if (url) return url;
  return (await answers('127.0.0.1', 5432)) ? `postgres://${userInfo().username}@127.0.0.1:5432/postgres` : undefined;
}

/** Creates an empty database `bench_<random>`; returns its URL and a dropper. */
export async function freshPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Resident memory of a process, in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
};
