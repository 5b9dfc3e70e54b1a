import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures.ts';
import { compiledServerArgs, servers } from './servers.ts';

/**
 * Rendering pages leaves every other answer as cheap as before (docs/decisions/030): the
 * storefront renders with React's web-streams build, which runs no AsyncLocalStorage, so async
 * hooks never start tracking the process's promises. With React's Node build they did from the
 * first page on, and a 304 of the menus took about 30 % more CPU.
 */

const probe = fileURLToPath(new URL('./async-hooks-probe.mjs', import.meta.url));
// A port no other server of the tests uses (servers.ts lists them).
const port = servers.sunday.port + 11;

test('the compiled server renders pages and API answers without async hooks tracking promises', async ({ request }) => {
  test.setTimeout(150_000);
  const root = mkdtempSync(join(tmpdir(), 'resto-hooks-'));
  const probeFile = join(root, 'async-hooks.txt');
  const child = spawn(process.execPath, ['--import', probe, ...compiledServerArgs], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: join(root, 'data'),
      DEMO_HISTORY: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATABASE_URL: '',
      ASYNC_HOOKS_PROBE_FILE: probeFile,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://localhost:${port}`;
  /** Asks the server's probe, and waits for its answer. */
  const asyncHooks = async () => {
    rmSync(probeFile, { force: true });
    child.kill('SIGUSR2');
    await expect.poll(() => existsSync(probeFile), { timeout: 10_000 }).toBe(true);
    return readFileSync(probeFile, 'utf8');
  };
  try {
    await expect
      .poll(async () => (await request.get(`${base}/v2/health`).catch(() => null))?.status() ?? child.exitCode, { timeout: 120_000, intervals: [250] })
      .toBe(200);
    expect(await asyncHooks()).toBe('off');

    for (const path of ['/', '/menu', '/checkout']) {
      const page = await request.get(`${base}${path}`);
      expect(page.status(), path).toBe(200);
      expect(await page.text()).toContain('</html>');
    }
    const menus = await request.get(`${base}/v2/public/menus`);
    expect(menus.status()).toBe(200);
    expect(await asyncHooks()).toBe('off');
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(root, { recursive: true, force: true });
  }
});
