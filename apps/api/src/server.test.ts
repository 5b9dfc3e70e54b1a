import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { count, inArray } from 'drizzle-orm';
import type { Menu } from '@resto/domain/catalogue';
import { openDatabase } from './db/client.ts';
import { catalogVersion, menus, orderLines, orders } from './db/schema.ts';
import { buildOrderPayload, getJson, newLocalId, payloadOf, postOrder } from './test/harness.ts';

/**
 * The server as a process (docs/decisions/017, sections 1.2 and 7.1): PGlite under DATA_DIR, a lock
 * that stops a second server on the same directory, idle keep-alive connections kept 65 s, a clean
 * stop on SIGTERM, data kept across restarts and the demo restaurant loaded only once. Always PGlite: DATABASE_URL is removed.
 */

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const started: ServerProcess[] = [];
const tempDirs: string[] = [];

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') return reject(new Error('no port'));
      probe.close(() => resolvePort(address.port));
    });
  });
}

/** A Friday noon in Paris: the restaurant is open, so an order "as soon as possible" is taken (docs/decisions/005). */
const openNow = new Date('2025-11-28T12:00:00+01:00');

async function startServerProcess(dataDir: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_HISTORY: '0',
    // Orders "as soon as possible" without a staff screen: handled by e-mail (docs/decisions/022).
    DEMO_SETTINGS: JSON.stringify({ 'orders.email_only': true }),
    CLOCK_NOW: openNow.toISOString(),
    WEB_BUILD_DIR: join(dataDir, 'no-web-build-here'),
    // These tests order back to back from one address and e-mail: the request limits of docs/decisions/014, multiplied.
    RATE_LIMIT_FACTOR: '1000',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) =>
    child.once('exit', (code, signal) => resolveExit({ code, signal })),
  );
  const server: ServerProcess = { child, baseUrl: `http://127.0.0.1:${port}`, stdout: () => stdout, stderr: () => stderr, exited };
  started.push(server);
  return server;
}

function timeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolveValue, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: no result within ${ms} ms`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolveValue(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

/** Polls GET /v2/health until it answers 200; fails early when the process exits. */
async function waitHealthy(server: ServerProcess, ms = 90_000): Promise<void> {
  const deadline = Date.now() + ms;
  let exit: { code: number | null } | undefined;
  void server.exited.then((e) => (exit = e));
  while (Date.now() < deadline) {
    if (exit) throw new Error(`server exited (${exit.code}) before being healthy:\n${server.stderr()}\n${server.stdout()}`);
    try {
      const response = await fetch(`${server.baseUrl}/v2/health`);
      if (response.status === 200) {
        await response.body?.cancel();
        return;
      }
      await response.body?.cancel();
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server not healthy within ${ms} ms:\n${server.stderr()}\n${server.stdout()}`);
}

/**
 * One keep-alive connection (Node's own Agent, which also closes a socket 1 s before the server's
 * announced `Keep-Alive: timeout`): GET /v2/health, `idleMs` of silence, GET again. Says what the
 * first answer announced, whether the connection closed meanwhile (after how many ms), and whether
 * the second request was answered on the same connection.
 */
async function idleKeepAlive(baseUrl: string, idleMs: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<{ status?: number; keepAlive?: string; socket: Socket }>((resolveAnswer, reject) => {
      const req = httpRequest(new URL('/v2/health', baseUrl), { agent }, (res) => {
        res.resume();
        res.on('end', () => resolveAnswer({ status: res.statusCode, keepAlive: String(res.headers['keep-alive']), socket: req.socket as Socket }));
      });
      req.on('error', reject);
      req.end();
    });
  try {
    const first = await get();
    const idleSince = performance.now();
    let closedAfterMs: number | undefined;
    first.socket.once('close', () => (closedAfterMs = Math.round(performance.now() - idleSince)));
    await new Promise((r) => setTimeout(r, idleMs));
    const second = await get();
    return { keepAlive: first.keepAlive, closedAfterMs, sameConnection: second.socket === first.socket, status: second.status };
  } finally {
    agent.destroy();
  }
}

async function stop(server: ServerProcess, ms = 30_000) {
  server.child.kill('SIGTERM');
  return timeout(server.exited, ms, 'SIGTERM');
}

