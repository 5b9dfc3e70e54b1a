import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const read = (name: string) => JSON.parse(readFileSync(fileURLToPath(new URL(`../${name}`, import.meta.url)), 'utf8')) as Record<string, unknown>;

// npm 11.19 runs a dependency's install script it has no decision about, and says so in English
// after every `npm install`: "N packages have install scripts not yet covered by allowScripts".
// package.json's allowScripts holds a decision for each one we have: esbuild's postinstall checks
// its platform binary (approved); @scarf/scarf's, pulled by Stoplight Spectral, only reports the
// install to its vendor (denied: nothing of ours needs it). No notice, no unreviewed script. The lock file marks each
// package with an install script (hasInstallScript), the ones `npm install-scripts ls` lists.
test('every dependency with an install script is approved or denied in package.json (allowScripts): `npm install` prints no install-scripts notice', () => {
  const lock = read('package-lock.json') as { packages: Record<string, { version?: string; hasInstallScript?: boolean }> };
  const allowed = (read('package.json').allowScripts ?? {}) as Record<string, boolean>;
  const withScripts = Object.entries(lock.packages)
    .filter(([, entry]) => entry.hasInstallScript)
    .map(([path, entry]) => ({ name: path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length), version: entry.version }));
  expect(withScripts.length).toBeGreaterThan(0);
  const decided = (key: string) => typeof allowed[key] === 'boolean';
  const unreviewed = withScripts.filter(({ name, version }) => !decided(name) && !decided(`${name}@${version}`));
  expect(unreviewed).toEqual([]);
});
