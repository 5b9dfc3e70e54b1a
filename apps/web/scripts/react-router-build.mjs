// @ts-check
/**
 * `react-router build`, its output passed on line by line except one English line nobody can act
 * on: "The `envFile` option is deprecated, please use `envDir: false` instead.", printed 9 times
 * per build. @react-router/dev 7.18.4 itself passes `envFile: false` to the Vite servers it starts
 * internally (to load react-router.config.ts and routes.ts, and its child compiler) — options of
 * its own, not of our vite.config.ts — so no setting of ours removes it (React Router's future
 * flags, react-router.config.ts, are set for the same reason: no warning a newcomer cannot act on).
 * Every other line, warnings included, goes through; the exit code is react-router's.
 * Run: node scripts/react-router-build.mjs   (from apps/web, as `npm run build` does)
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';

/** Lines @react-router/dev's own Vite calls print; matched without colours. */
const upstreamNoise = new Set(['The `envFile` option is deprecated, please use `envDir: false` instead.']);

// eslint-disable-next-line no-control-regex -- the colour codes Vite adds when it writes to a terminal
const withoutColours = (/** @type {string} */ line) => line.replace(/\u001b\[[0-9;]*m/g, '');

const require = createRequire(import.meta.url);
const bin = join(dirname(require.resolve('@react-router/dev/package.json')), 'bin.js');
const child = spawn(process.execPath, [bin, 'build'], { stdio: ['inherit', 'pipe', 'pipe'] });
for (const [from, to] of /** @type {const} */ ([
  [child.stdout, process.stdout],
  [child.stderr, process.stderr],
]))
  createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => {
    if (!upstreamNoise.has(withoutColours(line).trim())) to.write(`${line}\n`);
  });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
