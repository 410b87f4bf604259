import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A relative specifier with no extension (esquery regexes cannot hold `/`: `\x2F`). */
const NO_EXTENSION =
  '/^[.][.]?\\x2F(?![+]types\\x2F)(?!.*[.](ts|tsx|js|mjs|json|css|svg)([?].*)?$)/';
const CLIMBING = '/^[.][.]\\x2F/';

/** Nodes whose `source` is a module specifier, then Vitest's module helpers. */
const SOURCES = [
  'ImportDeclaration',
  'ExportNamedDeclaration',
  'ExportAllDeclaration',
  'ImportExpression',
].map((node) => `${node}[source.value=REGEX]`);
const VI_MODULE_CALLS = "CallExpression[callee.object.name='vi'][arguments.0.value=REGEX]";

/** `no-restricted-syntax` entries for each selector template (`REGEX` stands for the pattern). */
function importRules(templates, { climbing = true } = {}) {
  return templates.flatMap((template) => [
    {
      selector: template.replace('REGEX', NO_EXTENSION),
      message: 'Add the file extension to a relative import (`./x.ts`).',
    },
    ...(climbing
      ? [
          {
            selector: template.replace('REGEX', CLIMBING),
            message: 'Do not climb out of the folder (`../`): use the `#…` alias (`#server/…`).',
          },
        ]
      : []),
  ]);
}

export default tseslint.config(
  {
    ignores: [
      'build/**',
      '.react-router/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    // One rule for imports (docs/architecture.md, "Imports"): a relative specifier names its file
    // with the extension, and nothing climbs out of its folder (`../`): use the `#…` alias.
    // `./+types/…` is left out: React Router generates it beside the route (rootDirs), not on disk.
    files: ['**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...importRules([...SOURCES, VI_MODULE_CALLS])],
    },
  },
  {
    // Deno checks these modules with no import map (scripts/lib/deno.ts, DENO_SHARED_MODULES):
    // they reach each other by relative paths.
    files: ['test-support/deno/send-mail.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...importRules([...SOURCES, VI_MODULE_CALLS], { climbing: false }),
      ],
    },
  },
  {
    // Tests (and their fixtures) may assert presence with `!` after checking it.
    files: ['**/*.test.{ts,tsx}', '**/*.fixture.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // Short functions (docs/decisions/0043): none over 80 lines, blank lines and
    // comments not counted. Tests and their fixtures, browser tests and the content data
    // (app/content/, long literal objects of copy) are left out.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.fixture.ts', 'e2e/**', 'app/content/**'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
  {
    files: ['app/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
    },
  },
);
