import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { buildOrderPayload, payloadOf, postOrder } from '../../test/harness.ts';
import { openSse } from '../../test/sse.ts';

/**
 * An open SSE stream does not hold a graceful stop (docs/decisions/021; docs/decisions/010's drain,
 * http/drain.ts): on SIGTERM the server ends its streams with a last comment (the browser
 * reconnects after `retry`) and exits at once, not at SHUTDOWN_TIMEOUT. The real server process
 * on PGlite (DATABASE_URL removed), its customer stream (no login needed).
 */

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'resto-sse-stop-'));
const shutdownTimeoutS = 25;
// A Tuesday lunchtime in Paris: the demo restaurant takes orders.
const openNow = new Date('2026-11-24T12:30:00+01:00');

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

let kill: (() => void) | undefined;
afterAll(() => {
  kill?.();
  rmSync(dataDir, { recursive: true, force: true });
});

test('SIGTERM with SSE streams open: the streams end with a reconnect comment and the process exits well before SHUTDOWN_TIMEOUT', async () => {
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
    RATE_LIMIT_FACTOR: '1000',
    SHUTDOWN_TIMEOUT: String(shutdownTimeoutS),
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<{ code: number | null }>((done) => child.once('exit', (code) => done({ code })));
  kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let healthy = false; !healthy; ) {
    if (child.exitCode !== null) throw new Error(`le serveur s’est arrêté : ${output}`);
    healthy = await fetch(`${baseUrl}/v2/health`).then(
      (r) => (void r.body?.cancel(), r.status === 200),
      () => false,
    );
    if (!healthy) await new Promise((r) => setTimeout(r, 200));
  }
  const server = { baseUrl, now: () => openNow };
  const streams = await Promise.all(
    [0, 1, 2].map(async () => {
      const { secret } = payloadOf(await postOrder(baseUrl, await buildOrderPayload(server)));
      const stream = await openSse(`${baseUrl}/v2/public/tracking/${secret}/events?after=0`);
      expect(stream.status).toBe(200);
      // The order's `placed` event: the stream is subscribed and live.
      await stream.waitForEvents(1);
      return stream;
    }),
  );
  const signalled = performance.now();
  child.kill('SIGTERM');
  await Promise.all(streams.map((stream) => stream.ended));
  expect(await exited).toEqual({ code: 0 });
  const seconds = (performance.now() - signalled) / 1000;
  expect(seconds, output).toBeLessThan(shutdownTimeoutS / 2);
  for (const stream of streams) expect(stream.comments.some((c) => /reconnexion/.test(c))).toBe(true);
}, 120_000);
