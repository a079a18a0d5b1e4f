/**
 * No import cycles anywhere in src/ (issue 34; the generated API client is the generator's), type-only imports counted: a type
 * that two modules both need goes to the lower one (or a module of its own below both), as
 * config.ts' MailSettings and contract.ts did. Run by `npm run lint` (`npm run lint:cycles` alone).
 * ESLint's import-x/no-cycle was measured first: it skips type-only imports (the reports/ knot and
 * the config.ts and log-reader.ts cycles passed it) and took `eslint .` from 27 s to 50 s on the
 * shared 2-core machine; this takes about 3 s beside it.
 */

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment:
        'An import cycle: move what both sides need (a type, a constant, a helper) to the lower module, or to a module of its own below both.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    includeOnly: ['^src/'],
    exclude: { path: '^src/api/__generated__/' },
    // `import type` counts: a type-only knot ties the modules' meaning together all the same.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
  },
}
