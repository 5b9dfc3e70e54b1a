import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledServerArgs } from './servers.ts';

const webDir = fileURLToPath(new URL('..', import.meta.url));

/** A server of its own, on a copy of the storefront build, so a test can deploy a "second build" into it. */
export interface CopiedBuildServer {
  url: string;
  clientDir: string;
  stop(): Promise<void>;
}

/** Copies apps/web/build, starts the one-process server on it (fresh PGlite, no demo history) and waits until it answers. */
export async function startServerOnBuildCopy(port: number): Promise<CopiedBuildServer> {
  const root = mkdtempSync(join(tmpdir(), 'resto-build-'));
  const buildDir = join(root, 'build');
  // The client files are copied (the test rewrites them); the server bundle is linked, so that it
  // still finds node_modules from its real place.
  mkdirSync(buildDir);
  cpSync(join(webDir, 'build/client'), join(buildDir, 'client'), { recursive: true });
  symlinkSync(join(webDir, 'build/server'), join(buildDir, 'server'), 'dir');
  // scripts/generate-sw.mjs reads the chunk graph beside the client folder when the test deploys a second build.
  symlinkSync(join(webDir, 'build/stats'), join(buildDir, 'stats'), 'dir');
  // A file only this copy has: the server that answers must be this one, not another left on the port.
  const mark = randomUUID();
  writeFileSync(join(buildDir, 'client', `${mark}.txt`), mark);
  const child: ChildProcess = spawn(process.execPath, compiledServerArgs, {
    cwd: webDir,
    env: {
      ...process.env,
      PORT: String(port),
      WEB_BUILD_DIR: buildDir,
      DATA_DIR: join(root, 'data'),
      DEMO_HISTORY: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PAYMENT_TEST_MODE: '1',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`le serveur s'est arrêté (code ${child.exitCode})`);
    try {
      if ((await fetch(`${url}/v2/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('le serveur ne répond pas');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const served = await fetch(`${url}/${mark}.txt`);
  if (!served.ok || (await served.text()) !== mark || child.exitCode !== null) {
    child.kill('SIGTERM');
    throw new Error(`un autre serveur répond sur le port ${port}`);
  }
  return {
    url,
    clientDir: join(buildDir, 'client'),
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(root, { recursive: true, force: true });
    },
  };
}
