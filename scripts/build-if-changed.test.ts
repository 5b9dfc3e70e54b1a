import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { buildIfChanged, cacheDir, isBuildCurrent } from './build-if-changed.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function write(root: string, path: string, content: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
}

/** A repository laid out as ours: the four workspaces' sources, the root files, an install. */
function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'build-if-changed-'));
  roots.push(root);
  write(root, 'package.json', '{}');
  write(root, 'package-lock.json', '{"lockfileVersion":3}');
  write(root, 'tsconfig.base.json', '{}');
  write(root, 'node_modules/.package-lock.json', '{}');
  write(root, 'apps/api/src/server.ts', 'export {};');
  write(root, 'apps/web/app/root.tsx', 'export {};');
  write(root, 'apps/web/app/root.test.ts', 'export {};');
  write(root, 'packages/domain/src/pricing.ts', 'export const vat = 10;');
  write(root, 'packages/contract/src/index.ts', 'export {};');
  return root;
}

/**
 * A build command (a real process): writes both builds' outputs, counts its runs in runs.txt,
 * prints a line; `fail`: exits 3 after printing, as a failed build does.
 */
function buildCommand(fail = false): string[] {
  const script = `
    const fs = require('node:fs');
    fs.appendFileSync('runs.txt', 'x');
    console.log('vite : sortie de la construction');
    if (${fail}) { console.error('erreur de construction'); process.exit(3); }
    fs.mkdirSync('apps/api/build', { recursive: true });
    fs.writeFileSync('apps/api/build/server.js', 'export {};' + Date.now());
    fs.mkdirSync('apps/web/build/client', { recursive: true });
    fs.writeFileSync('apps/web/build/client/sw.js', '' + Date.now());`;
  return [process.execPath, '-e', script];
}

const runs = (root: string) => readFileSync(join(root, 'runs.txt'), 'utf8').length;

async function start(root: string, command = buildCommand()) {
  const printed: string[] = [];
  const code = await buildIfChanged(root, command, (text) => printed.push(text));
  return { code, printed };
}

/** Gives a file a modification time in the future, as an editor saving it does. */
function touch(root: string, path: string, content?: string) {
  if (content !== undefined) writeFileSync(join(root, path), content);
  const later = new Date(Date.now() + 60_000);
  utimesSync(join(root, path), later, later);
}

describe('npm start builds only what changed (scripts/build-if-changed.mjs)', () => {
  test('the first start builds; a second with nothing changed does not run the build and says so in French', async () => {
    const root = project();
    const first = await start(root);
    expect(first.code).toBe(0);
    expect(runs(root)).toBe(1);
    expect(first.printed[0]).toBe('Construction du serveur et de la boutique (premier démarrage ou sources modifiées)…');
    expect(first.printed[1]).toMatch(/^Construction terminée en \d+ s \(sortie complète : node_modules\/\.cache\/resto-build\/build\.log\)\.$/);
    // The build's own output is kept, not printed.
    expect(first.printed.join('\n')).not.toContain('vite');
    expect(readFileSync(join(root, cacheDir, 'build.log'), 'utf8')).toContain('vite : sortie de la construction');

    const second = await start(root);
    expect(second).toEqual({ code: 0, printed: ['Construction à jour : aucune source modifiée depuis la dernière, démarrage direct (« npm run build » la refait).'] });
    expect(runs(root)).toBe(1);
  });

  test.each([
    ['a source of a workspace', 'packages/domain/src/pricing.ts'],
    ['a test file (Tailwind reads the sources for class names)', 'apps/web/app/root.test.ts'],
    ['the lock file', 'package-lock.json'],
    ['an install (npm rewrites node_modules/.package-lock.json)', 'node_modules/.package-lock.json'],
  ])('an edit of %s builds again', async (_what, path) => {
    const root = project();
    await start(root);
    touch(root, path);
    expect(isBuildCurrent(root)).toBe(false);
    expect((await start(root)).printed[0]).toMatch(/^Construction du serveur/);
    expect(runs(root)).toBe(2);
    // ...and the start after it does not.
    await start(root);
    expect(runs(root)).toBe(2);
  });

  test('a new source file builds again; files under node_modules, build, .react-router or test-results of a workspace do not', async () => {
    const root = project();
    await start(root);
    write(root, 'apps/web/node_modules/.vite/deps.json', '{}');
    write(root, 'apps/web/.react-router/types/root.ts', 'export {};');
    // Playwright's report of the last run (apps/web/test-results/.last-run.json).
    write(root, 'apps/web/test-results/.last-run.json', '{"status":"passed"}');
    expect(isBuildCurrent(root)).toBe(true);
    write(root, 'apps/web/app/routes/menu.tsx', 'export {};');
    expect(isBuildCurrent(root)).toBe(false);
  });

  test('a build variable (BUILD_ID, NODE_ENV) set otherwise than at the last build builds again', async () => {
    const root = project();
    await start(root);
    expect(isBuildCurrent(root)).toBe(true);
    expect(isBuildCurrent(root, { ...process.env, BUILD_ID: 'autre' })).toBe(false);
    expect(isBuildCurrent(root, { ...process.env, NODE_ENV: process.env.NODE_ENV === 'production' ? 'development' : 'production' })).toBe(false);
  });

  test('outputs changed since the last start (another build, a removed folder) build again', async () => {
    const root = project();
    await start(root);
    write(root, 'apps/web/build/client/sw.js', 'une autre construction');
    expect(isBuildCurrent(root)).toBe(false);
    await start(root);
    expect(runs(root)).toBe(2);
    rmSync(join(root, 'apps/api/build'), { recursive: true });
    expect(isBuildCurrent(root)).toBe(false);
  });

  test('a failed build prints its output and the exit code, writes no stamp: the next start builds again', async () => {
    const root = project();
    const failed = await start(root, buildCommand(true));
    expect(failed.code).toBe(3);
    expect(failed.printed.join('\n')).toContain('erreur de construction');
    expect(failed.printed.at(-1)).toBe('La construction a échoué (code 3) : sa sortie complète est ci-dessus et dans node_modules/.cache/resto-build/build.log.');
    expect(isBuildCurrent(root)).toBe(false);
    expect((await start(root)).code).toBe(0);
    expect(runs(root)).toBe(2);
  });

  test('package.json: `npm start` goes through it, `npm run build` (CI, npm test) always builds', () => {
    const { scripts } = JSON.parse(readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.start).toMatch(/^node scripts\/build-if-changed\.mjs npm run build && /);
    expect(scripts.build).not.toContain('build-if-changed');
  });
});
