import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import boundaries from 'eslint-plugin-boundaries';

/** Attributes whose literal values are never read by a person (see the catalogue block below). */
const technicalAttributes =
  'className|class|id|key|type|name|role|rel|href|to|src|srcSet|target|loading|lang|htmlFor|charSet|content|method|action|value|form|accept|pattern|step|min|max|sizes|media|crossOrigin|referrerPolicy|autoComplete|autoCapitalize|inputMode|enterKeyHint|fetchPriority|tone|idPrefix|testId|variant|size|data-testid|aria-(?:labelledby|describedby|controls|live|busy|autocomplete|haspopup|current|expanded|hidden|modal|orientation|sort|selected|checked|pressed|invalid|required|disabled|atomic|relevant)';

/** The lint rule of the French catalogue (docs/decisions/018), as its own config block. */
function catalogueRules() {
  const message = 'Literal text in JSX: put it in the French catalogue (packages/copy/src/).';
  const visibleAttribute = `JSXAttribute[name.name!=/^(${technicalAttributes})$/]`;
  const wordy = ':matches(Literal[value=/\\p{L}/u], TemplateLiteral:has(TemplateElement[value.raw=/\\p{L}/u]))';
  const container = `:matches(JSXElement, JSXFragment, ${visibleAttribute}) > JSXExpressionContainer`;
  const selectors = [
    'JSXText[value=/\\p{L}/u]',
    `${visibleAttribute} > Literal[value=/\\p{L}/u]`,
    `${container} > ${wordy}`,
    `${container} > ConditionalExpression > ${wordy}`,
    `${container} > ConditionalExpression > ConditionalExpression > ${wordy}`,
    `${container} > LogicalExpression > ${wordy}`,
  ];
  return [
    {
      files: ['apps/web/app/**/*.tsx'],
      rules: { 'no-restricted-syntax': ['error', ...selectors.map((selector) => ({ selector, message }))] },
    },
  ];
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/build/**', '**/.react-router/**', 'data/**', 'test-results/**', 'apps/api/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,

  // docs/decisions/018: boundaries the linter keeps.
  // (a) React hooks: the plugin's recommended flat config, with the React Compiler-era rules it holds
  //     (set-state-in-effect, refs, purity, immutability…), on the storefront's code.
  { files: ['apps/web/app/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  // (b) No import cycles anywhere (packages/copy, packages/domain, packages/contract, apps/api, apps/web, bench, scripts).
  //     Imports name their files with the extension and workspace packages resolve through their
  //     package.json "exports", so the plugin's own Node resolver finds every file; `import type`
  //     lines are not followed (they vanish at run time).
  {
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // (c) Features of the storefront (apps/web/app/features/<name>/) are reached from outside their folder
  //     only through what they export on purpose: their index.ts (components, hooks, calls) and their
  //     stores (*-store.ts: the shared state that the cart, the checkout, the account and the location
  //     read and write of one another). The stores stay separate entry points because the features
  //     depend on one another's state both ways (the cart's totals read the checkout's type, the
  //     checkout's tabs read the cart): through one index.ts per feature, those pairs would be import
  //     cycles. Files of one feature import each other freely.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'feature', pattern: 'apps/web/app/features/*', capture: ['feature'], partialMatch: false },
        // Everything else of the storefront (routes, components, lib, root files, e2e): outside every feature.
        { type: 'storefront', pattern: 'apps/web', partialMatch: false },
      ],
      'boundaries/include': ['apps/web/**/*'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              disallow: { to: { element: { type: 'feature', fileInternalPath: '!{index.ts,*-store.ts}' } } },
              message: 'Import the feature "{{to.element.captured.feature}}" through its index.ts (or one of its stores, *-store.ts), not one of its inner files.',
            },
            // Files of the same feature (the same folder) import each other directly.
            { allow: { dependency: { relationship: { to: 'internal' } } } },
          ],
        },
      ],
    },
  },
  // (d) API modules (apps/api/src/modules/<name>/) have one front door: their index.ts, which exports
  //     what other modules may use (services, repository functions, types). A file of one module
  //     imports another module only through it, never its repository, service or other inner file;
  //     files of one module (its tests included) import each other freely. Tests reach the shared
  //     test kit (apps/api/src/test/) and the test helpers of another module (its test-helpers.ts, a
  //     second door for tests only). Outside the modules, the composition root (app.ts,
  //     run-server.ts, cli/, seeding/), the shared test kit, http/, db/ and the benches wire the
  //     modules and may import the routes and services they assemble directly.
  {
    files: ['apps/api/src/modules/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'api-module', pattern: 'apps/api/src/modules/*', capture: ['module'], partialMatch: false },
        { type: 'api', pattern: 'apps/api', partialMatch: false },
      ],
      'boundaries/files': [
        { category: 'test', pattern: '**/*.test.ts' },
        { category: 'test', pattern: '**/test-helpers.ts' },
      ],
      'boundaries/include': ['apps/api/**/*'],
      'import/resolver': { node: { extensions: ['.ts', '.js', '.mjs'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'api-module' } },
              disallow: { to: { element: { type: 'api-module', fileInternalPath: '!index.ts' } } },
              message: 'Import the module "{{to.element.captured.module}}" through its index.ts, not one of its inner files.',
            },
            // Tests and test helpers use another module's test helpers (its second, test-only door).
            { from: { file: { categories: 'test' } }, allow: { to: { element: { type: 'api-module', fileInternalPath: 'test-helpers.ts' } } } },
            // Files of the same module import each other directly.
            { allow: { dependency: { relationship: { to: 'internal' } } } },
          ],
        },
      ],
    },
  },
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', document: 'readonly', localStorage: 'readonly', window: 'readonly', fetch: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', crypto: 'readonly', performance: 'readonly', Buffer: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },

  // docs/decisions/027: Playwright's waitForFunction does not await an async predicate (its Promise is truthy),
  // so such a wait returns at once. offline.spec.ts waited so for the service worker and failed under
  // load; poll page.evaluate() instead (expect.poll), which awaits.
  {
    files: ['apps/web/e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='waitForFunction'] > :matches(ArrowFunctionExpression, FunctionExpression)[async=true]",
          message: 'waitForFunction does not await an async predicate: it returns at once. Use expect.poll(() => page.evaluate(async () => …)).',
        },
      ],
    },
  },

  // docs/decisions/018 — the French catalogue. Every word a person reads lives in
  // packages/copy/src/<area>/<feature>.ts (imported as @resto/copy/<area>/<feature>), never as a
  // literal in the storefront's JSX. This block fails on:
  //   - JSX text containing a letter;
  //   - a string literal containing a letter given to an attribute, unless the attribute is a
  //     technical one listed in `technicalAttributes` (className, id, type, autoComplete, role…):
  //     every other attribute (aria-label, title, placeholder, alt, label, data-label, intro…)
  //     may be read or heard by a person;
  //   - a string or template literal containing a letter placed as a child of an element, or as
  //     a branch of a condition (`{open ? 'Fermer' : 'Ouvrir'}`, `{busy && 'Envoi…'}`) there or in
  //     such an attribute.
  // Allowed on purpose: text made only of punctuation, digits and symbols ("·", "–", "×", "€",
  // "*", "→", "2"), which is layout rather than words.
  ...catalogueRules(),
);
