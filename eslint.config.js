import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import pluginQuery from '@tanstack/eslint-plugin-query'
import storybook from 'eslint-plugin-storybook'
import globals from 'globals'

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'storybook-static',
      '.data',
      '.test-data',
      'src/api/__generated__',
      'src/routeTree.gen.ts',
      '.storybook/public',
      '**/__screenshots__',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.tsx', 'stories/**/*.tsx', '.storybook/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  reactHooks.configs.flat['recommended-latest'] ?? reactHooks.configs['recommended-latest'],
  ...pluginQuery.configs['flat/recommended'],
  ...storybook.configs['flat/recommended'],
  {
    // The layers point one way: ui knows nothing of features, api or routes; the SPA never imports the server.
    files: ['src/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/features/**', '**/api/**', '**/routes/**', '**/server/**'] },
      ],
    },
  },
  {
    files: ['src/features/**', 'src/routes/**', 'src/lib/**', 'src/ui/**', 'src/styles/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  {
    // One way to show a number (issue 21): src/lib/format, in the browser's locale. The server
    // cannot import the SPA's lib and writes machine-readable numbers, so it is left out.
    files: ['src/**/*.{ts,tsx}', 'stories/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    ignores: ['src/lib/format/**', 'src/server/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'Intl',
          property: 'NumberFormat',
          message: 'Format numbers with src/lib/format (formatNumber, formatKwh, formatPercent).',
        },
        {
          property: 'toLocaleString',
          message: 'Format numbers with src/lib/format, dates with date-fns or lib/format.',
        },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/features/**', '**/routes/**', '**/ui/**', '**/styles/**'] },
      ],
    },
  },
)
