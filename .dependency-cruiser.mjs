/**
 * No import cycles in the server or the features (issue 34), type-only imports counted: a type
 * that two modules both need goes to the lower one (or a module of its own below both), as
 * config.ts' MailSettings and contract.ts did. Run by `npm run lint` (`npm run lint:cycles` alone).
 * ESLint's import-x/no-cycle was measured first: it skips type-only imports (the reports/ knot and
 * the config.ts and log-reader.ts cycles passed it) and took `eslint .` from 27 s to 50 s on the
 * shared 2-core machine; this takes about 3 s beside it.
 */

/**
 * Cycles known when the rule came, each to be untied by the work named, after which its entry
 * goes: a cycle made only of a knot's files is let through; any other file joining it is not.
 */
const knownKnots = [
  // The report search and its controls share types both ways (the features' issue-34 work).
  String.raw`^src/features/reports/(ReportControls\.tsx|report-(search|query|periods)\.ts)$`,
]

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment:
        'An import cycle: move what both sides need (a type, a constant, a helper) to the lower module, or to a module of its own below both.',
      from: {},
      to: { circular: true, via: { pathNot: knownKnots.join('|') } },
    },
  ],
  options: {
    includeOnly: ['^src/server/', '^src/features/'],
    // `import type` counts: a type-only knot ties the modules' meaning together all the same.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
  },
}
