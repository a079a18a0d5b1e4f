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
    // The layers point one way; the SPA never imports the server. (A later block replaces this
    // rule for the files it matches rather than adding to it, so each block lists all it forbids.)
    files: ['src/features/**', 'src/routes/**', 'src/lib/**', 'src/styles/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  {
    // ui knows nothing of features, api or routes.
    files: ['src/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/features/**', '**/api/**', '**/routes/**', '**/server/**'] },
      ],
    },
  },
  {
    // Cached queries are invalidated, forgotten or cancelled by generated operation through
    // src/api/cache.ts (`invalidate(queryClient, 'listDevices')`), never by hand-made keys or predicates.
    files: ['src/**', 'stories/**', '.storybook/**'],
    ignores: ['src/api/cache.ts', 'src/server/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...[
          'invalidateQueries',
          'removeQueries',
          'cancelQueries',
          'refetchQueries',
          'resetQueries',
        ].map((property) => ({
          property,
          message: 'Use invalidate, forget or cancel from src/api (by generated operation).',
        })),
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
