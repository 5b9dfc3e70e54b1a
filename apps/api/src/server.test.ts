import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { count } from 'drizzle-orm';
import type { Menu } from '@resto/domain/catalogue';
import { openDatabase } from './db/client.ts';
import { catalogVersion, menus, orders } from './db/schema.ts';
import { buildOrderPayload, getJson, payloadOf, postOrder } from './test/harness.ts';

/**
 * The server as a process (DESIGN.md, "The shape" and gotchas): PGlite under DATA_DIR, a lock
 * that stops a second server on the same directory, a clean stop on SIGTERM, data kept across
 * restarts and the demo restaurant loaded only once. Always PGlite: DATABASE_URL is removed.
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

/** A Friday noon in Paris: the restaurant is open, so an order "as soon as possible" is taken (issue 4). */
const openNow = new Date('2025-11-28T12:00:00+01:00');

async function startServerProcess(dataDir: string): Promise<ServerProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_HISTORY: '0',
    CLOCK_NOW: openNow.toISOString(),
    WEB_BUILD_DIR: join(dataDir, 'no-web-build-here'),
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
    const menusBefore = payloadOf(await getJson<Menu[]>(first.baseUrl, '/v2/public/menus'));
    expect(menusBefore.map((m) => m.menu_id)).toEqual([1, 2]);
    const payload = await buildOrderPayload({ baseUrl: first.baseUrl, now: () => openNow });
    const created = await postOrder(first.baseUrl, payload);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const orderId = payloadOf(created).order_id;

    // A second server on the same directory stops at once with the French message.
    const second = await startServerProcess(dataDir);
    const secondExit = await timeout(second.exited, 10_000, 'second server on the same DATA_DIR');
    expect(secondExit.code).not.toBe(0);
    expect(secondExit.code).not.toBeNull();
    expect(second.stderr()).toContain('déjà utilisé');
    // ...and the first one was not disturbed.
    expect(payloadOf(await getJson<{ database: string }>(first.baseUrl, '/v2/health'))).toEqual({ database: 'ok' });

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
});
