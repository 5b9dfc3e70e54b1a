import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Attributes whose literal values are never read by a person (see the catalogue block below). */
const technicalAttributes =
  'className|class|id|key|type|name|role|rel|href|to|src|srcSet|target|loading|lang|htmlFor|charSet|content|method|action|value|form|accept|pattern|step|min|max|sizes|media|crossOrigin|referrerPolicy|autoComplete|autoCapitalize|inputMode|enterKeyHint|fetchPriority|tone|idPrefix|testId|variant|size|data-testid|aria-(?:labelledby|describedby|controls|live|busy|autocomplete|haspopup|current|expanded|hidden|modal|orientation|sort|selected|checked|pressed|invalid|required|disabled|atomic|relevant)';

/** The lint rule of the French catalogue (issue 12, part 6), as its own config block. */
function catalogueRules() {
  const message = 'Literal text in JSX: put it in the French catalogue (packages/domain/src/messages/).';
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
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', document: 'readonly', localStorage: 'readonly', window: 'readonly', fetch: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', crypto: 'readonly', performance: 'readonly', Buffer: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },

  // Issue 12, part 6 — the French catalogue. Every word a person reads lives in
  // packages/domain/src/messages/ (imported as @resto/domain/messages/<feature>), never as a
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
