// @ts-check
/**
 * The build prints no warning (README, "Two commands"): `npm start` and `npm run build` show
 * French lines and the files built, nothing in English a newcomer cannot act on. scripts/test-all.sh
 * runs this on the output of its `npm run build`, so a new warning (a deprecated option, a future
 * flag left unset, a bundler report) fails `npm test`.
 *   node scripts/build-log-check.mjs <build log>
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** What a warning line of Vite, Rolldown, React Router or npm looks like (matched without colours). */
const warningPatterns = [
  /\bwarn(ing)?s?\b/i,
  /deprecated/i,
  /⚠/,
  /^\s*\[[A-Z_]+\]/, // Rolldown's checks: [PLUGIN_TIMINGS], [CIRCULAR_DEPENDENCY]…
  /\bis a function\. Set\b/, // Rolldown: a code-splitting group named by a function without a debugName
];

// eslint-disable-next-line no-control-regex -- the colour codes of a terminal
const withoutColours = (/** @type {string} */ line) => line.replace(/\u001b\[[0-9;]*m/g, '');

/**
 * The lines of a build's output that are warnings, without colour codes; the listing of the files
 * built (lines starting with `build/`, whose names are the sources') is not read.
 * @param {string} log
 * @returns {string[]}
 */
export function buildWarnings(log) {
  return log
    .split('\n')
    .map(withoutColours)
    .filter((line) => !/^\s*build\//.test(line) && warningPatterns.some((pattern) => pattern.test(line)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage : node scripts/build-log-check.mjs <sortie de la construction>');
    process.exit(2);
  }
  const warnings = buildWarnings(readFileSync(file, 'utf8'));
  if (warnings.length) {
    console.log(`ÉCHEC la construction affiche ${warnings.length} avertissement(s) (${file}) :`);
    for (const line of warnings) console.log(`  ${line}`);
    process.exit(1);
  }
  console.log('Construction sans avertissement.');
}
