import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { buildWarnings } from './build-log-check.mjs';

// Outputs of `npm run build` captured on this repository (the listing of built files trimmed):
// before.log and busy-machine.log before the build's warnings were dealt with, after.log after.
const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`./fixtures/build-logs/${name}`, import.meta.url)), 'utf8');

describe('the build prints no English warning (scripts/build-log-check.mjs)', () => {
  test('the warnings a newcomer saw at each `npm start` are all found', () => {
    const warnings = buildWarnings(fixture('before.log'));
    expect(warnings.filter((line) => line === 'The `envFile` option is deprecated, please use `envDir: false` instead.')).toHaveLength(9);
    expect(warnings.filter((line) => /codeSplitting\.groups\[\d\]\.name` is a function/.test(line))).toHaveLength(2);
    expect(warnings.filter((line) => /Future Flag Warning/.test(line))).toHaveLength(5);
    expect(warnings).toHaveLength(16);
  });

  test('so is Rolldown\'s timing report, printed when a busy machine slows the build', () => {
    expect(buildWarnings(fixture('busy-machine.log')).filter((line) => line.startsWith('[PLUGIN_TIMINGS]'))).toHaveLength(2);
  });

  test('the build as it is now: its French lines and the files built, no warning', () => {
    const log = fixture('after.log');
    expect(log).toContain('apps/api/build/server.js : ');
    expect(log).toContain('precompress : ');
    expect(buildWarnings(log)).toEqual([]);
  });
});
