import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { apiRoot } from '../../../api-root.ts';
import { buildCommunes, indexCommunes } from './communes-index.ts';

/**
 * The communes index of the compiled server is built in a worker thread (communes-index.ts,
 * loadCommunesIndex; docs/decisions/026). The sources build it in their own thread, so the
 * other location tests never run the worker: this one builds the server as `npm run build` does
 * and asks it for addresses, over HTTP.
 */

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test('the compiled server builds the communes in its worker thread, and its searches find them', { timeout: 120_000 }, async () => {
  execFileSync(process.execPath, [join(apiRoot, 'scripts/build.mjs')], { stdio: 'ignore' });
  const dataDir = mkdtempSync(join(tmpdir(), 'resto-communes-worker-'));
  const port = await freePort();
  // The offline provider (the default): not the Base Adresse Nationale, whatever this shell says.
  const { LOCATIONS_PROVIDER: _provider, ...environment } = process.env;
  const child = spawn(process.execPath, [join(apiRoot, 'build/server.js')], {
    env: {
      ...environment,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'production',
      PAYMENT_TEST_MODE: '1',
      LOG_LEVEL: 'warn',
      DEMO_HISTORY: '0',
      WEB_BUILD_DIR: join(dataDir, 'no-web-build'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  try {
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`le serveur s'est arrêté :\n${output}`);
      if (Date.now() > deadline) throw new Error(`le serveur ne répond pas :\n${output}`);
      const healthy = await fetch(`${base}/v2/health`).then((r) => r.ok, () => false);
      if (healthy) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const search = async (query: string) =>
      ((await (await fetch(`${base}/v2/public/locations/?query=${encodeURIComponent(query)}`)).json()) as { payload: { description: string }[] }).payload.map(
        (s) => s.description,
      );
    expect(await search('69002')).toEqual(['69002 Lyon']);
    expect((await search('saint etienne'))[0]).toBe('42000 Saint-Étienne');
    // The fallback (building in the main thread) says so on stderr: it did not happen.
    expect(output).not.toContain('le worker a échoué');
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the index made from built communes: as many communes as were located, by name and postal code, most populated first', () => {
  const built = buildCommunes();
  const index = indexCommunes(built);
  expect(index.communes.length).toBe(built.communes.length);
  expect(index.communes.length).toBeGreaterThan(34_000);
  expect(index.stats.communes).toBe(index.communes.length);
  expect(index.byPostalCode.get('69002')?.[0]?.name).toBe('Lyon');
  expect(index.byName.get('saint etienne')?.[0]?.departement).toBe('42');
  expect(index.sortedKeys).toEqual([...index.byName.keys()].sort());
  // A structured clone (what the worker posts) indexes the same.
  expect(indexCommunes(structuredClone(built)).byPostalCode.get('75001')?.map((c) => c.insee)).toEqual(index.byPostalCode.get('75001')?.map((c) => c.insee));
});