afterAll(async () => {
  for (const server of started) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe('server process on PGlite', () => {
  test('locks its DATA_DIR, stops cleanly on SIGTERM, keeps its data and seeds the demo only once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'resto-server-'));
    tempDirs.push(dataDir);

    // First start: initdb, migrations, demo restaurant.
    const first = await startServerProcess(dataDir);
    await waitHealthy(first);
    // No staff member yet: the first owner's link, as a plain line a person reads (README, "Staff area").
    expect(first.stderr()).toMatch(/^Créez le compte du propriétaire : http:\/\/localhost:\d+\/restaurant\/invitation\?jeton=[\w-]{43}$/m);
    const menusBefore = payloadOf(await getJson<Menu[]>(first.baseUrl, '/v2/public/menus'));
    expect(menusBefore.map((m) => m.menu_id)).toEqual([1, 2]);
    const payload = await buildOrderPayload({ baseUrl: first.baseUrl, now: () => openNow });
    const created = await postOrder(first.baseUrl, payload);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const orderId = payloadOf(created).order_id;

    // Meanwhile, a keep-alive connection left idle 7 s is still open and answers (docs/decisions/010): with
    // Node's default (5 s) the server closed it after about 6 s, and a client (or proxy) sending at
    // that moment got ECONNRESET or "socket hang up", as a browser test's PUT did on a busy machine.
    const keptAlive = idleKeepAlive(first.baseUrl, 7_000);

    // A second server on the same directory stops at once with the French message.
    const second = await startServerProcess(dataDir);
    const secondExit = await timeout(second.exited, 10_000, 'second server on the same DATA_DIR');
    expect(secondExit.code).not.toBe(0);
    expect(secondExit.code).not.toBeNull();
    expect(second.stderr()).toContain('déjà utilisé');
    // ...and the first one was not disturbed.
    expect(payloadOf(await getJson<{ database: string }>(first.baseUrl, '/v2/health'))).toEqual({ database: 'ok' });
    expect(await keptAlive).toEqual({ keepAlive: 'timeout=65', closedAfterMs: undefined, sameConnection: true, status: 200 });

    // SIGTERM: exit code 0, database closed, lock released.
    expect(await stop(first)).toEqual({ code: 0, signal: null });

    // Start again on the same directory: healthy, same restaurant, the order still there.
    const third = await startServerProcess(dataDir);
    await waitHealthy(third);
    const menusAfter = payloadOf(await getJson<Menu[]>(third.baseUrl, '/v2/public/menus'));
    expect(menusAfter.length).toBe(menusBefore.length);
    expect(menusAfter.map((m) => m.menu_id)).toEqual(menusBefore.map((m) => m.menu_id));
    const order = payloadOf(await getJson<{ order_id: number; total: number }>(third.baseUrl, `/v2/public/checkout/${orderId}?local_id=${payload.local_id}`));
    expect(order).toMatchObject({ order_id: orderId, total: payload.total });
    expect(await stop(third)).toEqual({ code: 0, signal: null });

    // With the server stopped, the files show one import only (catalog_version 1) and one order.
    const database = await openDatabase({ dataDir });
    try {
      const [version] = await database.db.select({ version: catalogVersion.version }).from(catalogVersion);
      const [menuCount] = await database.db.select({ n: count() }).from(menus);
      const [orderCount] = await database.db.select({ n: count() }).from(orders);
      expect(version?.version).toBe(1);
      expect(menuCount?.n).toBe(2);
      expect(orderCount?.n).toBe(1);
    } finally {
      await database.close();
    }
  }, 240_000);

  /**
   * docs/decisions/010: SIGTERM during 100 orders/s reset 2 to 34 requests being served, and keep-alive
   * clients still got orders accepted after the signal. Now: every request is answered (201, or
   * 503 "le serveur redémarre") or its connection refused, none is cut; no request sent after the
   * first 503 is accepted; every acknowledged order is whole after a restart.
   */
  test('SIGTERM while phones revalidate the menus: the answers made at the door stop with the drain (503), none after it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'resto-sigterm-door-'));
    tempDirs.push(dataDir);
    const server = await startServerProcess(dataDir);
    await waitHealthy(server);
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    const get = (headers: Record<string, string>) =>
      new Promise<{ status?: number; etag?: string; headers?: IncomingHttpHeaders; body: string; error?: string }>((resolveAnswer) => {
        const req = httpRequest(new URL('/v2/public/menus', server.baseUrl), { agent, headers }, (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolveAnswer({ status: res.statusCode, etag: res.headers.etag, headers: res.headers, body }));
        });
        req.on('error', (error: NodeJS.ErrnoException) => resolveAnswer({ body: '', error: error.code ?? error.message }));
        req.end();
      });
    try {
      // The first answer is made by the app, the next ones at the door: the same headers and bytes.
      const first = await get({ 'Accept-Encoding': 'gzip, deflate, br' });
      const second = await get({ 'Accept-Encoding': 'gzip, deflate, br' });
      const { date: _first, ...firstHeaders } = first.headers!;
      const { date: _second, ...secondHeaders } = second.headers!;
      expect(secondHeaders).toEqual(firstHeaders);
      expect(second.body).toBe(first.body);
      expect(firstHeaders['x-content-type-options']).toBe('nosniff');
      const etag = (await get({})).etag!;
      expect((await get({ 'If-None-Match': etag })).status).toBe(304);
      // 4 keep-alive clients revalidating back to back; SIGTERM after 200 answers; each stops at its first refusal.
      const answered: number[] = []; // when each 304's request was sent
      let signalled = false;
      let refusal: { status?: number; body: string; error?: string } | undefined;
      let firstRefusalAt = Infinity;
      const client = async () => {
        for (;;) {
          const sentAt = performance.now();
          const answer = await get({ 'If-None-Match': etag });
          if (answer.status !== 304) {
            refusal ??= answer;
            firstRefusalAt = Math.min(firstRefusalAt, performance.now());
            return;
          }
          answered.push(sentAt);
          if (!signalled && answered.length >= 200) {
            signalled = true;
            server.child.kill('SIGTERM');
          }
        }
      };
      await Promise.all(Array.from({ length: 4 }, client));
      expect(refusal?.error ?? refusal?.status).toBe(503);
      expect(JSON.parse(refusal!.body)).toMatchObject({ code: 'server_stopping' });
      // Once one phone was refused, no other got a 304 for a request sent after it.
      expect(answered.filter((sentAt) => sentAt > firstRefusalAt)).toEqual([]);
      expect(await timeout(server.exited, 30_000, 'SIGTERM')).toEqual({ code: 0, signal: null });
    } finally {
      agent.destroy();
    }
  }, 120_000);

  test('SIGTERM during a burst of orders: requests in flight finish, later ones are refused cleanly, nothing half written', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'resto-sigterm-'));
    tempDirs.push(dataDir);
    const first = await startServerProcess(dataDir);
    await waitHealthy(first);
    const template = await buildOrderPayload({ baseUrl: first.baseUrl, now: () => openNow });
    const url = new URL('/v2/public/checkout/', first.baseUrl);
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    type Outcome = { localId: string; startedAt: number; status?: number; error?: string };
    const outcomes: Outcome[] = [];
    let first503At = Infinity;
    const post = (localId: string) =>
      new Promise<Outcome>((resolveOutcome) => {
        const outcome: Outcome = { localId, startedAt: performance.now() };
        const body = JSON.stringify({ ...template, local_id: localId });
        const req = httpRequest(url, { method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } }, (res) => {
          res.resume();
          res.on('end', () => {
            outcome.status = res.statusCode;
            if (res.statusCode === 503) first503At = Math.min(first503At, performance.now());
            resolveOutcome(outcome);
          });
          res.on('error', (error: NodeJS.ErrnoException) => resolveOutcome({ ...outcome, error: error.code ?? error.message }));
        });
        req.on('error', (error: NodeJS.ErrnoException) => resolveOutcome({ ...outcome, error: error.code ?? error.message }));
        req.end(body);
      });
    // 16 keep-alive clients ordering back to back until they are refused; SIGTERM once 60 are placed.
    let signalled = false;
    const client = async () => {
      for (;;) {
        const outcome = await post(newLocalId());
        outcomes.push(outcome);
        if (!signalled && outcomes.filter((o) => o.status === 201).length >= 60) {
          signalled = true;
          first.child.kill('SIGTERM');
        }
        // Anything but 201 ends this client: a 503 is the drain, any other status fails below.
        if (outcome.error || outcome.status !== 201) return;
      }
    };
    await Promise.all(Array.from({ length: 16 }, client));
    agent.destroy();
    expect(await timeout(first.exited, 30_000, 'SIGTERM')).toEqual({ code: 0, signal: null });

    const cut = outcomes.filter((o) => o.error && o.error !== 'ECONNREFUSED');
    expect(cut, JSON.stringify(cut)).toEqual([]);
    expect(outcomes.filter((o) => o.status !== undefined && ![201, 503].includes(o.status))).toEqual([]);
    expect(outcomes.filter((o) => o.startedAt > first503At && o.status === 201)).toEqual([]);

    const accepted = outcomes.filter((o) => o.status === 201).map((o) => o.localId);
    const refused = outcomes.filter((o) => o.status !== 201).map((o) => o.localId);
    expect(accepted.length).toBeGreaterThanOrEqual(60);
    const database = await openDatabase({ dataDir });
    try {
      const stored = await database.db.select({ orderId: orders.orderId, localId: orders.localId }).from(orders);
      expect(new Set(stored.map((o) => o.localId))).toEqual(new Set(accepted));
      expect(stored.some((o) => refused.includes(o.localId))).toBe(false);
      const lines = await database.db
        .select({ orderId: orderLines.orderId })
        .from(orderLines)
        .where(inArray(orderLines.orderId, stored.map((o) => o.orderId)));
      expect(new Set(lines.map((l) => l.orderId)).size).toBe(stored.length); // every order with its lines
    } finally {
      await database.close();
    }
  }, 240_000);
});
