import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import pluginQuery from '@tanstack/eslint-plugin-query'
import storybook from 'eslint-plugin-storybook'
import globals from 'globals'
import { readdirSync } from 'node:fs'

/**
 * Import patterns for whole folders of src/: anything under them, by any path, and the folder's
 * index by the alias (`~/api`), which `**\/api/**` alone does not match.
 */
const folders = (...names) => names.flatMap((name) => [`**/${name}/**`, `~/${name}`])

/**
 * Feature boundaries (issue 21): a feature imports `shared` and the features of earlier tiers only,
 * so no two features import each other (issue 34 untied the last knot, consumption <-> devices).
 */
const featureTiers = [
  { features: ['shared'] },
  { features: ['feedback'] },
  { features: ['auth'] },
  { features: ['billing', 'live', 'notifications', 'scope', 'settings'] },
  // The device pages show consumption figures and frame the consumption tab (DeviceConsumptionPage).
  { features: ['consumption'] },
  { features: ['devices'] },
  { features: ['debug', 'registration', 'reports', 'users'] },
  { features: ['dashboard', 'tenants'] },
  // The app frame: layouts, navigation, the user menu, the session lifecycle and the services.
  { features: ['shell'] },
]

const featureFolders = readdirSync(new URL('./src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const tiered = featureTiers.flatMap((tier) => tier.features)
const untiered = featureFolders.filter((name) => !tiered.includes(name))
if (untiered.length > 0)
  throw new Error(`eslint.config.js: put src/features/${untiered.join(', ')} in featureTiers`)

/** One block per feature: the server is out of reach, and so are the features it may not import. */
const featureBoundaries = featureTiers.flatMap((tier, index) => {
  const later = featureTiers.slice(index + 1).flatMap((t) => t.features)
  return tier.features.map((feature) => {
    const forbidden = [...later, ...tier.features.filter((f) => f !== feature)]
    return {
      files: [`src/features/${feature}/**`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              { group: folders('server', 'mocks') },
              ...(forbidden.length > 0
                ? [
                    {
                      regex: `^(?:\\.\\./|~/features/)(${forbidden.join('|')})/`,
                      message: `${feature} may import only shared and the features of earlier tiers (featureTiers in eslint.config.js): move what both need to features/shared or lib/.`,
                    },
                  ]
                : []),
            ],
          },
        ],
      },
    }
  })
})

/**
 * Cached queries are invalidated, forgotten or cancelled by generated operation through
 * src/api/cache.ts (`invalidate(queryClient, 'listDevices')`), never by hand-made keys or predicates.
 */
const cacheByHand = [
  'invalidateQueries',
  'removeQueries',
  'cancelQueries',
  'refetchQueries',
  'resetQueries',
].map((property) => ({
  property,
  message: 'Use invalidate, forget or cancel from src/api (by generated operation).',
}))

/**
 * One way to show a number (issue 21): src/lib/format, in the browser's locale. The server cannot
 * import the SPA's lib and writes machine-readable numbers, so it is left out.
 */
const numbersByHand = [
  {
    object: 'Intl',
    property: 'NumberFormat',
    message:
      'Format numbers with src/lib/format (formatNumber, formatKwh, formatQuantity, formatPercent).',
  },
  {
    property: 'toLocaleString',
    message: 'Format numbers with src/lib/format, dates with date-fns or lib/format.',
  },
]

/**
 * Imports into src/ name it by the alias `~/` (tsconfig.json `paths`, vite.config.ts `resolve`)
 * instead of climbing `../../../`: inside src/ a relative import climbs at most one level (`../x`;
 * test helpers under the top-level tests/ excepted); stories/, tests/ and .storybook/ reach src/
 * only through `~/`. The commit that added the alias rewrote the old imports by this rule.
 * (esquery regexes cannot hold a `/`: \x2F is one.)
 */
const climbingImports = (regex, message) =>
  ['ImportDeclaration', 'ExportAllDeclaration', 'ExportNamedDeclaration', 'ImportExpression'].map(
    (node) => ({ selector: `${node}[source.value=${regex}]`, message }),
  )
const climbingOutOfAFolder = climbingImports(
  String.raw`/^(?:\.\.\x2F){2,}(?!\.\.\x2F|tests\x2F)/`,
  'Import another folder of src/ as ~/folder/... (climb at most one level with ../).',
)
const climbingIntoSrc = climbingImports(
  String.raw`/^(?:\.\.\x2F)+src(?:\x2F|$)/`,
  'Import src/ as ~/... (the alias in tsconfig.json and vite.config.ts), not by climbing into it.',
)

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
    files: ['src/routes/**', 'src/styles/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: folders('server', 'mocks') }] },
  },
  {
    // lib is pure helpers: it knows no page, query or component (its tests may check their users).
    files: ['src/lib/**'],
    ignores: ['src/lib/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: folders('features', 'routes', 'ui', 'api', 'server', 'mocks'),
        },
      ],
    },
  },
  {
    // common is what the SPA and the server both run: it imports nothing of the project but types.
    files: ['src/common/**'],
    ignores: ['src/common/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        // The generated API types are the one thing both sides share already.
        { patterns: [{ group: ['../**', '~/**'], allowTypeImports: true }] },
      ],
    },
  },
  {
    // fixtures are plain data the mocks and the features' tests share: types are all they import.
    files: ['src/fixtures/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../**', '~/**'], allowTypeImports: true }] },
      ],
    },
  },
  ...featureBoundaries,
  {
    // ui knows nothing of features, api or routes.
    files: ['src/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: folders('features', 'api', 'routes', 'server', 'mocks'),
        },
      ],
    },
  },
  {
    // One table: src/ui/Table (react-aria's Table, virtualised when long). Pages define columns.
    files: ['src/**/*.tsx', 'stories/**/*.tsx'],
    ignores: ['src/ui/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'JSXOpeningElement[name.name=/^(table|thead|tbody|tfoot|tr|th|td|caption|colgroup|col)$/]',
          message: 'Use Table from src/ui (columns beside the page) instead of table elements.',
        },
      ],
    },
  },
  // One ESLint block per file owns a rule's options (a later block replaces them), so both
  // property restrictions are listed together and each exempt file keeps the other's.
  {
    files: ['src/**/*.{ts,tsx}', 'stories/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    ignores: ['src/server/**'],
    rules: { 'no-restricted-properties': ['error', ...cacheByHand, ...numbersByHand] },
  },
  {
    files: ['src/api/cache.ts'],
    rules: { 'no-restricted-properties': ['error', ...numbersByHand] },
  },
  {
    files: ['src/lib/format/**'],
    rules: { 'no-restricted-properties': ['error', ...cacheByHand] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...climbingOutOfAFolder] },
  },
  {
    files: ['stories/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...climbingIntoSrc] },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: folders('features', 'routes', 'ui', 'styles', 'mocks'),
        },
      ],
    },
  },
)
