// @ts-check
/**
 * `npm start`'s build: runs the build command it is given only when the build's inputs changed
 * since the last build it ran, or when the build's outputs are not the ones that build left.
 *
 *   node scripts/build-if-changed.mjs <command> [arguments…]     (package.json: npm run build)
 *
 * - Inputs: the four workspaces (every file but node_modules, build outputs, generated
 *   types and test reports; tests too, since Tailwind scans the sources for class names), the root package.json,
 *   tsconfig.base.json and package-lock.json, node_modules/.package-lock.json (npm rewrites it
 *   at each install), and the BUILD_ID and NODE_ENV variables the build reads. A file counts by
 *   its path, size and modification time: reading 1,000 files' contents would cost more than the
 *   check saves, and an edit, a checkout or an install changes the time.
 * - Outputs: apps/api/build and apps/web/build, the same way. Another build meanwhile (`npm run
 *   build`, `npm run dev`'s storefront build, a failed build) changes them: the next start builds
 *   again rather than trusting a stamp that no longer describes them.
 * - The stamp (node_modules/.cache/resto-build/stamp.json: the two fingerprints) is written after
 *   a successful build only; the inputs' fingerprint is the one taken before the build, so an
 *   edit made during the build is built at the next start.
 * - The build's output goes to node_modules/.cache/resto-build/build.log, and is printed whole
 *   when the build fails: what `npm start` shows is French lines (README, "Two commands").
 *
 * `npm run build` itself always builds (CI, `npm test`).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the builds read, relative to the repository's root. */
export const buildInputs = {
  dirs: ['apps/api', 'apps/web', 'packages/domain', 'packages/contract'],
  files: ['package.json', 'package-lock.json', 'tsconfig.base.json', 'node_modules/.package-lock.json'],
  env: ['BUILD_ID', 'NODE_ENV'],
};

/** What the builds write, relative to the repository's root. */
export const buildOutputs = ['apps/api/build', 'apps/web/build'];

/**
 * Folders inside the inputs that no build reads: installs, build outputs, React Router's generated
 * types, and Playwright's reports (apps/web/test-results, written by every browser test run; git-ignored,
 * so Tailwind does not scan them either).
 */
const notInputs = new Set(['node_modules', 'build', '.react-router', 'test-results', 'playwright-report']);

/** Where the stamp and the last build's output are kept, relative to the root. */
export const cacheDir = 'node_modules/.cache/resto-build';

/**
 * `path size mtime` of every file under `dir` (recursively; `skip`: folder names left out), or one
 * `path missing` line when it does not exist. Paths relative to `root`, sorted.
 * @param {string} root
 * @param {string} dir
 * @param {Set<string>} skip
 * @returns {string[]}
 */
function fileLines(root, dir, skip) {
  const absolute = join(root, dir);
  let stat;
  try {
    stat = statSync(absolute);
  } catch {
    return [`${dir}\0missing`];
  }
  if (!stat.isDirectory()) return [`${dir}\0${stat.size}\0${stat.mtimeMs}`];
  const lines = [];
  for (const entry of readdirSync(absolute, { withFileTypes: true })) {
    if (entry.isDirectory() && skip.has(entry.name)) continue;
    lines.push(...fileLines(root, relative(root, join(absolute, entry.name)), skip));
  }
  return lines.sort();
}

/** @param {string[]} lines */
const digest = (lines) => createHash('sha256').update(lines.join('\n')).digest('hex');

/**
 * The fingerprint of the build's inputs under `root`: a SHA-256 (hex) of their files' paths, sizes
 * and modification times, and of the environment variables the build reads (`env`: where to read them).
 * @param {string} root
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string}
 */
export function inputsFingerprint(root, env = process.env) {
  const lines = [...buildInputs.dirs.flatMap((dir) => fileLines(root, dir, notInputs)), ...buildInputs.files.flatMap((file) => fileLines(root, file, notInputs))];
  for (const name of buildInputs.env) lines.push(`$${name}\0${env[name] ?? ''}`);
  return digest(lines);
}

/**
 * The fingerprint of the build's outputs under `root` (SHA-256, hex): changes when any file of
 * apps/api/build or apps/web/build is written, removed or added.
 * @param {string} root
 * @returns {string}
 */
export function outputsFingerprint(root) {
  return digest(buildOutputs.flatMap((dir) => fileLines(root, dir, new Set())));
}

/**
 * Whether the outputs under `root` are those of a build of its current inputs: the stamp's two
 * fingerprints equal today's. False without a readable stamp.
 * @param {string} root
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {boolean}
 */
export function isBuildCurrent(root, env = process.env) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(join(root, cacheDir, 'stamp.json'), 'utf8'));
  } catch {
    return false;
  }
  return stamp?.inputs === inputsFingerprint(root, env) && stamp?.outputs === outputsFingerprint(root);
}

/**
 * Records that the outputs under `root` were built from inputs whose fingerprint is `inputs`.
 * Written to a temporary file then renamed: a start stopped meanwhile leaves no half-written stamp.
 * @param {string} root
 * @param {string} inputs
 */
export function writeStamp(root, inputs) {
  const dir = join(root, cacheDir);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'stamp.json.tmp'), JSON.stringify({ inputs, outputs: outputsFingerprint(root), at: new Date().toISOString() }));
  renameSync(join(dir, 'stamp.json.tmp'), join(dir, 'stamp.json'));
}

/**
 * Builds under `root` with `command` when its build is not current; tells `print` what it does, in
 * French (the command's output too, when it fails). Resolves with the exit code: 0 when the build
 * was current or succeeded, the command's otherwise.
 * @param {string} root
 * @param {string[]} command
 * @param {(text: string) => void} [print]
 * @returns {Promise<number>}
 */
export async function buildIfChanged(root, command, print = (text) => console.log(text)) {
  if (isBuildCurrent(root)) {
    print('Construction à jour : aucune source modifiée depuis la dernière, démarrage direct (« npm run build » la refait).');
    return 0;
  }
  const inputs = inputsFingerprint(root);
  print('Construction du serveur et de la boutique (premier démarrage ou sources modifiées)…');
  const started = performance.now();
  mkdirSync(join(root, cacheDir), { recursive: true });
  const logFile = join(cacheDir, 'build.log');
  /** @type {Buffer[]} */
  const output = [];
  const code = await new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      resolve(1);
    });
    child.on('close', (exit, signal) => resolve(exit ?? (signal ? 1 : 0)));
  });
  writeFileSync(join(root, logFile), Buffer.concat(output));
  if (code !== 0) {
    print(Buffer.concat(output).toString().trimEnd());
    print(`La construction a échoué (code ${code}) : sa sortie complète est ci-dessus et dans ${logFile}.`);
    return code;
  }
  writeStamp(root, inputs);
  print(`Construction terminée en ${Math.round((performance.now() - started) / 1000)} s (sortie complète : ${logFile}).`);
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv.slice(2);
  if (!command.length) {
    console.error('Usage : node scripts/build-if-changed.mjs <commande de construction> [arguments…]');
    process.exit(2);
  }
  process.exit(await buildIfChanged(fileURLToPath(new URL('..', import.meta.url)), command));
}
